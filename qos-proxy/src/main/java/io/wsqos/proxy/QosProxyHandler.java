package io.wsqos.proxy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.compression.Codec;
import io.wsqos.core.compression.InflationException;
import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.SoapHeaderScanner;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.eclipse.jetty.client.AbstractConnectionPool;
import org.eclipse.jetty.client.Destination;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.proxy.ProxyHandler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Invocable;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Jetty's asynchronous reverse proxy, with the request's class decided from its SOAP header and its
 * whole body held before anything is sent upstream: a client however slow holds no connection to
 * the service and none of its threads. The body is read by demand, without blocking a thread, at
 * most {@code maxBodyBytes} of it (413 beyond) and within {@code bodyTimeout} (408 after); its SOAP
 * header is scanned as it arrives (at most {@code maxHeaderBytes}), so that a body that is empty or
 * not a SOAP envelope (or not valid data of its coding), whose header is too long, or whose {@code
 * Requirement} is malformed and marked {@code mustUnderstand}, is answered with a {@code
 * soap:Client} fault (HTTP 400) and never reaches the service. Once the body is whole, the client's
 * connection is marked for the response and the request goes out on a connection of the granted
 * class's upstream pool. A compressed body ({@code Content-Encoding} gzip, deflate or zstd) is
 * inflated only as far as the end of its header, within the inflation limits, and forwarded still
 * compressed. A service that cannot be reached, answers too slowly or answers with a malformed head
 * gets the client a {@code soap:Server} fault with 502 or 504 ({@link UpstreamFailure}).
 */
final class QosProxyHandler extends ProxyHandler.Reverse {

  /**
   * Rejected requests, tagged {@code reason}: {@code malformed}, {@code oversized} (a header longer
   * than {@code maxHeaderBytes}), {@code empty}, {@code body-too-large}, {@code body-timeout},
   * {@code busy} (the bodies held would exceed {@code maxHeldBytes}).
   */
  static final String REJECTED_COUNTER = "wsqos.proxy.rejected";

  /** Exchanges with the service that failed, tagged {@code reason} ({@link UpstreamFailure}). */
  static final String UPSTREAM_FAILURES_COUNTER = "wsqos.proxy.upstream.failures";

  /**
   * Bytes of request bodies the proxy holds, from their arrival until their exchange with the
   * service ends (or until they are refused).
   */
  static final String HELD_BYTES_GAUGE = "wsqos.proxy.held.bytes";

  /**
   * Connections to the service in the proxy's pools (all priority classes), tagged {@code state}:
   * {@code active} (carrying an exchange) or {@code idle} (kept alive for the next).
   */
  static final String UPSTREAM_CONNECTIONS_GAUGE = "wsqos.proxy.upstream.connections";

  /**
   * Responses to clamped requests, tagged {@code outcome}: {@code reported} (the clamp added to
   * their {@code ServerAction}) or {@code unchanged} (not a UTF-8 SOAP envelope held within {@link
   * #MAX_REPORTED_BYTES}, or compressed in a coding the proxy cannot inflate).
   */
  static final String CLAMP_REPORTS_COUNTER = "wsqos.proxy.clamp.reports";

  /** 1 MiB: the most of a clamped exchange's response held (inflated) to report the clamp. */
  static final int MAX_REPORTED_BYTES = 1024 * 1024;

  private static final String DECISION_ATTRIBUTE = QosProxyHandler.class.getName() + ".decision";
  private static final String MARKED_ATTRIBUTE = QosProxyHandler.class.getName() + ".marked";
  private static final int INITIAL_BUFFER_BYTES = 64 * 1024;
  private static final String SOAP_CLIENT = "soap:Client";
  private static final String SOAP_SERVER = "soap:Server";

  private final MarkingPolicy policy;
  private final SoapHeaderScanner scanner = new SoapHeaderScanner(new WsQosCodec());
  private final ConnectionMarker marker = new ConnectionMarker();
  private final MarkingMetrics metrics;
  private final Counter malformed;
  private final Counter oversized;
  private final Counter empty;
  private final Counter bodyTooLarge;
  private final Counter bodyTimeout;
  private final Counter busy;
  private final Counter reported;
  private final Counter unreported;
  private final Map<UpstreamFailure, Counter> upstreamFailures =
      new EnumMap<>(UpstreamFailure.class);
  private final AtomicLong heldBytes = new AtomicLong();
  private final ServerActionRewriter rewriter = new ServerActionRewriter(new WsQosCodec());
  private final ProxyLimits limits;
  private final InflatedPrefix inflatedPrefix;
  private final HttpClient[] clients;
  private final UpstreamTransport transport;

