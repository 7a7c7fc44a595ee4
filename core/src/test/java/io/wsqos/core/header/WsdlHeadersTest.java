package io.wsqos.core.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.CxfServerExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.wsdl.Binding;
import javax.wsdl.BindingOperation;
import javax.wsdl.Definition;
import javax.wsdl.Message;
import javax.wsdl.Part;
import javax.wsdl.extensions.soap.SOAPHeader;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The WSDL a wsqos endpoint serves declares the WS-QoS header blocks as optional headers. */
class WsdlHeadersTest {

  // Created before the server starts, so that its leak check does not count the client's thread.
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(QosEchoService.class, (QosEchoService) text -> text)
          .feature(WsQosHeaderFeature.builder().build())
          .toExtension();

  @Test
  void everyOperationDeclaresTheBlocksAsOptionalSoapHeadersWithTheSchemaInlined() throws Exception {
    Definition wsdl = readWsdl(server.address() + "?wsdl");

    Binding binding = (Binding) wsdl.getAllBindings().values().iterator().next();
    BindingOperation echo = (BindingOperation) binding.getBindingOperations().get(0);
    assertThat(headers(echo.getBindingInput().getExtensibilityElements()))
        .containsExactly("Requirement", "Timestamps");
    assertThat(headers(echo.getBindingOutput().getExtensibilityElements()))
        .containsExactly("Timestamps", "ServerAction");
    for (Object element : echo.getBindingInput().getExtensibilityElements()) {
      if (element instanceof SOAPHeader header) {
        assertThat(header.getRequired()).isFalse();
        assertThat(header.getUse()).isEqualTo("literal");
        Message message = wsdl.getMessage(header.getMessage());
        Part part = message.getPart(header.getPart());
        assertThat(part.getElementName().getNamespaceURI()).isEqualTo(WsQos.NAMESPACE);
      }
    }
    String text = fetch(server.address() + "?wsdl");
    assertThat(text).contains("targetNamespace=\"" + WsQos.NAMESPACE + "\"");
    assertThat(text).containsOnlyOnce("name=\"WsQosRequirement\"");
  }

  @Test
  void theWsdlIsPatchedOnceHoweverOftenItIsFetched() throws Exception {
    fetch(server.address() + "?wsdl");

    assertThat(fetch(server.address() + "?wsdl")).containsOnlyOnce("name=\"WsQosServerAction\"");
  }

  private static List<String> headers(List<?> extensibilityElements) {
    List<String> blocks = new ArrayList<>();
    for (Object element : extensibilityElements) {
      if (element instanceof SOAPHeader header) {
        blocks.add(header.getMessage().getLocalPart().substring("WsQos".length()));
      }
    }
    return blocks;
  }

  private static Definition readWsdl(String url) throws Exception {
    WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
    reader.setFeature("javax.wsdl.verbose", false);
    return reader.readWSDL(url);
  }

  private static String fetch(String url) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    return response.body();
  }
}
