package io.wsqos.broker.soap;

import static io.wsqos.broker.soap.SoapFixture.ENVELOPE_END;
import static io.wsqos.broker.soap.SoapFixture.ENVELOPE_START;
import static io.wsqos.broker.soap.SoapFixture.fault;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.rest.RestClient;
import io.wsqos.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A SOAP request of the wrong shape is the client's error ({@code soap:Client}) and writes nothing;
 * a fault repeats a long value cut short.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SoapStrictInputTest {

  private static final String ADMIN = BrokerStack.ADMIN_TOKEN;
  private static final String REGISTER =
      "<b:registerProvider><name>Acme</name></b:registerProvider>";

  @RegisterExtension static final BrokerStack.PerClass broker = BrokerStack.perClass();

  private BrokerStack stack;
  private RestClient rest;

  @BeforeAll
  void start() {
    stack = broker.stack();
    rest = new RestClient(stack.address());
  }

  @Test
  void anEnvelopeWithoutAnOperationIsAClientFault() {
    String soap = "xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"";
    List<String> requests =
        List.of(
            "<soap:Envelope " + soap + "><soap:Body/></soap:Envelope>",
            "<soap:Envelope " + soap + "><soap:Body>\n</soap:Body></soap:Envelope>",
            "<soap:Envelope " + soap + "><soap:Header/></soap:Envelope>",
            "<soap:Envelope " + soap + "></soap:Envelope>");
    for (String request : requests) {
      SoapFixture.RawFault fault = fault(post(request));

      assertThat(fault.status()).isEqualTo(500);
      assertThat(fault.faultcode()).as(fault.faultstring()).isEqualTo("Client");
      assertThat(fault.faultstring()).contains("soap:Body");
    }
  }

  @Test
  void aProcessingInstructionIsAClientFaultAndNothingIsWritten() {
    List<String> requests =
        List.of(
            "<?xml version=\"1.0\"?><?xml-stylesheet href=\"x\"?>"
                + ENVELOPE_START
                + REGISTER
                + ENVELOPE_END,
            ENVELOPE_START + "<?app x?>" + REGISTER + ENVELOPE_END);
    for (String request : requests) {
      SoapFixture.RawFault fault = fault(post(request));

      assertThat(fault.status()).isEqualTo(500);
      assertThat(fault.faultcode()).as(fault.faultstring()).isEqualTo("Client");
      assertThat(fault.faultstring()).contains("a processing instruction");
    }
    assertThat(rest.get("/api/providers", null).json().get("items")).isEmpty();
    assertThat(post(ENVELOPE_START + REGISTER + ENVELOPE_END).status()).isEqualTo(200);
    assertThat(rest.get("/api/providers", null).json().get("items")).hasSize(1);
  }

  @Test
  void aFaultRepeatsALongValueCutShort() {
    String spaces = " ".repeat(1 << 20);

    RawHttp.Response response =
        post(
            ENVELOPE_START
                + "<b:registerProvider><name>"
                + spaces
                + "</name></b:registerProvider>"
                + ENVELOPE_END);

    SoapFixture.RawFault fault = fault(response);
    assertThat(fault.faultcode()).isEqualTo("Client");
    assertThat(fault.field()).isEqualTo("name");
    assertThat(fault.faultstring())
        .isEqualTo("name: '" + " ".repeat(64) + "'... (1048576 characters) (expected: not blank)");
    assertThat(response.text().length()).isLessThan(1000);
    assertThat(rest.get("/api/providers", null).json().get("items")).isEmpty();
  }

  private RawHttp.Response post(String envelope) {
    return RawHttp.postXml(
        stack.soapAddress(),
        envelope.getBytes(StandardCharsets.UTF_8),
        "Authorization",
        "Bearer " + ADMIN);
  }
}
