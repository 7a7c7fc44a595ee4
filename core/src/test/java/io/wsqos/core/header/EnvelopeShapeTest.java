package io.wsqos.core.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoEnvelopes;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * What the header path of every wsqos endpoint makes of an envelope of the wrong shape: the
 * client's error ({@code soap:Client}), the service not invoked.
 */
class EnvelopeShapeTest {

  private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String ECHO = new String(EchoEnvelopes.echo("hi"), StandardCharsets.UTF_8);

  private final EchoServiceImpl service = new EchoServiceImpl();

  @RegisterExtension
  final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, service)
          .feature(WsQosHeaderFeature.builder().build())
          .feature(new WsQosEndpointBaseline())
          .toExtension();

  @Test
  void anEmptyBodyIsTheClientsError() throws Exception {
    for (String body : new String[] {"<soap:Body/>", "<soap:Body>\n  </soap:Body>"}) {
      RawHttp.Response response =
          post("<soap:Envelope xmlns:soap='" + SOAP + "'>" + body + "</soap:Envelope>");

      assertClientFault(response, "an empty soap:Body (expected: the element of an operation)");
    }
    assertThat(service.invocations()).isZero();
  }

  @Test
  void anEnvelopeWithoutABodyIsTheClientsError() throws Exception {
    for (String inside : new String[] {"", "<soap:Header/>"}) {
      RawHttp.Response response =
          post("<soap:Envelope xmlns:soap='" + SOAP + "'>" + inside + "</soap:Envelope>");

      assertClientFault(
          response, "no soap:Body (expected: a soap:Body after the optional soap:Header)");
    }
    assertThat(service.invocations()).isZero();
  }

  @Test
  void aProcessingInstructionBeforeTheBodyIsTheClientsError() throws Exception {
    String[] requests = {
      "<?xml version='1.0'?><?xml-stylesheet href='x'?>" + ECHO,
      ECHO.replace("<soap:Body>", "<soap:Header><?app x?></soap:Header><soap:Body>"),
      ECHO.replace("<soap:Body>", "<soap:Body><?app x?>"),
    };
    for (String request : requests) {
      RawHttp.Response response = post(request);

      assertClientFault(
          response, "a processing instruction (expected: none, SOAP forbids them in a message)");
    }
    assertThat(service.invocations()).isZero();
  }

  @Test
  void aDeclarationCommentsAndACxfClientAreStillServed() {
    RawHttp.Response response =
        post("<?xml version='1.0' encoding='UTF-8'?><!-- a comment -->" + ECHO);

    assertThat(response.status()).as(response.text()).isEqualTo(200);
    assertThat(response.text()).contains("echo: hi");
    assertThat(server.client(EchoService.class).echo("there")).isEqualTo("echo: there");
    assertThat(service.invocations()).isEqualTo(2);
  }

  private RawHttp.Response post(String xml) {
    return RawHttp.postXml(server.address(), xml.getBytes(StandardCharsets.UTF_8));
  }

  private static void assertClientFault(RawHttp.Response response, String saying) throws Exception {
    assertThat(response.status()).as(response.text()).isEqualTo(500);
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    Document fault =
        factory.newDocumentBuilder().parse(new InputSource(new StringReader(response.text())));
    assertThat(fault.getElementsByTagNameNS("", "faultcode").item(0).getTextContent())
        .as(response.text())
        .isEqualTo("soap:Client");
    assertThat(fault.getElementsByTagNameNS("", "faultstring").item(0).getTextContent())
        .contains(saying);
  }
}
