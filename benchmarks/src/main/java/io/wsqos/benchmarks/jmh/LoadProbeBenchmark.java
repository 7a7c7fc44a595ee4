package io.wsqos.benchmarks.jmh;

import io.wsqos.core.load.LoadProbe;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What reading the load costs a request: the CPU probe's current and average load next to a plain
 * and a volatile field read (the floor), and, for contrast, one direct {@code getCpuLoad()} call
 * (what the seed did per request). Does not measure the probe's background sampling cost (one
 * {@code getCpuLoad()} and one {@code getProcessCpuLoad()} per interval on the probe's thread).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Benchmark)
public class LoadProbeBenchmark {

  private LoadProbe probe;
  private com.sun.management.OperatingSystemMXBean operatingSystem;
  private double plainField = 0.42;
  private volatile double volatileField = 0.42;

  @Setup(Level.Trial)
  public void setUp() {
    probe = LoadProbe.cpu();
    operatingSystem =
        ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    probe.close();
  }

  @Benchmark
  public double baselinePlainField() {
    return plainField;
  }

  @Benchmark
  public double baselineVolatileField() {
    return volatileField;
  }

  @Benchmark
  public double probeCurrentLoad() {
    return probe.currentLoad();
  }

  @Benchmark
  public double probeAverageLoad() {
    return probe.averageLoad();
  }

  @Benchmark
  public double directGetCpuLoad() {
    return operatingSystem.getCpuLoad();
  }
}
