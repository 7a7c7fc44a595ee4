package io.wsqos.monitor.cxf;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.header.BlockRetention;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * An application's JAX-WS {@code SOAPHandler} makes CXF build each message as SAAJ. On an endpoint
 * that keeps the blocks ({@link BlockRetention#KEPT}), the requester's {@code Timestamps} block,
 * which wsqos otherwise reads from the stream outside CXF's header list, must stay in the incoming
 * SAAJ message and still be read; the provider's, which CXF streams from its value rather than from
 * a DOM element, must reach the outgoing SAAJ message, and the wire, whole.
 */
class JaxWsHandlerTest {

  static final RecordCollector records = new RecordCollector();
  static final MonitoringFeature monitoring = MonitoringFeature.builder().listener(records).build();
  static final List<List<String>> seenByHandler = new CopyOnWriteArrayList<>();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(monitoring)
          .feature(WsQosHeaderFeature.builder().retention(BlockRetention.KEPT).build())
          .handler(new TimestampsSpy())
          .toExtension();

  @Test
  void theHandlerSeesTheProvidersTimestampsAndTheRequesterGetsThem() throws Exception {
    EchoService client = server.client(EchoService.class, monitoring);

    assertThat(client.echo("Ada")).isEqualTo("echo: Ada");

    assertThat(seenByHandler)
        .containsExactly(List.of("in", "t1"), List.of("out", "t1", "t2", "t3"));
    QosRecord provider = records.single(Side.PROVIDER);
    assertThat(provider.t1Micros()).isPositive();
    assertThat(provider.isValid()).isTrue();
    // The requester's record has the provider's t2/t3, read back from the response on the wire.
    QosRecord requester = records.single(Side.REQUESTER);
    assertThat(requester.t2Micros()).isPositive();
    assertThat(requester.t3Micros()).isGreaterThanOrEqualTo(requester.t2Micros());
    assertThat(requester.isValid()).isTrue();
  }

  /**
   * Lists the children of the provider's incoming and outgoing {@code qos:Timestamps} blocks, as
   * SAAJ holds them, after the direction.
   */
  private static final class TimestampsSpy implements SOAPHandler<SOAPMessageContext> {
    @Override
    public boolean handleMessage(SOAPMessageContext context) {
      boolean outbound = Boolean.TRUE.equals(context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY));
      try {
        SOAPHeader header = context.getMessage().getSOAPHeader();
        if (header == null) {
          return true;
        }
        Iterator<?> blocks = header.getChildElements(new QName(WsQos.NAMESPACE, "Timestamps"));
        while (blocks.hasNext()) {
          List<String> children = new ArrayList<>();
          children.add(outbound ? "out" : "in");
          for (Node n = ((Element) blocks.next()).getFirstChild(); n != null; ) {
            if (n instanceof Element child) {
              children.add(child.getLocalName());
            }
            n = n.getNextSibling();
          }
          seenByHandler.add(children);
        }
      } catch (SOAPException e) {
        throw new IllegalStateException(e);
      }
      return true;
    }

    @Override
    public boolean handleFault(SOAPMessageContext context) {
      return true;
    }

    @Override
    public void close(MessageContext context) {}

    @Override
    public Set<QName> getHeaders() {
      return Set.of();
    }
  }
}
