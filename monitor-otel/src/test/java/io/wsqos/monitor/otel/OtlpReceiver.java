package io.wsqos.monitor.otel;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.trace.v1.Span;
import io.wsqos.testing.TestServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.zip.GZIPInputStream;

/**
 * A test OTLP/HTTP receiver on 127.0.0.1, port 0: accepts protobuf exports on {@code /v1/traces}
 * and {@code /v1/metrics}, decodes them with the OTLP protocol's classes and keeps them.
 */
final class OtlpReceiver implements AutoCloseable {

  private static final String PROTOBUF = "application/x-protobuf";

  private final HttpServer server;
  private final ConcurrentLinkedQueue<ExportTraceServiceRequest> traces =
      new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<ExportMetricsServiceRequest> metrics =
      new ConcurrentLinkedQueue<>();

  private OtlpReceiver(HttpServer server) {
    this.server = server;
  }

  static OtlpReceiver start() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(TestServer.HOST, 0), 0);
    OtlpReceiver receiver = new OtlpReceiver(server);
    server.createContext(
        "/v1/traces",
        exchange -> {
          receiver.traces.add(ExportTraceServiceRequest.parseFrom(body(exchange)));
          answer(exchange, ExportTraceServiceResponse.getDefaultInstance().toByteArray());
        });
    server.createContext(
        "/v1/metrics",
        exchange -> {
          receiver.metrics.add(ExportMetricsServiceRequest.parseFrom(body(exchange)));
          answer(exchange, ExportMetricsServiceResponse.getDefaultInstance().toByteArray());
        });
    server.start();
    return receiver;
  }

  private static byte[] body(HttpExchange exchange) throws IOException {
    boolean gzip =
        "gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"));
    try (InputStream in =
        gzip ? new GZIPInputStream(exchange.getRequestBody()) : exchange.getRequestBody()) {
      return in.readAllBytes();
    }
  }

  private static void answer(HttpExchange exchange, byte[] body) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", PROTOBUF);
    exchange.sendResponseHeaders(200, body.length);
    try (var out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** The base URL, as {@code otel.exporter.otlp.endpoint}. */
  String endpoint() {
    return "http://" + TestServer.HOST + ":" + server.getAddress().getPort();
  }

  List<ExportTraceServiceRequest> traceRequests() {
    return List.copyOf(traces);
  }

  /** Every span received so far. */
  List<Span> spans() {
    return traces.stream()
        .flatMap(r -> r.getResourceSpansList().stream())
        .flatMap(r -> r.getScopeSpansList().stream())
        .flatMap(s -> s.getSpansList().stream())
        .toList();
  }

  /** Every metric received so far (each export repeats the cumulative ones). */
  List<Metric> metrics() {
    return metrics.stream()
        .flatMap(r -> r.getResourceMetricsList().stream())
        .flatMap(r -> r.getScopeMetricsList().stream())
        .flatMap(s -> s.getMetricsList().stream())
        .toList();
  }

  void clear() {
    traces.clear();
    metrics.clear();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
