package io.wsqos.broker.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.app.BrokerApis;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.Closer;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.net.StallingServer;
import io.wsqos.testing.net.TcpRelay;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.h2.tools.Server;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java client and the endpoint candidates while the broker is away, for real: a broker whose
 * port refuses connections ({@link ClosedPort}) or is cut ({@link TcpRelay}), one that accepts and
 * never answers, one whose database is cut (its writes answer 503 with {@code Retry-After}), and a
 * proxy in front of it answering 503 to selections. Each call fails the way {@link BrokerClient}
 * documents within its request timeout, the candidates keep their last answer, and both follow the
 * broker again when it is back.
 */
class BrokerClientOutageTest {

  /** The bound that only catches a hang: far above any request timeout used here. */
  private static final Duration HANG = Duration.ofSeconds(30);

  private static final Duration REQUEST_TIMEOUT = Duration.ofMillis(500);

  /** The candidates' watches: short, so that a watch held when the broker changes ends soon. */
  private static final Duration WAIT = Duration.ofSeconds(1);

  private static final String PORT_TYPE = BrokerClientTest.BOOKSTORE.toString();

  @TempDir Path directory;

  @RegisterExtension final Closer resources = new Closer();

  private TcpRelay databaseRelay;
  private OfferSelector selector;
  private EmbeddedServer server;
  private final SelectGate gate = new SelectGate();
  private BrokerClient admin;

  /**
   * A broker on H2 served over TCP behind {@link #databaseRelay}, its REST API on one server whose
   * {@code /api/select} and {@code /api/select/watch} pass through {@link #gate}.
   */
  @BeforeEach
  void startBroker() throws Exception {
    Server h2 =
        Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", directory.toString())
            .start();
    resources.add(h2::stop);
    databaseRelay = resources.add(TcpRelay.to(h2.getPort()));
    Registry registry =
        resources.add(
            Registry.builder()
                .url("jdbc:h2:tcp://127.0.0.1:" + databaseRelay.port() + "/broker", "", "")
                .connectionTimeout(Duration.ofMillis(500))
                .build());
    selector =
        resources.add(
            OfferSelector.builder(registry)
                .pollInterval(Duration.ofMillis(50))
                .staleAfter(Duration.ofMillis(300))
                .build());
    BrokerService service =
        BrokerService.builder(registry, selector).adminToken(BrokerStack.ADMIN_TOKEN).build();
    server =
        resources.add(
            EmbeddedServer.builder()
                .daemonThreads(true)
                .mounts(BrokerApis.mounts(service))
                .servlet("/api/select/*", gate)
                .start());
    admin = client(server.address(), BrokerStack.ADMIN_TOKEN);
  }

  /** A client with the default request timeout, above the broker's own database timeout. */
  private static BrokerClient client(String address, String token) {
    BrokerClient.Builder builder = BrokerClient.builder(URI.create(address));
    return (token == null ? builder : builder.token(token)).build();
  }

  /** A provider with an endpoint for the bookstore at {@code address} and an offer there. */
  private Offer offerAt(String provider, String address, String price) {
    ProviderRegistration registration = admin.registerProvider(provider);
    long serviceId =
        admin.services(0, 10).items().stream()
            .findFirst()
            .map(Service::id)
            .orElseGet(
                () ->
                    admin
                        .registerService(
                            BrokerClientTest.BOOKSTORE, URI.create("http://books.test/b?wsdl"))
                        .id());
    Endpoint endpoint =
        admin.registerEndpoint(
            registration.provider().id(), serviceId, URI.create(address), Set.of(Binding.SOAP_1_1));
    return admin.publishOffer(endpoint.id(), BrokerClientTest.terms(price));
  }

  private Selection awaitSelected(BrokerClient client, long offerId) {
    AtomicReference<Selection> selected = new AtomicReference<>();
    await()
        .atMost(HANG)
        .until(
            () -> {
              selected.set(client.select(BrokerClientTest.BOOKSTORE, BrokerClientTest.ANYTHING));
              return selected.get().candidates().stream().anyMatch(c -> c.offer().id() == offerId);
            });
    return selected.get();
  }

  /** A selection from {@code client} that fails, as it must, within {@link #HANG}. */
  private static UncheckedIOException failedSelect(BrokerClient client) {
    return assertTimeoutPreemptively(
        HANG,
        () ->
            catchThrowableOfType(
                () -> client.select(BrokerClientTest.BOOKSTORE, BrokerClientTest.ANYTHING),
                UncheckedIOException.class));
  }

