package io.wsqos.core.overload;

/**
 * Told of each busy answer a client received, on the thread that read it (before the caller sees
 * the failure): keep it short, no I/O.
 */
@FunctionalInterface
public interface BusyListener {

  /** {@code busy} came back from {@code busy.endpoint()}. */
  void onBusy(ProviderBusyException busy);
}
