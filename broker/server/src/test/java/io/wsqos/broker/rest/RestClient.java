package io.wsqos.broker.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.broker.api.json.BrokerJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/** Plain HTTP calls to the REST API, as curl would make them, and their JSON answers. */
final class RestClient {

  static final ObjectMapper JSON = BrokerJson.newMapper();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final String base;

  RestClient(String base) {
    this.base = base;
  }

  /** A response: its status, headers and body as JSON (null when there is none). */
  record Answer(HttpResponse<String> response) {
    int status() {
      return response.statusCode();
    }

    JsonNode json() {
      try {
        return response.body().isEmpty() ? null : JSON.readTree(response.body());
      } catch (IOException e) {
        throw new UncheckedIOException("not JSON: " + response.body(), e);
      }
    }

    <T> T as(Class<T> type) {
      try {
        return JSON.readValue(response.body(), type);
      } catch (IOException e) {
        throw new UncheckedIOException("not a " + type.getSimpleName() + ": " + response.body(), e);
      }
    }

    String header(String name) {
      return response.headers().firstValue(name).orElse(null);
    }

    @Override
    public String toString() {
      return status() + " " + response.body();
    }
  }

  Answer send(String method, String path, String token, String body, String... headers) {
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

  Answer get(String path, String token) {
    return send("GET", path, token, null);
  }

  Answer post(String path, String token, Object body) {
    return send("POST", path, token, json(body));
  }

  Answer put(String path, String token, Object body, String... headers) {
    return send("PUT", path, token, json(body), headers);
  }

  Answer delete(String path, String token, String... headers) {
    return send("DELETE", path, token, null, headers);
  }

  static String json(Object body) {
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
