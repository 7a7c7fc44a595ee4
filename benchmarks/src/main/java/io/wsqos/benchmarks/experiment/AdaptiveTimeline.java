package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.experiment.AdaptiveClient.Call;
import io.wsqos.benchmarks.experiment.AdaptiveClient.Outcome;
import io.wsqos.core.load.LoadProbe;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The timeline of section 7.4 of {@code 000_49aae6b7688bc2eb.txt} at a scale: Table 6's clients
 * join one by one (Part I), call as long as the price lets them (Part II), and leave one by one
 * (Part III). {@link #play} fires the joins and leaves when due and records the price and the load
 * once per sample; {@link #rows} adds each client's calls per sample.
 */
final class AdaptiveTimeline {

  /** Table 6: the clients, by the name of their machine in the paper. */
  static final List<String> CLIENTS = List.of("Lab2", "Lab3", "Lab5", "Lab6");

  /** Table 6: each client's maximum price per call, EUR. */
  static final List<BigDecimal> MAX_PRICES =
      List.of(
          new BigDecimal("0.10"),
          new BigDecimal("0.40"),
          new BigDecimal("0.50"),
          new BigDecimal("0.70"));

  /** Table 6: calls per second of each client while an offer is within its maximum. */
  static final double RATE = 15;

  /** The seed's averaging window, the adaptation's period, in seed seconds. */
  static final double WINDOW_S = 30;

  /** Seed seconds at which each client joins: the first at 00:20, the others from 01:00 on. */
  static final double[] JOIN_S = {20, 60, 80, 100};

  /** Seed seconds at which each client leaves, the cheapest first, as in Figure 70. */
  static final double[] LEAVE_S = {740, 760, 780, 800};

  /** Part II (the steady state) and Part III (clients leaving) start, and the run ends. */
  static final double PART_II_S = 240;

  static final double PART_III_S = 720;
  static final double END_S = 1020;

  /** A client joins (starts calling while an offer suits it) or leaves (stops for good). */
  record Event(double seedSeconds, int client, boolean join) {}

  /** What was seen at one sample: seed time, the offer's price, the load now and averaged. */
  record Sample(double seedSeconds, BigDecimal price, double load, double averageLoad) {}

  /** The samples and the wall-clock time (epoch ms) the timeline started at. */
  record Played(long startEpochMillis, double scale, double sampleSeconds, List<Sample> samples) {}

  /** A sample with each client's calls per second sent (not refused) and failed since the last. */
  record Row(Sample sample, double[] sent, double[] failed) {}

  private AdaptiveTimeline() {}

  /** Every join and leave, in time order. */
  static List<Event> events() {
    List<Event> events = new ArrayList<>();
    for (int c = 0; c < CLIENTS.size(); c++) {
      events.add(new Event(JOIN_S[c], c, true));
      events.add(new Event(LEAVE_S[c], c, false));
    }
    events.sort(Comparator.comparingDouble(Event::seedSeconds));
    return events;
  }

  /** The part of the paper a seed time falls in: I, II or III. */
  static String part(double seedSeconds) {
    return seedSeconds < PART_II_S ? "I" : seedSeconds < PART_III_S ? "II" : "III";
  }

  /** The seed's window at {@code scale}. */
  static Duration window(double scale) {
    return Duration.ofNanos((long) (WINDOW_S * scale * 1e9));
  }

  /**
   * Plays the timeline at {@code scale} (seed seconds times scale is real seconds), on the caller's
   * thread: fires each event when due and records a sample every {@code sampleSeconds} (real).
   */
  static Played play(
      double scale,
      double sampleSeconds,
      LoadProbe probe,
      Consumer<Event> fire,
      Supplier<BigDecimal> price) {
    List<Event> pending = new ArrayList<>(events());
    List<Sample> samples = new ArrayList<>();
    long startEpoch = System.currentTimeMillis();
    long start = System.nanoTime();
    for (int k = 0; ; k++) {
      double realSeconds = k * sampleSeconds;
      while (!pending.isEmpty() && pending.get(0).seedSeconds() * scale <= realSeconds) {
        Event event = pending.remove(0);
        parkUntil(start, event.seedSeconds() * scale);
        fire.accept(event);
      }
      parkUntil(start, realSeconds);
      double seed = realSeconds / scale;
      samples.add(new Sample(seed, price.get(), probe.currentLoad(), probe.averageLoad()));
      if (seed >= END_S) {
        return new Played(startEpoch, scale, sampleSeconds, samples);
      }
    }
  }

  private static void parkUntil(long startNanos, double realSeconds) {
    long due = startNanos + (long) (realSeconds * 1e9);
    for (long left = due - System.nanoTime(); left > 0; left = due - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  /**
   * Each sample with each client's calls sent and failed per second since the previous sample;
   * {@code calls} holds each client's calls, in {@link #CLIENTS} order.
   */
  static List<Row> rows(Played played, List<List<Call>> calls) {
    List<Row> rows = new ArrayList<>();
    List<Sample> samples = played.samples();
    for (int k = 0; k < samples.size(); k++) {
      long from = played.startEpochMillis() + (long) ((k - 1) * played.sampleSeconds() * 1000);
      long to = from + (long) (played.sampleSeconds() * 1000);
      double[] sent = new double[calls.size()];
      double[] failed = new double[calls.size()];
      for (int c = 0; c < calls.size(); c++) {
        for (Call call : calls.get(c)) {
          if (k > 0 && call.sentEpochMillis() >= from && call.sentEpochMillis() < to) {
            sent[c] += call.outcome() == Outcome.NO_OFFER ? 0 : 1 / played.sampleSeconds();
            failed[c] += failed(call) ? 1 / played.sampleSeconds() : 0;
          }
        }
      }
      rows.add(new Row(samples.get(k), sent, failed));
    }
    return rows;
  }

  static boolean failed(Call call) {
    return call.outcome() == Outcome.TIMEOUT || call.outcome() == Outcome.FAILED;
  }

  /** The calls of every client sent between two seed times. */
  static List<Call> between(Played played, List<List<Call>> calls, double fromS, double toS) {
    long from = played.startEpochMillis() + (long) (fromS * played.scale() * 1000);
    long to = played.startEpochMillis() + (long) (toS * played.scale() * 1000);
    return calls.stream()
        .flatMap(List::stream)
        .filter(c -> c.sentEpochMillis() >= from && c.sentEpochMillis() < to)
        .toList();
  }

  /** The total of each row's per-client values. */
  static double total(double[] perClient) {
    return IntStream.range(0, perClient.length).mapToDouble(i -> perClient[i]).sum();
  }
}