  QosProxyHandler(
      URI upstream,
      MarkingPolicy policy,
      ProxyLimits limits,
      boolean ipv4,
      MeterRegistry registry) {
    super(request -> rewrite(upstream, request));
    this.policy = policy;
    this.limits = limits;
    this.inflatedPrefix = new InflatedPrefix(limits.inflationLimits());
    this.metrics = new MarkingMetrics(registry);
    this.malformed = rejected(registry, "malformed");
    this.oversized = rejected(registry, "oversized");
    this.empty = rejected(registry, "empty");
    this.bodyTooLarge = rejected(registry, "body-too-large");
    this.bodyTimeout = rejected(registry, "body-timeout");
    this.busy = rejected(registry, "busy");
    this.reported = clampReports(registry, "reported");
    this.unreported = clampReports(registry, "unchanged");
    for (UpstreamFailure failure : UpstreamFailure.values()) {
      upstreamFailures.put(
          failure,
          Counter.builder(UPSTREAM_FAILURES_COUNTER)
              .description("Exchanges with the service that failed, answered with 502 or 504")
              .tag("reason", failure.tag())
              .register(registry));
    }
    Gauge.builder(HELD_BYTES_GAUGE, heldBytes, AtomicLong::get)
        .description("Bytes of request bodies the proxy holds until their exchange ends")
        .baseUnit("bytes")
        .register(registry);
    Gauge.builder(UPSTREAM_CONNECTIONS_GAUGE, this, handler -> handler.upstreamConnections(true))
        .description("Connections to the service carrying an exchange")
        .tag("state", "active")
        .register(registry);
    Gauge.builder(UPSTREAM_CONNECTIONS_GAUGE, this, handler -> handler.upstreamConnections(false))
        .description("Connections to the service kept alive for the next exchange")
        .tag("state", "idle")
        .register(registry);
    this.transport = ipv4 ? UpstreamTransport.IPV4 : UpstreamTransport.DEFAULT;
    TransportPriority[] classes = TransportPriority.values();
    clients = new HttpClient[classes.length];
    for (TransportPriority priority : classes) {
      MarkingClientConnector connector =
          new MarkingClientConnector(
              policy.mapping().tos(priority),
              () -> metrics.failed(ConnectionMarker.Failure.SOCKET_OPTION));
      // The responses are forwarded on the selector threads: one per core, as the server has.
      connector.setSelectors(Runtime.getRuntime().availableProcessors());
      HttpClient client = new HttpClient(new NonBlockingTransport(connector));
      client.setFollowRedirects(false);
      client.setHttpCookieStore(new HttpCookieStore.Empty());
      client.setConnectTimeout(limits.upstreamConnectTimeout().toMillis());
      clients[priority.ordinal()] = client;
    }
    // Jetty's proxy's own client is the best-effort pool, so that it makes no other.
    setHttpClient(clients[TransportPriority.BEST_EFFORT.ordinal()]);
  }

  /**
   * Non-blocking: the handler reads the request by demand, scans what it has and sends upstream
   * asynchronously, so Jetty may run it on the selector thread that read the request instead of
   * handing every request to another thread.
   */
  @Override
  public InvocationType getInvocationType() {
    return InvocationType.NON_BLOCKING;
  }

  @Override
  protected void doStart() throws Exception {
    // The upstream pools run on the server's threads, scheduler and buffers: one pool of threads
    // to wake, and buffers that pass from one side to the other.
    Server server = getServer();
    for (HttpClient client : clients) {
      client.setExecutor(server.getThreadPool());
      client.setScheduler(server.getScheduler());
      client.setByteBufferPool(server.getByteBufferPool());
      client.start();
      // As Jetty's proxy sets up its own client: bodies pass through as they are (no decoding),
      // and no redirect or authentication is followed on the client's behalf.
      client.getContentDecoderFactories().clear();
      client.getProtocolHandlers().clear();
    }
    super.doStart();
  }

  private int upstreamConnections(boolean active) {
    int connections = 0;
    for (HttpClient client : clients) {
      for (Destination destination : client.getDestinations()) {
        if (destination.getConnectionPool() instanceof AbstractConnectionPool pool) {
          connections += active ? pool.getActiveConnectionCount() : pool.getIdleConnectionCount();
        }
      }
    }
    return connections;
  }

