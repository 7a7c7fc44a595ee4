package io.wsqos.broker.selection;

/** How a selection orders the offers that meet a requirement. */
public enum Ranking {
  /** By the selection policy on what the offers state (price first, by default). */
  OFFERED,
  /**
   * By what providers and clients measured within the broker's window: the shortest 95th percentile
   * response time of an offer's slowest operation first; offers without measurements that count
   * after those with, in the policy's order.
   */
  MEASURED
}
