package io.wsqos.benchmarks.jmh;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.CompressionAction;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.core.header.WsQosHeaders;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.apache.cxf.binding.soap.Soap11;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.headers.Header;
import org.apache.cxf.helpers.DOMUtils;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.ExchangeImpl;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.staxutils.StaxUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.w3c.dom.Element;

/**
 * What the WS-QoS headers cost a message, beside an empty CXF interceptor: decoding the three
 * blocks of a prepared {@link SoapMessage} ({@link WsQosHeaders#from}, and {@link
 * WsQosHeaderInterceptor} decoding and storing them), decoding a message without them, writing
 * them, and writing and serializing the provider's Timestamps block as {@code SoapOutInterceptor}
 * does. Parsing the envelope into DOM (CXF's, for every header) is not measured; the prepared
 * message stays warm.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class HeaderCodecBenchmark {

  private final WsQosCodec codec = new WsQosCodec();
  private final QosRequirement requirement =
      QosRequirement.of(
          CompressionPreference.SERVER_DECIDES,
          QosTerms.builder()
              .transportPriority(TransportPriority.ASSURED)
              .maxPrice(new BigDecimal("0.05"))
              .maxResponseTimeMillis(500)
              .minAvailability(0.99)
              .build());
  private final MonitoringTimestamps timestamps =
      MonitoringTimestamps.EMPTY.withT1(1_700_000_000_000_001L).withT2(1_700_000_000_000_250L);
  private final ServerAction serverAction =
      ServerAction.NONE.withCompression(CompressionAction.applied("gzip")).withDscp(10);

  /** An open soap:Header on a stream that discards its bytes: each op writes one block in it. */
  private XMLStreamWriter soapHeader;

  private SoapMessage inbound;
  private SoapMessage plain;
  private SoapMessage outbound;
  private AbstractSoapInterceptor emptyInterceptor;
  private WsQosHeaderInterceptor headerInterceptor;

  @Setup(Level.Trial)
  public void setUp() throws XMLStreamException {
    // The inbound message as CXF hands it over after ReadHeadersInterceptor: one DOM element per
    // header, here the three WS-QoS blocks next to one foreign header.
    inbound = newMessage();
    codec.write(inbound, requirement);
    codec.write(inbound, timestamps);
    codec.write(inbound, serverAction);
    // The codec writes values; what arrives from the wire are elements.
    inbound.getHeaders().replaceAll(h -> new SoapHeader(h.getName(), codec.element(h)));
    inbound.getHeaders().add(0, foreignHeader());

    plain = newMessage();
    plain.getHeaders().add(foreignHeader());

    outbound = newMessage();
    emptyInterceptor =
        new AbstractSoapInterceptor(Phase.PRE_PROTOCOL) {
          @Override
          public void handleMessage(SoapMessage message) {}
        };
    headerInterceptor = new WsQosHeaderInterceptor(new SimpleMeterRegistry());
    soapHeader = StaxUtils.createXMLStreamWriter(OutputStream.nullOutputStream());
    soapHeader.writeStartElement("soap", "Header", Soap11.SOAP_NAMESPACE);
    soapHeader.writeNamespace("soap", Soap11.SOAP_NAMESPACE);
  }

  @Benchmark
  public SoapMessage baselineEmptyInterceptor() {
    emptyInterceptor.handleMessage(inbound);
    return inbound;
  }

  @Benchmark
  public WsQosHeaders readThreeBlocks() {
    // The public read of a message's header list: WsQosHeaders.from decodes an outbound message's
    // blocks on each call, with the same code the header interceptor runs on an inbound one.
    return WsQosHeaders.from(outbound(inbound)).orElseThrow();
  }

  @Benchmark
  public SoapMessage interceptorDecodesAndStoresThreeBlocks() {
    headerInterceptor.handleMessage(inbound);
    return inbound;
  }

  @Benchmark
  public WsQosHeaders readMessageWithoutWsQosHeaders() {
    return WsQosHeaders.from(outbound(plain)).orElseThrow();
  }

  @Benchmark
  public SoapMessage writeRequirement() {
    codec.write(outbound, requirement);
    return outbound;
  }

  @Benchmark
  public SoapMessage writeThreeBlocks() {
    // Each write replaces the previous block of its kind: the list stays at three headers.
    codec.write(outbound, requirement);
    codec.write(outbound, timestamps);
    codec.write(outbound, serverAction);
    return outbound;
  }

  /**
   * The provider's Timestamps block written and serialized as CXF's {@code SoapOutInterceptor} does
   * it: through the header's data binding, straight to the stream.
   */
  @Benchmark
  public XMLStreamWriter writeAndSerializeTimestamps() throws XMLStreamException {
    codec.write(outbound, timestamps);
    Header header = outbound.getHeaders().get(outbound.getHeaders().size() - 1);
    header
        .getDataBinding()
        .createWriter(XMLStreamWriter.class)
        .write(header.getObject(), null, soapHeader);
    return soapHeader;
  }

  /** {@code message}, made the outbound message of an exchange on the first call. */
  private static SoapMessage outbound(SoapMessage message) {
    if (message.getExchange() == null) {
      Exchange exchange = new ExchangeImpl();
      exchange.setOutMessage(message);
    }
    return message;
  }

  private static SoapMessage newMessage() {
    SoapMessage message = new SoapMessage(new MessageImpl());
    message.setVersion(Soap11.getInstance());
    return message;
  }

  private static SoapHeader foreignHeader() {
    Element element =
        DOMUtils.createDocument().createElementNS("urn:example:other", "o:CorrelationId");
    element.setTextContent("4711");
    return new SoapHeader(new QName("urn:example:other", "CorrelationId"), element);
  }
}
