package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.binding.soap.interceptor.MustUnderstandInterceptor;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.Phase;

/**
 * Decodes the WS-QoS blocks of each inbound message once, stores the result in the message for
 * later interceptors ({@link WsQosHeaders#from}), and enforces {@code mustUnderstand}: an invalid
 * block marked {@code mustUnderstand} fails the call with a {@link SoapFault} (code Client in SOAP
 * 1.1, Sender in 1.2) naming the block and the problem; every invalid or unknown block, marked or
 * not, increments the counter {@value #INVALID_COUNTER} (tags {@code block}: {@code Requirement},
 * {@code Timestamps}, {@code ServerAction} or {@code unknown}; {@code reason}: a {@link
 * HeaderProblem.Reason#token()}). Unmarked invalid blocks are then ignored.
 *
 * <p>The three blocks are read from the XML stream before CXF reads the SOAP header, and are not in
 * CXF's header list afterwards, unless the endpoint or client keeps them there ({@link
 * BlockRetention}); a header that holds only them is not built as a DOM at all. Each block is
 * bounded to {@value WsQos#MAX_BLOCK_CHARS} characters as it streams in. Where they are kept in the
 * header list, it declares their names as understood, so CXF's {@link MustUnderstandInterceptor}
 * lets them through. An unknown WS-QoS element stays in CXF's header list, and CXF faults, with its
 * own {@code MustUnderstand} code, for one marked {@code mustUnderstand}.
 *
 * <p>This is the one header path of wsqos: every feature (compression on either side, monitoring on
 * either side, {@link WsQosHeaderFeature}) calls {@link #install}, which adds it once per endpoint
 * or client however many features ask, so the rule above holds the same whatever is installed, and
 * the features read the decoded blocks with {@link WsQosHeaders#from}. On an inbound fault (a
 * client receiving a SOAP fault) the blocks are decoded and counted but never fault again.
 */
public final class WsQosHeaderInterceptor extends AbstractSoapInterceptor {

  /** The name of the counter of invalid and unknown blocks. */
  public static final String INVALID_COUNTER = "wsqos.header.invalid";

  /** The {@code block} tag value for header elements of the namespace that are not defined. */
  public static final String UNKNOWN_BLOCK_TAG = "unknown";

  private static final Set<QName> UNDERSTOOD =
      Set.of(
          WsQosBlock.REQUIREMENT.qname(),
          WsQosBlock.TIMESTAMPS.qname(),
          WsQosBlock.SERVER_ACTION.qname());

  /** The interceptor's id, the same for every instance, so that it is installed once per chain. */
  public static final String ID = WsQosHeaderInterceptor.class.getName();

  private static final WsQosCodec CODEC = new WsQosCodec();

  // [block ordinal, or blocks.length for unknown][reason ordinal], registered up front so that
  // counting is an array read, and so that the series exist (at 0) before the first bad header.
  private final Counter[][] invalid;

  /** Counts invalid blocks in {@code registry}. */
  public WsQosHeaderInterceptor(MeterRegistry registry) {
    // PRE_PROTOCOL: the earliest phase where CXF has parsed the SOAP headers into
    // message.getHeaders() (ReadHeadersInterceptor, READ) and the one where it checks
    // mustUnderstand, so a bad marked header faults before the body is unmarshalled or the service
    // invoked, and the decoded blocks are ready for every later interceptor (compression,
    // monitoring) on the way in and, through the exchange, on the way out.
    super(ID, Phase.PRE_PROTOCOL);
    addAfter(MustUnderstandInterceptor.class.getName());
    requireNonNull(registry, "registry");
    WsQosBlock[] blocks = WsQosBlock.values();
    HeaderProblem.Reason[] reasons = HeaderProblem.Reason.values();
    invalid = new Counter[blocks.length + 1][reasons.length];
    for (int b = 0; b <= blocks.length; b++) {
      String blockTag = b < blocks.length ? blocks[b].localName() : UNKNOWN_BLOCK_TAG;
      for (HeaderProblem.Reason reason : reasons) {
        invalid[b][reason.ordinal()] =
            Counter.builder(INVALID_COUNTER)
                .description("WS-QoS header blocks that were invalid or unknown")
                .tag("block", blockTag)
                .tag("reason", reason.token())
                .register(registry);
      }
    }
  }

