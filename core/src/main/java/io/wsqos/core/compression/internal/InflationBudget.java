package io.wsqos.core.compression.internal;

import io.wsqos.core.compression.InflationException;
import io.wsqos.core.compression.InflationLimits;

/** Counts compressed bytes read and inflated bytes produced, against {@link InflationLimits}. */
final class InflationBudget {
  private final InflationLimits limits;
  private long compressedBytes;
  private long inflatedBytes;

  InflationBudget(InflationLimits limits) {
    this.limits = limits;
  }

  void addCompressed(long n) {
    compressedBytes += n;
  }

  void addInflated(long n) {
    inflatedBytes += n;
  }

  long inflatedBytes() {
    return inflatedBytes;
  }

  /** How many more bytes may be inflated given the compressed bytes read so far; may be <= 0. */
  long allowance() {
    return Math.min(limits.maxInflatedBytes(), ratioCeiling()) - inflatedBytes;
  }

  /** The exception for producing more than {@link #allowance()} allows. */
  InflationException exceeded() {
    if (limits.maxInflatedBytes() <= ratioCeiling()) {
      return new InflationException(
          InflationException.Reason.TOO_LARGE,
          "inflated size exceeds " + limits.maxInflatedBytes() + " bytes");
    }
    return new InflationException(
        InflationException.Reason.RATIO_EXCEEDED,
        "more than "
            + inflatedBytes
            + " bytes inflated from "
            + compressedBytes
            + " compressed bytes exceeds ratio "
            + limits.maxRatio());
  }

  private long ratioCeiling() {
    long byRatio =
        compressedBytes > Long.MAX_VALUE / limits.maxRatio()
            ? Long.MAX_VALUE
            : compressedBytes * limits.maxRatio();
    return Math.max(limits.ratioGraceBytes(), byRatio);
  }
}
