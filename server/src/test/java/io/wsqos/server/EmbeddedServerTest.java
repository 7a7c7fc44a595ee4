package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;

class EmbeddedServerTest {

  static final String ECHO_REQUEST =
      """
      <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
        <soap:Body><e:echo xmlns:e="http://wsqos.io/ns/test/server"><arg0>hi</arg0></e:echo></soap:Body>
      </soap:Envelope>""";

  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  static HttpResponse<String> post(String url, String body) throws Exception {
    {
      return CLIENT.send(
          HttpRequest.newBuilder(URI.create(url))
              .header("Content-Type", "text/xml; charset=UTF-8")
              .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    }
  }

  static HttpResponse<String> get(String url) throws Exception {
    {
      return CLIENT.send(
          HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
  }

  @Test
  void anIpv4ServerListensOnAnIpv4SocketAndServes() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "needs Linux's /proc/net/tcp");
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .protocolFamily(StandardProtocolFamily.INET)
            .endpoint("/echo", Echo.class, new Echo.Impl())
            .start()) {

      HttpResponse<String> response = post(server.address("/echo"), ECHO_REQUEST);

      assertThat(response.body()).contains("echo: hi");
      assertThat(listening(Path.of("/proc/net/tcp"), server.port())).isTrue();
      assertThat(listening(Path.of("/proc/net/tcp6"), server.port())).isFalse();
    }
  }

  @Test
  void aServerWithoutAcceptorThreadsAcceptsEveryConnectionOnItsSelector() throws Exception {
    for (StandardProtocolFamily family :
        List.of(StandardProtocolFamily.INET6, StandardProtocolFamily.INET)) {
      try (EmbeddedServer withAcceptor =
              EmbeddedServer.builder()
                  .threadNamePrefix("jetty-accepts")
                  .endpoint("/echo", Echo.class, new Echo.Impl())
                  .start();
          EmbeddedServer withoutAcceptor =
              EmbeddedServer.builder()
                  .threadNamePrefix("selector-accepts")
                  .acceptors(0)
                  .protocolFamily(family)
                  .endpoint("/echo", Echo.class, new Echo.Impl())
                  .start()) {
        for (int i = 0; i < 3; i++) {
          assertThat(postOnNewConnection(withoutAcceptor, ECHO_REQUEST)).contains("echo: hi");
        }
        assertThat(acceptorThreads("jetty-accepts")).isEqualTo(1);
        assertThat(acceptorThreads("selector-accepts")).isZero();
      }
    }
  }

  /** Posts {@code body} to the server's {@code /echo} on a connection of its own, closed after. */
  private static String postOnNewConnection(EmbeddedServer server, String body) throws IOException {
    byte[] content = body.getBytes(StandardCharsets.UTF_8);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                  + "Content-Type: text/xml; charset=UTF-8\r\nContent-Length: "
                  + content.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(content);
      out.flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Jetty names an acceptor's thread after its pool, with {@code -acceptor-} in it. */
  private static long acceptorThreads(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(name -> name.startsWith(prefix) && name.contains("-acceptor-"))
        .count();
  }

  @Test
  void anIpv4ServerRefusesAnIpv6HostAndLeavesNothingRunning() {
    assertThatThrownBy(
            () ->
                EmbeddedServer.builder()
                    .host("::1")
                    .protocolFamily(StandardProtocolFamily.INET)
                    .endpoint("/echo", Echo.class, new Echo.Impl())
                    .start())
        .hasStackTraceContaining("on an INET channel (expected: an address of that family)");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> EmbeddedServer.builder().protocolFamily(StandardProtocolFamily.UNIX))
        .withMessage("protocolFamily: UNIX (expected: INET or INET6)");
  }

  /** Whether {@code table} (/proc/net/tcp or tcp6) lists a listening socket on {@code port}. */
  private static boolean listening(Path table, int port) throws Exception {
    if (!Files.isReadable(table)) {
      return false;
    }
    String portHex = String.format(":%04X", port);
    return Files.readAllLines(table).stream()
        .skip(1)
        .map(line -> line.trim().split("\\s+"))
        .anyMatch(f -> f[1].endsWith(portHex) && f[3].equals("0A"));
  }

