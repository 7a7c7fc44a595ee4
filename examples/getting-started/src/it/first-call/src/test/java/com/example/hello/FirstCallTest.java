package com.example.hello;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.server.EmbeddedServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The Getting-started programs, built against the installed artifacts and the BOM alone: one call
 * from the client to the server, compressed and recorded on both sides.
 */
class FirstCallTest {

  @TempDir Path directory;

  @Test
  void aCallIsCompressedAndRecordedOnBothSidesAndZstdsAbsenceIsSaidOnce() throws Exception {
    Logger zstd =
        (Logger) LoggerFactory.getLogger("io.wsqos.core.compression.internal.ZstdSupport");
    ListAppender<ILoggingEvent> said = new ListAppender<>();
    said.start();
    zstd.addAppender(said);
    MeterRegistry registry = new SimpleMeterRegistry();
    String serverLog = "jdbc:h2:file:" + directory.resolve("server");
    String clientLog = "jdbc:h2:file:" + directory.resolve("client");

    String greeting;
    try (EmbeddedServer server = HelloServer.start(0, serverLog, registry)) {
      greeting = HelloClient.call(server.address("/hello"), "world", clientLog, registry);
    }

    assertThat(greeting).startsWith("Hello, world! ").hasSize(200 * "Hello, world! ".length());
    assertThat(
            registry
                .get("wsqos.compression.responses")
                .tag("action", "compressed")
                .counters()
                .stream()
                .mapToDouble(c -> c.count())
                .sum())
        .isEqualTo(1);
    assertThat(records(serverLog)).isEqualTo(1);
    assertThat(records(clientLog)).isEqualTo(1);
    assertThat(said.list)
        .singleElement()
        .extracting(ILoggingEvent::getFormattedMessage)
        .asString()
        .startsWith("zstd compression is not available")
        .contains("com.github.luben:zstd-jni");
  }

  private static long records(String url) throws Exception {
    try (Connection connection = DriverManager.getConnection(url);
        ResultSet rows = connection.createStatement().executeQuery("SELECT COUNT(*) FROM qos_record")) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
