package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.cli.Option;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ServerWarmupTest {

  private static final List<Option<?>> OPTIONS = ServerWarmup.OPTIONS;

  private static final byte[] RESPONSE =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body/>"
          .concat("</soap:Envelope>")
          .getBytes(StandardCharsets.UTF_8);

  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger mostInFlight = new AtomicInteger();
  private final AtomicInteger requests = new AtomicInteger();
  private ExecutorService executor;
  private HttpServer server;

  /** A server that holds each request 20 ms, so that every requester is seen in flight at once. */
  @BeforeEach
  void startServer() throws IOException {
    executor = Executors.newFixedThreadPool(64);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
    server.setExecutor(executor);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            exchange.getRequestBody().readAllBytes();
            hold();
            exchange.getResponseHeaders().add("Content-Type", "text/xml; charset=UTF-8");
            exchange.sendResponseHeaders(200, RESPONSE.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(RESPONSE);
            }
          }
        });
    server.start();
  }

  /**
   * Counts the request in flight while it is held; it leaves before its response is sent, since its
   * requester may send the next one as soon as the response arrives.
   */
  private void hold() {
    mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
    requests.incrementAndGet();
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      inFlight.decrementAndGet();
    }
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
    executor.shutdownNow();
  }

  @Test
  void warmsAtSixteenRequestersByDefault() {
    OptionValues args = OptionValues.parse(OPTIONS, "--server-warmup=1");

    ServerWarmup.run("test", args, DriverOptions.builder().build(), List.of(variant()), System.err);

    assertThat(requests.get()).isPositive();
    assertThat(mostInFlight.get()).isBetween(2, ServerWarmup.REQUESTERS);
    assertThat(ServerWarmup.describe(args))
        .isEqualTo("each server warmed up 1000 ms by 16 back-to-back requesters before the sweep");
  }

  @Test
  void runsTheSecondHalfAtTheRequestersAsked() {
    OptionValues args =
        OptionValues.parse(OPTIONS, "--server-warmup=2", "--server-warmup-requesters=24");

    ServerWarmup.run("test", args, DriverOptions.builder().build(), List.of(variant()), System.err);

    assertThat(mostInFlight.get()).isBetween(ServerWarmup.REQUESTERS + 1, 24);
    assertThat(ServerWarmup.describe(args))
        .isEqualTo(
            "each server warmed up 1000 ms by 16 back-to-back requesters, then 1000 ms by 24,"
                + " before the sweep");
  }

  @Test
  void refusesFewerThanOneRequester() {
    assertThatThrownBy(
            () -> OptionValues.parse(OPTIONS, "--server-warmup=1", "--server-warmup-requesters=0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--server-warmup-requesters: 0 (expected: 1..100000)");
    assertThat(requests.get()).isZero();
  }

  private Variant variant() {
    URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/bookstore");
    return new Variant(
        "scripted",
        RequestSource.of(
            HttpRequest.post(uri, "<x/>".getBytes(StandardCharsets.UTF_8))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .build()));
  }
}
