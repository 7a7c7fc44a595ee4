package io.wsqos.monitor.otel;

import io.opentelemetry.api.common.AttributeKey;

/**
 * The OpenTelemetry semantic-convention attributes the spans carry besides {@link WsQosAttributes}
 * (RPC, server and URL conventions; named here rather than through the incubating semconv artifact,
 * whose names move between its releases).
 */
final class SemanticAttributes {

  static final AttributeKey<String> RPC_SYSTEM = AttributeKey.stringKey("rpc.system");
  static final AttributeKey<String> RPC_SERVICE = AttributeKey.stringKey("rpc.service");
  static final AttributeKey<String> RPC_METHOD = AttributeKey.stringKey("rpc.method");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
  static final AttributeKey<String> URL_FULL = AttributeKey.stringKey("url.full");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  /** The value of {@link #RPC_SYSTEM}: SOAP is not among the convention's listed systems. */
  static final String SOAP = "soap";

  private SemanticAttributes() {}
}
