package io.wsqos.monitor;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.OptionalLong;

/**
 * One monitored exchange as one monitor saw it: who was called, the four timestamps t1..t4, how it
 * ended, the message sizes, and whether the timestamps can be trusted.
 *
 * <p>Timestamps are wall-clock microseconds since the epoch, each on the clock of the side that
 * stamped it: t1 and t4 on the requester's, t2 and t3 on the provider's. Only differences taken on
 * one clock are computed ({@link #executionMicros()}, {@link #responseMicros()}), so the two clocks
 * need not agree. A timestamp that is not known is {@link #ABSENT}.
 *
 * <p>The record is always kept, but when {@link #validity()} is not {@link Validity#VALID} its
 * times never reach the statistics: the derived times are then empty. Build records with {@link
 * #builder}, which also checks stamps from the future; the canonical constructor re-checks the
 * rules that need no clock, so a record can never claim to be valid with inconsistent timestamps.
 *
 * @param recordedAt when the record was made, on the recording side's clock; analysis windows and
 *     diagnosis windows are taken on it
 * @param service the service name, e.g. {@code {http://example.com/}BookstoreService}
 * @param operation the operation name, e.g. {@code getBook}
 * @param endpoint the endpoint address, e.g. {@code http://127.0.0.1:8080/bookstore}
 * @param side which monitor made the record
 * @param outcome how the exchange ended
 * @param t1Micros request sent (requester clock), or {@link #ABSENT}
 * @param t2Micros request received (provider clock), or {@link #ABSENT}
 * @param t3Micros response sent (provider clock), or {@link #ABSENT}
 * @param t4Micros response received or failure seen (requester clock), or {@link #ABSENT}
 * @param requestBytes the request's size on the wire, or {@link #UNKNOWN_SIZE}
 * @param responseBytes the response's size on the wire, or {@link #UNKNOWN_SIZE}
 * @param validity {@link Validity#VALID} or why the timestamps cannot be trusted
 */