  @Test
  void aBrokerThatRefusesConnectionsFailsEachCallWithAnUncheckedIoExceptionNamingIt()
      throws Exception {
    try (ClosedPort closed = ClosedPort.open()) {
      BrokerClient client = client("http://127.0.0.1:" + closed.port(), BrokerStack.ADMIN_TOKEN);

      UncheckedIOException select = failedSelect(client);
      UncheckedIOException publish =
          assertTimeoutPreemptively(
              HANG,
              () ->
                  catchThrowableOfType(
                      () -> client.publishOffer(1, BrokerClientTest.terms("0.10")),
                      UncheckedIOException.class));

      assertThat(select)
          .hasMessageStartingWith("GET " + closed.url("/api/select?service="))
          .hasMessageEndingWith(": ConnectException")
          .cause()
          .isInstanceOf(ConnectException.class);
      assertThat(publish)
          .hasMessage("POST " + closed.url("/api/offers") + ": ConnectException")
          .cause()
          .isInstanceOf(ConnectException.class);
    }
  }

  @Test
  void aBrokerThatAcceptsButNeverAnswersTimesOutAfterTheRequestTimeout() throws Exception {
    // A listening socket nobody accepts on: the kernel completes the connection, and the request
    // waits for an answer that never comes.
    try (ServerSocket silent = new ServerSocket()) {
      silent.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
      String address = "http://127.0.0.1:" + silent.getLocalPort();
      BrokerClient client =
          BrokerClient.builder(URI.create(address)).requestTimeout(REQUEST_TIMEOUT).build();

      UncheckedIOException timedOut = failedSelect(client);
      List<String> first;
      try (BrokerEndpointCandidates candidates =
          BrokerEndpointCandidates.builder(client).firstAnswerTimeout(REQUEST_TIMEOUT).build()) {
        first = assertTimeoutPreemptively(HANG, () -> candidates.candidates(PORT_TYPE));
      }

      assertThat(timedOut)
          .hasMessageStartingWith("GET " + address + "/api/select?service=")
          .hasMessageEndingWith(": request timed out");
      assertThat(timedOut.getCause()).isInstanceOf(HttpTimeoutException.class);
      assertThat(first).as("no answer yet: no candidates").isEmpty();
    }
  }

  @Test
  void aBrokerThatStallsInTheMiddleOfAnAnswerTimesOutAfterTheRequestTimeout() {
    try (StallingServer stalling = StallingServer.start("application/json", "{\"offers\":[")) {
      BrokerClient client =
          BrokerClient.builder(URI.create(stalling.url("")))
              .requestTimeout(REQUEST_TIMEOUT)
              .build();

      UncheckedIOException timedOut = failedSelect(client);

      assertThat(stalling.requests()).as("the headers and the body's start were sent").isEqualTo(1);
      assertThat(timedOut)
          .hasMessageStartingWith("GET " + stalling.url("/api/select?service="))
          .hasMessageEndingWith(": response not complete within " + REQUEST_TIMEOUT);
      assertThat(timedOut.getCause()).isInstanceOf(HttpTimeoutException.class);
    }
  }

  @Test
  void aDatabaseOutageIsRegistryUnavailableWithRetryAfterWhileSelectionsGoOnAndAllRecovers() {
    Offer before = offerAt("Acme", "http://127.0.0.1:9/acme", "0.10");
    awaitSelected(admin, before.id());
    long endpointId = before.endpointId();

    databaseRelay.cut();
    await().atMost(HANG).until(() -> selector.state().mayBeStale());

    RegistryUnavailableException write =
        catchThrowableOfType(
            () -> admin.publishOffer(endpointId, BrokerClientTest.terms("0.20")),
            RegistryUnavailableException.class);
    assertThat(write).hasMessageContaining("POST /offers");
    assertThat(write.retryAfter()).contains(Duration.ofSeconds(1));
    assertThatThrownBy(() -> admin.offers(0, 10)).isInstanceOf(RegistryUnavailableException.class);
    Selection during = admin.select(BrokerClientTest.BOOKSTORE, BrokerClientTest.ANYTHING);
    assertThat(during.mayBeStale()).isTrue();
    assertThat(during.candidates()).extracting(c -> c.offer()).containsExactly(before);

    databaseRelay.restore();

    await().atMost(HANG).until(() -> !selector.state().mayBeStale());
    // The refused write left nothing behind: the retry is the second offer, not the third.
    Offer after = admin.publishOffer(endpointId, BrokerClientTest.terms("0.20"));
    assertThat(admin.offers(0, 10).items()).containsExactly(before, after);
    awaitSelected(admin, after.id());
  }

