package io.wsqos.core.overload;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.transport.http.HTTPException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a busy provider's answer on a CXF client: HTTP 503 with {@code Retry-After} in
 * delta-seconds (as the admission control of a wsqos server answers, with a {@code soap:Server}
 * fault whose faultstring begins {@code Overloaded:}) fails the call with a {@link
 * ProviderBusyException} carrying the delay, and tells the client's {@link BusyListener}s first.
 *
 * <p>CXF's HTTP conduit fails a 503 with an {@code HTTPException} before it reads the response's
 * headers, so {@code Retry-After} would be lost. The interceptors therefore ask the conduit ({@code
 * org.apache.cxf.transport.no_io_exceptions}, per request) to hand every response to the in chain,
 * and fail any error status other than 500 there themselves: a busy 503 with {@link
 * ProviderBusyException}, any other (a 404, a proxy's 502, a 503 without a usable {@code
 * Retry-After}) with CXF's own {@code HTTPException}. On a synchronous call the failure is raised
 * on the out chain, where the conduit would have raised it, so the caller, the monitor and the
 * rerouting see what they saw before (a {@code WebServiceException} caused by the I/O exception);
 * on an asynchronous call it reaches the callback from the in chain. Nothing is resent.
 */
public final class BusyAnswers {

  /** The CXF property by which the HTTP conduit hands error statuses to the in chain. */
  static final String NO_IO_EXCEPTIONS = "org.apache.cxf.transport.no_io_exceptions";

  /** The CXF property by which a 400 carrying a SOAP fault is read as a fault. */
  static final String PROCESS_FAULT_ON_HTTP_400 =
      "org.apache.cxf.transport.process_fault_on_http_400";

  /** The CXF property by which the HTTP conduit keeps the reason phrase, as {@link #REASON}. */
  static final String SET_RESPONSE_MESSAGE = "org.apache.cxf.transport.http.set.response.message";

  /** Where the HTTP conduit keeps the response's reason phrase. */
  static final String REASON = "http.responseMessage";

  /** The longest Retry-After honoured: a larger one is read as this, so no endpoint is lost. */
  public static final Duration MAX_RETRY_AFTER = Duration.ofHours(1);

  /** How much of an error response's body is read before its stream is closed. */
  private static final int MAX_DRAINED_BYTES = 64 * 1024;

  private static final String LISTENERS = BusyAnswers.class.getName() + ".listeners";
  private static final String PENDING = BusyAnswers.class.getName() + ".pending";
  private static final String SENDER = BusyAnswers.class.getName() + ".sender";

  private static final Logger logger = LoggerFactory.getLogger(BusyAnswers.class);

  private static final Prepare PREPARE = new Prepare();
  private static final Rethrow RETHROW = new Rethrow();
  private static final Read READ = new Read();

  private BusyAnswers() {}

  /**
   * Makes {@code client} read busy answers and tell {@code listener} of each; installing on the
   * same client again adds the listener only. Safe to call from several features.
   */
  public static void install(Client client, BusyListener listener) {
    requireNonNull(client, "client");
    requireNonNull(listener, "listener");
    Endpoint endpoint = client.getEndpoint();
    synchronized (endpoint) {
      @SuppressWarnings("unchecked")
      List<BusyListener> listeners = (List<BusyListener>) endpoint.get(LISTENERS);
      if (listeners == null) {
        listeners = new CopyOnWriteArrayList<>();
        endpoint.put(LISTENERS, listeners);
      }
      if (!listeners.contains(listener)) {
        listeners.add(listener);
      }
    }
    synchronized (client) {
      if (!client.getOutInterceptors().contains(PREPARE)) {
        client.getOutInterceptors().add(PREPARE);
        client.getOutInterceptors().add(RETHROW);
        client.getInInterceptors().add(READ);
      }
    }
  }

  /** The busy answer {@code exchange} received, if it received one. */
  public static Optional<ProviderBusyException> of(Exchange exchange) {
    return exchange == null
        ? Optional.empty()
        : Optional.ofNullable(exchange.get(ProviderBusyException.class));
  }

  /**
   * Whether {@code response} is a busy answer: HTTP 503 with a usable {@code Retry-After} (see
   * {@link #retryAfter(String)}).
   */
  public static boolean isBusy(Message response) {
    return response != null
        && Integer.valueOf(503).equals(response.get(Message.RESPONSE_CODE))
        && retryAfter(header(response, "Retry-After")).isPresent();
  }

