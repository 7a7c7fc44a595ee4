package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ReadinessServletTest {

  @Test
  void answers200WhileTheCheckFindsNothingAnd503WithItsReasonOtherwise() throws Exception {
    AtomicReference<Optional<String>> reason = new AtomicReference<>(Optional.empty());
    ReadinessServlet ready = new ReadinessServlet(reason::get);
    try (EmbeddedServer server =
        EmbeddedServer.builder().servlet(ReadinessServlet.PATH, ready).start()) {
      HttpResponse<String> up = EmbeddedServerTest.get(server.address(ReadinessServlet.PATH));
      reason.set(Optional.of("database unreachable"));
      HttpResponse<String> down = EmbeddedServerTest.get(server.address(ReadinessServlet.PATH));

      assertThat(up.statusCode()).isEqualTo(200);
      assertThat(up.body()).isEqualTo("ready\n");
      assertThat(up.headers().firstValue("Cache-Control")).hasValue("no-store");
      assertThat(down.statusCode()).isEqualTo(503);
      assertThat(down.body()).isEqualTo("not ready: database unreachable\n");
      assertThat(down.headers().firstValue("Cache-Control")).hasValue("no-store");
    }
  }

  @Test
  void answersHeadWithTheStatusAndNoBody() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .servlet(ReadinessServlet.PATH, new ReadinessServlet(() -> Optional.of("starting")))
            .start()) {
      HttpResponse<String> head =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(server.address(ReadinessServlet.PATH)))
                      .method("HEAD", HttpRequest.BodyPublishers.noBody())
                      .build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(head.statusCode()).isEqualTo(503);
      assertThat(head.body()).isEmpty();
    }
  }

  @Test
  void whileServedIsAlwaysReady() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .servlet(ReadinessServlet.PATH, ReadinessServlet.whileServed())
            .start()) {
      HttpResponse<String> up = EmbeddedServerTest.get(server.address(ReadinessServlet.PATH));

      assertThat(up.statusCode()).isEqualTo(200);
    }
  }
}
