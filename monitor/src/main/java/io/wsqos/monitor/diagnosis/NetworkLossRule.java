package io.wsqos.monitor.diagnosis;

import io.wsqos.core.Checks;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code network-loss} rule: an endpoint's communication times (t4 - t1 minus t3 - t2, so a
 * slow provider does not count) show the retransmission signature of a lossy path. Most exchanges
 * take about the base time; those that lost a segment late in the transfer, where fast retransmit
 * cannot repair it, take a whole retransmission timeout more (Linux's is at least 200 ms, 1 s for a
 * lost SYN, doubling on each further loss), so they cluster at least one minimum timeout above the
 * base with a gap below. A slow or jittery path spreads its times instead and fills the gap.
 *
 * <p>Per window, with {@code base} the 25th percentile of communication time and {@code R} the
 * {@linkplain Builder#minRto minimum timeout}: an exchange <em>paid a timeout</em> when it took at
 * least {@code T = base + R * (1 - rtoTolerance)}; it lies <em>in the gap</em> when it took from
 * {@code T - R / 4} up to {@code T}, and <em>in the first cluster</em> from {@code T} up to {@code
 * 2 * base + 1.5 * R}. The window is bad when it has at least {@code minExchanges} exchanges, at
 * least {@code minTimeoutExchanges} paid a timeout, the gap is at most {@code maxGapRatio} as dense
 * (exchanges per ms) as the first cluster, and the estimated loss is at least {@code minLoss}. Any
 * tail that falls off smoothly (a slow, jittery path, a busy client) is denser in the gap than
 * above it; a timeout makes the density jump at {@code T}. The estimate assumes independent losses
 * on the {@code sensitiveSegments} segments of an exchange that only a timeout repairs (the
 * request's and the last ones of the response): with {@code s} the share of exchanges that paid a
 * timeout, {@code loss = 1 - (1 - s)^(1 / sensitiveSegments)}.
 *
 * <p>The alarm ({@value #NAME}, figure {@value #FIGURE}) is raised on the {@code
 * consecutiveWindows}-th bad window in a row, and again every {@code repeatEveryWindows} bad
 * windows while the episode lasts, so that a remedy with a time limit (compressing for that path)
 * is renewed; its {@link Alarm#observed()} is the estimated loss of the last window, a fraction.
 */
public final class NetworkLossRule implements DiagnosisRule {

  /** The rule's name in alarms and metrics. */
  public static final String NAME = "network-loss";

  /** The alarm's figure: its {@link Alarm#observed()} is a fraction of segments. */
  public static final String FIGURE = "estimated packet loss";

  /** Linux's minimum retransmission timeout ({@code TCP_RTO_MIN}). */
  public static final long DEFAULT_MIN_RTO_MILLIS = 200;

  /** How far below the minimum timeout (a fraction of it) an exchange still counts as paying it. */
  public static final double DEFAULT_RTO_TOLERANCE = 0.1;

  /** Most density (exchanges per ms) in the gap, as a fraction of the first cluster's. */
  public static final double DEFAULT_MAX_GAP_RATIO = 0.5;

  /** Fewest succeeded exchanges with a communication time for a window to be judged. */
  public static final int DEFAULT_MIN_EXCHANGES = 30;

  /** Fewest exchanges that paid a timeout for a window to be bad (a lone pause is no path). */
  public static final int DEFAULT_MIN_TIMEOUT_EXCHANGES = 3;

  /** Least estimated loss, a fraction of segments, for a window to be bad: 0.5 %. */
  public static final double DEFAULT_MIN_LOSS = 0.005;

  /** Segments of an exchange whose loss only a timeout repairs. */
  public static final int DEFAULT_SENSITIVE_SEGMENTS = 4;

  /** Bad windows in a row between two alarms of one episode. */
  public static final int DEFAULT_REPEAT_EVERY_WINDOWS = 30;

  /** The base time is this percentile of the window's communication times. */
  static final double BASE_PERCENT = 25;

  /**
   * The gap is this fraction of the minimum timeout wide, just below the first cluster: what a
   * smooth tail puts there it also puts, less densely, above; cheap repairs (fast retransmit, a
   * tail loss probe with several segments in flight) and a busy host's delays lie further down.
   */
  static final double GAP_WIDTH = 0.25;

  /** The first cluster ends this multiple of the minimum timeout (plus the base) above the base. */
  static final double CLUSTER_END = 1.5;

  /** Returns a builder; every setting has a default. */
  public static Builder builder() {
    return new Builder();
  }

  private final long minRtoMicros;
  private final double rtoTolerance;
  private final double maxGapRatio;
  private final int minExchanges;
  private final int minTimeoutExchanges;
  private final double minLoss;
  private final int sensitiveSegments;
  private final int consecutiveWindows;
  private final int repeatEveryWindows;

  private NetworkLossRule(Builder builder) {
    minRtoMicros = builder.minRto.toNanos() / 1_000;
    rtoTolerance = builder.rtoTolerance;
    maxGapRatio = builder.maxGapRatio;
    minExchanges = builder.minExchanges;
    minTimeoutExchanges = builder.minTimeoutExchanges;
    minLoss = builder.minLoss;
    sensitiveSegments = builder.sensitiveSegments;
    consecutiveWindows = builder.consecutiveWindows;
    repeatEveryWindows = builder.repeatEveryWindows;
  }

  @Override
  public String name() {
    return NAME;
  }

  /** What one window shows; empty when it has too few exchanges to judge. */
  Optional<Signature> signature(Samples communication) {
    int exchanges = communication.count();
    if (exchanges < minExchanges) {
      return Optional.empty();
    }
    long base = communication.percentile(BASE_PERCENT);
    long timeoutFrom = base + Math.round(minRtoMicros * (1 - rtoTolerance));
    long gapFrom = timeoutFrom - Math.round(minRtoMicros * GAP_WIDTH);
    // A first timeout costs the minimum plus about one smoothed round trip, which the base holds.
    long clusterTo = 2 * base + Math.round(minRtoMicros * CLUSTER_END);
    int paid = communication.countAtLeast(timeoutFrom);
    int inGap = communication.countBetween(gapFrom, timeoutFrom);
    int inCluster = communication.countBetween(timeoutFrom, clusterTo);
    double gapDensity = (double) inGap / (timeoutFrom - gapFrom);
    double clusterDensity = (double) inCluster / (clusterTo - timeoutFrom);
    double share = (double) paid / exchanges;
    double loss = 1 - Math.pow(1 - share, 1.0 / sensitiveSegments);
    boolean lossy =
        paid >= minTimeoutExchanges
            && gapDensity <= maxGapRatio * clusterDensity
            && loss >= minLoss;
    return Optional.of(new Signature(exchanges, base, paid, inGap, loss, lossy));
  }

  /**
   * One window's reading.
   *
   * @param exchanges communication times judged
   * @param baseMicros the base time
   * @param paidTimeout exchanges that paid at least one timeout
   * @param inGap exchanges between the base and the first timeout
   * @param estimatedLoss the estimated loss, a fraction of segments
   * @param lossy whether the window shows the signature
   */
  record Signature(
      int exchanges,
      long baseMicros,
      int paidTimeout,
      int inGap,
      double estimatedLoss,
      boolean lossy) {}

  @Override
  public Evaluator newEvaluator() {
    return new Evaluator() {
      private long badInARow;

      @Override
      public Optional<Alarm> evaluate(WindowStats window) {
        Optional<Signature> signature = signature(window.communicationSamples());
        if (signature.isEmpty() || !signature.get().lossy()) {
          badInARow = 0;
          return Optional.empty();
        }
        badInARow++;
        long past = badInARow - consecutiveWindows;
        boolean raise =
            past == 0 || (past > 0 && repeatEveryWindows > 0 && past % repeatEveryWindows == 0);
        if (!raise) {
          return Optional.empty();
        }
        return Optional.of(
            new Alarm(
                window.to(),
                window.endpoint(),
                NAME,
                FIGURE,
                signature.get().estimatedLoss(),
                minLoss,
                (int) Math.min(badInARow, Integer.MAX_VALUE),
                window));
      }
    };
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s(min RTO %d us, min loss %.4f, %d windows)",
        NAME,
        minRtoMicros,
        minLoss,
        consecutiveWindows);
  }

  /** Configures a {@link NetworkLossRule}; every setting is validated and has a default. */
  public static final class Builder {
    private Duration minRto = Duration.ofMillis(DEFAULT_MIN_RTO_MILLIS);
    private double rtoTolerance = DEFAULT_RTO_TOLERANCE;
    private double maxGapRatio = DEFAULT_MAX_GAP_RATIO;
    private int minExchanges = DEFAULT_MIN_EXCHANGES;
    private int minTimeoutExchanges = DEFAULT_MIN_TIMEOUT_EXCHANGES;
    private double minLoss = DEFAULT_MIN_LOSS;
    private int sensitiveSegments = DEFAULT_SENSITIVE_SEGMENTS;
    private int consecutiveWindows = Diagnosis.DEFAULT_CONSECUTIVE_WINDOWS;
    private int repeatEveryWindows = DEFAULT_REPEAT_EVERY_WINDOWS;

    private Builder() {}

    /**
     * The smallest retransmission timeout the path's TCP uses, default {@value
     * #DEFAULT_MIN_RTO_MILLIS} ms (Linux), 1 ms..10 s; FreeBSD's and Windows' are larger.
     */
    public Builder minRto(Duration minRto) {
      this.minRto = Checks.inRange("minRto", minRto, Duration.ofMillis(1), Duration.ofSeconds(10));
      return this;
    }

    /**
     * How far below the minimum timeout, as a fraction of it, an exchange still counts as having
     * paid one (the base time jitters), default {@value #DEFAULT_RTO_TOLERANCE}, 0..0.5.
     */
    public Builder rtoTolerance(double rtoTolerance) {
      this.rtoTolerance = Checks.inRange("rtoTolerance", rtoTolerance, 0, 0.5);
      return this;
    }

    /**
     * Most density of exchanges in the gap below the first timeout, as a fraction of the density in
     * the first cluster, default {@value #DEFAULT_MAX_GAP_RATIO}, 0..100: what tells clusters from
     * a spread, whose gap is at least as dense.
     */
    public Builder maxGapRatio(double maxGapRatio) {
      this.maxGapRatio = Checks.inRange("maxGapRatio", maxGapRatio, 0, 100);
      return this;
    }

    /**
     * Fewest succeeded exchanges in a window for the rule to judge it, default {@value
     * #DEFAULT_MIN_EXCHANGES}, 1..10,000,000.
     */
    public Builder minExchanges(int minExchanges) {
      this.minExchanges = Checks.inRange("minExchanges", minExchanges, 1, 10_000_000);
      return this;
    }

    /**
     * Fewest exchanges that paid a timeout for a window to be bad, default {@value
     * #DEFAULT_MIN_TIMEOUT_EXCHANGES}, 1..10,000,000.
     */
    public Builder minTimeoutExchanges(int minTimeoutExchanges) {
      this.minTimeoutExchanges =
          Checks.inRange("minTimeoutExchanges", minTimeoutExchanges, 1, 10_000_000);
      return this;
    }

    /**
     * Least estimated loss, a fraction of segments, for a window to be bad, default {@value
     * #DEFAULT_MIN_LOSS}, 0..1.
     */
    public Builder minLoss(double minLoss) {
      this.minLoss = Checks.inRange("minLoss", minLoss, 0, 1);
      return this;
    }

    /**
     * Segments of one exchange whose loss only a timeout repairs, for the loss estimate, default
     * {@value #DEFAULT_SENSITIVE_SEGMENTS}, 1..1000.
     */
    public Builder sensitiveSegments(int sensitiveSegments) {
      this.sensitiveSegments = Checks.inRange("sensitiveSegments", sensitiveSegments, 1, 1000);
      return this;
    }

    /**
     * Bad windows in a row that raise the alarm, default {@value
     * Diagnosis#DEFAULT_CONSECUTIVE_WINDOWS}, 1..1000.
     */
    public Builder consecutiveWindows(int consecutiveWindows) {
      this.consecutiveWindows =
          Checks.inRange(
              "consecutiveWindows",
              consecutiveWindows,
              1,
              ConsecutiveWindowsRule.MAX_CONSECUTIVE_WINDOWS);
      return this;
    }

    /**
     * Bad windows between two alarms of one episode, default {@value
     * #DEFAULT_REPEAT_EVERY_WINDOWS}, 0..100,000 (0: once per episode).
     */
    public Builder repeatEveryWindows(int repeatEveryWindows) {
      this.repeatEveryWindows =
          Checks.inRange("repeatEveryWindows", repeatEveryWindows, 0, 100_000);
      return this;
    }

    /** Returns the rule. */
    public NetworkLossRule build() {
      return new NetworkLossRule(this);
    }
  }
}
