package io.wsqos.proxy;

import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosCodec;
import java.io.ByteArrayInputStream;
import java.util.Optional;
import javax.xml.stream.XMLStreamException;
import org.apache.cxf.staxutils.StaxUtils;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** What a SOAP response's header says, read as a client would. */
final class Responses {

  private static final WsQosCodec CODEC = new WsQosCodec();

  private Responses() {}

  /** The response's {@code ServerAction}, if it has exactly one and it is valid. */
  static Optional<ServerAction> serverAction(byte[] envelope) {
    try {
      NodeList blocks =
          StaxUtils.read(new ByteArrayInputStream(envelope))
              .getElementsByTagNameNS(WsQos.NAMESPACE, "ServerAction");
      if (blocks.getLength() != 1) {
        return Optional.empty();
      }
      HeaderBlock<ServerAction> block = CODEC.readServerAction((Element) blocks.item(0));
      return block.value();
    } catch (XMLStreamException e) {
      throw new AssertionError("not XML: " + e, e);
    }
  }
}
