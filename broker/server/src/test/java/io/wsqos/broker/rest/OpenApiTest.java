package io.wsqos.broker.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.db.TestDatabase;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI description the broker serves names exactly the operations its resources have: every
 * resource method's verb and path is in it, and it has no other, found by reading the JAX-RS
 * annotations of what {@link BrokerRest} mounts.
 */
class OpenApiTest {

  @Test
  void theDescriptionServedMatchesTheResourcesBothWays() throws Exception {
    try (TestDatabase database = TestDatabase.h2();
        Registry registry =
            Registry.builder()
                .url(database.url(), database.user(), "")
                .poolName("openapi")
                .build();
        OfferSelector selector = OfferSelector.builder(registry).build()) {
      BrokerRest rest =
          BrokerRest.of(
              BrokerService.builder(registry, selector)
                  .adminToken(BrokerRestTest.ADMIN)
                  .openReads(false)
                  .build());
      try (EmbeddedServer server =
          EmbeddedServer.builder()
              .daemonThreads(true)
              .jaxrs(BrokerRest.PATH, rest.resources(), rest.providers())
              .start()) {
        RestClient.Answer answer = new RestClient(server.address()).get("/api/openapi.json", null);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("Content-Type")).startsWith("application/json");
        JsonNode description = answer.json();

        assertThat(description.get("openapi").asText()).startsWith("3.");
        assertThat(description.get("servers").get(0).get("url").asText())
            .isEqualTo(BrokerRest.PATH);
        assertThat(described(description)).isEqualTo(annotated(rest));
        assertThat(annotated(rest)).contains("GET /select", "POST /providers/{id}/token");
      }
    }
  }

  /** "VERB /path" of every operation in the description. */
  private static Set<String> described(JsonNode description) {
    Set<String> operations = new TreeSet<>();
    for (Iterator<Map.Entry<String, JsonNode>> paths = description.get("paths").fields();
        paths.hasNext(); ) {
      Map.Entry<String, JsonNode> path = paths.next();
      for (String verb : Set.of("get", "put", "post", "delete", "patch", "head", "options")) {
        if (path.getValue().has(verb)) {
          operations.add(verb.toUpperCase(Locale.ROOT) + " " + path.getKey());
        }
      }
    }
    return operations;
  }

  /** "VERB /path" of every resource method mounted. */
  private static Set<String> annotated(BrokerRest rest) {
    Set<String> operations = new TreeSet<>();
    for (Object resource : rest.resources()) {
      String base = resource.getClass().getAnnotation(Path.class).value();
      for (Method method : resource.getClass().getMethods()) {
        for (Annotation annotation : method.getAnnotations()) {
          HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
          if (verb != null) {
            Path sub = method.getAnnotation(Path.class);
            operations.add(verb.value() + " " + join(base, sub == null ? "" : sub.value()));
          }
        }
      }
    }
    return operations;
  }

  private static String join(String base, String sub) {
    String path = "/" + strip(base) + (strip(sub).isEmpty() ? "" : "/" + strip(sub));
    return path;
  }

  private static String strip(String path) {
    String stripped = path;
    while (stripped.startsWith("/")) {
      stripped = stripped.substring(1);
    }
    while (stripped.endsWith("/")) {
      stripped = stripped.substring(0, stripped.length() - 1);
    }
    return stripped;
  }
}
