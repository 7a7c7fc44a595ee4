package io.wsqos.broker.api;

/**
 * An update or withdrawal of an offer named a version that is no longer current: another write came
 * first. Read the offer again and decide anew.
 */
public final class VersionConflictException extends BrokerException {

  private static final long serialVersionUID = 1L;

  private final long offerId;
  private final long expectedVersion;
  private final long currentVersion;

  /** Offer {@code offerId} is at {@code currentVersion}, not at {@code expectedVersion}. */
  public VersionConflictException(long offerId, long expectedVersion, long currentVersion) {
    super(
        "offer "
            + offerId
            + " is at version "
            + currentVersion
            + ", not "
            + expectedVersion
            + ": another write came first",
        null);
    this.offerId = offerId;
    this.expectedVersion = expectedVersion;
    this.currentVersion = currentVersion;
  }

  /** The offer written. */
  public long offerId() {
    return offerId;
  }

  /** The version the caller read. */
  public long expectedVersion() {
    return expectedVersion;
  }

  /** The version the offer is at. */
  public long currentVersion() {
    return currentVersion;
  }
}
