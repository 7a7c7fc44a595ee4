package io.wsqos.broker.client;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.ClientRegistration;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.TooManyReportsException;
import io.wsqos.broker.api.TooManyWatchesException;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Currency;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;

/**
 * The broker's REST API as Java calls, over {@code java.net.http} and {@link BrokerJson}: each call
 * is one request, and each error status comes back as the broker's typed exception (400 {@link
 * InvalidInputException} with the field, 401 {@link UnauthenticatedException}, 403 {@link
 * ForbiddenException}, 404 {@link NotFoundException}, 409 {@link DuplicateException}, 412 {@link
 * VersionConflictException}, 503 {@link RegistryUnavailableException}, with the broker's {@code
 * Retry-After} as {@link RegistryUnavailableException#retryAfter()}); any other status is an {@link
 * IllegalStateException}, and a broker that cannot be reached, or does not answer within the
 * request timeout, an {@link UncheckedIOException} naming the call. A call is never retried here:
 * the caller decides, after {@code retryAfter} when the broker said. Thread-safe.
 *
 * <pre>{@code
 * BrokerClient broker = BrokerClient.builder(URI.create("http://127.0.0.1:8080")).token(token).build();
 * Selection selection = broker.select(portType, requirement);
 * }</pre>
 */
public final class BrokerClient {

  /** Default time a request may take before it fails: 5 s. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);

  private static final Pattern NOT_FOUND = Pattern.compile("(\\w+) (\\d+) not found");
  private static final Pattern CONFLICT =
      Pattern.compile("offer (\\d+) is at version (\\d+), not (\\d+).*");
  // At most 9 digits: a longer delay is not a broker's answer, and it keeps the parse in a long.
  private static final Pattern REPORT_RATE =
      Pattern.compile("too many reports: the broker takes ([0-9.]+) per second from one token");

  private static final Pattern RETRY_AFTER_SECONDS = Pattern.compile("\\d{1,9}");
  private static final Pattern TOO_MANY_WATCHES =
      Pattern.compile("too many watches: the broker holds at most (\\d{1,9})");
  private static final String DUPLICATE_SUFFIX = " is already registered";

  /** Returns a builder for the broker at {@code baseUrl}, e.g. {@code http://127.0.0.1:8080}. */
  public static Builder builder(URI baseUrl) {
    return new Builder(baseUrl);
  }

  private final ObjectMapper json = BrokerJson.newMapper();
  private final HttpClient http;
  private final String api;
  private final String authorization;
  private final Duration requestTimeout;

