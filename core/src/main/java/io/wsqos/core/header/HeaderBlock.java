package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;

/**
 * What a message said about one WS-QoS block: {@link Status#ABSENT absent}, {@link Status#VALID
 * valid} with its value, or {@link Status#INVALID invalid} with the problem.
 *
 * @param <T> the block's value type
 */
public final class HeaderBlock<T> {

  /** The three outcomes of reading a block. */
  public enum Status {
    /** The message has no such block. */
    ABSENT,
    /** The block is present once and well formed. */
    VALID,
    /** The block is present but malformed, duplicated or out of range. */
    INVALID
  }

  private static final HeaderBlock<?> ABSENT = new HeaderBlock<>(Status.ABSENT, null, null, false);

  private final Status status;
  private final T value;
  private final HeaderProblem problem;
  private final boolean mustUnderstand;

  private HeaderBlock(Status status, T value, HeaderProblem problem, boolean mustUnderstand) {
    this.status = status;
    this.value = value;
    this.problem = problem;
    this.mustUnderstand = mustUnderstand;
  }

  /** The block is absent. */
  @SuppressWarnings("unchecked")
  public static <T> HeaderBlock<T> absent() {
    return (HeaderBlock<T>) ABSENT;
  }

  /** The block is present and valid. */
  public static <T> HeaderBlock<T> valid(T value, boolean mustUnderstand) {
    return new HeaderBlock<>(Status.VALID, requireNonNull(value, "value"), null, mustUnderstand);
  }

  /** The block is present and invalid. */
  public static <T> HeaderBlock<T> invalid(HeaderProblem problem, boolean mustUnderstand) {
    return new HeaderBlock<>(
        Status.INVALID, null, requireNonNull(problem, "problem"), mustUnderstand);
  }

  /** Absent, valid or invalid. */
  public Status status() {
    return status;
  }

  /** Whether the block is present and valid. */
  public boolean isValid() {
    return status == Status.VALID;
  }

  /** Whether the block is present and invalid. */
  public boolean isInvalid() {
    return status == Status.INVALID;
  }

  /** The value, if the block is valid. */
  public Optional<T> value() {
    return Optional.ofNullable(value);
  }

  /** The problem, if the block is invalid. */
  public Optional<HeaderProblem> problem() {
    return Optional.ofNullable(problem);
  }

  /** Whether the sender marked the block (any copy of it, if duplicated) mustUnderstand. */
  public boolean mustUnderstand() {
    return mustUnderstand;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HeaderBlock<?> other
        && status == other.status
        && mustUnderstand == other.mustUnderstand
        && Objects.equals(value, other.value)
        && Objects.equals(problem, other.problem);
  }

  @Override
  public int hashCode() {
    return Objects.hash(status, value, problem, mustUnderstand);
  }

  @Override
  public String toString() {
    switch (status) {
      case VALID:
        return "VALID" + (mustUnderstand ? "(mustUnderstand) " : " ") + value;
      case INVALID:
        return "INVALID" + (mustUnderstand ? "(mustUnderstand) " : " ") + problem;
      default:
        return "ABSENT";
    }
  }
}
