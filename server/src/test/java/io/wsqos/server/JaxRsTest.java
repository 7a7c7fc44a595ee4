package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** JAX-RS resources on the one server, beside a JAX-WS endpoint on the same bus and port. */
class JaxRsTest {

  /** Answers a greeting, and refuses a name with an exception its mapper turns into a 400. */
  @Path("/greetings")
  public static class Greetings {
    @GET
    @Path("/{name}")
    @Produces(MediaType.TEXT_PLAIN)
    public String greet(@PathParam("name") String name) {
      if (name.equals("nobody")) {
        throw new IllegalArgumentException("name: nobody (expected: somebody)");
      }
      return "hello " + name;
    }
  }

  /** A resource whose path ends in /services, which CXF's service list page must not shadow. */
  @Path("/services")
  public static class Services {
    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String list() {
      return "the application's services";
    }
  }

  /** Maps the resource's refusal to a 400 with the message. */
  @Provider
  public static class Refusals implements ExceptionMapper<IllegalArgumentException> {
    @Override
    public Response toResponse(IllegalArgumentException e) {
      return Response.status(400).type(MediaType.TEXT_PLAIN).entity(e.getMessage()).build();
    }
  }

  @Test
  void resourcesAndProvidersAnswerAtTheirPathBesideAnEndpoint() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .endpoint("/echo", Echo.class, new Echo.Impl())
            .jaxrs("/rest", List.of(new Greetings(), new Services()), List.of(new Refusals()))
            .start()) {

      HttpResponse<String> hello = EmbeddedServerTest.get(server.address("/rest/greetings/ann"));
      assertThat(hello.statusCode()).isEqualTo(200);
      assertThat(hello.body()).isEqualTo("hello ann");

      HttpResponse<String> refused =
          EmbeddedServerTest.get(server.address("/rest/greetings/nobody"));
      assertThat(refused.statusCode()).isEqualTo(400);
      assertThat(refused.body()).isEqualTo("name: nobody (expected: somebody)");

      assertThat(EmbeddedServerTest.get(server.address("/rest/unknown")).statusCode())
          .isEqualTo(404);
      assertThat(
              EmbeddedServerTest.post(server.address("/echo"), EmbeddedServerTest.ECHO_REQUEST)
                  .body())
          .contains("hi");
      assertThat(server.endpoint("/rest")).isPresent();
      assertThat(EmbeddedServerTest.get(server.address("/rest/services")).body())
          .isEqualTo("the application's services");
    }
  }

  @Test
  void aResourceMustBeAnnotated() {
    assertThatThrownBy(
            () -> EmbeddedServer.builder().jaxrs("/rest", List.of(new Object()), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("resources: java.lang.Object");
    assertThatThrownBy(() -> EmbeddedServer.builder().jaxrs("/rest", List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("resources: []");
  }
}
