package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.apache.cxf.binding.soap.SoapMessage;

/**
 * A {@code ServerAction} block written with a decision that may still change once the envelope is
 * serialized, e.g. {@code compressionApplied} that becomes {@code compressionSkipped
 * body-too-small} when the body turns out too short to compress. The codec writes the compression
 * element followed by whitespace padding to a width that fits either decision, so that switching is
 * an in-place overwrite of as many UTF-8 bytes with others the codec wrote: the envelope is not
 * re-serialized, copied or shifted, and no WS-QoS XML is built outside the codec. Both forms read
 * back as their {@link ServerAction} (the padding is whitespace between elements).
 *
 * <p>Create one per pair of decisions, up front ({@link WsQosCodec#slot}); {@link #write} is then
 * one list operation per message. Immutable and thread-safe.
 */
public final class ServerActionSlot {

  private final ServerAction first;
  private final ServerAction second;
  private final PaddedServerAction firstBlock;
  private final byte[] firstBytes;
  private final byte[] secondBytes;

  ServerActionSlot(ServerAction first, ServerAction second) {
    this.first = requireNonNull(first, "first");
    this.second = requireNonNull(second, "second");
    if (first.compression().isEmpty()
        || second.compression().isEmpty()
        || !first.dscp().equals(second.dscp())) {
      throw new IllegalArgumentException(
          "first: "
              + first
              + ", second: "
              + second
              + " (expected: both with a compression action, differing only in it)");
    }
    byte[] firstChild = compressionChild(first);
    byte[] secondChild = compressionChild(second);
    int width = Math.max(firstChild.length, secondChild.length);
    this.firstBlock = new PaddedServerAction(first, width - firstChild.length);
    this.firstBytes = padded(firstChild, width);
    this.secondBytes = padded(secondChild, width);
  }

  /** The decision {@link #write} puts in the message. */
  public ServerAction first() {
    return first;
  }

  /** The decision {@link #switchToSecond} turns it into. */
  public ServerAction second() {
    return second;
  }

  /** Writes {@link #first()} as the message's {@code ServerAction}, replacing any previous one. */
  public void write(SoapMessage message) {
    WsQosCodec.put(message, WsQosBlock.SERVER_ACTION, firstBlock, false);
  }

  /**
   * Turns the block {@link #write} wrote into {@link #second()} in the first {@code length} bytes
   * of a serialized UTF-8 {@code envelope}, in place.
   *
   * @return false, the envelope unchanged, if the block is not found there (the message was written
   *     in another encoding, or without this slot)
   */
  public boolean switchToSecond(byte[] envelope, int length) {
    int at = indexOf(envelope, length, firstBytes);
    if (at < 0) {
      return false;
    }
    System.arraycopy(secondBytes, 0, envelope, at, secondBytes.length);
    return true;
  }

  /** The compression element of {@code action} as the codec serializes it in UTF-8. */
  private static byte[] compressionChild(ServerAction action) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
      XMLStreamWriter out = XMLOutputFactory.newFactory().createXMLStreamWriter(bytes, "UTF-8");
      BlockWriter.start(WsQosBlock.SERVER_ACTION, out);
      // An empty text closes the start tag, so that what follows is the child alone.
      out.writeCharacters("");
      out.flush();
      int from = bytes.size();
      BlockWriter.compression(action, out);
      out.flush();
      byte[] all = bytes.toByteArray();
      out.close();
      return Arrays.copyOfRange(all, from, all.length);
    } catch (XMLStreamException e) {
      throw new IllegalStateException("serializing " + action, e);
    }
  }

  private static byte[] padded(byte[] child, int width) {
    byte[] padded = Arrays.copyOf(child, width);
    Arrays.fill(padded, child.length, width, (byte) ' ');
    return padded;
  }

  private static int indexOf(byte[] haystack, int length, byte[] needle) {
    outer:
    for (int i = 0, last = length - needle.length; i <= last; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Override
  public String toString() {
    return "ServerActionSlot{" + first + " or " + second + "}";
  }

  /** What {@link #write} puts in the header: the action and the padding after its compression. */
  record PaddedServerAction(ServerAction action, int padding) {}
}
