package io.wsqos.monitor.otel;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;

/** What a record puts on its span: the name, the attributes, the status and the end time. */
final class Spans {

  private Spans() {}

  static String sideName(Side side) {
    return side == Side.REQUESTER ? "requester" : "provider";
  }

  /**
   * The span's name, {@code {service}/{operation}} with the service's local name (its qualified
   * name is in {@code rpc.service}), as the RPC conventions name spans.
   */
  static String name(String service, String operation) {
    int close = service.lastIndexOf('}');
    return (close >= 0 ? service.substring(close + 1) : service) + "/" + operation;
  }

  /** Completes {@code span} with {@code record} and ends it at t4 (requester) or t3 (provider). */
  static void finish(Span span, QosRecord record, Exchange exchange) {
    span.updateName(name(record.service(), record.operation()));
    AttributesBuilder attributes = Attributes.builder();
    attributes
        .put(WsQosAttributes.SERVICE, record.service())
        .put(WsQosAttributes.OPERATION, record.operation())
        .put(WsQosAttributes.ENDPOINT, record.endpoint())
        .put(WsQosAttributes.SIDE, sideName(record.side()))
        .put(WsQosAttributes.OUTCOME, record.outcome().name())
        .put(WsQosAttributes.VALIDITY, record.validity().name())
        .put(SemanticAttributes.RPC_SYSTEM, SemanticAttributes.SOAP)
        .put(SemanticAttributes.RPC_SERVICE, record.service())
        .put(SemanticAttributes.RPC_METHOD, record.operation());
    putStamp(attributes, WsQosAttributes.T1_MICROS, record.t1Micros());
    putStamp(attributes, WsQosAttributes.T2_MICROS, record.t2Micros());
    putStamp(attributes, WsQosAttributes.T3_MICROS, record.t3Micros());
    putStamp(attributes, WsQosAttributes.T4_MICROS, record.t4Micros());
    putSize(attributes, WsQosAttributes.REQUEST_BYTES, record.requestBytes());
    putSize(attributes, WsQosAttributes.RESPONSE_BYTES, record.responseBytes());
    putCompression(attributes, record.side(), exchange);
    putServer(attributes, record);
    boolean failed = !record.outcome().succeeded();
    if (failed) {
      attributes.put(SemanticAttributes.ERROR_TYPE, record.outcome().name());
    }
    span.setAllAttributes(attributes.build());
    if (failed) {
      span.setStatus(StatusCode.ERROR, description(record, exchange));
    }
    long end = record.side() == Side.REQUESTER ? record.t4Micros() : record.t3Micros();
    span.end(end, TimeUnit.MICROSECONDS);
  }

  private static void putStamp(AttributesBuilder attributes, AttributeKey<Long> key, long micros) {
    if (micros != QosRecord.ABSENT) {
      attributes.put(key, micros);
    }
  }

  private static void putSize(AttributesBuilder attributes, AttributeKey<Long> key, long size) {
    if (size != QosRecord.UNKNOWN_SIZE) {
      attributes.put(key, size);
    }
  }

  private static void putCompression(AttributesBuilder attributes, Side side, Exchange exchange) {
    Message request = side == Side.REQUESTER ? exchange.getOutMessage() : exchange.getInMessage();
    Message response =
        side == Side.REQUESTER
            ? firstOf(exchange.getInMessage(), exchange.getInFaultMessage())
            : firstOf(exchange.getOutMessage(), exchange.getOutFaultMessage());
    if (request != null) {
      attributes.put(WsQosAttributes.REQUEST_COMPRESSED, HttpHeaderCarrier.isCompressed(request));
    }
    if (response != null) {
      attributes.put(WsQosAttributes.RESPONSE_COMPRESSED, HttpHeaderCarrier.isCompressed(response));
    }
  }

  private static Message firstOf(Message first, Message second) {
    return first != null ? first : second;
  }

  /** {@code server.address} and {@code server.port} from the endpoint, and the client's URL. */
  private static void putServer(AttributesBuilder attributes, QosRecord record) {
    URI uri;
    try {
      uri = URI.create(record.endpoint());
    } catch (IllegalArgumentException e) {
      return;
    }
    if (uri.getHost() == null) {
      return;
    }
    attributes.put(SemanticAttributes.SERVER_ADDRESS, uri.getHost());
    if (uri.getPort() >= 0) {
      attributes.put(SemanticAttributes.SERVER_PORT, (long) uri.getPort());
    }
    if (record.side() == Side.REQUESTER) {
      attributes.put(SemanticAttributes.URL_FULL, record.endpoint());
    }
  }

  /** The outcome, and the failure's message when CXF kept one. */
  private static String description(QosRecord record, Exchange exchange) {
    Exception failure = exchange.get(Exception.class);
    Message out = exchange.getOutMessage();
    if (failure == null && out != null) {
      failure = out.getContent(Exception.class);
    }
    Message fault = firstOf(exchange.getInFaultMessage(), exchange.getOutFaultMessage());
    if (failure == null && fault != null) {
      failure = fault.getContent(Exception.class);
    }
    String message = failure == null ? null : failure.getMessage();
    return message == null ? record.outcome().name() : record.outcome().name() + ": " + message;
  }
}
