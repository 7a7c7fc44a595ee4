package io.wsqos.benchmarks.store;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Requester-side records of one service, evenly spread over a span of time, the same for a given
 * count, span and seed: eight operations on two endpoints, mostly successes of a few to tens of
 * milliseconds, one in a hundred taking seconds, and a few percent of each kind of failure.
 */
final class SyntheticRecords {

  /** Where every generated span starts. */
  static final Instant START = Instant.parse("2026-11-22T00:00:00Z");

  static final String SERVICE = "{http://wsqos.io/examples}BookstoreService";

  static final List<String> OPERATIONS =
      List.of(
          "getBook",
          "getBookInfo",
          "getBookDetails",
          "findBooks",
          "addBook",
          "updateStock",
          "listAuthors",
          "ping");

  static final List<String> ENDPOINTS =
      List.of("http://10.0.0.1:8080/bookstore", "http://10.0.0.2:8080/bookstore");

  private static final long SEED = 20_261_122L;

  private SyntheticRecords() {}

  /** {@code count} records from {@link #START} over {@code span}, in time order. */
  static List<QosRecord> generate(int count, Duration span) {
    SplittableRandom random = new SplittableRandom(SEED);
    long startMicros = ChronoUnit.MICROS.between(Instant.EPOCH, START);
    long spanMicros = span.toNanos() / 1_000;
    List<QosRecord> records = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      long at = startMicros + spanMicros * i / count;
      records.add(record(random, at));
    }
    return records;
  }

  private static QosRecord record(SplittableRandom random, long recordedAtMicros) {
    String operation = OPERATIONS.get(random.nextInt(OPERATIONS.size()));
    String endpoint = ENDPOINTS.get(random.nextInt(ENDPOINTS.size()));
    int draw = random.nextInt(1_000);
    Outcome outcome =
        draw < 970
            ? Outcome.SUCCESS
            : draw < 980
                ? Outcome.SOAP_FAULT
                : draw < 990
                    ? Outcome.TIMEOUT
                    : draw < 995 ? Outcome.REFUSED : Outcome.TRANSPORT_ERROR;
    boolean reached = outcome == Outcome.SUCCESS || outcome == Outcome.SOAP_FAULT;
    long execution = 1_000 + random.nextLong(49_000);
    long communication = 200 + random.nextLong(19_800);
    if (random.nextInt(100) == 0) {
      communication += 1_000_000 + random.nextLong(11_000_000);
    }
    long response = reached ? execution + communication : communication;
    long t4 = recordedAtMicros;
    long t1 = t4 - response;
    QosRecord.Builder record =
        QosRecord.builder(SERVICE, operation, endpoint, Side.REQUESTER)
            .recordedAt(Instant.EPOCH.plus(recordedAtMicros, ChronoUnit.MICROS))
            .outcome(outcome)
            .t1(t1)
            .t4(t4)
            .sizes(300 + random.nextInt(200), reached ? 1_000 + random.nextInt(49_000) : 0);
    if (reached) {
      // The provider's clock: any offset, only t3 - t2 is used.
      long t2 = t1 + communication / 2 - 3_600_000_000L;
      record.t2(t2).t3(t2 + execution);
    }
    return record.build();
  }
}
