package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.testing.RawHttp;
import java.io.Reader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiments' server JVMs, for real: started, called and stopped. Run by failsafe. */
class ServersIT {

  @Test
  void aMonitoredServerStoppedBySigtermReportsItsRecordsAndItsLogFilesSize(@TempDir Path work)
      throws Exception {
    Path dbDir = work.resolve("db");
    Path stats = work.resolve("server.properties");
    byte[] request = Files.readAllBytes(Path.of("../examples/bookstore/requests/lite-1.xml"));
    // As the monitoring experiments start it: the bookstore's launcher with the mode's options.
    List<String> args =
        new ArrayList<>(MonitoringMode.MONITORED.serverArgs(List.of("--monitor-db-dir=" + dbDir)));
    args.add("--stats-file=" + stats);
    try (Servers servers =
        Servers.start(
            OptionValues.parse(Servers.OPTIONS), List.of("monitored"), token -> args, System.err)) {
      URI address = servers.address("monitored");
      for (int i = 0; i < 20; i++) {
        RawHttp.Response response = RawHttp.postXml(address.toString(), request);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
      }
    }

    Properties counters = new Properties();
    try (Reader in = Files.newBufferedReader(stats)) {
      counters.load(in);
    }
    assertThat(counters.getProperty("responses")).isEqualTo("20");
    assertThat(counters.getProperty("wsqos.monitor.records.written")).isEqualTo("20");
    Path file = dbDir.resolve(BookstoreServer.DATABASE_NAME + ".mv.db");
    assertThat(counters.getProperty(BookstoreServer.LOG_FILE_BYTES))
        .isEqualTo(Long.toString(Files.size(file)));
  }
}