  private BrokerClient(Builder builder) {
    String base = builder.baseUrl.toString();
    api = (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/api";
    authorization = builder.token == null ? null : "Bearer " + builder.token;
    requestTimeout = builder.requestTimeout;
    http = HttpClient.newBuilder().connectTimeout(builder.requestTimeout).build();
  }

  // Providers.

  /** Registers a provider (administrator); the answer holds its token, shown once. */
  public ProviderRegistration registerProvider(String name) {
    return send(
        "POST", "/providers", new Requests.ProviderName(name), type(ProviderRegistration.class));
  }

  /** Renames a provider (administrator). */
  public Provider renameProvider(long id, String name) {
    return send("PUT", "/providers/" + id, new Requests.ProviderName(name), type(Provider.class));
  }

  /** Withdraws a provider with its endpoints and offers (administrator). */
  public void withdrawProvider(long id) {
    send("DELETE", "/providers/" + id, null, null);
  }

  /** Gives a provider a new token (administrator); the answer holds it, shown once. */
  public ProviderRegistration rotateToken(long id) {
    return send("POST", "/providers/" + id + "/token", null, type(ProviderRegistration.class));
  }

  /** One provider. */
  public Provider provider(long id) {
    return send("GET", "/providers/" + id, null, type(Provider.class));
  }

  /** A page of providers after id {@code after}. */
  public Page<Provider> providers(long after, int limit) {
    return send("GET", "/providers" + page(after, limit), null, pageOf(Provider.class));
  }

  // Services.

  /** Registers a service. */
  public Service registerService(QName portType, URI wsdlLocation) {
    return send(
        "POST", "/services", new Requests.NewService(portType, wsdlLocation), type(Service.class));
  }

  /** Moves a service's WSDL (administrator). */
  public Service updateService(long id, URI wsdlLocation) {
    return send(
        "PUT", "/services/" + id, new Requests.ServiceChange(wsdlLocation), type(Service.class));
  }

  /** Withdraws a service (administrator). */
  public void withdrawService(long id) {
    send("DELETE", "/services/" + id, null, null);
  }

  /** One service. */
  public Service service(long id) {
    return send("GET", "/services/" + id, null, type(Service.class));
  }

  /** A page of services after id {@code after}. */
  public Page<Service> services(long after, int limit) {
    return send("GET", "/services" + page(after, limit), null, pageOf(Service.class));
  }

  // Endpoints.

  /** Registers an endpoint of provider {@code providerId} for service {@code serviceId}. */
  public Endpoint registerEndpoint(
      long providerId, long serviceId, URI address, Set<Binding> bindings) {
    return send(
        "POST",
        "/endpoints",
        new Requests.NewEndpoint(providerId, serviceId, address, bindings),
        type(Endpoint.class));
  }

  /** Changes an endpoint's address and bindings. */
  public Endpoint updateEndpoint(long id, URI address, Set<Binding> bindings) {
    return send(
        "PUT",
        "/endpoints/" + id,
        new Requests.EndpointChange(address, bindings),
        type(Endpoint.class));
  }

  /** Withdraws an endpoint with its offers. */
  public void withdrawEndpoint(long id) {
    send("DELETE", "/endpoints/" + id, null, null);
  }

  /** One endpoint. */
  public Endpoint endpoint(long id) {
    return send("GET", "/endpoints/" + id, null, type(Endpoint.class));
  }

  /** A page of endpoints after id {@code after}. */
  public Page<Endpoint> endpoints(long after, int limit) {
    return send("GET", "/endpoints" + page(after, limit), null, pageOf(Endpoint.class));
  }

  // Offers.

  /** Publishes an offer for endpoint {@code endpointId}, at version 1. */
  public Offer publishOffer(long endpointId, OfferTerms terms) {
    return send("POST", "/offers", new Requests.NewOffer(endpointId, terms), type(Offer.class));
  }

  /** Replaces the terms of an offer read at {@code expectedVersion}. */
  public Offer updateOffer(long id, long expectedVersion, OfferTerms terms) {
    return send(
        "PUT",
        "/offers/" + id,
        new Requests.OfferChange(terms),
        type(Offer.class),
        "If-Match",
        "\"" + expectedVersion + "\"");
  }

  /** Withdraws an offer read at {@code expectedVersion}. */
  public void withdrawOffer(long id, long expectedVersion) {
    send("DELETE", "/offers/" + id, null, null, "If-Match", "\"" + expectedVersion + "\"");
  }

  /** One offer. */
  public Offer offer(long id) {
    return send("GET", "/offers/" + id, null, type(Offer.class));
  }

  /** A page of offers after id {@code after}. */
  public Page<Offer> offers(long after, int limit) {
    return send("GET", "/offers" + page(after, limit), null, pageOf(Offer.class));
  }

  // Clients and measurements.

  /** Registers a client, with the administrator's token: the client and its token (shown once). */
  public ClientRegistration registerClient(String name) {
    return send("POST", "/clients", new Requests.ClientName(name), type(ClientRegistration.class));
  }

  /** Withdraws a client; its token stops working. */
  public void withdrawClient(long id) {
    send("DELETE", "/clients/" + id, null, null);
  }

  /**
   * Reports what this caller measured of offer {@code offerId}: a provider of its own offers, a
   * client of an offer a selection gave it, with that candidate's {@linkplain Candidate#receipt()
   * receipt}.
   *
   * @return what the broker's window now says of the offer
   * @throws io.wsqos.broker.api.TooManyReportsException past the broker's rate for this token
   */
  public MeasuredQos reportMeasurement(
      long offerId, Measurement measurement, Optional<String> receipt) {
    return send(
        "POST",
        "/offers/" + offerId + "/measurements",
        new Requests.MeasurementReport(measurement, receipt.orElse(null)),
        type(MeasuredQos.class));
  }

  /**
   * What the measurements within the broker's window say of offer {@code offerId}; empty when no
   * report counts (the broker answers 204).
   */
  public Optional<MeasuredQos> measuredQos(long offerId) {
    return Optional.ofNullable(
        send("GET", "/offers/" + offerId + "/measured", null, type(MeasuredQos.class)));
  }

  // Selection.

  /**
   * The offers for {@code service} meeting {@code requirement}, in the broker's currency, ranked by
   * what was measured of them (shortest measured response time first, then those without
   * measurements).
   */
  public Selection selectByMeasured(QName service, QosRequirement requirement) {
    return send(
        "GET",
        "/select" + selectQuery(service, requirement, null) + "&rank=measured",
        null,
        type(Selection.class));
  }

  /** The offers for {@code service} meeting {@code requirement}, in the broker's currency. */
  public Selection select(QName service, QosRequirement requirement) {
    return send(
        "GET", "/select" + selectQuery(service, requirement, null), null, type(Selection.class));
  }

  /**
   * The offers for {@code service} meeting {@code requirement}, among those in {@code currency}.
   */
  public Selection select(QName service, QosRequirement requirement, Currency currency) {
    requireNonNull(currency, "currency");
    return send(
        "GET",
        "/select" + selectQuery(service, requirement, currency),
        null,
        type(Selection.class));
  }

  /**
   * Waits up to {@code wait} for the selection of {@code service} for {@code requirement} to differ
   * from the one whose {@linkplain Selection#tag() tag} is {@code knownTag}: the new selection as
   * soon as the broker sees the change, or empty when {@code wait} passed without one. The request
   * may take {@code wait} plus the request timeout.
   *
   * @param wait 0 to 300 s, whole seconds
   * @throws io.wsqos.broker.api.TooManyWatchesException when the broker holds as many watches as it
   *     allows (it said so with HTTP 429)
   */
  public Optional<Selection> watch(
      QName service, QosRequirement requirement, String knownTag, Duration wait) {
    return watch(service, requirement, null, knownTag, wait);
  }

  /**
   * As {@link #watch(QName, QosRequirement, String, Duration)}, among the offers in {@code
   * currency}.
   */
  public Optional<Selection> watch(
      QName service,
      QosRequirement requirement,
      Currency currency,
      String knownTag,
      Duration wait) {
    requireNonNull(knownTag, "knownTag");
    requireNonNull(wait, "wait");
    if (wait.isNegative()) {
      throw new IllegalArgumentException("wait: " + wait + " (expected: >= 0)");
    }
    String path =
        "/select/watch" + selectQuery(service, requirement, currency) + "&wait=" + wait.toSeconds();
    return Optional.ofNullable(
        send(
            "GET",
            path,
            null,
            type(Selection.class),
            requestTimeout.plus(wait),
            "If-None-Match",
            "\"" + knownTag + "\""));
  }

  @Override
  public String toString() {
    return "BrokerClient[" + api + "]";
  }

  // The wire.

  private static String selectQuery(QName service, QosRequirement requirement, Currency currency) {
    requireNonNull(service, "service");
    requireNonNull(requirement, "requirement");
    QosTerms terms = requirement.terms();
    StringJoiner query = new StringJoiner("&", "?", "");
    query.add("service=" + encode(service.toString()));
    terms.maxPrice().ifPresent(p -> query.add("maxPrice=" + p.toPlainString()));
    terms.maxResponseTimeMillis().ifPresent(t -> query.add("maxResponseTimeMillis=" + t));
    terms.minAvailability().ifPresent(a -> query.add("minAvailability=" + a));
    query.add("priority=" + terms.transportPriority().token());
    query.add("compression=" + requirement.compression().token());
    if (currency != null) {
      query.add("currency=" + currency.getCurrencyCode());
    }
    return query.toString();
  }

  private static String page(long after, int limit) {
    return "?after=" + after + "&limit=" + limit;
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  private JavaType type(Class<?> type) {
    return json.constructType(type);
  }

  private JavaType pageOf(Class<?> item) {
    return json.getTypeFactory().constructParametricType(Page.class, item);
  }

  private <T> T send(String method, String path, Object body, JavaType answer, String... headers) {
    return send(method, path, body, answer, requestTimeout, headers);
  }

  /**
   * Sends {@code request} and waits for the whole response at most {@code timeout}. The request's
   * own timeout bounds only the wait for the response's headers: a broker, or a path, that stalls
   * in the middle of a body would hold {@code send} until the connection closes.
   */
  private HttpResponse<byte[]> exchange(HttpRequest request, Duration timeout)
      throws IOException, InterruptedException {
    AtomicBoolean headersArrived = new AtomicBoolean();
    CompletableFuture<HttpResponse<byte[]>> exchange =
        http.sendAsync(
            request,
            info -> {
              headersArrived.set(true);
              return HttpResponse.BodySubscribers.ofByteArray();
            });
    try {
      return exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      exchange.cancel(true);
      // Without headers, this is the request's own timeout, which may have lost the race.
      throw new HttpTimeoutException(
          headersArrived.get() ? "response not complete within " + timeout : "request timed out");
    } catch (InterruptedException e) {
      exchange.cancel(true);
      throw e;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException unchecked) {
        throw unchecked;
      }
      throw new IOException(e.getCause());
    }
  }

  /** One request; a 204 or 304 answer is {@code null}. */
  private <T> T send(
      String method,
      String path,
      Object body,
      JavaType answer,
      Duration timeout,
      String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(api + path))
            .timeout(timeout)
            .header("Accept", "application/json");
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    try {
      if (body == null) {
        request.method(method, HttpRequest.BodyPublishers.noBody());
      } else {
        request.header("Content-Type", "application/json");
        request.method(
            method, HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body)));
      }
      HttpResponse<byte[]> response = exchange(request.build(), timeout);
      int status = response.statusCode();
      if (status == 204) {
        return null;
      }
      if (status >= 200 && status < 300) {
        return answer == null ? null : json.readValue(response.body(), answer);
      }
      if (status == 304) {
        return null;
      }
      throw error(method, path, response);
    } catch (IOException e) {
      // A refused connection comes without a message: its type is then what says what happened.
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new UncheckedIOException(method + " " + api + path + ": " + why, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + method + " " + api + path, e);
    }
  }

  private RuntimeException error(String method, String path, HttpResponse<byte[]> response) {
    int status = response.statusCode();
    byte[] body = response.body();
    String field = null;
    String kind = "";
    String message = "HTTP " + status;
    try {
      JsonNode error = json.readTree(body);
      if (error != null && error.hasNonNull("message")) {
        message = error.get("message").asText();
        kind = error.hasNonNull("error") ? error.get("error").asText() : "";
        field = error.hasNonNull("field") ? error.get("field").asText() : null;
      }
    } catch (IOException e) {
      message = "HTTP " + status + " without a JSON error body";
    }
    switch (status) {
      case 400:
        return new InvalidInputException(field == null ? "" : field, message, null);
      case 401:
        return new UnauthenticatedException(strip(message, "not authenticated: "));
      case 403:
        return new ForbiddenException(strip(message, "forbidden: "));
      case 404:
        Matcher notFound = NOT_FOUND.matcher(message);
        if (notFound.matches()) {
          return new NotFoundException(notFound.group(1), Long.parseLong(notFound.group(2)));
        }
        return new IllegalStateException(method + " " + api + path + ": no such resource");
      case 409:
      case 412:
        Matcher conflict = CONFLICT.matcher(message);
        if (conflict.matches()) {
          return new VersionConflictException(
              Long.parseLong(conflict.group(1)),
              Long.parseLong(conflict.group(3)),
              Long.parseLong(conflict.group(2)));
        }
        return new DuplicateException(
            message.endsWith(DUPLICATE_SUFFIX)
                ? message.substring(0, message.length() - DUPLICATE_SUFFIX.length())
                : message,
            null);
      case 429:
        if (kind.equals("too_many_reports")) {
          Matcher rate = REPORT_RATE.matcher(message);
          return new TooManyReportsException(
              rate.matches() ? Double.parseDouble(rate.group(1)) : 0,
              retryAfter(response).orElse(Duration.ofSeconds(1)));
        }
        Matcher watches = TOO_MANY_WATCHES.matcher(message);
        return new TooManyWatchesException(
            watches.matches() ? Integer.parseInt(watches.group(1)) : 0);
      case 503:
        return new RegistryUnavailableException(
            method + " " + path, null, retryAfter(response).orElse(null));
      default:
        return new IllegalStateException(
            method + " " + api + path + ": HTTP " + status + ": " + message);
    }
  }

  /**
   * The {@code Retry-After} of {@code response} in delta-seconds, the form the broker sends; an
   * HTTP date or anything else unreadable is left out rather than guessed at.
   */
  private static Optional<Duration> retryAfter(HttpResponse<?> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .map(String::strip)
        .filter(v -> RETRY_AFTER_SECONDS.matcher(v).matches())
        .map(v -> Duration.ofSeconds(Long.parseLong(v)));
  }

  private static String strip(String message, String prefix) {
    return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
  }

  /** Configures a {@link BrokerClient}. */
  public static final class Builder {
    private final URI baseUrl;
    private String token;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;

    private Builder(URI baseUrl) {
      requireNonNull(baseUrl, "baseUrl");
      String scheme = baseUrl.getScheme();
      if (scheme == null
          || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
          || baseUrl.getHost() == null) {
        throw new IllegalArgumentException(
            "baseUrl: '" + baseUrl + "' (expected: an absolute http or https URL)");
      }
      this.baseUrl = baseUrl;
    }

    /** The bearer token sent with every request (a provider's or the admin's); default none. */
    public Builder token(String token) {
      this.token = requireNonNull(token, "token");
      return this;
    }

    /** How long a request (and its connection) may take, at least 1 ms; default 5 s. */
    public Builder requestTimeout(Duration requestTimeout) {
      requireNonNull(requestTimeout, "requestTimeout");
      if (requestTimeout.isNegative() || requestTimeout.isZero()) {
        throw new IllegalArgumentException(
            "requestTimeout: " + requestTimeout + " (expected: > 0)");
      }
      this.requestTimeout = requestTimeout;
      return this;
    }

    /** Returns the client. */
    public BrokerClient build() {
      return new BrokerClient(this);
    }
  }
}