public record QosRecord(
    Instant recordedAt,
    String service,
    String operation,
    String endpoint,
    Side side,
    Outcome outcome,
    long t1Micros,
    long t2Micros,
    long t3Micros,
    long t4Micros,
    long requestBytes,
    long responseBytes,
    Validity validity) {

  /** The value of a timestamp that is not known. */
  public static final long ABSENT = Long.MIN_VALUE;

  /** The value of a size that is not known (e.g. a streamed body). */
  public static final long UNKNOWN_SIZE = -1;

  /** Longest plausible difference between two timestamps: one hour. Anything longer is forged. */
  public static final long MAX_PLAUSIBLE_MICROS = Duration.ofHours(1).toNanos() / 1_000;

  /** Default tolerance for a stamp on this side's clock that lies after the record was made. */
  public static final long DEFAULT_FUTURE_TOLERANCE_MICROS = 1_000_000;

  /** Longest service, operation or endpoint name accepted (the database columns' width). */
  public static final int MAX_NAME_LENGTH = 1024;

  /**
   * Checks the arguments and downgrades {@code validity} when a clock-independent rule fails.
   *
   * @throws NullPointerException if an object argument is null
   * @throws IllegalArgumentException if a name is blank or too long, or a size is below -1
   */
  public QosRecord {
    requireNonNull(recordedAt, "recordedAt");
    checkName(service, "service");
    checkName(operation, "operation");
    checkName(endpoint, "endpoint");
    requireNonNull(side, "side");
    requireNonNull(outcome, "outcome");
    requireNonNull(validity, "validity");
    checkSize(requestBytes, "requestBytes");
    checkSize(responseBytes, "responseBytes");
    if (validity.isValid()) {
      validity = Validation.structural(side, outcome, t1Micros, t2Micros, t3Micros, t4Micros);
    }
  }

  private static void checkName(String name, String what) {
    requireNonNull(name, what);
    if (name.isBlank() || name.length() > MAX_NAME_LENGTH) {
      throw new IllegalArgumentException(
          what
              + ": '"
              + (name.length() > 80 ? name.substring(0, 80) + "..." : name)
              + "' of length "
              + name.length()
              + " (expected: not blank, at most "
              + MAX_NAME_LENGTH
              + " characters)");
    }
  }

  private static void checkSize(long size, String what) {
    if (size < UNKNOWN_SIZE) {
      throw new IllegalArgumentException(
          what + ": " + size + " (expected: >= 0, or " + UNKNOWN_SIZE + " when unknown)");
    }
  }

  /** Returns a builder for a record of {@code side}; the rest defaults as the builder says. */
  public static Builder builder(String service, String operation, String endpoint, Side side) {
    return new Builder(service, operation, endpoint, side);
  }

  /** Returns this record with another validity (downgraded again if it claims VALID wrongly). */
  QosRecord withValidity(Validity validity) {
    return new QosRecord(
        recordedAt,
        service,
        operation,
        endpoint,
        side,
        outcome,
        t1Micros,
        t2Micros,
        t3Micros,
        t4Micros,
        requestBytes,
        responseBytes,
        validity);
  }

  /** Whether the timestamps can be trusted. */
  public boolean isValid() {
    return validity.isValid();
  }

  /** Execution time t3 - t2 (provider clock), when the record is valid and has both. */
  public OptionalLong executionMicros() {
    if (!isValid() || t2Micros == ABSENT || t3Micros == ABSENT) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(t3Micros - t2Micros);
  }

  /** Response time t4 - t1 (requester clock), when the record is valid and has both. */
  public OptionalLong responseMicros() {
    if (!isValid() || t1Micros == ABSENT || t4Micros == ABSENT) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(t4Micros - t1Micros);
  }

  /**
   * Communication time (t4 - t1) - (t3 - t2): the request's and the response's time in transit
   * (network, queues, marshalling outside the provider's monitor), when both differences exist.
   */
  public OptionalLong communicationMicros() {
    OptionalLong response = responseMicros();
    OptionalLong execution = executionMicros();
    if (response.isEmpty() || execution.isEmpty()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(response.getAsLong() - execution.getAsLong());
  }

  /**
   * Builds a {@link QosRecord} and decides its validity. Defaults: every timestamp {@link #ABSENT},
   * sizes {@link #UNKNOWN_SIZE}, outcome {@link Outcome#SUCCESS}, {@code recordedAt} now, future
   * tolerance {@link #DEFAULT_FUTURE_TOLERANCE_MICROS}.
   */
  public static final class Builder {
    private final String service;
    private final String operation;
    private final String endpoint;
    private final Side side;
    private Outcome outcome = Outcome.SUCCESS;
    private Instant recordedAt;
    private long t1 = ABSENT;
    private long t2 = ABSENT;
    private long t3 = ABSENT;
    private long t4 = ABSENT;
    private long requestBytes = UNKNOWN_SIZE;
    private long responseBytes = UNKNOWN_SIZE;
    private long futureToleranceMicros = DEFAULT_FUTURE_TOLERANCE_MICROS;
    private Validity reported = Validity.VALID;

    private Builder(String service, String operation, String endpoint, Side side) {
      this.service = requireNonNull(service, "service");
      this.operation = requireNonNull(operation, "operation");
      this.endpoint = requireNonNull(endpoint, "endpoint");
      this.side = requireNonNull(side, "side");
    }

    /** How the exchange ended. */
    public Builder outcome(Outcome outcome) {
      this.outcome = requireNonNull(outcome, "outcome");
      return this;
    }

    /** When the record was made on this side's clock; stamps on this clock may not be later. */
    public Builder recordedAt(Instant recordedAt) {
      this.recordedAt = requireNonNull(recordedAt, "recordedAt");
      return this;
    }

    /** t1: request sent, requester clock, microseconds since the epoch. */
    public Builder t1(long micros) {
      t1 = micros;
      return this;
    }

    /** t2: request received, provider clock, microseconds since the epoch. */
    public Builder t2(long micros) {
      t2 = micros;
      return this;
    }

    /** t3: response sent, provider clock, microseconds since the epoch. */
    public Builder t3(long micros) {
      t3 = micros;
      return this;
    }

    /** t4: response received (or failure seen), requester clock, microseconds since the epoch. */
    public Builder t4(long micros) {
      t4 = micros;
      return this;
    }

    /** Sizes on the wire in bytes, {@link #UNKNOWN_SIZE} when unknown. */
    public Builder sizes(long requestBytes, long responseBytes) {
      this.requestBytes = requestBytes;
      this.responseBytes = responseBytes;
      return this;
    }

    /**
     * Tolerance for stamps on this side's clock later than {@code recordedAt} (e.g. a clock step
     * between stamping and recording). Range: 0..{@link #MAX_PLAUSIBLE_MICROS}.
     */
    public Builder futureTolerance(Duration tolerance) {
      requireNonNull(tolerance, "futureTolerance");
      long micros = tolerance.toNanos() / 1_000;
      if (tolerance.isNegative() || micros > MAX_PLAUSIBLE_MICROS) {
        throw new IllegalArgumentException(
            "futureTolerance: " + tolerance + " (expected: 0.." + Duration.ofHours(1) + ")");
      }
      futureToleranceMicros = micros;
      return this;
    }

    /**
     * Marks the record invalid for a reason found while reading the timestamps (e.g. {@link
     * Validity#MALFORMED_TIMESTAMP} for an unparsable header, {@link
     * Validity#DUPLICATE_TIMESTAMP}); the builder's own checks cannot see those.
     */
    public Builder invalid(Validity reason) {
      requireNonNull(reason, "reason");
      if (reason.isValid()) {
        throw new IllegalArgumentException("reason: VALID (expected: a reason for invalidity)");
      }
      reported = reason;
      return this;
    }

    /** Returns the record, its validity decided by the rules of {@link Validity}. */
    public QosRecord build() {
      Instant at = recordedAt != null ? recordedAt : Instant.now();
      QosRecord record =
          new QosRecord(
              at,
              service,
              operation,
              endpoint,
              side,
              outcome,
              t1,
              t2,
              t3,
              t4,
              requestBytes,
              responseBytes,
              reported);
      if (record.isValid()
          && Validation.fromTheFuture(
              side,
              t1,
              t2,
              t3,
              t4,
              ChronoUnit.MICROS.between(Instant.EPOCH, at),
              futureToleranceMicros)) {
        return record.withValidity(Validity.FUTURE_TIMESTAMP);
      }
      return record;
    }
  }
}