  /**
   * Adds the one header interceptor, and the {@link BlockStreamInterceptor} that reads the blocks
   * from the stream, to {@code provider} (an endpoint, a client or a bus) unless they are there
   * already: the first feature to install them chooses the registry. It adds nothing else: the
   * endpoint's answers (charset, fault codes, {@code ?wsdl}) are {@link WsQosEndpointBaseline}'s.
   *
   * @param registry where to count invalid blocks: the installing feature's {@link
   *     io.wsqos.core.FeatureMeters#registry}
   */
  public static void install(InterceptorProvider provider, MeterRegistry registry) {
    install(provider, registry, BlockRetention.STREAMED);
  }

  /**
   * {@link #install(InterceptorProvider, MeterRegistry)} with the blocks' {@code retention}: {@link
   * BlockRetention#KEPT} wins, so that an endpoint or client keeps the blocks in CXF's header list
   * when any feature on it asks for that, whichever installed the header path first.
   */
  static void install(
      InterceptorProvider provider, MeterRegistry registry, BlockRetention retention) {
    requireNonNull(provider, "provider");
    requireNonNull(registry, "registry");
    requireNonNull(retention, "retention");
    if (!Chains.contains(provider.getInInterceptors(), ID)) {
      WsQosHeaderInterceptor interceptor = new WsQosHeaderInterceptor(registry);
      provider.getInInterceptors().add(interceptor);
      provider.getInFaultInterceptors().add(interceptor);
    }
    Interceptor<? extends Message> installed =
        Chains.find(provider.getInInterceptors(), BlockStreamInterceptor.ID);
    if (installed instanceof BlockStreamInterceptor stream
        && stream.retention() != retention
        && retention == BlockRetention.KEPT) {
      provider.getInInterceptors().remove(stream);
      installed = null;
    }
    if (installed == null) {
      provider.getInInterceptors().add(new BlockStreamInterceptor(retention));
    }
  }

  @Override
  public Set<QName> getUnderstoodHeaders() {
    return UNDERSTOOD;
  }

  @Override
  public void handleMessage(SoapMessage message) {
    // The header has been read (ReadHeadersInterceptor, READ): the body needs no bound from us.
    BoundingReader read = BlockStreamInterceptor.unwrap(message);
    if (read != null && !MessageUtils.isRequestor(message)) {
      checkBody(message, read);
    }
    WsQosHeaders headers =
        withOversized(CODEC.read(message), BlockStreamInterceptor.oversized(message));
    message.put(WsQosHeaders.DECODED, headers);
    if (!headers.hasProblems()) {
      return;
    }
    Exchange exchange = message.getExchange();
    boolean inboundFault = exchange != null && exchange.getInFaultMessage() == message;
    for (int i = 0; i < headers.unknownBlocks().size(); i++) {
      invalid[invalid.length - 1][HeaderProblem.Reason.UNKNOWN_ELEMENT.ordinal()].increment();
    }
    SoapFault fault = null;
    for (WsQosBlock block : WsQosBlock.values()) {
      HeaderBlock<?> decoded = headers.block(block);
      if (decoded.isInvalid()) {
        HeaderProblem problem = decoded.problem().orElseThrow();
        invalid[block.ordinal()][problem.reason().ordinal()].increment();
        if (decoded.mustUnderstand() && fault == null && !inboundFault) {
          fault = fault(message, block, problem);
        }
      }
    }
    if (fault != null) {
      throw fault;
    }
  }

