package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import io.wsqos.binding.internal.ProbeClient;
import io.wsqos.binding.internal.ProbeItem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.cxf.feature.Feature;

/**
 * Measures the {@link CostModel} of a service's remote bindings at deployment, against the bindings
 * themselves: a few calls of the probe every publication serves beside the service (an echo of a
 * list of small value objects), of two sizes, over RMI and over SOAP. The fixed cost and the cost
 * per byte are the line through the two medians, the bytes being the {@link Predictor}'s estimates
 * of the probe's messages, so that the model turns the predictor's sizes into times in the units it
 * was measured in. Results are cached per descriptor, like {@link Discovery}'s; {@link
 * BindingProxy#reselect()} measures again.
 *
 * <p>The defaults take about 2 x (20 + 11) calls per binding; a SOAP call of the large probe moves
 * about 60 KB each way. Measured on a cold JVM the fixed costs come out high for both bindings.
 */
public final class Calibration {

  /** Default calls of each size before the measured ones, not counted: 20. */
  public static final int DEFAULT_WARMUP_CALLS = 20;

  /** Default measured calls of each size, whose medians are taken: 11. */
  public static final int DEFAULT_MEASURED_CALLS = 11;

  /** Default items of the large probe: 300 (the small one has 1). */
  public static final int DEFAULT_LARGE_ITEMS = 300;

  /** The characters of each item's string. */
  static final int STRING_LENGTH = 32;

  private final int warmupCalls;
  private final int measuredCalls;
  private final int largeItems;
  private final Predictor predictor;
  private final Map<ServiceDescriptor, Result> cache = new ConcurrentHashMap<>();

  private Calibration(Builder builder) {
    this.warmupCalls = builder.warmupCalls;
    this.measuredCalls = builder.measuredCalls;
    this.largeItems = builder.largeItems;
    this.predictor = builder.predictor != null ? builder.predictor : Predictor.create();
  }

  /** A calibration with the defaults. */
  public static Calibration create() {
    return builder().build();
  }

  /** A builder with the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * What a calibration measured: the model and one line per binding on how it went.
   *
   * @param model {@code prior} with the costs of the bindings that were measured replaced
   * @param notes one line per remote binding: its cost as measured, or why it was not
   */
  public record Result(CostModel model, List<String> notes) {
    /** Copies the notes. */
    public Result {
      requireNonNull(model, "model");
      notes = List.copyOf(notes);
    }
  }

  /**
   * The cached result for {@code descriptor}, measuring it first if there is none.
   *
   * @param prior the model whose costs stand for a binding that cannot be measured
   */
  public Result calibrate(
      ServiceDescriptor descriptor,
      Environment environment,
      CostModel prior,
      List<? extends Feature> features,
      int connectTimeoutMillis,
      long receiveTimeoutMillis) {
    requireNonNull(descriptor, "descriptor");
    Result cached = cache.get(descriptor);
    return cached != null
        ? cached
        : recalibrate(
            descriptor, environment, prior, features, connectTimeoutMillis, receiveTimeoutMillis);
  }

  /** Measures again, replacing what is cached for {@code descriptor}. */
  public Result recalibrate(
      ServiceDescriptor descriptor,
      Environment environment,
      CostModel prior,
      List<? extends Feature> features,
      int connectTimeoutMillis,
      long receiveTimeoutMillis) {
    requireNonNull(descriptor, "descriptor");
    requireNonNull(environment, "environment");
    requireNonNull(prior, "prior");
    requireNonNull(features, "features");
    CostModel model = prior;
    List<String> notes = new ArrayList<>();
    List<BindingKind> measured = new ArrayList<>();
    for (BindingKind kind : List.of(BindingKind.RMI, BindingKind.SOAP)) {
      BindingAddress address = descriptor.binding(kind).orElse(null);
      if (address == null || !environment.usable(kind)) {
        notes.add(
            kind + ": not measured (not published or not reachable); " + describe(prior, kind));
        continue;
      }
      try (ProbeClient probe =
          ProbeClient.connect(address, features, connectTimeoutMillis, receiveTimeoutMillis)) {
        BindingCost cost = measure(kind, probe);
        model = model.with(kind, cost, "");
        measured.add(kind);
        notes.add(kind + ": measured " + cost.describe());
      } catch (Throwable e) {
        if (e instanceof Error error && !(e instanceof AssertionError)) {
          throw error;
        }
        notes.add(kind + ": not measured (" + e + "); " + describe(prior, kind));
      }
    }
    String at = "calibrated at " + Instant.now();
    String source =
        measured.isEmpty()
            ? prior.source()
            : measured.size() == 2 ? at : at + " for " + measured.get(0) + ", " + prior.source();
    Result result = new Result(new CostModel(model.rmi(), model.soap(), source), notes);
    cache.put(descriptor, result);
    return result;
  }

