package io.wsqos.core.header;

import java.util.Collection;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.validation.Schema;
import org.apache.cxf.databinding.DataBinding;
import org.apache.cxf.databinding.DataReader;
import org.apache.cxf.databinding.DataWriter;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Attachment;
import org.apache.cxf.service.Service;
import org.apache.cxf.service.model.MessagePartInfo;
import org.w3c.dom.Document;
import org.w3c.dom.Node;

/**
 * The data binding of the headers {@link WsQosCodec} writes: CXF's {@code SoapOutInterceptor} hands
 * it each header's value (a {@link QosRequirement}, {@link MonitoringTimestamps} or {@link
 * ServerAction}) and the message's {@link XMLStreamWriter}, and {@link BlockWriter} writes the
 * block there. No DOM is built per message, which the monitor and the compression feature would
 * otherwise pay on every response. Writes only: incoming headers are DOM elements, read by {@link
 * BlockReader}. Stateless; one instance serves every message.
 */
final class BlockDataBinding implements DataBinding {

  static final BlockDataBinding INSTANCE = new BlockDataBinding();

  private static final Class<?>[] WRITER_FORMATS = {XMLStreamWriter.class, Node.class};
  private static final StaxWriter STAX_WRITER = new StaxWriter();
  private static final NodeWriter NODE_WRITER = new NodeWriter();

  private BlockDataBinding() {}

  @Override
  public <T> DataReader<T> createReader(Class<T> format) {
    return null;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> DataWriter<T> createWriter(Class<T> format) {
    if (format == XMLStreamWriter.class) {
      return (DataWriter<T>) STAX_WRITER;
    }
    if (format == Node.class) {
      return (DataWriter<T>) NODE_WRITER;
    }
    return null;
  }

  @Override
  public Class<?>[] getSupportedReaderFormats() {
    return new Class<?>[0];
  }

  @Override
  public Class<?>[] getSupportedWriterFormats() {
    return WRITER_FORMATS.clone();
  }

  @Override
  public void initialize(Service service) {
    // Nothing to learn from a service: the blocks are fixed by the WS-QoS schema.
  }

  @Override
  public Map<String, String> getDeclaredNamespaceMappings() {
    return Map.of();
  }

  @Override
  public void setMtomEnabled(boolean enabled) {
    // WS-QoS blocks hold short text only; nothing to optimize.
  }

  @Override
  public boolean isMtomEnabled() {
    return false;
  }

  @Override
  public void setMtomThreshold(int threshold) {
    // As above.
  }

  @Override
  public int getMtomThreshold() {
    return 0;
  }

  /** What both writers ignore: the blocks need no schema, attachment or property. */
  private abstract static class BlockDataWriter<T> implements DataWriter<T> {
    @Override
    public void setSchema(Schema schema) {
      // The blocks are valid by construction (WsQosSchemaTest checks them).
    }

    @Override
    public void setAttachments(Collection<Attachment> attachments) {
      // No block has attachments.
    }

    @Override
    public void setProperty(String key, Object value) {
      // No option applies.
    }

    @Override
    public void write(Object block, MessagePartInfo part, T output) {
      write(block, output);
    }
  }

  private static final class StaxWriter extends BlockDataWriter<XMLStreamWriter> {
    @Override
    public void write(Object block, XMLStreamWriter output) {
      try {
        BlockWriter.write(block, output);
      } catch (XMLStreamException e) {
        throw new Fault(e);
      }
    }
  }

  private static final class NodeWriter extends BlockDataWriter<Node> {
    @Override
    public void write(Object block, Node output) {
      Document document = output instanceof Document d ? d : output.getOwnerDocument();
      output.appendChild(document.importNode(BlockWriter.element(block), true));
    }
  }
}
