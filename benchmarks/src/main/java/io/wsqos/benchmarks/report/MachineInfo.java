package io.wsqos.benchmarks.report;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The machine a run was made on, written into every report.
 *
 * @param cores available processors
 * @param jvm Java runtime name and version
 * @param os operating system and architecture
 * @param date when the run started (UTC)
 * @param coreWakeConvention how idle cores were treated (they wake slowly on these VMs)
 */
public record MachineInfo(
    int cores, String jvm, String os, Instant date, String coreWakeConvention) {

  /** This machine, now. */
  public static MachineInfo current(String coreWakeConvention) {
    return new MachineInfo(
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        Instant.now().truncatedTo(ChronoUnit.SECONDS),
        coreWakeConvention);
  }
}
