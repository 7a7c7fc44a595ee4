package io.wsqos.core.header;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.util.List;
import org.apache.cxf.interceptor.AbstractBasicInterceptorProvider;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The endpoint baseline is installed once however often it is asked for, decodes no header, and is
 * what changes an endpoint's charset, fault codes and {@code ?wsdl}: the header feature alone
 * changes none of them.
 */
class WsQosEndpointBaselineTest {

  private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";

  @RegisterExtension
  static final CxfServerExtension headersOnly =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(WsQosHeaderFeature.builder().build())
          .toExtension();

  @RegisterExtension
  static final CxfServerExtension withBaseline =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(WsQosHeaderFeature.builder().build())
          .feature(new WsQosEndpointBaseline())
          .toExtension();

  @Test
  void installingTwiceAddsEachInterceptorOnceAndNoHeaderDecoding() {
    InterceptorProvider endpoint = new AbstractBasicInterceptorProvider() {};

    WsQosEndpointBaseline.install(endpoint);
    new WsQosEndpointBaseline().initialize(endpoint, null);

    assertThat(ids(endpoint.getInInterceptors())).containsExactly(Utf8RequestInterceptor.ID);
    assertThat(ids(endpoint.getOutInterceptors())).containsExactly(Utf8ResponseInterceptor.ID);
    assertThat(ids(endpoint.getOutFaultInterceptors()))
        .containsExactlyInAnyOrder(Utf8ResponseInterceptor.ID, ClientErrorFaultInterceptor.ID);
    assertThat(endpoint.getInFaultInterceptors()).isEmpty();
  }

  @Test
  void theHeaderFeatureAloneLeavesTheWsdlAndTheCharsetAsCxfHasThem() {
    assertThat(RawHttp.get(headersOnly.address() + "?wsdl").text())
        .doesNotContain("WsQosRequirement");
    assertThat(postWithoutCharset(headersOnly).text()).doesNotStartWith("<?xml");
  }

  @Test
  void theBaselineDeclaresTheHeadersInTheWsdlAndAnswersInUtf8() {
    assertThat(RawHttp.get(withBaseline.address() + "?wsdl").text()).contains("WsQosRequirement");
    assertThat(postWithoutCharset(withBaseline).text())
        .startsWith("<?xml version='1.0' encoding='UTF-8'?>");
  }

  @Test
  void aGetTheEndpointCannotAnswerIsTheCallersErrorNotTheServers() {
    for (String query : List.of("", "?xsd=../../etc/passwd", "?nothing")) {
      RawHttp.Response withIt = RawHttp.get(withBaseline.address() + query);
      assertThat(withIt.text()).as(query).contains("<faultcode>soap:Client</faultcode>");
      assertThat(RawHttp.get(headersOnly.address() + query).text())
          .as(query)
          .contains("<faultcode>soap:Server</faultcode>");
    }
    assertThat(RawHttp.get(withBaseline.address() + "?wsdl").status()).isEqualTo(200);
  }

  private static RawHttp.Response postWithoutCharset(CxfServerExtension server) {
    RawHttp.Response response =
        RawHttp.postXml(server.address(), echo("<text>hi</text>"), "Content-Type", "text/xml");
    assertThat(response.status()).isEqualTo(200);
    return response;
  }

  private static byte[] echo(String content) {
    return ("<soap:Envelope xmlns:soap='"
            + SOAP
            + "'><soap:Body><e:echo xmlns:e='"
            + EchoService.NAMESPACE
            + "'>"
            + content
            + "</e:echo></soap:Body></soap:Envelope>")
        .getBytes(UTF_8);
  }

  private static List<String> ids(
      List<Interceptor<? extends org.apache.cxf.message.Message>> chain) {
    return chain.stream().map(i -> ((org.apache.cxf.phase.PhaseInterceptor<?>) i).getId()).toList();
  }
}