  /**
   * Refuses a request with an empty {@code soap:Body} when nothing else (its {@code SOAPAction})
   * named the operation, as the client's error: CXF would answer it with a server fault. (A request
   * without a body is refused as it is read, by {@link BoundingReader}.)
   */
  private static void checkBody(SoapMessage message, BoundingReader read) {
    XMLStreamReader body = read.getParent();
    try {
      // The body's reader may stand on whitespace or a comment before its first element; the
      // unmarshaller skips them the same way, so this moves nothing it reads.
      while ((body.getEventType() == XMLStreamConstants.CHARACTERS && body.isWhiteSpace())
          || body.getEventType() == XMLStreamConstants.SPACE
          || body.getEventType() == XMLStreamConstants.COMMENT) {
        body.next();
      }
    } catch (XMLStreamException e) {
      throw new SoapFault(
          "Invalid SOAP envelope: " + e.getMessage(), e, message.getVersion().getSender());
    }
    if (body.getEventType() == XMLStreamConstants.PROCESSING_INSTRUCTION) {
      throw new SoapFault(
          "Invalid SOAP envelope: a processing instruction (expected: none, SOAP forbids them in a"
              + " message)",
          message.getVersion().getSender());
    }
    Exchange exchange = message.getExchange();
    if (body.getEventType() == XMLStreamConstants.END_ELEMENT
        && message.getVersion().getBody().getLocalPart().equals(body.getLocalName())
        && message.getVersion().getNamespace().equals(body.getNamespaceURI())
        && (exchange == null || exchange.getBindingOperationInfo() == null)) {
      throw new SoapFault(
          "Invalid SOAP envelope: an empty soap:Body (expected: the element of an operation)",
          message.getVersion().getSender());
    }
  }

  /** {@code headers} with the blocks {@link BlockStreamInterceptor} cut short marked oversized. */
  private static WsQosHeaders withOversized(
      WsQosHeaders headers, List<BlockStreamInterceptor.Oversized> oversized) {
    if (oversized.isEmpty()) {
      return headers;
    }
    HeaderBlock<?>[] blocks = new HeaderBlock<?>[WsQosBlock.values().length];
    for (WsQosBlock block : WsQosBlock.values()) {
      HeaderBlock<?> decoded = headers.block(block);
      // A duplicated block stays duplicated: that is said first, whatever the copies' sizes.
      boolean duplicated =
          decoded.problem().map(p -> p.reason() == HeaderProblem.Reason.DUPLICATED).orElse(false);
      BlockStreamInterceptor.Oversized cut = null;
      for (BlockStreamInterceptor.Oversized o : oversized) {
        cut = o.name().equals(block.qname()) ? o : cut;
      }
      blocks[block.ordinal()] =
          cut != null && !duplicated
              ? HeaderBlock.invalid(
                  new HeaderProblem(
                      HeaderProblem.Reason.OVERSIZED,
                      block.localName(),
                      block.localName()
                          + ": more than "
                          + WsQos.MAX_BLOCK_CHARS
                          + " characters (expected: at most "
                          + WsQos.MAX_BLOCK_CHARS
                          + ", to bound the work and memory per header)"),
                  // A block cut at its start tag was never read further: its marking is the cut's.
                  decoded.mustUnderstand() || cut.mustUnderstand())
              : decoded;
    }
    @SuppressWarnings("unchecked")
    WsQosHeaders cut =
        new WsQosHeaders(
            (HeaderBlock<QosRequirement>) blocks[WsQosBlock.REQUIREMENT.ordinal()],
            (HeaderBlock<MonitoringTimestamps>) blocks[WsQosBlock.TIMESTAMPS.ordinal()],
            (HeaderBlock<ServerAction>) blocks[WsQosBlock.SERVER_ACTION.ordinal()],
            headers.unknownBlocks());
    return cut;
  }

  private static SoapFault fault(SoapMessage message, WsQosBlock block, HeaderProblem problem) {
    // No braces in the text: CXF may run fault messages through MessageFormat.
    return new SoapFault(
        "Invalid WS-QoS header "
            + WsQos.PREFIX
            + ":"
            + block.localName()
            + " ("
            + WsQos.NAMESPACE
            + ") marked mustUnderstand: "
            + problem.reason().token()
            + ": "
            + problem.detail(),
        message.getVersion().getSender());
  }

  @Override
  public String toString() {
    return "WsQosHeaderInterceptor";
  }
}
