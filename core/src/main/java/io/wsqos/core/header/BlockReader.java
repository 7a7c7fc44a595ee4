package io.wsqos.core.header;

import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.HeaderProblem.Reason;
import io.wsqos.core.header.internal.Lexical;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.w3c.dom.Element;

/**
 * Decodes one WS-QoS block, read from the stream ({@link BlockElement}) or a DOM element, or gives
 * back the value {@link WsQosCodec} wrote on an outgoing message. Walks the children once, parses
 * each value with a lexical check first and builds the value type; the first problem ends the walk.
 */
final class BlockReader {

  private static final String[] REQUIREMENT_CHILDREN = {"compression", "terms"};
  private static final String[] TERMS_CHILDREN = {
    "transportPriority", "maxPrice", "maxResponseTimeMillis", "minAvailability"
  };
  private static final String[] TIMESTAMPS_CHILDREN = {"t1", "t2", "t3", "t4"};
  private static final String[] SERVER_ACTION_CHILDREN = {
    "compressionApplied", "compressionSkipped", "dscp", "grantedPriority", "clampedFrom"
  };

  private BlockReader() {}

  static HeaderBlock<QosRequirement> requirement(Object block, boolean mustUnderstand) {
    if (block instanceof QosRequirement written) {
      return HeaderBlock.valid(written, mustUnderstand);
    }
    return decode(block, "Requirement", mustUnderstand, BlockReader::parseRequirement);
  }

  static HeaderBlock<MonitoringTimestamps> timestamps(Object block, boolean mustUnderstand) {
    if (block instanceof MonitoringTimestamps written) {
      return HeaderBlock.valid(written, mustUnderstand);
    }
    return decode(block, "Timestamps", mustUnderstand, BlockReader::parseTimestamps);
  }

  static HeaderBlock<ServerAction> serverAction(Object block, boolean mustUnderstand) {
    if (block instanceof ServerAction written) {
      return HeaderBlock.valid(written, mustUnderstand);
    }
    if (block instanceof ServerActionSlot.PaddedServerAction written) {
      return HeaderBlock.valid(written.action(), mustUnderstand);
    }
    return decode(block, "ServerAction", mustUnderstand, BlockReader::parseServerAction);
  }

  /** What parses one block's element; a problem of the client's is an {@link Invalid}. */
  @FunctionalInterface
  private interface Parser<T> {
    T parse(BlockElement element) throws Invalid;
  }

  /**
   * Parses {@code block}, which must be the element {@code name}; an unexpected exception of the
   * parser makes the block invalid too, so that a malformed header never escapes as a server error.
   */
  private static <T> HeaderBlock<T> decode(
      Object block, String name, boolean mustUnderstand, Parser<T> parser) {
    try {
      return HeaderBlock.valid(parser.parse(element(block, name)), mustUnderstand);
    } catch (Invalid invalid) {
      return HeaderBlock.invalid(invalid.problem, mustUnderstand);
    } catch (RuntimeException unexpected) {
      return HeaderBlock.invalid(unexpected(name, unexpected), mustUnderstand);
    }
  }

  private static QosRequirement parseRequirement(BlockElement element) throws Invalid {
    BlockElement[] children = children(element, REQUIREMENT_CHILDREN);
    String compressionText = text(required(children[0], "Requirement", "compression"));
    CompressionPreference compression =
        CompressionPreference.fromToken(compressionText).orElse(null);
    if (compression == null) {
      throw unparsable("compression", compressionText, "one of none, compress, server-decides");
    }
    // Optional, so that a client wanting only compression states only that.
    QosTerms terms = children[1] == null ? QosTerms.BEST_EFFORT : terms(children[1]);
    return new QosRequirement(compression, terms);
  }

  private static MonitoringTimestamps parseTimestamps(BlockElement element) throws Invalid {
    BlockElement[] children = children(element, TIMESTAMPS_CHILDREN);
    OptionalLong[] stamps = new OptionalLong[4];
    for (int i = 0; i < stamps.length; i++) {
      stamps[i] =
          children[i] == null
              ? OptionalLong.empty()
              : OptionalLong.of(micros(TIMESTAMPS_CHILDREN[i], text(children[i])));
    }
    return new MonitoringTimestamps(stamps[0], stamps[1], stamps[2], stamps[3]);
  }

