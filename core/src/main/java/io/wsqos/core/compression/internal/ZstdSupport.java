package io.wsqos.core.compression.internal;

import org.slf4j.LoggerFactory;

/**
 * Finds out once whether zstd-jni and its native library can be used, and says so in one log line
 * when they cannot: zstd-jni is an optional dependency, so its absence is not an error, but a user
 * who expected zstd must be able to see why it is never chosen.
 */
public final class ZstdSupport {
  private static final Throwable UNAVAILABILITY_CAUSE = probe();

  private ZstdSupport() {}

  /** Whether zstd-jni is on the classpath and its native library loads on this platform. */
  public static boolean isAvailable() {
    return UNAVAILABILITY_CAUSE == null;
  }

  /** Why zstd cannot be used, for error messages; null when it can. */
  public static Throwable unavailabilityCause() {
    return UNAVAILABILITY_CAUSE;
  }

  private static Throwable probe() {
    try {
      // Touching the class loads the native library; a missing jar or platform shows up here.
      com.github.luben.zstd.Zstd.maxCompressionLevel();
      return null;
    } catch (LinkageError e) {
      LoggerFactory.getLogger(ZstdSupport.class)
          .info(
              "zstd compression is not available ({}): gzip and deflate only; add"
                  + " com.github.luben:zstd-jni to offer zstd",
              e.toString());
      return e;
    }
  }
}