  private static String describe(CostModel prior, BindingKind kind) {
    return "kept " + prior.cost(kind).describe() + " (" + prior.source() + ")";
  }

  private BindingCost measure(BindingKind kind, ProbeClient probe) throws Throwable {
    List<ProbeItem> small = items(1);
    List<ProbeItem> large = items(largeItems);
    for (int i = 0; i < warmupCalls; i++) {
      probe.echo(small);
      probe.echo(large);
    }
    long[] smallNanos = new long[measuredCalls];
    long[] largeNanos = new long[measuredCalls];
    for (int i = 0; i < measuredCalls; i++) {
      long start = System.nanoTime();
      probe.echo(small);
      long middle = System.nanoTime();
      probe.echo(large);
      largeNanos[i] = System.nanoTime() - middle;
      smallNanos[i] = middle - start;
    }
    double smallBytes = bytes(kind, 1);
    double largeBytes = bytes(kind, largeItems);
    return line(median(smallNanos), smallBytes, median(largeNanos), largeBytes);
  }

  /**
   * The cost through two measured points, each a time in nanoseconds and the bytes moved; a
   * negative slope or intercept (noise) is taken as 0.
   */
  static BindingCost line(
      double smallNanos, double smallBytes, double largeNanos, double largeBytes) {
    if (!(largeBytes > smallBytes)) {
      throw new IllegalArgumentException(
          "largeBytes: " + largeBytes + " (expected: more than smallBytes " + smallBytes + ")");
    }
    double nanosPerByte = Math.max(0, (largeNanos - smallNanos) / (largeBytes - smallBytes));
    double fixedNanos = Math.max(0, smallNanos - nanosPerByte * smallBytes);
    return new BindingCost(fixedNanos / 1_000, nanosPerByte);
  }

  private double bytes(BindingKind kind, int items) {
    MessageSizes sizes =
        predictor.estimate(ProbeClient.ECHO, new Hints.Point(STRING_LENGTH, 0, items, 0));
    return kind == BindingKind.RMI ? sizes.rmi() : sizes.soap();
  }

  static List<ProbeItem> items(int count) {
    List<ProbeItem> items = new ArrayList<>(count);
    TimeZone zone = TimeZone.getTimeZone("UTC");
    for (int i = 0; i < count; i++) {
      ProbeItem item = new ProbeItem();
      item.text = String.format("probe item %021d", i);
      item.number = 1_000_000_007L * i;
      GregorianCalendar when = new GregorianCalendar(zone);
      when.setTimeInMillis(1_700_000_000_000L + i * 60_000L);
      item.when = when;
      items.add(item);
    }
    return items;
  }

  private static double median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  @Override
  public String toString() {
    return "Calibration{warmup "
        + warmupCalls
        + ", measured "
        + measuredCalls
        + " calls of 1 and "
        + largeItems
        + " items}";
  }

  /** Configures a {@link Calibration}. */
  public static final class Builder {
    private int warmupCalls = DEFAULT_WARMUP_CALLS;
    private int measuredCalls = DEFAULT_MEASURED_CALLS;
    private int largeItems = DEFAULT_LARGE_ITEMS;
    private Predictor predictor;

    private Builder() {}

    /**
     * Calls of each size before the measured ones; default {@link #DEFAULT_WARMUP_CALLS},
     * 0..10,000.
     */
    public Builder warmupCalls(int calls) {
      if (calls < 0 || calls > 10_000) {
        throw new IllegalArgumentException("warmupCalls: " + calls + " (expected: 0..10000)");
      }
      this.warmupCalls = calls;
      return this;
    }

    /** Measured calls of each size; default {@link #DEFAULT_MEASURED_CALLS}, 1..10,000. */
    public Builder measuredCalls(int calls) {
      if (calls < 1 || calls > 10_000) {
        throw new IllegalArgumentException("measuredCalls: " + calls + " (expected: 1..10000)");
      }
      this.measuredCalls = calls;
      return this;
    }

    /** Items of the large probe; default {@link #DEFAULT_LARGE_ITEMS}, 2..100,000. */
    public Builder largeItems(int items) {
      if (items < 2 || items > 100_000) {
        throw new IllegalArgumentException("largeItems: " + items + " (expected: 2..100000)");
      }
      this.largeItems = items;
      return this;
    }

    /** The predictor whose estimates give the probe's bytes; default {@link Predictor#create()}. */
    public Builder predictor(Predictor predictor) {
      this.predictor = requireNonNull(predictor, "predictor");
      return this;
    }

    /** Builds the calibration; nothing is measured until it is asked for. */
    public Calibration build() {
      return new Calibration(this);
    }
  }
}