  @Override
  protected void doStop() throws Exception {
    try {
      super.doStop();
    } finally {
      for (HttpClient client : clients) {
        client.stop();
      }
      inflatedPrefix.close();
    }
  }

  private static Counter rejected(MeterRegistry registry, String reason) {
    return Counter.builder(REJECTED_COUNTER)
        .description("Requests answered with a fault before reaching the service")
        .tag("reason", reason)
        .register(registry);
  }

  private static Counter clampReports(MeterRegistry registry, String outcome) {
    return Counter.builder(CLAMP_REPORTS_COUNTER)
        .description(
            "Responses to clamped requests, with the clamp reported in ServerAction or not")
        .tag("outcome", outcome)
        .register(registry);
  }

  private static HttpURI rewrite(URI upstream, Request request) {
    return HttpURI.build(request.getHttpURI())
        .scheme(upstream.getScheme())
        .host(upstream.getHost())
        .port(upstream.getPort());
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    ConnectionMarker.Failure restored = marker.restore(request.getConnectionMetaData());
    if (restored != null) {
      metrics.failed(restored);
    }
    long declared = request.getLength();
    boolean hasBody = declared > 0 || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (!hasBody) {
      if (HttpMethod.POST.is(request.getMethod())) {
        reject(response, callback, empty, 400, emptyProblem());
        return true;
      }
      // No envelope to read (a WSDL, say): forwarded as best effort.
      decide(request, HeaderBlock.absent());
      return super.handle(request, response, callback);
    }
    if (declared > limits.maxBodyBytes()) {
      reject(response, callback, bodyTooLarge, 413, tooLargeProblem(declared));
      return true;
    }
    String encoding = request.getHeaders().get(HttpHeader.CONTENT_ENCODING);
    boolean compressed = encoding != null && !"identity".equalsIgnoreCase(encoding.trim());
    Codec codec = compressed ? inflatedPrefix.codecFor(encoding) : null;
    // A body in codings the proxy cannot inflate (several, or unknown here) is held all the same,
    // and forwarded as best effort for the service to accept or refuse.
    BodyReader reader = new BodyReader(request, response, callback, codec, compressed);
    reader.start(getServer().getScheduler());
    return true;
  }

  private static String emptyProblem() {
    return "empty request body (expected: a SOAP envelope)";
  }

  private String tooLargeProblem(long bytes) {
    return "request body of "
        + bytes
        + " bytes or more (expected: at most "
        + limits.maxBodyBytes()
        + " bytes)";
  }

  private void decide(Request request, HeaderBlock<QosRequirement> requirement) {
    TransportPriority requested =
        requirement.isValid()
            ? requirement.value().get().terms().transportPriority()
            : TransportPriority.BEST_EFFORT;
    MarkingDecision decision =
        policy.decide(
            requested, requested == TransportPriority.BEST_EFFORT ? null : clientAddress(request));
    metrics.decided(decision);
    ConnectionMarker.Failure failure = marker.mark(request.getConnectionMetaData(), decision.tos());
    if (failure != null) {
      metrics.failed(failure);
    }
    request.setAttribute(DECISION_ATTRIBUTE, decision);
    request.setAttribute(MARKED_ATTRIBUTE, failure == null);
  }

  private static String clientAddress(Request request) {
    SocketAddress remote = request.getConnectionMetaData().getRemoteSocketAddress();
    return remote instanceof InetSocketAddress inet && inet.getAddress() != null
        ? inet.getAddress().getHostAddress()
        : null;
  }

  @Override
  protected org.eclipse.jetty.client.Request newProxyToServerRequest(
      Request clientToProxyRequest, HttpURI newHttpURI) {
    MarkingDecision decision =
        (MarkingDecision) clientToProxyRequest.getAttribute(DECISION_ATTRIBUTE);
    TransportPriority granted =
        decision == null ? TransportPriority.BEST_EFFORT : decision.granted();
    return clients[granted.ordinal()]
        .newRequest(newHttpURI.toURI())
        .transport(transport)
        .idleTimeout(limits.upstreamIdleTimeout().toMillis(), TimeUnit.MILLISECONDS)
        .method(clientToProxyRequest.getMethod());
  }

