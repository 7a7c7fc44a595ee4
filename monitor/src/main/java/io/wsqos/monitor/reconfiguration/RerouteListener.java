package io.wsqos.monitor.reconfiguration;

/**
 * Receives each {@link Reroute}, on the thread that decided it (the diagnosis thread, the probe
 * thread, or the thread of the call that failed). Must be quick and must not block; an exception is
 * logged and does not undo the switch.
 */
@FunctionalInterface
public interface RerouteListener {

  /** Called once per switch, after the client's endpoint changed. */
  void onReroute(Reroute reroute);
}
