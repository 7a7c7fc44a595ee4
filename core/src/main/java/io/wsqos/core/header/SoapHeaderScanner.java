package io.wsqos.core.header;

import java.io.ByteArrayInputStream;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.helpers.DOMUtils;
import org.apache.cxf.staxutils.StaxUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads the start of a SOAP request with streaming StAX (CXF's hardened parser: no DTDs, bounded
 * depth), only as far as the end of its {@code Header} or the start of its {@code Body}, and
 * decodes its WS-QoS {@code Requirement} with the project's codec. Every other header block is
 * skipped unread. The QoS proxy reads a request's class with it, and admission control ({@code
 * io.wsqos.core.admission}) before a request's body is parsed. Thread-safe.
 */
public final class SoapHeaderScanner {

  private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

  /** What the start of a request says. */
  public sealed interface Scan {}

  /** The start read so far ends before the header does: read more. */
  public record NeedMore() implements Scan {}

  /** The header was read: its {@code Requirement}, if any (invalid when duplicated or bad). */
  public record Found(HeaderBlock<QosRequirement> requirement) implements Scan {}

  /** The start of the request is not a SOAP envelope the proxy can read: why. */
  public record Malformed(String problem) implements Scan {}

  private static final NeedMore NEED_MORE = new NeedMore();

  private final WsQosCodec codec;

  /** A scanner decoding with {@code codec}. */
  public SoapHeaderScanner(WsQosCodec codec) {
    this.codec = java.util.Objects.requireNonNull(codec, "codec");
  }

  /**
   * Scans the first {@code length} bytes of a request body.
   *
   * @param complete whether they are the whole body, so that a truncated document is malformed
   *     rather than unfinished
   */
  public Scan scan(byte[] body, int length, boolean complete) {
    XMLStreamReader reader = null;
    try {
      reader = StaxUtils.createXMLStreamReader(new ByteArrayInputStream(body, 0, length));
      return scan(reader);
    } catch (XMLStreamException | RuntimeException e) {
      // A parser meets the end of a prefix as it meets a syntax error: only the whole body tells.
      return complete ? new Malformed(message(e)) : NEED_MORE;
    } finally {
      if (reader != null) {
        try {
          reader.close();
        } catch (XMLStreamException ignored) {
          // Nothing is held open by a reader over a byte array.
        }
      }
    }
  }

  private Scan scan(XMLStreamReader reader) throws XMLStreamException {
    int event = reader.nextTag();
    if (event != XMLStreamConstants.START_ELEMENT
        || !"Envelope".equals(reader.getLocalName())
        || !isSoap(reader.getNamespaceURI())) {
      return new Malformed(
          "the body starts with " + reader.getName() + " (expected: a SOAP Envelope)");
    }
    String soap = reader.getNamespaceURI();
    HeaderBlock<QosRequirement> requirement = HeaderBlock.absent();
    int requirements = 0;
    int depth = 1;
    boolean inHeader = false;
    while (reader.hasNext()) {
      event = reader.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
        boolean soapElement = soap.equals(reader.getNamespaceURI());
        if (depth == 2 && soapElement && "Header".equals(reader.getLocalName())) {
          inHeader = true;
        } else if (depth == 2 && soapElement && "Body".equals(reader.getLocalName())) {
          return found(requirement, requirements);
        } else if (inHeader
            && depth == 3
            && WsQos.NAMESPACE.equals(reader.getNamespaceURI())
            && "Requirement".equals(reader.getLocalName())) {
          boolean mustUnderstand = mustUnderstand(reader, soap);
          Element element = element(reader);
          depth--; // element() consumed the element's end
          HeaderBlock<QosRequirement> read = codec.readRequirement(element);
          requirement =
              read.isValid()
                  ? HeaderBlock.valid(read.value().get(), mustUnderstand)
                  : HeaderBlock.invalid(read.problem().get(), mustUnderstand);
          requirements++;
        }
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        depth--;
        if (inHeader && depth == 1) {
          return found(requirement, requirements);
        }
      }
    }
    return new Malformed("the envelope ends without a SOAP Body");
  }

  /**
   * The element the reader is at, with its subtree, as DOM (for the codec), leaving the reader at
   * its end.
   */
  private static Element element(XMLStreamReader reader) throws XMLStreamException {
    Document document = DOMUtils.createDocument();
    Node parent = document;
    Element root = null;
    int depth = 0;
    do {
      int event = depth == 0 ? XMLStreamConstants.START_ELEMENT : reader.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        String prefix = reader.getPrefix();
        Element element =
            document.createElementNS(
                reader.getNamespaceURI(),
                prefix == null || prefix.isEmpty()
                    ? reader.getLocalName()
                    : prefix + ":" + reader.getLocalName());
        for (int i = 0; i < reader.getAttributeCount(); i++) {
          element.setAttributeNS(
              reader.getAttributeNamespace(i),
              reader.getAttributeLocalName(i),
              reader.getAttributeValue(i));
        }
        parent.appendChild(element);
        if (root == null) {
          root = element;
        }
        parent = element;
        depth++;
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        parent = parent.getParentNode();
        depth--;
      } else if (event == XMLStreamConstants.CHARACTERS
          || event == XMLStreamConstants.CDATA
          || event == XMLStreamConstants.SPACE) {
        parent.appendChild(document.createTextNode(reader.getText()));
      }
    } while (depth > 0);
    return root;
  }

  private static Found found(HeaderBlock<QosRequirement> requirement, int count) {
    if (count > 1) {
      return new Found(
          HeaderBlock.invalid(
              new HeaderProblem(
                  HeaderProblem.Reason.DUPLICATED,
                  "Requirement",
                  "Requirement: " + count + " blocks (expected: at most one)"),
              requirement.mustUnderstand()));
    }
    return new Found(requirement);
  }

  private static boolean isSoap(String namespace) {
    return SOAP11.equals(namespace) || SOAP12.equals(namespace);
  }

  private static boolean mustUnderstand(XMLStreamReader reader, String soap) {
    String value = reader.getAttributeValue(soap, "mustUnderstand");
    return value != null && ("1".equals(value.trim()) || "true".equals(value.trim()));
  }

  private static String message(Exception e) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    // StAX messages start with the location; one line is enough for a fault.
    return message.replace('\n', ' ').trim();
  }
}