  @Override
  protected org.eclipse.jetty.client.Response.CompleteListener newServerToProxyResponseListener(
      Request clientToProxyRequest,
      org.eclipse.jetty.client.Request proxyToServerRequest,
      Response proxyToClientResponse,
      Callback proxyToClientCallback) {
    MarkingDecision decision =
        (MarkingDecision) clientToProxyRequest.getAttribute(DECISION_ATTRIBUTE);
    if (decision == null || !decision.clamped()) {
      return new ForwardingListener(
          clientToProxyRequest, proxyToServerRequest, proxyToClientResponse, proxyToClientCallback);
    }
    boolean marked = Boolean.TRUE.equals(clientToProxyRequest.getAttribute(MARKED_ATTRIBUTE));
    return new ClampReportingListener(
        clientToProxyRequest,
        proxyToServerRequest,
        proxyToClientResponse,
        proxyToClientCallback,
        action -> decision.report(action, marked));
  }

  /**
   * Answers the client for a service that could not be reached, was too slow or answered with a
   * malformed head: a {@code soap:Server} fault with 502 or 504 while nothing of the response has
   * been sent; after that, the client's connection is closed, as the response cannot be completed.
   */
  @Override
  protected void onServerToProxyResponseFailure(
      Request clientToProxyRequest,
      org.eclipse.jetty.client.Request proxyToServerRequest,
      org.eclipse.jetty.client.Response serverToProxyResponse,
      Response proxyToClientResponse,
      Callback proxyToClientCallback,
      Throwable failure) {
    UpstreamFailure kind = UpstreamFailure.of(failure);
    upstreamFailures.get(kind).increment();
    if (proxyToClientResponse.isCommitted()) {
      proxyToClientCallback.failed(failure);
      return;
    }
    // Whatever the service's head had put there goes (the server's own Date comes back): the
    // fault is the proxy's own response.
    proxyToClientResponse.reset();
    writeFault(
        proxyToClientResponse,
        proxyToClientCallback,
        kind.status(),
        SOAP_SERVER,
        kind.describe(limits, failure));
  }

  private void reject(
      Response response, Callback callback, Counter counter, int status, String problem) {
    counter.increment();
    // A full proxy (503) is not the client's fault; everything else refused here is.
    writeFault(response, callback, status, status >= 500 ? SOAP_SERVER : SOAP_CLIENT, problem);
  }

  private static void writeFault(
      Response response, Callback callback, int status, String faultCode, String problem) {
    byte[] fault =
        ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<soap:Fault><faultcode>"
                + faultCode
                + "</faultcode><faultstring>"
                + escape(problem)
                + "</faultstring></soap:Fault></soap:Body></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/xml; charset=UTF-8");
    response.getHeaders().put(HttpHeader.CONNECTION, "close");
    response.write(true, ByteBuffer.wrap(fault), callback);
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /**
   * Reads a request's whole body by demand, without blocking a thread, scanning its SOAP header as
   * it arrives; forwards it once it is whole, or answers the client itself. Exactly one of the
   * outcomes (forwarded, refused, timed out, failed) wins: the deadline fires on the scheduler's
   * thread while the reader runs on the connection's.
   */
  private final class BodyReader implements Invocable.Task {
    private final Request request;
    private final Response response;
    private final Callback callback;
    private final Codec codec;
    private final AtomicBoolean settled = new AtomicBoolean();

    /** Bytes counted in the gauge; -1 once released, so that a late count is not added. */
    private final AtomicLong held = new AtomicLong();

    private Scheduler.Task deadline;
    private byte[] bytes;
    private int length;

    /** How many bytes were held at the last scan of the header. */
    private int scannedLength;

    /** The header's {@code Requirement} once scanned; null while the header has not ended. */
    private HeaderBlock<QosRequirement> requirement;

    /**
     * @param codec the coding the body is compressed in, or null for a plain body
     * @param unreadable whether the body is compressed in codings the proxy cannot inflate, so that
     *     its header is not scanned and it goes as best effort
     */
    BodyReader(
        Request request, Response response, Callback callback, Codec codec, boolean unreadable) {
      this.request = request;
      this.response = response;
      this.callback = callback;
      this.codec = codec;
      this.requirement = unreadable && codec == null ? HeaderBlock.absent() : null;
      // Grown as bytes arrive: a declared length is a promise, and a slow client's promise must
      // not take memory before its bytes do.
      long declared = request.getLength();
      this.bytes = new byte[(int) Math.min(declared > 0 ? declared : 4096, INITIAL_BUFFER_BYTES)];
    }

