package io.wsqos.core;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;

/**
 * Connect and receive timeouts for a CXF client over HTTP that bound the whole response, its body
 * included.
 *
 * <p>CXF 4's default HTTP conduit, on the JDK's {@code HttpClient}, applies its receive timeout to
 * the wait for a response's headers only: a provider, or a path, that stalls in the middle of a
 * body holds the call until the connection closes, however long that takes. {@link #apply} sets
 * both timeouts and has the client use CXF's {@code HttpURLConnection} conduit (its contextual
 * property {@value #FORCE_URL_CONNECTION}), which bounds every read of the body by the receive
 * timeout. That conduit speaks HTTP/1.1 only. A call past a bound fails with a {@code
 * WebServiceException} whose causes include a {@link java.net.SocketTimeoutException}.
 *
 * <pre>{@code
 * EchoService echo = factory.create(EchoService.class);
 * ClientTimeouts.apply(ClientProxy.getClient(echo), Duration.ofSeconds(5), Duration.ofSeconds(30));
 * }</pre>
 */
public final class ClientTimeouts {

  /** CXF's contextual property that makes an HTTP client use its HttpURLConnection conduit. */
  public static final String FORCE_URL_CONNECTION = "force.urlconnection.http.conduit";

  /** The longest timeout accepted: a day. */
  public static final Duration MAX_TIMEOUT = Duration.ofDays(1);

  private ClientTimeouts() {}

  /**
   * Bounds {@code client}'s connecting by {@code connect} and each wait for its response's bytes,
   * from the headers to the body's end, by {@code receive}.
   *
   * @throws InvalidValueException if a timeout is not within 1 ms..1 day
   * @throws IllegalArgumentException if {@code client} does not call over HTTP
   */
  public static void apply(Client client, Duration connect, Duration receive) {
    requireNonNull(client, "client");
    Duration oneMilli = Duration.ofMillis(1);
    Checks.inRange("connect", connect, oneMilli, MAX_TIMEOUT);
    Checks.inRange("receive", receive, oneMilli, MAX_TIMEOUT);
    if (!(client.getConduit() instanceof HTTPConduit conduit)) {
      throw new IllegalArgumentException(
          "client: calls "
              + client.getEndpoint().getEndpointInfo().getAddress()
              + " (expected: over HTTP)");
    }
    HTTPClientPolicy policy = new HTTPClientPolicy();
    policy.setConnectionTimeout(connect.toMillis());
    policy.setReceiveTimeout(receive.toMillis());
    conduit.setClient(policy);
    // On the endpoint rather than in the request context, which may be per thread.
    client.getEndpoint().put(FORCE_URL_CONNECTION, Boolean.TRUE);
  }
}
