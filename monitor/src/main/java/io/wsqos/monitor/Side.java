package io.wsqos.monitor;

/** Which monitor made a record: the one in the client or the one in the service. */
public enum Side {
  /** The requester-side monitor: stamps t1 and t4 on the client's clock and sees all four. */
  REQUESTER,
  /** The provider-side monitor: stamps t2 and t3 on the service's clock; may know t1, never t4. */
  PROVIDER
}
