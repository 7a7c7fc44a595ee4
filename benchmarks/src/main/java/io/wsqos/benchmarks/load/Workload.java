package io.wsqos.benchmarks.load;

/** When the engine sends: a fixed schedule (open loop) or on each completion (closed loop). */
interface Workload {

  /** No request is due until something completes. */
  long NOTHING_DUE = Long.MAX_VALUE;

  /** The intended send time (nanoTime) of the next request, or {@link #NOTHING_DUE}. */
  long nextDue(long nowNanos);

  /** The request returned by {@link #nextDue} has been issued. */
  void issued();

  /** A request has ended, whatever its outcome. */
  void completed(long nowNanos);

  /** Whether no further request will be issued. */
  boolean exhausted(long nowNanos);
}