  private static ServerAction parseServerAction(BlockElement element) throws Invalid {
    BlockElement[] children = children(element, SERVER_ACTION_CHILDREN);
    if (children[0] != null && children[1] != null) {
      throw new Invalid(
          Reason.DUPLICATED,
          "ServerAction",
          "ServerAction: compressionApplied and compressionSkipped (expected: at most one)");
    }
    Optional<CompressionAction> compression = Optional.empty();
    if (children[0] != null) {
      String codec = text(children[0]);
      if (!CompressionAction.isWellFormedCodec(codec)) {
        throw unparsable(
            "compressionApplied",
            codec,
            "1.." + CompressionAction.MAX_CODEC_CHARS + " of a-z 0-9 . + -");
      }
      compression = Optional.of(CompressionAction.applied(codec));
    } else if (children[1] != null) {
      String reasonText = text(children[1]);
      SkipReason reason = SkipReason.fromToken(reasonText).orElse(null);
      if (reason == null) {
        throw unparsable(
            "compressionSkipped",
            reasonText,
            "one of client-said-none, load-above-threshold, body-too-small,"
                + " no-common-codec, disabled, requirement-refused");
      }
      compression = Optional.of(CompressionAction.skipped(reason));
    }
    OptionalInt dscp = OptionalInt.empty();
    if (children[2] != null) {
      long value = integer("dscp", text(children[2]), "0.." + ServerAction.MAX_DSCP);
      if (value < 0 || value > ServerAction.MAX_DSCP) {
        throw new Invalid(
            Reason.OUT_OF_RANGE,
            "dscp",
            "dscp: " + value + " (expected: 0.." + ServerAction.MAX_DSCP + ")");
      }
      dscp = OptionalInt.of((int) value);
    }
    Optional<TransportPriority> granted = priority("grantedPriority", children[3]);
    Optional<TransportPriority> clampedFrom = priority("clampedFrom", children[4]);
    try {
      return new ServerAction(compression, dscp, granted, clampedFrom);
    } catch (InvalidValueException inconsistent) {
      throw new Invalid(Reason.OUT_OF_RANGE, inconsistent.field(), inconsistent.getMessage());
    }
  }

  private static Optional<TransportPriority> priority(String name, BlockElement element)
      throws Invalid {
    if (element == null) {
      return Optional.empty();
    }
    String text = text(element);
    TransportPriority priority = TransportPriority.fromToken(text).orElse(null);
    if (priority == null) {
      throw unparsable(name, text, "one of best-effort, assured, expedited");
    }
    return Optional.of(priority);
  }

  private static QosTerms terms(BlockElement terms) throws Invalid {
    BlockElement[] children = children(terms, TERMS_CHILDREN);
    String priorityText = text(required(children[0], "terms", "transportPriority"));
    TransportPriority priority = TransportPriority.fromToken(priorityText).orElse(null);
    if (priority == null) {
      throw unparsable("transportPriority", priorityText, "one of best-effort, assured, expedited");
    }

    Optional<BigDecimal> maxPrice = Optional.empty();
    if (children[1] != null) {
      String text = text(children[1]);
      if (!Lexical.isDecimal(text)) {
        throw unparsable("maxPrice", text, "a decimal >= 0");
      }
      maxPrice = Optional.of(new BigDecimal(text));
    }
    OptionalLong maxResponseTimeMillis = OptionalLong.empty();
    if (children[2] != null) {
      maxResponseTimeMillis =
          OptionalLong.of(
              integer(
                  "maxResponseTimeMillis",
                  text(children[2]),
                  "1.." + QosTerms.MAX_RESPONSE_TIME_MILLIS));
    }
    OptionalDouble minAvailability = OptionalDouble.empty();
    if (children[3] != null) {
      String text = text(children[3]);
      if (Lexical.isSpecialDouble(text)) {
        throw new Invalid(
            Reason.OUT_OF_RANGE,
            "minAvailability",
            "minAvailability: " + text + " (expected: 0..1)");
      }
      if (!Lexical.isDouble(text)) {
        throw unparsable("minAvailability", text, "a number 0..1");
      }
      minAvailability = OptionalDouble.of(Double.parseDouble(text));
    }
    try {
      return new QosTerms(priority, maxPrice, maxResponseTimeMillis, minAvailability);
    } catch (InvalidValueException outOfRange) {
      throw new Invalid(Reason.OUT_OF_RANGE, outOfRange.field(), outOfRange.getMessage());
    }
  }

  private static long micros(String name, String text) throws Invalid {
    long micros = integer(name, text, "0..9223372036854775807 microseconds since the epoch");
    if (micros < 0) {
      throw new Invalid(
          Reason.OUT_OF_RANGE,
          name,
          name + ": " + micros + " (expected: >= 0 microseconds since the epoch)");
    }
    return micros;
  }

  private static long integer(String name, String text, String expected) throws Invalid {
    if (!Lexical.isInteger(text)) {
      throw unparsable(name, text, "an integer " + expected);
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException tooLarge) {
      throw new Invalid(
          Reason.OUT_OF_RANGE,
          name,
          name
              + ": "
              + Lexical.quote(text, WsQos.MAX_VALUE_CHARS)
              + " (expected: "
              + expected
              + ")");
    }
  }

  private static BlockElement element(Object block, String name) throws Invalid {
    if (block instanceof BlockElement element) {
      return element;
    }
    if (block instanceof Element element) {
      return BlockElement.of(element);
    }
    throw new Invalid(
        Reason.UNPARSABLE,
        name,
        name
            + ": a "
            + (block == null ? "null" : block.getClass().getSimpleName())
            + " (expected: a DOM element)");
  }

