package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.server.EmbeddedServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceDescriptorTest {

  private static final String TEXT =
      """
      # a comment
      wsqos-bindings 1
      service io.wsqos.binding.kit.Catalog
      jvm 4711@host-a/2026-11-26T06:00:00Z

      binding rmi rmi://10.0.0.5:40123/catalog
      binding soap /catalog
      """;

  @Test
  void aRelativeSoapAddressIsResolvedAgainstTheDescriptorsUrl() {
    ServiceDescriptor descriptor =
        ServiceDescriptor.parse(TEXT, URI.create("http://10.0.0.5:8080/catalog/bindings"), "test");

    assertThat(descriptor.service()).isEqualTo(Catalog.class.getName());
    assertThat(descriptor.jvm()).isEqualTo("4711@host-a/2026-11-26T06:00:00Z");
    assertThat(descriptor.bindings())
        .containsExactly(
            BindingAddress.rmi("10.0.0.5", 40123, "catalog"),
            BindingAddress.soap(URI.create("http://10.0.0.5:8080/catalog")));
  }

  @Test
  void formatAndParseRoundTrip() {
    ServiceDescriptor descriptor =
        new ServiceDescriptor(
            "a.B",
            "1@h/t",
            List.of(
                BindingAddress.local("b"),
                BindingAddress.cxfLocal("b"),
                BindingAddress.rmi("::1", 1099, "b")));

    assertThat(ServiceDescriptor.parse(descriptor.format(), null, "x")).isEqualTo(descriptor);
  }

  @Test
  void errorsNameTheLineAndTheProblem() {
    assertThat(problem("wsqos-bindings 2\n"))
        .isEqualTo("line 1: 'wsqos-bindings 2' (expected: wsqos-bindings 1)");
    assertThat(problem("wsqos-bindings 1\nservice a.B\nbinding corba iiop://x\n"))
        .startsWith(
            "line 3: unknown binding 'corba' (expected one of: local, cxf-local, rmi, soap)");
    assertThat(problem("wsqos-bindings 1\nservice a.B\njvm j\nbinding rmi rmi://h:1/../../x\n"))
        .startsWith("line 4: address: rmi://h:1/../../x (expected: a name of letters");
    assertThat(problem("wsqos-bindings 1\nservice a.B\njvm j\nbinding soap /x\n"))
        .startsWith("line 4: relative address '/x'");
    assertThat(
            problem(
                "wsqos-bindings 1\nservice a.B\njvm j\nbinding rmi rmi://h:1/a\nbinding rmi rmi://h:2/a\n"))
        .isEqualTo("line 6: bindings: rmi twice (expected: at most one of each kind)");
    assertThat(problem("wsqos-bindings 1\nservice a.B\n")).startsWith("line 3: incomplete");
  }

  @Test
  void theDescriptorIsServedNextToTheWsdl() throws Exception {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication =
        BindingPublisher.builder(Catalog.class, new CatalogImpl())
            .local(local)
            .rmi("127.0.0.1")
            .soap(EmbeddedServer.builder().daemonThreads(true), "/catalog")
            .publish()) {
      URI url = publication.descriptorUrl().orElseThrow();
      String soap =
          publication.descriptor().binding(BindingKind.SOAP).orElseThrow().uri().toString();
      HttpClient http = HttpClient.newHttpClient();

      HttpResponse<String> descriptor =
          http.send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString());
      HttpResponse<String> wsdl =
          http.send(
              HttpRequest.newBuilder(URI.create(soap + "?wsdl")).build(),
              HttpResponse.BodyHandlers.ofString());
      HttpResponse<String> post =
          http.send(
              HttpRequest.newBuilder(url).POST(HttpRequest.BodyPublishers.ofString("x")).build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(url.toString()).isEqualTo(soap + BindingPublisher.DESCRIPTOR_SUFFIX);
      assertThat(descriptor.statusCode()).isEqualTo(200);
      assertThat(descriptor.headers().firstValue("Content-Type"))
          .hasValue("text/plain;charset=utf-8");
      assertThat(descriptor.body())
          .contains("binding soap /catalog\n", "binding local wsqos-local:catalog\n");
      assertThat(ServiceDescriptor.parse(descriptor.body(), url, url.toString()))
          .isEqualTo(publication.descriptor());
      assertThat(wsdl.statusCode()).isEqualTo(200);
      assertThat(wsdl.body()).contains("wsdl:definitions");
      assertThat(post.statusCode()).isEqualTo(405);
    }
  }

  private static String problem(String text) {
    SyntaxException e =
        catchThrowableOfType(
            SyntaxException.class, () -> ServiceDescriptor.parse(text, null, "d.txt"));
    assertThat(e.getMessage()).isEqualTo("d.txt line " + e.line() + ": " + e.problem());
    return "line " + e.line() + ": " + e.problem();
  }
}
