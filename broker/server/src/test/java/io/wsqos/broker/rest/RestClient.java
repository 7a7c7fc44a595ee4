package io.wsqos.broker.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.api.json.Requests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Plain HTTP calls to the REST API, as curl would make them, and their JSON answers; public for the
 * tests of broker processes (io.wsqos.broker.app).
 */
public final class RestClient {

  public static final ObjectMapper JSON = BrokerJson.newMapper();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final String base;

  public RestClient(String base) {
    this.base = base;
  }

  /**
   * What {@link #registerAcmeEndpoint} registered: the provider's registration and its endpoint.
   */
  public record AcmeEndpoint(ProviderRegistration registration, Endpoint endpoint) {
    /** The provider's token. */
    public String token() {
      return registration.token();
    }
  }

  /**
   * Registers, as the administrator {@code adminToken}, the provider {@code Acme}, the bookstore
   * service ({@link BrokerRestTest#BOOKSTORE}) and Acme's SOAP 1.1 endpoint for it: what most REST
   * tests start from.
   */
  public AcmeEndpoint registerAcmeEndpoint(String adminToken) {
    ProviderRegistration acme =
        post("/api/providers", adminToken, new Requests.ProviderName("Acme"))
            .as(ProviderRegistration.class);
    Service service =
        post(
                "/api/services",
                acme.token(),
                Map.of("portType", BrokerRestTest.BOOKSTORE, "wsdlLocation", "http://h/w"))
            .as(Service.class);
    Endpoint endpoint =
        post(
                "/api/endpoints",
                acme.token(),
                Map.of(
                    "providerId", acme.provider().id(),
                    "serviceId", service.id(),
                    "address", "http://127.0.0.1:9000/acme",
                    "bindings", List.of("soap11")))
            .as(Endpoint.class);
    return new AcmeEndpoint(acme, endpoint);
  }

  /** A response: its status, headers and body as JSON (null when there is none). */
  public record Answer(HttpResponse<String> response) {
    public int status() {
      return response.statusCode();
    }

    public JsonNode json() {
      try {
        return response.body().isEmpty() ? null : JSON.readTree(response.body());
      } catch (IOException e) {
        throw new UncheckedIOException("not JSON: " + response.body(), e);
      }
    }

    public <T> T as(Class<T> type) {
      try {
        return JSON.readValue(response.body(), type);
      } catch (IOException e) {
        throw new UncheckedIOException("not a " + type.getSimpleName() + ": " + response.body(), e);
      }
    }

    public String header(String name) {
      return response.headers().firstValue(name).orElse(null);
    }

    @Override
    public String toString() {
      return status() + " " + response.body();
    }
  }

  public Answer send(String method, String path, String token, String body, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (body != null && !List.of(headers).contains("Content-Type")) {
      request.header("Content-Type", "application/json");
    }
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    try {
      return new Answer(
          http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public Answer get(String path, String token) {
    return send("GET", path, token, null);
  }

  public Answer post(String path, String token, Object body) {
    return send("POST", path, token, json(body));
  }

  public Answer put(String path, String token, Object body, String... headers) {
    return send("PUT", path, token, json(body), headers);
  }

  public Answer delete(String path, String token, String... headers) {
    return send("DELETE", path, token, null, headers);
  }

  public static String json(Object body) {
    if (body == null || body instanceof String) {
      return (String) body;
    }
    try {
      return JSON.writeValueAsString(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
