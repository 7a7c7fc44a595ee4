package io.wsqos.examples.qosloop;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.OperationQos;
import io.wsqos.broker.client.MeasurementReporter;
import io.wsqos.broker.client.SelectionWatcher;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.monitor.QosRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example's loop as {@code java -jar qos-loop.jar} runs it, judged by the parts' state: the
 * first calls go to the cheaper offer, compressed and monitored; once that provider is slowed, the
 * client's reports flag its offer at the broker and the client's calls move to the other provider,
 * once; closing leaves no thread and no registry file behind.
 */
class QosLoopTest {

  @Test
  void theClientsMeasurementsFlagTheSlowedOfferAndItsCallsMoveToTheOtherProvider()
      throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    Path registryDir;

    try (QosLoop loop = QosLoop.start()) {
      registryDir = loop.registryDir();
      loop.run(new PrintStream(printed, true, UTF_8));

      LoopProvider budget = loop.budget();
      LoopProvider express = loop.express();
      List<QosRecord> records = loop.records();
      QosRecord first = records.get(0);
      assertThat(first.endpoint()).isEqualTo(budget.address());
      assertThat(first.isValid()).isTrue();
      assertThat(first.executionMicros()).isPresent();
      assertThat(first.communicationMicros()).isPresent();
      // Compressed by the provider, inflated by the client.
      assertThat(budget.codecs()).isNotEmpty();
      assertThat(budget.compressed().bytesAfter())
          .isPositive()
          .isLessThan(budget.compressed().bytesBefore());
      assertThat(
              loop
                  .clientMeters()
                  .find(CompressionFeature.REQUESTS_COUNTER)
                  .tag("outcome", "inflated")
                  .counters()
                  .stream()
                  .mapToDouble(Counter::count)
                  .sum())
          .isEqualTo(records.size());

      assertThat(budget.delay()).isEqualTo(QosLoop.SLOW_DOWN);
      MeasuredQos measured = loop.admin().measuredQos(budget.offer().id()).orElseThrow();
      assertThat(measured.flagged()).isTrue();
      assertThat(measured.reason()).contains("above the offered 50 ms");
      assertThat(measured.operations())
          .extracting(OperationQos::operation)
          .containsExactly("getBookDetails");
      assertThat(measured.operations().get(0).requests()).isGreaterThanOrEqualTo(10);

      // The calls went to Budget Books, then to Express Books, and never back.
      List<String> endpoints = records.stream().map(QosRecord::endpoint).toList();
      int moved = endpoints.indexOf(express.address());
      assertThat(moved).isGreaterThan(1);
      assertThat(endpoints.subList(0, moved)).containsOnly(budget.address());
      assertThat(endpoints.subList(moved, endpoints.size()))
          .hasSizeGreaterThanOrEqualTo(3)
          .containsOnly(express.address());
      assertThat(loop.qos().selection().orElseThrow().candidates())
          .extracting(Candidate::offer)
          .containsExactly(express.offer());
    }

    assertThat(printed.toString(UTF_8))
        .containsSubsequence("1. ", "2. ", "3. ", "4. ", "5. ", "6. ", "The loop closed");
    assertThat(registryDir).doesNotExist();
    await().atMost(Duration.ofSeconds(10)).until(() -> loopThreads().isEmpty());
  }

  /** The threads the loop's parts start: the client's watch and reports, the servers, probes. */
  private static List<String> loopThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(
            name ->
                name.equals(SelectionWatcher.THREAD_NAME)
                    || name.equals(MeasurementReporter.THREAD_NAME)
                    || name.startsWith("wsqos-")
                    || name.startsWith("bookstore-jetty"))
        .toList();
  }
}
