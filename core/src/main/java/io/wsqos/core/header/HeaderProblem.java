package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

/**
 * Why a WS-QoS header block was rejected.
 *
 * @param reason the kind of problem, also the {@code reason} tag of the invalid-header counter
 * @param field the element the problem concerns: a value's element (e.g. {@code
 *     maxResponseTimeMillis}), or the enclosing element ({@code terms}, or the block's own name
 *     such as {@code Requirement}) when an element is missing, unknown, repeated or misplaced
 * @param detail what was wrong and what was expected, e.g. {@code "minAvailability: 1.7 (expected:
 *     0..1)"}; values from the message are quoted with control characters escaped and cut to
 *     {@value WsQos#MAX_VALUE_CHARS} characters, so the detail is safe to log or put in a fault
 */
public record HeaderProblem(Reason reason, String field, String detail) {

  /** Checks that every part is present. */
  public HeaderProblem {
    requireNonNull(reason, "reason");
    requireNonNull(field, "field");
    requireNonNull(detail, "detail");
  }

  /** The kinds of problem. */
  public enum Reason {
    /** The block, or one of its elements, appears more than once. */
    DUPLICATED("duplicated"),
    /** A required element is missing. */
    MISSING("missing"),
    /** A value does not parse: not a number, an unknown token, a control character, ... */
    UNPARSABLE("unparsable"),
    /** A value parses but is outside its range: negative, NaN, above a maximum, ... */
    OUT_OF_RANGE("out-of-range"),
    /** A value longer than {@value WsQos#MAX_VALUE_CHARS} characters, or too many extensions. */
    OVERSIZED("oversized"),
    /** An element of the WS-QoS namespace (or of no namespace) that version 1 does not define. */
    UNKNOWN_ELEMENT("unknown-element");

    private final String token;

    Reason(String token) {
      this.token = token;
    }

    /** A lower-case token for metrics and faults, e.g. {@code out-of-range}. */
    public String token() {
      return token;
    }
  }

  @Override
  public String toString() {
    return reason.token() + ": " + detail;
  }
}
