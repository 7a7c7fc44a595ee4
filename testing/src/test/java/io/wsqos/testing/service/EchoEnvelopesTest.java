package io.wsqos.testing.service;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each envelope, posted raw, is the call it names on a real endpoint. */
class EchoEnvelopesTest {

  static final EchoServiceImpl service = new EchoServiceImpl();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.forService(EchoService.class, service);

  @Test
  void theEchoEnvelopeIsAnEchoCall() {
    RawHttp.Response response = RawHttp.postXml(server.address(), EchoEnvelopes.echo("Ada"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains("<return>echo: Ada</return>");
  }

  @Test
  void theTextEnvelopeAsksForTextOfThatLength() {
    RawHttp.Response response = RawHttp.postXml(server.address(), EchoEnvelopes.text(300));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains("<return>" + EchoServiceImpl.textOf(300) + "</return>");
  }

  @Test
  void theLengthEnvelopeAndItsStreamedFormMeasureTheBody() throws IOException {
    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    streamed.write(EchoEnvelopes.lengthHead());
    streamed.write("x".repeat(1234).getBytes(UTF_8));
    streamed.write(EchoEnvelopes.LENGTH_TAIL.getBytes(UTF_8));

    RawHttp.Response built = RawHttp.postXml(server.address(), EchoEnvelopes.length("abcdef"));
    RawHttp.Response fromParts = RawHttp.postXml(server.address(), streamed.toByteArray());

    assertThat(built.text()).contains("<return>6</return>");
    assertThat(fromParts.text()).contains("<return>1234</return>");
  }
}
