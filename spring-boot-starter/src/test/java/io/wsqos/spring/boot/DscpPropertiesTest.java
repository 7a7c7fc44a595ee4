package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.proxy.DscpMarkingFeature;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import java.nio.charset.StandardCharsets;
import org.apache.cxf.Bus;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code wsqos.dscp.*} alone marks the application's responses by the transport priority a request
 * asks for, clamped to the configured entitlement, and says so in the response's ServerAction.
 */
@SpringBootTest(
    classes = EchoApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "wsqos.dscp.enabled=true",
      "wsqos.dscp.entitlement=assured"
    })
class DscpPropertiesTest {

  @LocalServerPort int port;
  @Autowired Bus bus;

  @Test
  void anExpeditedRequestIsGrantedTheEntitlementAndTheClampIsSaid() {
    String request =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
            + "<qos:Requirement xmlns:qos=\"http://wsqos.io/ns/qos/1\">"
            + "<qos:compression>none</qos:compression><qos:terms>"
            + "<qos:transportPriority>expedited</qos:transportPriority></qos:terms>"
            + "</qos:Requirement></soap:Header><soap:Body><e:echo xmlns:e=\""
            + EchoService.NAMESPACE
            + "\"><text>hi</text></e:echo></soap:Body></soap:Envelope>";

    RawHttp.Response response =
        RawHttp.postXml(
            "http://127.0.0.1:" + port + "/services" + EchoApplication.PATH,
            request.getBytes(StandardCharsets.UTF_8));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body())
        .contains("grantedPriority>assured<")
        .contains("clampedFrom>expedited<");
    assertThat(bus.getFeatures()).hasAtLeastOneElementOfType(DscpMarkingFeature.class);
  }
}
