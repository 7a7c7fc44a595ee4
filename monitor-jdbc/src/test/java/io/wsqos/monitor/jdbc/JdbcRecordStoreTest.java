package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store's own settings: its URL, its pool, its H2 file. */
class JdbcRecordStoreTest {

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @Test
  void anH2FileWithTheLogsSettingsRunsWithTheSmallCacheAndNoWriteDelayAndStoresEveryRecord(
      @TempDir Path dir) throws Exception {
    String file = "jdbc:h2:file:" + dir.resolve("qos").toAbsolutePath();
    QosLog log =
        QosLog.builder(registry)
            .store(
                JdbcRecordStore.builder()
                    .url(file + JdbcRecordStore.H2_LOG_SETTINGS, "", "")
                    .build())
            .flushInterval(Duration.ofMillis(10))
            .storeInterval(Duration.ZERO)
            .build();
    try {
      for (int i = 0; i < 100; i++) {
        assertThat(log.record(record())).isTrue();
      }
      await().until(() -> counter("wsqos.monitor.records.written") == 100);
      // The database is open in the store's pool: a URL without settings joins it as it is.
      try (Connection connection =
              DriverManager.getConnection(file + ";DB_CLOSE_ON_EXIT=FALSE", "", "");
          ResultSet cache =
              connection
                  .createStatement()
                  .executeQuery(
                      "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
                          + " WHERE SETTING_NAME IN ('CACHE_SIZE', 'WRITE_DELAY')"
                          + " ORDER BY SETTING_NAME");
          ResultSet rows =
              connection.createStatement().executeQuery("SELECT COUNT(*) FROM qos_record")) {
        assertThat(cache.next()).isTrue();
        assertThat(cache.getString(1)).isEqualTo("1024");
        assertThat(cache.next()).isTrue();
        assertThat(cache.getString(1)).isEqualTo("0");
        assertThat(rows.next()).isTrue();
        assertThat(rows.getLong(1)).isEqualTo(100);
      }
    } finally {
      log.close();
    }
    assertThat(counter("wsqos.monitor.records.lost")).isZero();
  }

  @Test
  void closingTheStoreClosesThePoolItMadeAndItsThreads(@TempDir Path dir) {
    JdbcRecordStore store =
        JdbcRecordStore.builder()
            .url("jdbc:h2:file:" + dir.resolve("pool").toAbsolutePath(), "", "")
            .poolName("wsqos-store-test-pool")
            .build();
    assertThat(threadsStartingWith("wsqos-store-test-pool")).isPositive();

    store.close();

    await().until(() -> threadsStartingWith("wsqos-store-test-pool") == 0);
  }

  @Test
  void builderChecksItsSettings() {
    assertThatThrownBy(() -> JdbcRecordStore.builder().url("h2:mem:x", "", ""))
        .hasMessage("jdbcUrl: 'h2:mem:x' (expected: jdbc:...)");
    assertThatThrownBy(() -> JdbcRecordStore.builder().poolName(" "))
        .hasMessage("poolName: ' ' (expected: not blank)");
    assertThatThrownBy(() -> JdbcRecordStore.builder().connectionTimeout(Duration.ofMillis(249)))
        .hasMessage("connectionTimeout: 249 ms (expected: 250..60000 ms)");
  }

  @Test
  void anUnreachableDatabaseFailsTheBuildAndLeavesNoPoolBehind() {
    assertThatThrownBy(
            () ->
                JdbcRecordStore.builder()
                    .url("jdbc:h2:tcp://127.0.0.1:1/nowhere", "", "")
                    .poolName("wsqos-unreachable-pool")
                    .build())
        .isInstanceOf(RuntimeException.class);

    await().until(() -> threadsStartingWith("wsqos-unreachable-pool") == 0);
  }

  private double counter(String name) {
    return registry.get(name).counter().count();
  }

  private static long threadsStartingWith(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
        .count();
  }

  private static QosRecord record() {
    return QosRecord.builder("Bookstore", "getBook", "http://127.0.0.1:1/bookstore", Side.PROVIDER)
        .recordedAt(Instant.now())
        .build();
  }
}
