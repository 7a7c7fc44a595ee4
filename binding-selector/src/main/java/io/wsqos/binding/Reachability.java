package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

/**
 * Whether one published binding can be used from here (P2 of the report), and what the probe saw.
 *
 * @param kind the binding
 * @param outcome what discovery found
 * @param detail a short human-readable account, e.g. {@code 10.0.0.5:40123 timed out after 500 ms}
 */
public record Reachability(BindingKind kind, Outcome outcome, String detail) {

  /** What discovery found for one binding. */
  public enum Outcome {
    /** An in-JVM binding whose service is registered in this JVM's {@link LocalRegistry}. */
    IN_JVM(true),
    /** An in-JVM binding of a service in another JVM, or not in the registry given. */
    NOT_IN_JVM(false),
    /** The port accepted a connection within the probe timeout. */
    OPEN(true),
    /** The port refused the connection: nothing listens, or something rejects actively. */
    REFUSED(false),
    /** No answer within the probe timeout: what a firewall dropping SYNs looks like. */
    TIMED_OUT(false),
    /** The host name did not resolve. */
    UNRESOLVED(false),
    /** No route to the host or network. */
    UNREACHABLE(false);

    private final boolean usable;

    Outcome(boolean usable) {
      this.usable = usable;
    }

    /** Whether a binding with this outcome can be used. */
    public boolean usable() {
      return usable;
    }
  }

  /** Checks the parts are there. */
  public Reachability {
    requireNonNull(kind, "kind");
    requireNonNull(outcome, "outcome");
    requireNonNull(detail, "detail");
  }

  /** Whether the binding can be used. */
  public boolean usable() {
    return outcome.usable();
  }
}
