package io.wsqos.core.compression;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.SkipReason;
import io.wsqos.core.load.LoadProbe;

/**
 * Decides, per response, whether the server compresses it, for clients that asked for compression
 * ({@link CompressionPreference#COMPRESS}) or left the choice to the server ({@link
 * CompressionPreference#SERVER_DECIDES}). Clients that said {@link CompressionPreference#NONE} are
 * never compressed and never reach the policy; bodies below {@link
 * CompressionFeature.Builder#minBodyBytes(int) the minimum size} are skipped after the policy said
 * yes.
 *
 * <p>{@link #decide} runs on the request thread for every response: implementations must answer
 * from state prepared elsewhere (a field another thread writes), with no lock, no I/O and no
 * allocation. The built-in policies read {@link LoadProbe#currentLoad()}, which is a volatile field
 * the probe's sampling thread writes.
 */
@FunctionalInterface
public interface CompressionPolicy {

  /** 80: the seed's CPU threshold above which {@code server-decides} responses go uncompressed. */
  double DEFAULT_THRESHOLD_PERCENT = 80.0;

  /**
   * 5: once off, compression comes back only when the load falls 5 points below the threshold, so a
   * load hovering around the threshold does not make the decision flap with every sample.
   */
  double DEFAULT_HYSTERESIS_PERCENT = 5.0;

  /** The decision for one response. */
  enum Decision {
    /** Compress with the codec at its configured level. */
    COMPRESS(null),
    /** Compress with the codec at its fastest level (the server is busy but not overloaded). */
    COMPRESS_FAST(null),
    /** Do not compress: the load is above the threshold. */
    SKIP_LOAD_ABOVE_THRESHOLD(SkipReason.LOAD_ABOVE_THRESHOLD),
    /** Do not compress: compression is switched off on this server. */
    SKIP_DISABLED(SkipReason.DISABLED);

    private final SkipReason skipReason;

    Decision(SkipReason skipReason) {
      this.skipReason = skipReason;
    }

    /** Whether the response is compressed. */
    public boolean compresses() {
      return skipReason == null;
    }

    /** The reason reported for a skip; null for {@link #COMPRESS} and {@link #COMPRESS_FAST}. */
    public SkipReason skipReason() {
      return skipReason;
    }
  }

  /**
   * The decision for a response to a client whose preference is {@code preference}: {@link
   * CompressionPreference#COMPRESS} or {@link CompressionPreference#SERVER_DECIDES}, never {@code
   * NONE}. Must not allocate, lock or block, and must not return null.
   */
  Decision decide(CompressionPreference preference);

  /** Compression switched off: every response is skipped with {@link SkipReason#DISABLED}. */
  static CompressionPolicy never() {
    return preference -> Decision.SKIP_DISABLED;
  }

  /** Every response whose client accepts compression is compressed, whatever the load. */
  static CompressionPolicy always() {
    return preference -> Decision.COMPRESS;
  }

  /**
   * {@code compress} clients always; {@code server-decides} clients while the probe's current load
   * is below {@value #DEFAULT_THRESHOLD_PERCENT}%, with {@value #DEFAULT_HYSTERESIS_PERCENT} points
   * of hysteresis.
   */
  static CompressionPolicy loadAware(LoadProbe probe) {
    return loadAware(probe, DEFAULT_THRESHOLD_PERCENT, DEFAULT_HYSTERESIS_PERCENT);
  }

  /**
   * {@code compress} clients always; {@code server-decides} clients while the load stays below
   * {@code thresholdPercent}. Compression stops when the probe's {@link LoadProbe#currentLoad()}
   * reaches {@code thresholdPercent} and resumes only when it falls below {@code thresholdPercent -
   * hysteresisPercent}; in between, the previous decision holds.
   *
   * @param thresholdPercent 0..100 (0 never compresses {@code server-decides}; at 100 only a fully
   *     loaded server skips)
   * @param hysteresisPercent 0..thresholdPercent
   */
  static CompressionPolicy loadAware(
      LoadProbe probe, double thresholdPercent, double hysteresisPercent) {
    requireNonNull(probe, "probe");
    LoadAwarePolicy.checkPercents(thresholdPercent, hysteresisPercent);
    return new LoadAwarePolicy(probe, thresholdPercent, thresholdPercent, hysteresisPercent);
  }

  /**
   * Like {@link #loadAware(LoadProbe, double, double)}, grading the effort with load: {@code
   * server-decides} responses are compressed at the configured level while the load is below {@code
   * busyPercent}, at the codec's fastest level ({@link Decision#COMPRESS_FAST}) from {@code
   * busyPercent} up to {@code thresholdPercent}, and not at all above it. Both boundaries use the
   * same hysteresis. {@code compress} clients get the configured level always.
   *
   * @param busyPercent 0..thresholdPercent
   */
  static CompressionPolicy graded(
      LoadProbe probe, double busyPercent, double thresholdPercent, double hysteresisPercent) {
    requireNonNull(probe, "probe");
    LoadAwarePolicy.checkPercents(thresholdPercent, hysteresisPercent);
    if (!(busyPercent >= 0 && busyPercent <= thresholdPercent)) {
      throw new InvalidValueException(
          "busyPercent", Double.toString(busyPercent), "0.." + thresholdPercent);
    }
    return new LoadAwarePolicy(probe, busyPercent, thresholdPercent, hysteresisPercent);
  }
}
