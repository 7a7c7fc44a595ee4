package io.wsqos.proxy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.compression.Codec;
import io.wsqos.core.compression.InflationException;
import io.wsqos.core.compression.InflationLimits;
import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.Transport;
import org.eclipse.jetty.proxy.ProxyHandler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Invocable;

/**
 * Jetty's asynchronous reverse proxy, with the request's class decided from its SOAP header before
 * anything is sent upstream: the body is read as far as the end of the header (at most {@code
 * maxHeaderBytes}), the client's connection is marked for the response, and the request goes out on
 * a connection of the granted class's upstream pool. The bytes read are then forwarded first, and
 * everything else streams through as Jetty's proxy streams it. A compressed body ({@code
 * Content-Encoding} gzip, deflate or zstd) is inflated only as far as the end of its header, within
 * the inflation limits, and forwarded still compressed. A body whose start is not a SOAP envelope
 * (or not valid data of its coding), whose header is too long, or whose {@code Requirement} is
 * malformed and marked {@code mustUnderstand} is answered with a {@code soap:Client} fault (HTTP
 * 400) and never reaches the service.
 */
final class QosProxyHandler extends ProxyHandler.Reverse {

  /** Rejected requests, tagged {@code reason}: {@code malformed}, {@code oversized}. */
  static final String REJECTED_COUNTER = "wsqos.proxy.rejected";

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

  private final MarkingPolicy policy;
  private final SoapHeaderScanner scanner = new SoapHeaderScanner(new WsQosCodec());
  private final ConnectionMarker marker = new ConnectionMarker();
  private final MarkingMetrics metrics;
  private final Counter malformed;
  private final Counter oversized;
  private final Counter reported;
  private final Counter unreported;
  private final ServerActionRewriter rewriter = new ServerActionRewriter(new WsQosCodec());
  private final int maxHeaderBytes;
  private final InflatedPrefix inflatedPrefix;
  private final HttpClient[] clients;
  private final Transport transport;

  QosProxyHandler(
      URI upstream,
      MarkingPolicy policy,
      int maxHeaderBytes,
      InflationLimits inflationLimits,
      boolean ipv4,
      MeterRegistry registry) {
    super(request -> rewrite(upstream, request));
    this.policy = policy;
    this.maxHeaderBytes = maxHeaderBytes;
    this.inflatedPrefix = new InflatedPrefix(inflationLimits);
    this.metrics = new MarkingMetrics(registry);
    this.malformed = rejected(registry, "malformed");
    this.oversized = rejected(registry, "oversized");
    this.reported = clampReports(registry, "reported");
    this.unreported = clampReports(registry, "unchanged");
    this.transport = ipv4 ? Ipv4Transport.INSTANCE : Transport.TCP_IP;
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
    boolean hasBody =
        request.getLength() > 0 || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    String encoding = request.getHeaders().get(HttpHeader.CONTENT_ENCODING);
    boolean compressed = encoding != null && !"identity".equalsIgnoreCase(encoding.trim());
    Codec codec = hasBody && compressed ? inflatedPrefix.codecFor(encoding) : null;
    if (!hasBody || (compressed && codec == null)) {
      // No envelope to read (a WSDL, say), or one in codings the proxy cannot inflate (several,
      // or unknown here): forwarded as best effort, for the service to accept or refuse.
      decide(request, HeaderBlock.absent());
      return super.handle(request, response, callback);
    }
    new HeaderReader(request, response, callback, codec).run();
    return true;
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
      return super.newServerToProxyResponseListener(
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

  private void reject(Response response, Callback callback, Counter counter, String problem) {
    counter.increment();
    byte[] fault =
        ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<soap:Fault><faultcode>soap:Client</faultcode><faultstring>"
                + escape(problem)
                + "</faultstring></soap:Fault></soap:Body></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);
    response.setStatus(400);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/xml; charset=UTF-8");
    response.getHeaders().put(HttpHeader.CONNECTION, "close");
    response.write(true, ByteBuffer.wrap(fault), callback);
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /** Reads a request's body as far as its SOAP header, without blocking a thread. */
  private final class HeaderReader implements Invocable.Task {
    private final Request request;
    private final Response response;
    private final Callback callback;
    private final Codec codec;
    private byte[] bytes = new byte[4096];
    private int length;

    /**
     * @param codec the coding the body is compressed in, or null for a plain body
     */
    HeaderReader(Request request, Response response, Callback callback, Codec codec) {
      this.request = request;
      this.response = response;
      this.callback = callback;
      this.codec = codec;
    }

    @Override
    public InvocationType getInvocationType() {
      return InvocationType.NON_BLOCKING;
    }

    @Override
    public void run() {
      while (true) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          request.demand(this);
          return;
        }
        if (Content.Chunk.isFailure(chunk)) {
          callback.failed(chunk.getFailure());
          return;
        }
        boolean last = chunk.isLast();
        append(chunk.getByteBuffer());
        chunk.release();
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
          InflatedPrefix.Result plain =
              inflatedPrefix.inflate(codec, bytes, length, maxHeaderBytes);
          InflationException failure = plain.failure();
          if (failure != null
              && (last || failure.reason() != InflationException.Reason.TRUNCATED)) {
            boolean bomb = failure.reason().kind() == InflationException.Kind.BOMB;
            reject(
                response,
                callback,
                bomb ? oversized : malformed,
                "compressed SOAP request refused: " + failure.getMessage());
            return;
          }
          scan = scanner.scan(plain.bytes(), plain.length(), plain.ended());
          // Compressed bytes that inflate to little (empty deflate blocks) count too.
          full = plain.length() >= maxHeaderBytes || length >= maxHeaderBytes;
        }
        if (scan instanceof SoapHeaderScanner.Found found) {
          forward(found.requirement(), last);
          return;
        }
        if (scan instanceof SoapHeaderScanner.Malformed bad) {
          reject(response, callback, malformed, "malformed SOAP request: " + bad.problem());
          return;
        }
        if (full) {
          reject(
              response,
              callback,
              oversized,
              "SOAP header longer than "
                  + maxHeaderBytes
                  + " bytes (expected: the header to end within "
                  + maxHeaderBytes
                  + " bytes)");
          return;
        }
      }
    }

    private void append(ByteBuffer buffer) {
      int n = buffer.remaining();
      if (length + n > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
      }
      buffer.get(bytes, length, n);
      length += n;
    }

    private void forward(HeaderBlock<QosRequirement> requirement, boolean complete) {
      if (requirement.isInvalid() && requirement.mustUnderstand()) {
        reject(
            response, callback, malformed, "Requirement: " + requirement.problem().get().detail());
        return;
      }
      decide(request, requirement);
      try {
        QosProxyHandler.super.handle(
            new ReplayedRequest(request, bytes, length, complete), response, callback);
      } catch (Exception e) {
        callback.failed(e);
      }
    }
  }

  /**
   * Forwards the response to a clamped request with the clamp added to its {@code ServerAction}, so
   * that the client learns it was served in a lower class than it asked for, as the in-process
   * feature reports it. Clamped requests are the exception, so their responses are held whole
   * (inflated, at most {@link #MAX_REPORTED_BYTES}) and sent uncompressed with their new length;
   * anything else is forwarded unchanged.
   */
  private final class ClampReportingListener extends ProxyResponseListener {
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
      byte[] amended = plain == null ? null : rewriter.rewrite(plain, plainLength, amendment);
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
