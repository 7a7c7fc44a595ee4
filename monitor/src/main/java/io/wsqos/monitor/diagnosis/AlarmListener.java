package io.wsqos.monitor.diagnosis;

/**
 * Receives alarms on the diagnosis thread (e.g. the reconfiguration moving a client elsewhere).
 * Must not block; an exception is logged and does not stop the diagnosis.
 */
@FunctionalInterface
public interface AlarmListener {

  /** Called once per alarm. */
  void onAlarm(Alarm alarm);
}
