package io.wsqos.core.compression;

import io.wsqos.core.InvalidValueException;

/**
 * The bounds applied while inflating a body: a maximum inflated size and a maximum ratio of
 * inflated to compressed bytes. Both are checked as the data is inflated, so a decompression bomb
 * is stopped after at most the limit has been produced, not after it has been held in memory.
 *
 * <p>The ratio is checked only once the inflated size passes {@link #ratioGraceBytes()}: tiny
 * bodies have large ratios for harmless reasons (a 2 KB run of spaces deflates to 20 bytes), and a
 * grace of a few tens of kilobytes costs nothing to allow.
 *
 * @param maxInflatedBytes the most bytes a body may inflate to
 * @param maxRatio the most inflated bytes per compressed byte read so far
 * @param ratioGraceBytes inflated bytes allowed regardless of the ratio
 */
public record InflationLimits(long maxInflatedBytes, int maxRatio, long ratioGraceBytes) {

  /**
   * 16 MiB. SOAP bodies of real services are kilobytes to a few megabytes; 16 MiB leaves room for
   * bulk operations while bounding what one request can make a server allocate once the body is
   * parsed into a DOM or objects.
   */
  public static final long DEFAULT_MAX_INFLATED_BYTES = 16L * 1024 * 1024;

  /**
   * 100. Realistic XML deflates by a factor of a few, a highly repetitive listing by a few tens;
   * deflate reaches its limit of 1032 and zstd far more only on degenerate input such as runs of
   * one byte, which is what bombs are made of.
   */
  public static final int DEFAULT_MAX_RATIO = 100;

  /** 64 KiB: below this inflated size the ratio is not checked. */
  public static final long DEFAULT_RATIO_GRACE_BYTES = 64L * 1024;

  private static final InflationLimits DEFAULTS = builder().build();

  /** Validates the values; prefer {@link #builder()}. */
  public InflationLimits {
    if (maxInflatedBytes < 1) {
      throw new InvalidValueException("maxInflatedBytes", Long.toString(maxInflatedBytes), ">= 1");
    }
    if (maxRatio < 1) {
      throw new InvalidValueException("maxRatio", String.valueOf(maxRatio), ">= 1");
    }
    if (ratioGraceBytes < 0) {
      throw new InvalidValueException("ratioGraceBytes", Long.toString(ratioGraceBytes), ">= 0");
    }
  }

  /** The defaults: 16 MiB, ratio 100, ratio grace 64 KiB. */
  public static InflationLimits defaults() {
    return DEFAULTS;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link InflationLimits}; every setting starts at its documented default. */
  public static final class Builder {
    private long maxInflatedBytes = DEFAULT_MAX_INFLATED_BYTES;
    private int maxRatio = DEFAULT_MAX_RATIO;
    private long ratioGraceBytes = DEFAULT_RATIO_GRACE_BYTES;

    private Builder() {}

    /** The most bytes a body may inflate to; default 16 MiB, at least 1. */
    public Builder maxInflatedBytes(long maxInflatedBytes) {
      if (maxInflatedBytes < 1) {
        throw new InvalidValueException(
            "maxInflatedBytes", Long.toString(maxInflatedBytes), ">= 1");
      }
      this.maxInflatedBytes = maxInflatedBytes;
      return this;
    }

    /** The most inflated bytes per compressed byte; default 100, at least 1. */
    public Builder maxRatio(int maxRatio) {
      if (maxRatio < 1) {
        throw new InvalidValueException("maxRatio", String.valueOf(maxRatio), ">= 1");
      }
      this.maxRatio = maxRatio;
      return this;
    }

    /** Inflated bytes allowed before the ratio is checked; default 64 KiB, at least 0. */
    public Builder ratioGraceBytes(long ratioGraceBytes) {
      if (ratioGraceBytes < 0) {
        throw new InvalidValueException("ratioGraceBytes", Long.toString(ratioGraceBytes), ">= 0");
      }
      this.ratioGraceBytes = ratioGraceBytes;
      return this;
    }

    /** The limits. */
    public InflationLimits build() {
      return new InflationLimits(maxInflatedBytes, maxRatio, ratioGraceBytes);
    }
  }
}
