package io.wsqos.benchmarks.experiment;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a {@code monitored-otel} server exports: an OTLP/HTTP receiver on loopback, in the driver's
 * JVM (so its work is not the server's), that reads each export, counts it and answers success with
 * an empty body (an empty export response) without decoding it.
 */
final class OtlpSink implements AutoCloseable {

  private final HttpServer server;
  private final AtomicLong traceExports = new AtomicLong();
  private final AtomicLong metricExports = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();

  private OtlpSink(HttpServer server) {
    this.server = server;
  }

  static OtlpSink start() {
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the OTLP receiver: " + e, e);
    }
    // The server's own dispatcher thread handles the exports: a few per second at most.
    OtlpSink sink = new OtlpSink(server);
    server.createContext("/v1/traces", exchange -> sink.receive(exchange, sink.traceExports));
    server.createContext("/v1/metrics", exchange -> sink.receive(exchange, sink.metricExports));
    server.createContext("/", exchange -> sink.answer(exchange, 404));
    server.start();
    return sink;
  }

  private void receive(HttpExchange exchange, AtomicLong exports) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      bytes.addAndGet(in.transferTo(OutputStream.nullOutputStream()));
    }
    exports.incrementAndGet();
    exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
    answer(exchange, 200);
  }

  private void answer(HttpExchange exchange, int status) throws IOException {
    exchange.sendResponseHeaders(status, -1);
    exchange.close();
  }

  /** The base URL to export to, as {@code otel.exporter.otlp.endpoint}. */
  String endpoint() {
    return "http://"
        + server.getAddress().getAddress().getHostAddress()
        + ":"
        + server.getAddress().getPort();
  }

  /** What it received, for a report's settings. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "OTLP receiver (driver's JVM, discards): %d trace exports, %d metric exports, %,d bytes",
        traceExports.get(),
        metricExports.get(),
        bytes.get());
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
