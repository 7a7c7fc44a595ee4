package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlType;

/**
 * The detail of every broker fault: which kind of error it is, the request field it names (for
 * invalid input), and what a client can do about it.
 */
@XmlType(
    name = "FaultDetail",
    propOrder = {"kind", "field", "message", "retry", "currentVersion"})
public final class FaultDetail {

  /**
   * One of {@code invalid-input}, {@code unauthenticated}, {@code forbidden}, {@code not-found},
   * {@code duplicate}, {@code version-conflict} ({@code soap:Client} faults: sending the same
   * request again fails the same way) and {@code registry-unavailable} ({@code soap:Server}).
   */
  public String kind;

  /** The request field that is wrong, dotted for nested fields (e.g. {@code terms.price}). */
  public String field;

  /** What went wrong, and what was expected; never a token or a stack trace. */
  public String message;

  /** Whether the same request may succeed later: true for {@code registry-unavailable} only. */
  public boolean retry;

  /** For {@code version-conflict}: the offer's current version, to read again. */
  public Long currentVersion;

  /** For JAXB. */
  public FaultDetail() {}

  FaultDetail(String kind, String field, String message, boolean retry, Long currentVersion) {
    this.kind = kind;
    this.field = field;
    this.message = message;
    this.retry = retry;
    this.currentVersion = currentVersion;
  }
}
