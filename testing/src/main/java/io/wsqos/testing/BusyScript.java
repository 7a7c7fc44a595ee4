package io.wsqos.testing;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.transport.http.AbstractHTTPDestination;

/**
 * A server-side script of overload, as the admission control answers it: the next {@link
 * #busyFor(int) n} requests are refused with HTTP 503, {@code Retry-After} and a {@code
 * soap:Server} fault whose faultstring begins {@code Overloaded:}, then requests are served again.
 * Add it as an in interceptor of a {@link TestServer} ({@code builder(...).inInterceptor(script)});
 * it counts every request it sees.
 */
public final class BusyScript extends AbstractPhaseInterceptor<Message> {

  private static final String FAULT =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
          + "<soap:Fault><faultcode>soap:Server</faultcode>"
          + "<faultstring>Overloaded: best-effort refused, retry later</faultstring>"
          + "</soap:Fault></soap:Body></soap:Envelope>";

  private final AtomicInteger busyLeft = new AtomicInteger();
  private final AtomicInteger received = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();
  private volatile String retryAfter;

  /** A script that serves every request until {@link #busyFor(int)}; Retry-After in seconds. */
  public BusyScript(int retryAfterSeconds) {
    super(Phase.RECEIVE);
    retryAfter(String.valueOf(retryAfterSeconds));
  }

  /** Refuses the next {@code requests} requests as busy, then serves again. */
  public BusyScript busyFor(int requests) {
    busyLeft.set(requests);
    return this;
  }

  /** The {@code Retry-After} value sent (verbatim, to try malformed ones), or null for none. */
  public BusyScript retryAfter(String value) {
    retryAfter = value;
    return this;
  }

  /** Requests seen, refused or not. */
  public int received() {
    return received.get();
  }

  /** Requests refused as busy. */
  public int refused() {
    return refused.get();
  }

  @Override
  public void handleMessage(Message message) {
    received.incrementAndGet();
    if (busyLeft.getAndUpdate(n -> Math.max(0, n - 1)) <= 0) {
      return;
    }
    refused.incrementAndGet();
    HttpServletResponse response =
        (HttpServletResponse) message.get(AbstractHTTPDestination.HTTP_RESPONSE);
    response.setStatus(503);
    String delay = retryAfter;
    if (delay != null) {
      response.setHeader("Retry-After", delay);
    }
    response.setContentType("text/xml; charset=UTF-8");
    byte[] body = FAULT.getBytes(StandardCharsets.UTF_8);
    response.setContentLength(body.length);
    try {
      OutputStream out = response.getOutputStream();
      out.write(body);
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    message.getInterceptorChain().abort();
  }
}
