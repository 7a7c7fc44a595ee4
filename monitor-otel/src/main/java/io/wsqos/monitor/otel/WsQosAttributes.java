package io.wsqos.monitor.otel;

import io.opentelemetry.api.common.AttributeKey;

/**
 * The {@code wsqos.*} attributes of the monitor's spans and metrics. A span carries every one that
 * is known for its record (an absent timestamp or an unknown size is left out); the metrics carry
 * {@link #SERVICE}, {@link #OPERATION}, {@link #SIDE} and, on the record counter, {@link #OUTCOME}.
 */
public final class WsQosAttributes {

  /** The service's qualified name, e.g. {@code {http://example.com/}BookstoreService}. */
  public static final AttributeKey<String> SERVICE = AttributeKey.stringKey("wsqos.service");

  /** The operation's name, e.g. {@code getBook}. */
  public static final AttributeKey<String> OPERATION = AttributeKey.stringKey("wsqos.operation");

  /** The endpoint's address, e.g. {@code http://127.0.0.1:8080/bookstore}. */
  public static final AttributeKey<String> ENDPOINT = AttributeKey.stringKey("wsqos.endpoint");

  /** Which monitor made the record: {@code requester} or {@code provider}. */
  public static final AttributeKey<String> SIDE = AttributeKey.stringKey("wsqos.side");

  /** How the exchange ended: an {@code Outcome} name, e.g. {@code SUCCESS}, {@code REFUSED}. */
  public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("wsqos.outcome");

  /** Whether the timestamps can be trusted: a {@code Validity} name, e.g. {@code VALID}. */
  public static final AttributeKey<String> VALIDITY = AttributeKey.stringKey("wsqos.validity");

  /** t1, request sent: microseconds since the epoch on the requester's clock. */
  public static final AttributeKey<Long> T1_MICROS = AttributeKey.longKey("wsqos.t1_us");

  /** t2, request received: microseconds since the epoch on the provider's clock. */
  public static final AttributeKey<Long> T2_MICROS = AttributeKey.longKey("wsqos.t2_us");

  /** t3, response sent: microseconds since the epoch on the provider's clock. */
  public static final AttributeKey<Long> T3_MICROS = AttributeKey.longKey("wsqos.t3_us");

  /** t4, response received or failure seen: microseconds on the requester's clock. */
  public static final AttributeKey<Long> T4_MICROS = AttributeKey.longKey("wsqos.t4_us");

  /** The request's size on the wire in bytes (compressed if it was). */
  public static final AttributeKey<Long> REQUEST_BYTES = AttributeKey.longKey("wsqos.request.size");

  /** The response's size on the wire in bytes (compressed if it was). */
  public static final AttributeKey<Long> RESPONSE_BYTES =
      AttributeKey.longKey("wsqos.response.size");

  /** Whether the request travelled with a {@code Content-Encoding}. */
  public static final AttributeKey<Boolean> REQUEST_COMPRESSED =
      AttributeKey.booleanKey("wsqos.request.compressed");

  /** Whether the response travelled with a {@code Content-Encoding}. */
  public static final AttributeKey<Boolean> RESPONSE_COMPRESSED =
      AttributeKey.booleanKey("wsqos.response.compressed");

  private WsQosAttributes() {}
}
