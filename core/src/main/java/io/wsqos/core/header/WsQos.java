package io.wsqos.core.header;

/** The constants of the WS-QoS vocabulary that code outside the codec needs. */
public final class WsQos {

  /** The one WS-QoS namespace. */
  public static final String NAMESPACE = "http://wsqos.io/ns/qos/1";

  /** The preferred prefix of {@link #NAMESPACE}; the codec writes it. */
  public static final String PREFIX = "qos";

  /** The class path resource of the XSD describing every block. */
  public static final String SCHEMA_RESOURCE = "/io/wsqos/core/header/wsqos.xsd";

  /**
   * The longest text value the codec reads, in characters: longer values make a block invalid
   * ({@link HeaderProblem.Reason#OVERSIZED}), which bounds the work and the memory one header can
   * cost. Every valid value fits well within it.
   */
  public static final int MAX_VALUE_CHARS = 64;

  /**
   * The most elements of other namespaces (extensions) one block or its terms may carry; the codec
   * skips them, and more make the block {@link HeaderProblem.Reason#OVERSIZED}.
   */
  public static final int MAX_EXTENSION_ELEMENTS = 8;

  /**
   * The most characters (text, attribute values and element names) of one WS-QoS header block that
   * a wsqos endpoint reads from the wire: the rest of a larger block is skipped as it streams in,
   * never buffered, and the block is {@link HeaderProblem.Reason#OVERSIZED}. Every valid block fits
   * well within it, extensions included.
   */
  public static final int MAX_BLOCK_CHARS = 16 * 1024;

  private WsQos() {}
}