  @Test
  void endpointCandidatesKeepTheirLastAnswerWhileTheBrokerIsCutAndFollowItWhenItIsBack() {
    Offer acme = offerAt("Acme", "http://127.0.0.1:9/acme", "0.10");
    awaitSelected(admin, acme.id());
    try (TcpRelay front = TcpRelay.to(server.port());
        BrokerEndpointCandidates candidates =
            BrokerEndpointCandidates.builder(client("http://127.0.0.1:" + front.port(), null))
                .wait(WAIT)
                .firstAnswerTimeout(REQUEST_TIMEOUT)
                .build()) {
      assertThat(candidates.candidates(PORT_TYPE)).containsExactly("http://127.0.0.1:9/acme");

      front.cut();
      Offer rival = offerAt("Rival", "http://127.0.0.1:9/rival", "0.05");
      awaitSelected(admin, rival.id());

      assertThat(
              assertTimeoutPreemptively(HANG, () -> candidates.candidates("{urn:other}NeverAsked")))
          .as("a first question while the broker is cut: no candidates")
          .isEmpty();
      // The watch in flight was reset and the retries are refused: the last answer stays.
      await()
          .during(WAIT.multipliedBy(2))
          .atMost(HANG)
          .until(() -> candidates.candidates(PORT_TYPE).equals(List.of("http://127.0.0.1:9/acme")));

      front.restore();

      await()
          .atMost(HANG)
          .until(
              () ->
                  candidates
                      .candidates(PORT_TYPE)
                      .equals(List.of("http://127.0.0.1:9/rival", "http://127.0.0.1:9/acme")));
    }
  }

  @Test
  void endpointCandidatesKeepTheirLastAnswerThroughA503AndFollowTheBrokerAfterIt() {
    Offer acme = offerAt("Acme", "http://127.0.0.1:9/acme", "0.10");
    awaitSelected(admin, acme.id());
    BrokerClient anonymous = client(server.address(), null);
    try (BrokerEndpointCandidates candidates =
        BrokerEndpointCandidates.builder(anonymous).wait(WAIT).build()) {
      assertThat(candidates.candidates(PORT_TYPE)).containsExactly("http://127.0.0.1:9/acme");

      gate.closed = true;
      RegistryUnavailableException direct =
          catchThrowableOfType(
              () -> anonymous.select(BrokerClientTest.BOOKSTORE, BrokerClientTest.ANYTHING),
              RegistryUnavailableException.class);
      assertThat(direct.retryAfter()).contains(Duration.ofSeconds(7));
      Offer rival = offerAt("Rival", "http://127.0.0.1:9/rival", "0.05");
      int refused = gate.refused.get();

      // The watch held when the gate closed ends in the gate's 503 (at the latest after its wait);
      // the watcher then waits out the gate's Retry-After while the last answer is given.
      await().atMost(HANG).until(() -> gate.refused.get() > refused);
      assertThat(candidates.candidates(PORT_TYPE))
          .as("after the broker answered with 503")
          .containsExactly("http://127.0.0.1:9/acme");

      gate.closed = false;
      awaitSelected(admin, rival.id());

      await()
          .atMost(HANG)
          .until(
              () ->
                  candidates
                      .candidates(PORT_TYPE)
                      .equals(List.of("http://127.0.0.1:9/rival", "http://127.0.0.1:9/acme")));
    }
  }

  /**
   * What a proxy in front of a restarting broker does to selections: while closed, a 503 with
   * {@code Retry-After: 7} and the broker's JSON error; while open, the broker's own answer.
   */
  private static final class SelectGate extends HttpServlet {
    private static final long serialVersionUID = 1L;

    volatile boolean closed;
    final AtomicInteger refused = new AtomicInteger();

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
        throws ServletException, IOException {
      if (!closed) {
        // On to the embedded server's CXF servlet (mapped to /*, named "cxf"), which serves the
        // REST API and reads the path as a servlet at /* sees it.
        HttpServletRequest asAtRoot =
            new HttpServletRequestWrapper(request) {
              @Override
              public String getServletPath() {
                return "";
              }

              @Override
              public String getPathInfo() {
                return request.getRequestURI();
              }
            };
        request.getServletContext().getNamedDispatcher("cxf").forward(asAtRoot, response);
        return;
      }
      refused.incrementAndGet();
      response.setStatus(503);
      response.setHeader("Retry-After", "7");
      response.setContentType("application/json");
      response
          .getOutputStream()
          .write(
              "{\"error\":\"unavailable\",\"field\":null,\"message\":\"restarting\"}"
                  .getBytes(StandardCharsets.UTF_8));
    }
  }
}