  @Test
  void anEndpointAnswersAtItsPathOnTheLoopbackOnAFreePort() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {

      HttpResponse<String> response = post(server.address("/echo"), ECHO_REQUEST);

      assertThat(server.port()).isPositive();
      assertThat(server.address()).isEqualTo("http://127.0.0.1:" + server.port());
      assertThat(server.address("/echo")).isEqualTo(server.address() + "/echo");
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).contains("echo: hi");
      assertThat(response.headers().firstValue("Server")).isEmpty();
      assertThat(server.endpoint("/echo")).isPresent();
      assertThat(server.endpoint("/other")).isEmpty();
    }
  }

  @Test
  void severalEndpointsAndAPlainServletShareOnePort() throws Exception {
    HttpServlet hello =
        new HttpServlet() {
          private static final long serialVersionUID = 1L;

          @Override
          protected void doGet(HttpServletRequest request, HttpServletResponse response)
              throws IOException {
            response.setContentType("text/plain");
            response.getWriter().print("hello from a servlet");
          }
        };
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .endpoint("/one", Echo.class, new Echo.Impl())
            .endpoint("/two", Echo.class, new Echo.Impl())
            .servlet("/hello", hello)
            .start()) {

      assertThat(post(server.address("/one"), ECHO_REQUEST).body()).contains("echo: hi");
      assertThat(post(server.address("/two"), ECHO_REQUEST).body()).contains("echo: hi");
      assertThat(get(server.address("/hello")).body()).isEqualTo("hello from a servlet");
      assertThat(get(server.address("/two") + "?wsdl").body())
          .contains("wsdl:definitions")
          .contains("location=\"" + server.address("/two") + "\"");
    }
  }

  @Test
  void theCustomizerSetsInterceptorsOnTheEndpoint() throws Exception {
    AtomicInteger seen = new AtomicInteger();
    Interceptor<Message> counting =
        new AbstractPhaseInterceptor<>(Phase.RECEIVE) {
          @Override
          public void handleMessage(Message message) {
            seen.incrementAndGet();
          }
        };
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .endpoint(
                "/echo",
                Echo.class,
                new Echo.Impl(),
                List.of(),
                factory -> factory.getInInterceptors().add(counting))
            .start()) {

      post(server.address("/echo"), ECHO_REQUEST);

      assertThat(seen).hasValue(1);
    }
  }

  @Test
  void closeStopsJettyShutsTheBusDownAndIsIdempotent() {
    EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start();

    server.close();
    server.close();

    assertThat(server.isClosed()).isTrue();
    assertThat(server.bus().getState()).isEqualTo(Bus.BusState.SHUTDOWN);
    assertThatThrownBy(() -> post(server.address("/echo"), ECHO_REQUEST))
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void aHandlerServesEveryRequestInsteadOfCxf() throws Exception {
    Handler hello =
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback) {
            response.setStatus(200);
            Content.Sink.write(
                response, true, "hello " + Request.getPathInContext(request), callback);
            return true;
          }
        };
    try (EmbeddedServer server = EmbeddedServer.builder().handler(hello).start()) {
      HttpResponse<String> answer =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(server.address("/any/path"))).build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.body()).isEqualTo("hello /any/path");
      assertThat(answer.headers().firstValue("Server")).isEmpty();
      assertThatThrownBy(server::bus)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("this server serves a handler, not CXF endpoints");
    }
    assertThatThrownBy(
            () ->
                EmbeddedServer.builder()
                    .handler(hello)
                    .endpoint("/echo", Echo.class, new Echo.Impl())
                    .start())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a handler and endpoints or servlets (expected: one or the other)");
  }

  @Test
  void theBusIsDedicatedAndNeitherTheJvmNorTheThreadDefault() {
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {

      assertThat(server.bus().getState()).isEqualTo(Bus.BusState.RUNNING);
      assertThat(BusFactory.getDefaultBus(false)).isNotSameAs(server.bus());
      assertThat(BusFactory.getThreadDefaultBus(false)).isNotSameAs(server.bus());
    }
  }

  @Test
  void threadsCarryThePrefixAndEndWithTheServer() {
    EmbeddedServer server =
        EmbeddedServer.builder()
            .threadNamePrefix("embedded-test-prefix")
            .threads(4, 12)
            .endpoint("/echo", Echo.class, new Echo.Impl())
            .start();
    assertThat(threadsNamed("embedded-test-prefix")).isNotEmpty();

    server.close();

    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> threadsNamed("embedded-test-prefix").isEmpty());
  }

  @Test
  void aPortInUseFailsTheStartAndLeavesNothingRunning() {
    try (EmbeddedServer first =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {
      EmbeddedServer.Builder second =
          EmbeddedServer.builder()
              .port(first.port())
              .threadNamePrefix("embedded-test-second")
              .endpoint("/echo", Echo.class, new Echo.Impl());

      assertThatThrownBy(second::start)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("server did not start on 127.0.0.1:" + first.port());

      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> threadsNamed("embedded-test-second").isEmpty());
    }
  }

  @Test
  void theBuilderRejectsBadSettingsWithWhatWasExpected() {
    EmbeddedServer.Builder builder = EmbeddedServer.builder();

    assertThatThrownBy(() -> builder.port(70_000)).hasMessage("port: 70000 (expected: 0..65535)");
    assertThatThrownBy(() -> builder.host(" "))
        .hasMessage("host: '' (expected: a host name or address)");
    assertThatThrownBy(() -> builder.acceptQueueSize(0))
        .hasMessage("acceptQueueSize: 0 (expected: >= 1)");
    assertThatThrownBy(() -> builder.acceptors(-2)).hasMessage("acceptors: -2 (expected: -1..16)");
    assertThatThrownBy(() -> builder.threads(8, 4))
        .hasMessage("threads: 8..4 (expected: 1 <= min <= max)");
    assertThatThrownBy(() -> builder.stopTimeout(Duration.ofSeconds(-1)))
        .hasMessage("stopTimeout: PT-1S (expected: >= 0)");
    assertThatThrownBy(() -> builder.endpoint("echo", Echo.class, new Echo.Impl()))
        .hasMessage("path: 'echo' (expected: starts with '/', e.g. /service)");
    assertThatThrownBy(builder::start)
        .hasMessage(
            "nothing to serve (expected: at least one endpoint, JAX-RS resource or servlet, or a"
                + " handler)");
  }

  @Test
  void theBuilderRejectsAnImplementorOfAnotherInterfaceAndAPathServedTwice() {
    EmbeddedServer.Builder builder =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl());
    Object notAnEcho = new Object();

    @SuppressWarnings({"unchecked", "rawtypes"})
    Throwable wrongType =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> builder.endpoint("/other", (Class) Echo.class, notAnEcho));

    assertThat(wrongType)
        .hasMessage(
            "implementor: java.lang.Object (expected: an implementation of"
                + " io.wsqos.server.Echo)");
    assertThatThrownBy(() -> builder.servlet("/echo", new HttpServlet() {}))
        .hasMessage("path: /echo (expected: not already served)");
  }

  private static List<Thread> threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
        .toList();
  }
}
