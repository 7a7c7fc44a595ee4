package io.wsqos.core.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
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

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(WsQosHeaderFeature.builder().build())
          .feature(new WsQosEndpointBaseline())
          .toExtension();

  @Test
  void everyOperationDeclaresTheBlocksAsOptionalSoapHeadersWithTheSchemaInlined() throws Exception {
    Definition wsdl = readWsdl(server.address() + "?wsdl");

    Binding binding = (Binding) wsdl.getAllBindings().values().iterator().next();
    List<?> operations = binding.getBindingOperations();
    assertThat(operations).extracting(o -> ((BindingOperation) o).getName()).contains("echo");
    for (Object o : operations) {
      BindingOperation operation = (BindingOperation) o;
      assertThat(headers(operation.getBindingInput().getExtensibilityElements()))
          .as(operation.getName())
          .containsExactly("Requirement", "Timestamps");
      assertThat(headers(operation.getBindingOutput().getExtensibilityElements()))
          .as(operation.getName())
          .containsExactly("Timestamps", "ServerAction");
      for (Object element : operation.getBindingInput().getExtensibilityElements()) {
        if (element instanceof SOAPHeader header) {
          assertThat(header.getRequired()).isFalse();
          assertThat(header.getUse()).isEqualTo("literal");
          Message message = wsdl.getMessage(header.getMessage());
          Part part = message.getPart(header.getPart());
          assertThat(part.getElementName().getNamespaceURI()).isEqualTo(WsQos.NAMESPACE);
        }
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

  private static String fetch(String url) {
    RawHttp.Response response = RawHttp.get(url);
    assertThat(response.status()).isEqualTo(200);
    return response.text();
  }
}
