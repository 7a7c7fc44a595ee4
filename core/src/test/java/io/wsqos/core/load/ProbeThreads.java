package io.wsqos.core.load;

import static org.awaitility.Awaitility.await;

final class ProbeThreads {
  private ProbeThreads() {}

  /** Closes the probe and waits for its thread to end, so that its values no longer change. */
  static void closeAndAwaitEnd(LoadProbe probe, String threadName) {
    probe.close();
    await().until(() -> !isAlive(threadName));
  }

  static boolean isAlive(String threadName) {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(thread -> thread.isAlive() && thread.getName().equals(threadName));
  }
}
