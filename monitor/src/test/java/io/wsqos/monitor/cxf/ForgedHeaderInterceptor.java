package io.wsqos.monitor.cxf;

import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosBlock;
import io.wsqos.core.header.WsQosHeaders;
import java.io.StringReader;
import java.util.List;
import java.util.function.Function;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.binding.soap.interceptor.SoapOutInterceptor;
import org.apache.cxf.phase.Phase;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/**
 * Plays a forger between the monitor and the wire: replaces the Timestamps block the monitor just
 * wrote with the raw blocks a function makes from the honest stamps (t1, t2, t3; absent = -1).
 */
final class ForgedHeaderInterceptor extends AbstractSoapInterceptor {

  private final Function<long[], List<String>> forge;

  ForgedHeaderInterceptor(String afterMonitorInterceptor, Function<long[], List<String>> forge) {
    super(Phase.WRITE);
    addAfter(afterMonitorInterceptor);
    addBefore(SoapOutInterceptor.class.getName());
    this.forge = forge;
  }

  /** A Timestamps block with the given raw child texts, in the order t1, t2, t3 (null: none). */
  static String block(String t1, String t2, String t3) {
    return "<qos:Timestamps xmlns:qos=\""
        + WsQos.NAMESPACE
        + "\">"
        + (t1 == null ? "" : "<qos:t1>" + t1 + "</qos:t1>")
        + (t2 == null ? "" : "<qos:t2>" + t2 + "</qos:t2>")
        + (t3 == null ? "" : "<qos:t3>" + t3 + "</qos:t3>")
        + "</qos:Timestamps>";
  }

  @Override
  public void handleMessage(SoapMessage message) {
    MonitoringTimestamps honest =
        WsQosHeaders.from(message)
            .flatMap(headers -> headers.timestamps().value())
            .orElse(MonitoringTimestamps.EMPTY);
    long[] stamps = {
      honest.t1().orElse(-1), honest.t2().orElse(-1), honest.t3().orElse(-1),
    };
    message.getHeaders().removeIf(h -> WsQosBlock.TIMESTAMPS.qname().equals(h.getName()));
    for (String xml : forge.apply(stamps)) {
      message.getHeaders().add(new SoapHeader(WsQosBlock.TIMESTAMPS.qname(), parse(xml)));
    }
  }

  private static Element parse(String xml) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      return factory
          .newDocumentBuilder()
          .parse(new InputSource(new StringReader(xml)))
          .getDocumentElement();
    } catch (Exception e) {
      throw new IllegalArgumentException("forged block: " + xml, e);
    }
  }
}