    void start(Scheduler scheduler) {
      deadline =
          scheduler.schedule(this::expire, limits.bodyTimeout().toMillis(), TimeUnit.MILLISECONDS);
      run();
    }

    @Override
    public InvocationType getInvocationType() {
      return InvocationType.NON_BLOCKING;
    }

    @Override
    public void run() {
      while (!settled.get()) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          request.demand(this);
          return;
        }
        if (Content.Chunk.isFailure(chunk)) {
          if (settle()) {
            release();
            callback.failed(chunk.getFailure());
          }
          return;
        }
        boolean last = chunk.isLast();
        ByteBuffer buffer = chunk.getByteBuffer();
        int n = buffer.remaining();
        if ((long) length + n > limits.maxBodyBytes()) {
          chunk.release();
          refuse(bodyTooLarge, 413, tooLargeProblem((long) length + n));
          return;
        }
        if (!reserve(n)) {
          chunk.release();
          refuse(
              busy,
              503,
              "the proxy holds as many request bodies as it may ("
                  + limits.maxHeldBytes()
                  + " bytes); try again later");
          return;
        }
        append(buffer);
        chunk.release();
        // Scanned again from the start only once the bytes held have doubled (or the body has
        // ended): a client that sends its header a byte at a time costs linear work, not
        // quadratic. Nothing waits for the header: the body is forwarded only once it is whole.
        if (requirement == null && (last || length >= 2L * scannedLength) && !scan(last)) {
          return;
        }
        if (last) {
          if (length == 0) {
            refuse(empty, 400, emptyProblem());
          } else {
            forward();
          }
          return;
        }
      }
    }

    /**
     * Scans the header read so far; false when the request was refused for it. A {@code
     * Requirement} found malformed and marked {@code mustUnderstand} refuses the request at once,
     * before the rest of its body arrives.
     */
    private boolean scan(boolean last) {
      if (last && length == 0) {
        return true;
      }
      scannedLength = length;
      int maxHeaderBytes = limits.maxHeaderBytes();
      SoapHeaderScanner.Scan scan;
      boolean full;
      if (codec == null) {
        // Only the first maxHeaderBytes are looked at: a header that ends later is too long.
        int scanned = Math.min(length, maxHeaderBytes);
        scan = scanner.scan(bytes, scanned, last && scanned == length);
        full = length >= maxHeaderBytes;
      } else {
        // Inflated again from the start as more arrives: the header is nearly always in the
        // first chunk, and no inflater is held between reads of a slow client.
        InflatedPrefix.Result plain = inflatedPrefix.inflate(codec, bytes, length, maxHeaderBytes);
        InflationException failure = plain.failure();
        if (failure != null && (last || failure.reason() != InflationException.Reason.TRUNCATED)) {
          boolean bomb = failure.reason().kind() == InflationException.Kind.BOMB;
          refuse(
              bomb ? oversized : malformed,
              400,
              "compressed SOAP request refused: " + failure.getMessage());
          return false;
        }
        scan = scanner.scan(plain.bytes(), plain.length(), plain.ended());
        // Compressed bytes that inflate to little (empty deflate blocks) count too.
        full = plain.length() >= maxHeaderBytes || length >= maxHeaderBytes;
      }
      if (scan instanceof SoapHeaderScanner.Found found) {
        HeaderBlock<QosRequirement> read = found.requirement();
        if (read.isInvalid() && read.mustUnderstand()) {
          refuse(malformed, 400, "Requirement: " + read.problem().get().detail());
          return false;
        }
        requirement = read;
        return true;
      }
      if (scan instanceof SoapHeaderScanner.Malformed bad) {
        refuse(malformed, 400, "malformed SOAP request: " + bad.problem());
        return false;
      }
      if (full) {
        refuse(
            oversized,
            400,
            "SOAP header longer than "
                + maxHeaderBytes
                + " bytes (expected: the header to end within "
                + maxHeaderBytes
                + " bytes)");
        return false;
      }
      return true;
    }

    private void append(ByteBuffer buffer) {
      int n = buffer.remaining();
      if (length + n > bytes.length) {
        long grown = Math.max(bytes.length * 2L, (long) length + n);
        bytes = Arrays.copyOf(bytes, (int) Math.min(grown, limits.maxBodyBytes()));
      }
      buffer.get(bytes, length, n);
      length += n;
    }

    /**
     * Counts {@code n} more bytes held for this body, or returns false when that would take the
     * bytes the proxy holds past {@code maxHeldBytes}.
     */
    private boolean reserve(int n) {
      if (heldBytes.addAndGet(n) > limits.maxHeldBytes()) {
        heldBytes.addAndGet(-n);
        return false;
      }
      if (held.getAndUpdate(h -> h < 0 ? h : h + n) < 0) {
        // Released meanwhile (the deadline fired): nothing will release these.
        heldBytes.addAndGet(-n);
      }
      return true;
    }

    /** Stops counting this body's bytes; idempotent. */
    private void release() {
      long counted = held.getAndSet(-1);
      if (counted > 0) {
        heldBytes.addAndGet(-counted);
      }
    }

    /** Wins the outcome for the caller, or returns false when another has already won. */
    private boolean settle() {
      if (!settled.compareAndSet(false, true)) {
        return false;
      }
      if (deadline != null) {
        deadline.cancel();
      }
      return true;
    }

    private void refuse(Counter counter, int status, String problem) {
      if (settle()) {
        release();
        reject(response, callback, counter, status, problem);
      }
    }

    private void expire() {
      refuse(
          bodyTimeout,
          408,
          "request body not received within "
              + limits.bodyTimeout().toMillis()
              + " ms (expected: the whole body within the proxy's body timeout; "
              + length
              + " bytes arrived)");
    }

    private void forward() {
      if (!settle()) {
        return;
      }
      decide(request, requirement);
      // The body stays in memory until the exchange ends, and is counted until then.
      Callback releasing =
          new Callback() {
            @Override
            public void succeeded() {
              release();
              callback.succeeded();
            }

            @Override
            public void failed(Throwable failure) {
              release();
              callback.failed(failure);
            }

            @Override
            public InvocationType getInvocationType() {
              return callback.getInvocationType();
            }
          };
      try {
        QosProxyHandler.super.handle(
            new ReplayedRequest(request, bytes, length), response, releasing);
      } catch (Exception e) {
        releasing.failed(e);
      }
    }
  }

  /**
   * Forwards a response as Jetty's proxy does, with one {@code Date}: the service's, which replaces
   * the one the proxy's server put on the response when the request arrived.
   */
  private class ForwardingListener extends ProxyResponseListener {
    private final Response proxyToClientResponse;

    ForwardingListener(
        Request clientToProxyRequest,
        org.eclipse.jetty.client.Request proxyToServerRequest,
        Response proxyToClientResponse,
        Callback proxyToClientCallback) {
      super(
          clientToProxyRequest, proxyToServerRequest, proxyToClientResponse, proxyToClientCallback);
      this.proxyToClientResponse = proxyToClientResponse;
    }

    @Override
    public void onHeaders(org.eclipse.jetty.client.Response serverToProxyResponse) {
      // The server's Date cannot be removed, only replaced; Jetty's copy of the fields adds.
      HttpField date = serverToProxyResponse.getHeaders().getField(HttpHeader.DATE);
      if (date != null) {
        proxyToClientResponse.getHeaders().put(date);
      }
      super.onHeaders(serverToProxyResponse);
    }
  }

  /** The service's {@code Date} is put in place of the server's ({@link ForwardingListener}). */
  @Override
  protected HttpField filterServerToProxyResponseField(HttpField serverToProxyResponseField) {
    return serverToProxyResponseField.getHeader() == HttpHeader.DATE
        ? null
        : serverToProxyResponseField;
  }

  /**
   * Forwards the response to a clamped request with the clamp added to its {@code ServerAction}, so
   * that the client learns it was served in a lower class than it asked for, as the in-process
   * feature reports it. Clamped requests are the exception, so their responses are held whole
   * (inflated, at most {@link #MAX_REPORTED_BYTES}) and sent uncompressed with their new length;
   * anything else is forwarded unchanged.
   */
  private final class ClampReportingListener extends ForwardingListener {
    private final Response proxyToClientResponse;
    private final UnaryOperator<ServerAction> amendment;
    private String contentEncoding;
    private Codec codec;
    private ByteArrayOutputStream held;

    ClampReportingListener(
        Request clientToProxyRequest,
        org.eclipse.jetty.client.Request proxyToServerRequest,
        Response proxyToClientResponse,
        Callback proxyToClientCallback,
        UnaryOperator<ServerAction> amendment) {
      super(
          clientToProxyRequest, proxyToServerRequest, proxyToClientResponse, proxyToClientCallback);
      this.proxyToClientResponse = proxyToClientResponse;
      this.amendment = amendment;
    }

    @Override
    public void onHeaders(org.eclipse.jetty.client.Response serverToProxyResponse) {
      super.onHeaders(serverToProxyResponse);
      HttpFields.Mutable headers = proxyToClientResponse.getHeaders();
      contentEncoding = headers.get(HttpHeader.CONTENT_ENCODING);
      boolean compressed =
          contentEncoding != null && !"identity".equalsIgnoreCase(contentEncoding.trim());
      codec = compressed ? inflatedPrefix.codecFor(contentEncoding) : null;
      if (!isUtf8Xml(headers.get(HttpHeader.CONTENT_TYPE))
          || (compressed && codec == null)
          || headers.getLongField(HttpHeader.CONTENT_LENGTH) > MAX_REPORTED_BYTES) {
        unreported.increment();
        return;
      }
      // Nothing reaches the client before the last write, so the headers can still change.
      held = new ByteArrayOutputStream();
      headers.remove(HttpHeader.CONTENT_LENGTH);
      headers.remove(HttpHeader.CONTENT_ENCODING);
    }

    @Override
    public void onContent(
        org.eclipse.jetty.client.Response serverToProxyResponse,
        Content.Chunk chunk,
        Runnable demander) {
      if (held == null) {
        super.onContent(serverToProxyResponse, chunk, demander);
        return;
      }
      ByteBuffer content = chunk.getByteBuffer();
      byte[] bytes = new byte[content.remaining()];
      content.get(bytes);
      held.writeBytes(bytes);
      if (held.size() <= MAX_REPORTED_BYTES) {
        demander.run();
        return;
      }
      // Too long to hold: what was held goes first, as it came, and the rest streams after it.
      unreported.increment();
      byte[] start = release();
      proxyToClientResponse.write(
          false, ByteBuffer.wrap(start), Callback.from(demander, serverToProxyResponse::abort));
    }

    @Override
    public void onSuccess(org.eclipse.jetty.client.Response serverToProxyResponse) {
      if (held == null) {
        super.onSuccess(serverToProxyResponse);
        return;
      }
      byte[] body = held.toByteArray();
      byte[] plain = body;
      int plainLength = body.length;
      if (codec != null) {
        InflatedPrefix.Result inflated =
            inflatedPrefix.inflate(codec, body, body.length, MAX_REPORTED_BYTES);
        plain = inflated.ended() && inflated.failure() == null ? inflated.bytes() : null;
        plainLength = inflated.length();
      }
      // Sent inflated, the response no longer has the compression the service reported.
      UnaryOperator<ServerAction> report =
          codec == null ? amendment : action -> withoutAppliedCompression(amendment.apply(action));
      byte[] amended = plain == null ? null : rewriter.rewrite(plain, plainLength, report);
      if (amended == null) {
        unreported.increment();
        body = release();
      } else {
        reported.increment();
        body = amended;
        held = null;
      }
      proxyToClientResponse.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
      proxyToClientResponse.write(true, ByteBuffer.wrap(body), this);
    }

    /** Stops holding: the held bytes, with the response's own coding declared again. */
    private byte[] release() {
      byte[] bytes = held.toByteArray();
      held = null;
      if (contentEncoding != null) {
        proxyToClientResponse.getHeaders().put(HttpHeader.CONTENT_ENCODING, contentEncoding);
      }
      return bytes;
    }
  }

  /** {@code action} without a compression it says was applied. */
  static ServerAction withoutAppliedCompression(ServerAction action) {
    if (action.compression().isEmpty() || !action.compression().get().isApplied()) {
      return action;
    }
    return new ServerAction(
        Optional.empty(), action.dscp(), action.grantedPriority(), action.clampedFrom());
  }

  private static boolean isUtf8Xml(String contentType) {
    if (contentType == null) {
      return false;
    }
    String type = contentType.toLowerCase(java.util.Locale.ROOT);
    boolean xml = type.startsWith("text/xml") || type.startsWith("application/soap+xml");
    int charset = type.indexOf("charset=");
    return xml
        && (charset < 0
            || type.startsWith("utf-8", charset + 8)
            || type.startsWith("\"utf-8\"", charset + 8));
  }
}