  private static BlockElement required(BlockElement child, String parent, String name)
      throws Invalid {
    if (child == null) {
      throw new Invalid(
          Reason.MISSING, parent, parent + ": no " + name + " (expected: exactly one)");
    }
    return child;
  }

  /**
   * The child elements of {@code parent} named {@code names}, by index, or null where absent.
   * Elements of other namespaces are extensions and are skipped, up to a bound; whitespace between
   * elements is skipped.
   */
  private static BlockElement[] children(BlockElement parent, String[] names) throws Invalid {
    BlockElement[] found = new BlockElement[names.length];
    int extensions = 0;
    for (Object item : parent.content()) {
      if (item instanceof String text) {
        if (!Lexical.isWhitespace(text)) {
          throw new Invalid(
              Reason.UNPARSABLE,
              parent.localName(),
              parent.localName()
                  + ": text "
                  + Lexical.quote(text, WsQos.MAX_VALUE_CHARS)
                  + " between elements (expected: elements only)");
        }
        continue;
      }
      BlockElement child = (BlockElement) item;
      String namespace = child.namespace();
      if (!child.isOwn()) {
        if (++extensions > WsQos.MAX_EXTENSION_ELEMENTS) {
          throw new Invalid(
              Reason.OVERSIZED,
              parent.localName(),
              parent.localName()
                  + ": more than "
                  + WsQos.MAX_EXTENSION_ELEMENTS
                  + " extension elements (expected: at most "
                  + WsQos.MAX_EXTENSION_ELEMENTS
                  + ", to bound the work per header)");
        }
        continue;
      }
      int index = indexOf(names, namespace.isEmpty() ? null : child.localName());
      if (index < 0) {
        throw new Invalid(
            Reason.UNKNOWN_ELEMENT,
            parent.localName(),
            parent.localName()
                + ": unknown element "
                + Lexical.quote(
                    namespace.isEmpty() ? child.nodeName() + " (no namespace)" : child.localName(),
                    WsQos.MAX_VALUE_CHARS)
                + " (expected: "
                + String.join(", ", names)
                + ")");
      }
      if (found[index] != null) {
        throw new Invalid(
            Reason.DUPLICATED,
            parent.localName(),
            parent.localName() + ": " + names[index] + " twice (expected: at most once)");
      }
      found[index] = child;
    }
    return found;
  }

  private static int indexOf(String[] names, String localName) {
    if (localName != null) {
      for (int i = 0; i < names.length; i++) {
        if (names[i].equals(localName)) {
          return i;
        }
      }
    }
    return -1;
  }

  /**
   * The text of a value element, whitespace collapsed as XML Schema does for tokens and numbers:
   * text and CDATA only, at most {@link WsQos#MAX_VALUE_CHARS} characters before collapsing.
   */
  private static String text(BlockElement element) throws Invalid {
    return Lexical.collapse(rawText(element));
  }

  private static String rawText(BlockElement element) throws Invalid {
    String text = "";
    for (Object item : element.content()) {
      if (item instanceof BlockElement child) {
        throw new Invalid(
            Reason.UNPARSABLE,
            element.localName(),
            element.localName()
                + ": contains element "
                + Lexical.quote(child.nodeName(), WsQos.MAX_VALUE_CHARS)
                + " (expected: text only)");
      }
      text = text.isEmpty() ? (String) item : text + item;
    }
    return capped(element, text);
  }

  private static String capped(BlockElement element, String text) throws Invalid {
    if (text.length() > WsQos.MAX_VALUE_CHARS) {
      throw new Invalid(
          Reason.OVERSIZED,
          element.localName(),
          element.localName()
              + ": "
              + text.length()
              + " characters or more (expected: at most "
              + WsQos.MAX_VALUE_CHARS
              + ", to bound the work and memory per header)");
    }
    return text;
  }

  private static Invalid unparsable(String name, String text, String expected) {
    return new Invalid(
        Reason.UNPARSABLE,
        name,
        name + ": " + Lexical.quote(text, WsQos.MAX_VALUE_CHARS) + " (expected: " + expected + ")");
  }

  private static HeaderProblem unexpected(String name, RuntimeException e) {
    // Odd input failing in a DOM implementation must not break the call: report, do not throw.
    return new HeaderProblem(
        Reason.UNPARSABLE, name, "unreadable block (" + e.getClass().getSimpleName() + ")");
  }

  /** A problem found while decoding; carries no stack trace, it is an answer, not a bug. */
  private static final class Invalid extends Exception {
    private static final long serialVersionUID = 1L;

    @SuppressWarnings("serial") // never serialized
    final HeaderProblem problem;

    Invalid(Reason reason, String field, String detail) {
      super(detail, null, false, false);
      this.problem = new HeaderProblem(reason, field, detail);
    }
  }
}
