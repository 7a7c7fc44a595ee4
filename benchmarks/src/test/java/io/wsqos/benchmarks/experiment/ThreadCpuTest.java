package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadCpuTest {

  @Test
  void categoriesFollowTheServersThreadNames() {
    assertThat(CpuCategory.of("bookstore-jetty")).isEqualTo(CpuCategory.REQUEST);
    assertThat(CpuCategory.of("Scheduler-21463")).isEqualTo(CpuCategory.REQUEST);
    assertThat(CpuCategory.of("wsqos-monitor-w")).isEqualTo(CpuCategory.LOG_WRITER);
    assertThat(CpuCategory.of("MVStore backgro")).isEqualTo(CpuCategory.H2);
    assertThat(CpuCategory.of("H2-serializatio")).isEqualTo(CpuCategory.H2);
    assertThat(CpuCategory.of("GC Thread#1")).isEqualTo(CpuCategory.GC);
    assertThat(CpuCategory.of("G1 Conc#0")).isEqualTo(CpuCategory.GC);
    assertThat(CpuCategory.of("VM Thread")).isEqualTo(CpuCategory.GC);
    assertThat(CpuCategory.of("C2 CompilerThre")).isEqualTo(CpuCategory.JIT);
    assertThat(CpuCategory.of("VM Periodic Tas")).isEqualTo(CpuCategory.OTHER);
    // A MonitoringClient's callers and the JDK HTTP client it calls through.
    assertThat(CpuCategory.of("wsqos-caller-12")).isEqualTo(CpuCategory.REQUEST);
    assertThat(CpuCategory.of("HttpClient-1-Wo")).isEqualTo(CpuCategory.HTTP_CLIENT);
    assertThat(CpuCategory.of("HttpClient-1-Se")).isEqualTo(CpuCategory.HTTP_CLIENT);
  }

  @Test
  void aRunsCpuIsTheDifferenceOfTwoReadingsByCategory(@TempDir Path proc) throws Exception {
    task(proc, 10, "bookstore-jetty", 1_000);
    task(proc, 11, "wsqos-monitor-w", 500);
    task(proc, 12, "GC Thread#0", 300);
    ThreadCpu before = ThreadCpu.read(proc).orElseThrow();

    task(proc, 10, "bookstore-jetty", 4_000);
    task(proc, 11, "wsqos-monitor-w", 700);
    Files.delete(proc.resolve("12/schedstat"));
    Files.delete(proc.resolve("12/comm"));
    Files.delete(proc.resolve("12"));
    task(proc, 13, "bookstore-jetty", 250);
    task(proc, 14, "C2 CompilerThre", 90);
    Map<CpuCategory, Long> used = ThreadCpu.read(proc).orElseThrow().since(before);

    // Thread 13 started in between and counts whole; thread 12 ended and is gone.
    assertThat(used)
        .containsEntry(CpuCategory.REQUEST, 3_000L + 250L)
        .containsEntry(CpuCategory.LOG_WRITER, 200L)
        .containsEntry(CpuCategory.GC, 0L)
        .containsEntry(CpuCategory.JIT, 90L)
        .containsEntry(CpuCategory.H2, 0L)
        .containsEntry(CpuCategory.OTHER, 0L);
  }

  @Test
  void noProcDirectoryMeansNoReading(@TempDir Path dir) {
    assertThat(ThreadCpu.read(dir.resolve("missing"))).isEmpty();
  }

  @Test
  void readsThisJvmsThreadsCpu() throws Exception {
    long pid = ProcessHandle.current().pid();
    Optional<ThreadCpu> before = ThreadCpu.read(pid);
    assumeTrue(before.isPresent(), "needs Linux /proc with schedstat");
    CountDownLatch burnt = new CountDownLatch(1);
    CountDownLatch read = new CountDownLatch(1);
    Thread burner =
        new Thread(
            () -> {
              // 50 ms of this thread's own CPU, however busy the machine is.
              ThreadMXBean threads = ManagementFactory.getThreadMXBean();
              long end = threads.getCurrentThreadCpuTime() + 50_000_000L;
              while (threads.getCurrentThreadCpuTime() < end) {
                Thread.onSpinWait();
              }
              burnt.countDown();
              try {
                // Stay alive until read: a thread's CPU leaves /proc with it.
                read.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "wsqos-monitor-writer");
    burner.start();
    burnt.await();
    Map<CpuCategory, Long> used = ThreadCpu.read(pid).orElseThrow().since(before.get());
    read.countDown();
    burner.join();
    assertThat(used.get(CpuCategory.LOG_WRITER)).isGreaterThanOrEqualTo(45_000_000L);
  }

  private static void task(Path proc, long tid, String comm, long nanos) throws Exception {
    Path task = Files.createDirectories(proc.resolve(Long.toString(tid)));
    Files.writeString(task.resolve("comm"), comm + "\n");
    Files.writeString(task.resolve("schedstat"), nanos + " 1234 5\n");
  }
}
