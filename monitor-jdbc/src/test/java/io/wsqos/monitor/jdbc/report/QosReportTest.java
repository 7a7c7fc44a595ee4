package io.wsqos.monitor.jdbc.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.monitor.jdbc.MonitorSchema;
import io.wsqos.testing.db.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class QosReportTest {

  static final Instant T0 = Instant.parse("2026-11-22T12:00:00Z");
  static final long T0_MICROS = ChronoUnit.MICROS.between(Instant.EPOCH, T0);

  TestDatabase database;
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void createDatabase() {
    database = TestDatabase.h2().migrated(MonitorSchema::migrate);
  }

  @AfterEach
  void dropDatabase() throws Exception {
    database.close();
  }

  int report(String... args) {
    return QosReport.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  static QosRecord call(
      String operation, Outcome outcome, int second, long execMillis, long respMillis) {
    long t1 = T0_MICROS + second * 1_000_000L;
    return QosRecord.builder(
            "Bookstore", operation, "http://127.0.0.1:8080/bookstore", Side.REQUESTER)
        .recordedAt(T0.plusSeconds(second).plusMillis(respMillis))
        .outcome(outcome)
        .t1(t1)
        .t2(100)
        .t3(100 + execMillis * 1_000)
        .t4(t1 + respMillis * 1_000)
        .build();
  }

  void write(QosRecord... records) {
    try (QosLog log =
        QosLog.builder(new SimpleMeterRegistry())
            .store(JdbcRecordStore.builder().url(database.url(), "", "").build())
            .build()) {
      for (QosRecord record : records) {
        log.record(record);
      }
    }
  }

  @Test
  void reportPrintsTables2And3ForEachOperation() {
    write(
        call("getBook", Outcome.SUCCESS, 0, 10, 500),
        call("getBook", Outcome.SUCCESS, 1, 30, 1_500),
        call("getBook", Outcome.SOAP_FAULT, 2, 5, 20),
        call("findBooks", Outcome.SUCCESS, 3, 20, 12_000));

    int status = report("--jdbc-url", database.url(), "--service", "Bookstore");

    assertThat(status).isZero();
    assertThat(out())
        .contains("Table 2. Performance")
        .contains("Table 3. Response-time distribution")
        .contains("<1s     <2s")
        .contains(">=10s");
    String getBook2 = line("Table 2", "getBook");
    assertThat(getBook2.split("\\s+"))
        .containsSubsequence(
            "3",
            "2",
            "1",
            "soap_fault=1",
            "10.000",
            "30.000",
            "20.000",
            "490.000",
            "1470.000",
            "980.000");
    String getBook3 = line("Table 3", "getBook");
    assertThat(getBook3).contains(" 50.00%  50.00%   0.00%");
    String findBooks3 = line("Table 3", "findBooks");
    assertThat(findBooks3).endsWith("100.00%");
  }

  @Test
  void providerRecordsHaveNoResponseTimeAndTable3SaysSoInsteadOfZeros() {
    write(
        QosRecord.builder("Bookstore", "getBook", "/bookstore", Side.PROVIDER)
            .recordedAt(T0)
            .t1(T0_MICROS)
            .t2(100)
            .t3(2_100)
            .build());

    int status = report("--jdbc-url", database.url(), "--side", "provider");

    assertThat(status).isZero();
    assertThat(line("Table 3", "getBook")).doesNotContain("%").endsWith("-");
    assertThat(out()).contains("no response time in these records").contains("--side requester");
    assertThat(line("Table 2", "getBook").split("\\s+")).contains("2.000");
  }

  @Test
  void reportOfAnEmptyWindowSaysSoAndExitsOne() {
    write(call("getBook", Outcome.SUCCESS, 0, 10, 500));

    int status =
        report(
            "--jdbc-url", database.url(),
            "--from", "2027-01-01T00:00:00Z",
            "--to", "2027-01-02T00:00:00Z");

    assertThat(status).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("No records in 2027-01-01T00:00:00Z .. 2027-01-02T00:00:00Z");
  }

  @Test
  void badArgumentsExitTwoWithTheReason() {
    assertThat(report("--service", "Bookstore")).isEqualTo(2);
    assertThat(report("--jdbc-url", database.url(), "--from", "yesterday", "--to", "today"))
        .isEqualTo(2);

    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--jdbc-url: missing (expected: --jdbc-url URL)")
        .contains("--from: yesterday (expected: an ISO-8601 instant, e.g. 2026-11-22T15:00:00Z)")
        .contains("usage: wsqos-report --jdbc-url URL");
  }

  @Test
  void helpPrintsEveryOptionAndExitsZero() {
    int status = report("--help");

    assertThat(status).isZero();
    assertThat(out())
        .startsWith("usage: wsqos-report --jdbc-url URL [--user TEXT]")
        .contains("[--side auto|requester|provider]")
        .contains("else the provider's (default: auto)");
  }

  @Test
  void optionsAreReadWithAnEqualsSignAsWithASpace() {
    write(call("getBook", Outcome.SUCCESS, 0, 10, 500));

    int status = report("--jdbc-url=" + database.url(), "--side=requester");

    assertThat(status).isZero();
    assertThat(line("Table 2", "getBook")).contains("Bookstore");
  }

  @Test
  void aWindowThatEndsBeforeItStartsIsRejected() {
    int status =
        report(
            "--jdbc-url", database.url(),
            "--from", "2027-01-02T00:00:00Z",
            "--to", "2027-01-01T00:00:00Z");

    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--from 2027-01-02T00:00:00Z --to 2027-01-01T00:00:00Z (expected: from < to)");
  }

  static final String BOOKSTORE = "{http://wsqos.io/ns/bookstore/1}Bookstore";

  static QosRecord record(String service, Side side) {
    return QosRecord.builder(service, "getBook", "http://127.0.0.1:8080/bookstore", side)
        .recordedAt(T0)
        .t1(T0_MICROS)
        .t2(100)
        .t3(2_100)
        .t4(T0_MICROS + 5_000)
        .build();
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theSideIsTheOneTheDatabaseHoldsRecordsOf() {
    write(record(BOOKSTORE, Side.PROVIDER));

    int status = report("--jdbc-url", database.url());

    assertThat(status).as(err()).isZero();
    assertThat(out()).startsWith("QoS report, provider side");
  }

  @Test
  void withRecordsOfBothSidesTheRequestersAreReported() {
    write(record(BOOKSTORE, Side.PROVIDER), record(BOOKSTORE, Side.REQUESTER));

    int status = report("--jdbc-url", database.url());

    assertThat(status).as(err()).isZero();
    assertThat(out()).startsWith("QoS report, requester side");
  }

  @Test
  void aSideWithoutRecordsSaysWhichSideTheDatabaseHoldsAndExitsOne() {
    write(record(BOOKSTORE, Side.PROVIDER));

    int status = report("--jdbc-url", database.url(), "--side", "requester");

    assertThat(status).isEqualTo(1);
    assertThat(err())
        .contains(
            "No requester records in the database; it holds provider records (--side provider)");
    assertThat(out()).isEmpty();
  }

  @Test
  void anEmptyDatabaseSaysSoAndExitsOne() {
    int status = report("--jdbc-url", database.url());

    assertThat(status).isEqualTo(1);
    assertThat(err()).contains("No records in the database");
    assertThat(out()).isEmpty();
  }

  @Test
  void aDatabaseWithoutTheMonitorsTablesSaysSoAndExitsOne() throws Exception {
    try (TestDatabase empty = TestDatabase.h2()) {
      int status = report("--jdbc-url", empty.url());

      assertThat(status).isEqualTo(1);
      assertThat(err()).contains("No monitor tables (qos_target, qos_record) in the database");
    }
  }

  @Test
  void aServiceIsMatchedByItsLocalName() {
    write(record(BOOKSTORE, Side.REQUESTER), record("{urn:other}Catalogue", Side.REQUESTER));

    int status = report("--jdbc-url", database.url(), "--service", "Bookstore");

    assertThat(status).as(err()).isZero();
    assertThat(line("Table 2", "getBook")).startsWith(BOOKSTORE);
    assertThat(out()).doesNotContain("Catalogue");
  }

  @Test
  void aServiceIsMatchedByItsQName() {
    write(record(BOOKSTORE, Side.REQUESTER), record("{urn:other}Catalogue", Side.REQUESTER));

    int status = report("--jdbc-url", database.url(), "--service", BOOKSTORE);

    assertThat(status).as(err()).isZero();
    assertThat(line("Table 2", "getBook")).startsWith(BOOKSTORE);
  }

  @Test
  void aServiceThatMatchesNothingIsNamedWithTheServicesThereAreAndExitsOne() {
    write(record(BOOKSTORE, Side.REQUESTER));

    int status = report("--jdbc-url", database.url(), "--service", "Svc1");

    assertThat(status).isEqualTo(1);
    assertThat(err())
        .contains("No service Svc1 among the requester records; services: " + BOOKSTORE);
    assertThat(out()).isEmpty();
  }

  @Test
  void aLocalNameOfSeveralServicesIsRefusedWithTheirQNames() {
    write(record(BOOKSTORE, Side.REQUESTER), record("{urn:v2}Bookstore", Side.REQUESTER));

    int status = report("--jdbc-url", database.url(), "--service", "Bookstore");

    assertThat(status).isEqualTo(2);
    assertThat(err())
        .contains(
            "--service Bookstore names several services ("
                + BOOKSTORE
                + ", {urn:v2}Bookstore); give one as {namespace}localName");
  }

  @Test
  void anEmptyWindowSaysWhenTheRecordsAre() {
    write(call("getBook", Outcome.SUCCESS, 0, 10, 500));

    int status =
        report(
            "--jdbc-url", database.url(),
            "--from", "2027-01-01T00:00:00Z",
            "--to", "2027-01-02T00:00:00Z");

    assertThat(status).isEqualTo(1);
    assertThat(err()).contains("; the requester records span 2026-11-22T12:00:00.500Z .. ");
  }

  /** The first line after {@code table}'s title that mentions {@code operation}. */
  String line(String table, String operation) {
    String text = out();
    String after = text.substring(text.indexOf(table));
    return after.lines().filter(l -> l.contains(" " + operation + " ")).findFirst().orElseThrow();
  }
}
