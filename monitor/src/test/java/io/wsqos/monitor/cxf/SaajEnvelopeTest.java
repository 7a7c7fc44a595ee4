package io.wsqos.monitor.cxf;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.header.BlockRetention;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosBlock;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.core.header.WsQosHeaders;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.saaj.SAAJInInterceptor;
import org.apache.cxf.headers.Header;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Where CXF builds the request as SAAJ (here its {@link SAAJInInterceptor}, as WS-Security and a
 * {@code Provider<SOAPMessage>} do) on an endpoint that keeps the blocks ({@link
 * BlockRetention#KEPT}), the WS-QoS blocks stay in the envelope's DOM and in CXF's header list, and
 * are decoded the same.
 */
class SaajEnvelopeTest {

  static final AtomicReference<List<String>> seen = new AtomicReference<>();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(WsQosHeaderFeature.builder().retention(BlockRetention.KEPT).build())
          .inInterceptor(new SAAJInInterceptor())
          .inInterceptor(new Spy())
          .toExtension();

  @Test
  void theBlocksStayInTheSaajMessageAndCxfsHeaderList() {
    String envelope =
        "<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/' xmlns:qos='"
            + WsQos.NAMESPACE
            + "'><soap:Header><qos:Timestamps><qos:t1>12</qos:t1></qos:Timestamps>"
            + "</soap:Header><soap:Body><e:echo xmlns:e='"
            + EchoService.NAMESPACE
            + "'><text>hi</text></e:echo></soap:Body></soap:Envelope>";

    RawHttp.Response response = RawHttp.postXml(server.address(), envelope.getBytes(UTF_8));

    assertThat(response.status()).isEqualTo(200);
    assertThat(seen.get()).containsExactly("saaj Timestamps", "cxf Timestamps", "t1 12");
  }

  /** Lists the SAAJ header's blocks, CXF's header list, and the decoded t1. */
  private static final class Spy extends AbstractPhaseInterceptor<Message> {
    Spy() {
      super(Phase.USER_LOGICAL);
    }

    @Override
    public void handleMessage(Message message) {
      List<String> found = new ArrayList<>();
      try {
        Iterator<?> blocks =
            message.getContent(SOAPMessage.class).getSOAPHeader().examineAllHeaderElements();
        while (blocks.hasNext()) {
          found.add("saaj " + ((jakarta.xml.soap.SOAPHeaderElement) blocks.next()).getLocalName());
        }
      } catch (SOAPException e) {
        throw new IllegalStateException(e);
      }
      for (Header header : ((SoapMessage) message).getHeaders()) {
        QName name = header.getName();
        if (WsQosBlock.TIMESTAMPS.qname().equals(name)) {
          found.add("cxf " + name.getLocalPart());
        }
      }
      WsQosHeaders.from(message)
          .flatMap(h -> h.timestamps().value())
          .ifPresent(t -> found.add("t1 " + t.t1().orElse(-1)));
      seen.set(found);
    }
  }
}
