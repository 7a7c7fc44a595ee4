package io.wsqos.core.admission;

/**
 * What {@link AdmissionControl#enter} decided for a request: serve it now, hold it until a permit
 * frees (its {@link Waiter} is then told), or refuse it.
 */
public sealed interface Admission {

  /** Serve the request now; release the permit when its answer has been sent. */
  record Admitted(Permit permit) implements Admission {}

  /**
   * The request waits for a permit; its waiter is called once, admitted or refused. An adapter
   * bounds the wait with {@link AdmissionControl#expire}.
   */
  record Queued(Ticket ticket) implements Admission {}

  /** Refuse the request at once. */
  record Refused(Refusal refusal) implements Admission {}

  /** Told, once and outside any lock, how a queued request's wait ended. */
  interface Waiter {
    /** A permit freed for the request: serve it, then release the permit. */
    void admitted(Permit permit);

    /**
     * The request was pushed out of the queue by a request that ranks higher, or waited too long.
     */
    void refused(Refusal refusal);
  }
}