  /**
   * The delay of a {@code Retry-After} value in delta-seconds ({@code "2"}), at most {@link
   * #MAX_RETRY_AFTER}; empty for an absent, empty, negative, zero or non-numeric value and for an
   * HTTP-date, which the admission control never sends.
   */
  public static Optional<Duration> retryAfter(String value) {
    if (value == null) {
      return Optional.empty();
    }
    String text = value.strip();
    if (text.isEmpty()) {
      return Optional.empty();
    }
    long seconds = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return Optional.empty();
      }
      // Saturates: a hundred-digit delay is as long as the longest honoured.
      seconds = Math.min(seconds * 10 + (c - '0'), MAX_RETRY_AFTER.toSeconds() + 1);
    }
    if (seconds < 1) {
      return Optional.empty();
    }
    Duration delay = Duration.ofSeconds(seconds);
    return Optional.of(delay.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : delay);
  }

  /** First out phase: error statuses to the in chain, and who sends (for a synchronous call). */
  private static final class Prepare extends AbstractPhaseInterceptor<Message> {
    Prepare() {
      super(Phase.SETUP);
    }

    @Override
    public void handleMessage(Message message) {
      if (!MessageUtils.isRequestor(message) || !MessageUtils.isOutbound(message)) {
        return;
      }
      message.put(NO_IO_EXCEPTIONS, Boolean.TRUE);
      message.put(SET_RESPONSE_MESSAGE, Boolean.TRUE);
      Exchange exchange = message.getExchange();
      if (exchange != null) {
        exchange.put(SENDER, Thread.currentThread());
      }
    }
  }

  /**
   * After the conduit has sent the request and read the answer: raises on the out chain, where the
   * conduit would have raised its own, the failure the in chain found for a synchronous call.
   */
  private static final class Rethrow extends AbstractPhaseInterceptor<Message> {
    Rethrow() {
      super(Phase.SETUP_ENDING);
    }

    @Override
    public void handleMessage(Message message) {
      Exchange exchange = message.getExchange();
      if (exchange == null) {
        return;
      }
      exchange.remove(SENDER);
      Object pending = exchange.remove(PENDING);
      if (pending instanceof IOException failure) {
        throw new Fault(failure);
      }
    }
  }

  /** First in phase: an error status other than 500 fails the call, a busy 503 as busy. */
  private static final class Read extends AbstractPhaseInterceptor<Message> {
    Read() {
      super(Phase.RECEIVE);
    }

    @Override
    public void handleMessage(Message message) {
      Exchange exchange = message.getExchange();
      Object status = message.get(Message.RESPONSE_CODE);
      if (exchange == null || !(status instanceof Integer code) || code < 400 || code == 500) {
        return;
      }
      if (code == 400 && MessageUtils.getContextualBoolean(message, PROCESS_FAULT_ON_HTTP_400)) {
        return;
      }
      String address = address(exchange);
      Optional<Duration> delay =
          code == 503 ? retryAfter(header(message, "Retry-After")) : Optional.empty();
      IOException failure;
      if (delay.isPresent()) {
        ProviderBusyException busy = new ProviderBusyException(address, delay.get(), false);
        exchange.put(ProviderBusyException.class, busy);
        tell(exchange, busy);
        failure = busy;
      } else {
        Object reason = message.get(REASON);
        failure =
            new HTTPException(
                code, reason != null ? reason.toString() : reason(code), url(address));
      }
      drain(message);
      if (exchange.get(SENDER) == Thread.currentThread()) {
        // Synchronous, inside the conduit's close on the caller's thread: the out chain raises it.
        exchange.put(PENDING, failure);
        message.getInterceptorChain().abort();
        return;
      }
      throw new Fault(failure);
    }

    private static void tell(Exchange exchange, ProviderBusyException busy) {
      Endpoint endpoint = exchange.getEndpoint();
      Object listeners = endpoint == null ? null : endpoint.get(LISTENERS);
      if (listeners instanceof List<?> list) {
        for (Object listener : list) {
          try {
            ((BusyListener) listener).onBusy(busy);
          } catch (RuntimeException e) {
            logger.warn("Busy listener {} failed; the call fails as busy", listener, e);
          }
        }
      }
    }
  }

  private static String header(Message message, String name) {
    Object headers = message.get(Message.PROTOCOL_HEADERS);
    if (headers instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (entry.getKey() instanceof String key
            && key.equalsIgnoreCase(name)
            && entry.getValue() instanceof List<?> values
            && !values.isEmpty()) {
          return String.valueOf(values.get(0));
        }
      }
    }
    return null;
  }

  private static String address(Exchange exchange) {
    Message out = exchange.getOutMessage();
    Object address = out == null ? null : out.get(Message.ENDPOINT_ADDRESS);
    if (address == null && exchange.getEndpoint() != null) {
      address = exchange.getEndpoint().getEndpointInfo().getAddress();
    }
    return address == null ? "unknown" : address.toString();
  }

  private static URL url(String address) {
    try {
      return URI.create(address).toURL();
    } catch (IllegalArgumentException | MalformedURLException e) {
      try {
        return URI.create("http://unknown/").toURL();
      } catch (MalformedURLException impossible) {
        throw new IllegalStateException(impossible);
      }
    }
  }

  /** The reason phrases of the statuses a client meets most, for a conduit that kept none. */
  private static String reason(int code) {
    return switch (code) {
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 408 -> "Request Timeout";
      case 413 -> "Content Too Large";
      case 415 -> "Unsupported Media Type";
      case 429 -> "Too Many Requests";
      case 502 -> "Bad Gateway";
      case 503 -> "Service Unavailable";
      case 504 -> "Gateway Timeout";
      default -> "HTTP error";
    };
  }

  /** Reads what little an error body holds, so that the connection can be kept, then closes it. */
  private static void drain(Message message) {
    InputStream in = message.getContent(InputStream.class);
    if (in == null) {
      return;
    }
    try (in) {
      in.readNBytes(MAX_DRAINED_BYTES);
    } catch (IOException e) {
      logger.debug("Could not drain an error response", e);
    }
  }
}
