package io.wsqos.benchmarks.jmh;

import io.wsqos.core.compression.ContentCoding;
import io.wsqos.core.compression.EncodingNegotiator;
import io.wsqos.core.compression.Negotiation;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The per-request cost of {@code Accept-Encoding} negotiation. Run with {@code -prof gc} to see
 * that it allocates nothing: {@code java -jar benchmarks/target/benchmarks.jar NegotiationBenchmark
 * -f 1 -wi 3 -i 5 -w 1s -r 1s -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NegotiationBenchmark {
  /** A typical header of curl, of a browser, and one with q-values and identity;q=0. */
  @Param({"gzip", "gzip, deflate, br, zstd", "zstd;q=0.9, gzip;q=0.8, identity;q=0"})
  public String acceptEncoding;

  private EncodingNegotiator negotiator;

  @Setup
  public void setUp() {
    negotiator =
        EncodingNegotiator.of(
            List.of(ContentCoding.GZIP, ContentCoding.ZSTD, ContentCoding.DEFLATE));
  }

  @Benchmark
  public Negotiation negotiate() {
    return negotiator.negotiate(acceptEncoding);
  }
}
