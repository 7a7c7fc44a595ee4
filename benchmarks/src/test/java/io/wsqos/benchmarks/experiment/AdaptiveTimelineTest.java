package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.experiment.AdaptiveClient.Call;
import io.wsqos.benchmarks.experiment.AdaptiveClient.Outcome;
import io.wsqos.benchmarks.experiment.AdaptiveTimeline.Event;
import io.wsqos.benchmarks.experiment.AdaptiveTimeline.Played;
import io.wsqos.benchmarks.experiment.AdaptiveTimeline.Row;
import io.wsqos.benchmarks.experiment.AdaptiveTimeline.Sample;
import io.wsqos.broker.client.NoOfferException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.load.ScriptedLoadProbe;
import jakarta.xml.ws.WebServiceException;
import java.math.BigDecimal;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The pieces of the adaptive-offers experiment without processes: the seed's schedule, the loop
 * playing it against a scripted probe and price, the calls added up per sample, the outcome of a
 * call, and the reading of another process's CPU time.
 */
class AdaptiveTimelineTest {

  @Test
  void theScheduleJoinsEachClientInPartIAndLetsItLeaveInPartIII() {
    List<Event> events = AdaptiveTimeline.events();

    assertThat(events).hasSize(8);
    assertThat(events.subList(0, 4))
        .allMatch(Event::join)
        .extracting(Event::client)
        .containsExactly(0, 1, 2, 3);
    assertThat(events.subList(4, 8))
        .noneMatch(Event::join)
        .extracting(Event::client)
        .containsExactly(0, 1, 2, 3);
    assertThat(events.subList(0, 4))
        .allMatch(e -> AdaptiveTimeline.part(e.seedSeconds()).equals("I"));
    assertThat(events.subList(4, 8))
        .allMatch(e -> AdaptiveTimeline.part(e.seedSeconds()).equals("III"));
    assertThat(AdaptiveTimeline.window(0.25)).isEqualTo(Duration.ofMillis(7500));
    assertThat(AdaptiveTimeline.window(1)).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void playingFiresEveryEventInOrderAndSamplesTheProbeAndThePrice() {
    ScriptedLoadProbe probe = new ScriptedLoadProbe().set(0.9, 0.85);
    List<Event> fired = new ArrayList<>();
    AtomicInteger prices = new AtomicInteger();

    Played played =
        AdaptiveTimeline.play(
            0.001,
            0.01,
            probe,
            fired::add,
            () -> new BigDecimal(prices.incrementAndGet() % 2 == 0 ? "0.10" : "0.20"));

    assertThat(fired).containsExactlyElementsOf(AdaptiveTimeline.events());
    List<Sample> samples = played.samples();
    assertThat(samples).hasSizeGreaterThan(2);
    assertThat(samples).allMatch(s -> s.load() == 0.9 && s.averageLoad() == 0.85);
    assertThat(samples.get(0).seedSeconds()).isZero();
    assertThat(samples.get(samples.size() - 1).seedSeconds())
        .isGreaterThanOrEqualTo(AdaptiveTimeline.END_S);
    assertThat(samples.get(1).price()).isEqualByComparingTo("0.10");
    assertThat(samples).hasSize(prices.get());
  }

  @Test
  void rowsCountEachClientsCallsSentAndFailedPerSecondSinceThePreviousSample() {
    long start = 1_000_000;
    List<Sample> samples = List.of(sample(0), sample(1), sample(2));
    Played played = new Played(start, 1, 1, samples);
    List<Call> first =
        List.of(
            new Call(start + 100, Outcome.OK, 5),
            new Call(start + 200, Outcome.TIMEOUT, 5000),
            new Call(start + 300, Outcome.NO_OFFER, 0),
            new Call(start + 1500, Outcome.FAILED, 3));
    List<Call> second = List.of(new Call(start + 1999, Outcome.OK, 7));

    List<Row> rows = AdaptiveTimeline.rows(played, List.of(first, second));

    assertThat(rows.get(0).sent()).containsExactly(0, 0);
    assertThat(rows.get(1).sent()).containsExactly(2, 0);
    assertThat(rows.get(1).failed()).containsExactly(1, 0);
    assertThat(rows.get(2).sent()).containsExactly(1, 1);
    assertThat(rows.get(2).failed()).containsExactly(1, 0);
    assertThat(AdaptiveTimeline.between(played, List.of(first, second), 1, 2)).hasSize(2);
  }

  private static Sample sample(double seconds) {
    return new Sample(seconds, BigDecimal.ZERO, 0.5, 0.5);
  }

  @Test
  void aCallRefusedForWantOfAnOfferIsNotAFailureAndATimeoutIsToldApart() {
    NoOfferException noOffer =
        new NoOfferException(
            AdaptiveClient.SERVICE,
            QosRequirement.of(CompressionPreference.SERVER_DECIDES, QosTerms.builder().build()),
            "the broker selects no offer for it");

    assertThat(AdaptiveClient.classify(new WebServiceException(new RuntimeException(noOffer))))
        .isEqualTo(Outcome.NO_OFFER);
    assertThat(AdaptiveClient.classify(new WebServiceException(new SocketTimeoutException())))
        .isEqualTo(Outcome.TIMEOUT);
    assertThat(AdaptiveClient.classify(new WebServiceException("500"))).isEqualTo(Outcome.FAILED);
    Call call = new Call(12, Outcome.TIMEOUT, 5000.5);
    assertThat(Call.parse(call.line())).isEqualTo(call);
  }

  @Test
  void theLoadOfAProcessIsItsCpuTimeOverItsCores() {
    String stat = "4242 (java main) S 1 2 3 4 5 6 7 8 9 10 250 50 0 0 20 0";

    assertThat(ProcessCpuLoad.ticks(stat)).isEqualTo(300);
    assertThat(ProcessCpuLoad.count("1")).isEqualTo(1);
    assertThat(ProcessCpuLoad.count("0,2-3")).isEqualTo(3);
    ProcessCpuLoad own = new ProcessCpuLoad(ProcessHandle.current().pid(), 1);
    assertThat(own.getAsDouble()).isZero(); // no earlier reading to compare with
    assertThat(own.getAsDouble()).isBetween(0.0, 1.0);
  }
}
