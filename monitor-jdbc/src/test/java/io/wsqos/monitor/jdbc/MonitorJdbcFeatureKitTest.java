package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.testing.FeatureKit;
import io.wsqos.testing.FeatureKit.Attachment;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Monitoring logged to an H2 file through the {@link FeatureKit}: the feature owns the log, the log
 * its store and pool, and once the server, the client and the bus are gone the database file is
 * closed with every record written, with no call from the test.
 */
class MonitorJdbcFeatureKitTest {

  @TempDir Path directory;

  private String url() {
    return "jdbc:h2:file:" + directory.resolve("qos") + JdbcRecordStore.H2_LOG_SETTINGS;
  }

  private FeatureKit.Case logged(String name) {
    return FeatureKit.features(
            name,
            () ->
                List.of(
                    MonitoringFeature.builder()
                        .log(
                            QosLog.builder(new SimpleMeterRegistry())
                                .store(
                                    JdbcRecordStore.builder()
                                        .url(url(), "sa", "")
                                        .poolName("wsqos-kit-pool")
                                        .build())
                                .storeInterval(Duration.ofMillis(50))
                                .build())
                        .build()))
        .files(directory);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void aLoggedMonitorClosesItsDatabaseFileWithEveryRecordWritten(Attachment attachment)
      throws Exception {
    FeatureKit.run(logged("monitoring to H2"), attachment);

    assertThat(records()).isEqualTo(attachment == Attachment.BUS ? 4 : 2);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void withCompressionTooItLeavesNothing(Attachment attachment) throws Exception {
    FeatureKit.run(
        FeatureKit.together(
            "monitoring to H2 and compression",
            logged("monitoring to H2"),
            FeatureKit.features(
                "compression", () -> List.of(CompressionFeature.builder().build()))),
        attachment);

    assertThat(records()).isEqualTo(attachment == Attachment.BUS ? 4 : 2);
  }

  private long records() throws Exception {
    try (Connection c = DriverManager.getConnection(url(), "sa", "");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM qos_record_named")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
