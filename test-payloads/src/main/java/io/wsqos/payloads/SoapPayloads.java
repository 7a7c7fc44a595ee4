package io.wsqos.payloads;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Deterministic, realistic bookstore SOAP responses of an exact size, in ASCII: the compression
 * tests' and the codec benchmarks' inputs, so that both measure the same bytes.
 */
public final class SoapPayloads {
  /** The sizes of the seed's Table 4 messages, in bytes. */
  public static final int[] TABLE_4_SIZES = {209, 3366, 16055, 28153, 36049, 50205};

  private static final String[] WORDS = {
    "service", "quality", "network", "latency", "history", "edition", "chapter", "classic",
    "science", "fiction", "author", "reader", "library", "design", "patterns", "systems",
    "distributed", "computing", "java", "enterprise", "message", "protocol", "journey", "winter",
    "garden", "river", "mountain", "story", "novel", "poetry", "collection", "guide"
  };
  private static final String HEAD =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
          + "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
          + "<soap:Body><ns2:getBooksResponse xmlns:ns2=\"http://bookstore.examples.wsqos.io/\">";
  private static final String TAIL = "</ns2:getBooksResponse></soap:Body></soap:Envelope>";

  private static final String HELLO_HEAD =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
          + "<ns2:helloResponse xmlns:ns2=\"urn:bookstore\"><return>Hello";
  private static final String HELLO_TAIL =
      "</return></ns2:helloResponse></soap:Body></soap:Envelope>";

  private SoapPayloads() {}

  /**
   * A SOAP response of exactly {@code size} bytes: a greeting padded with dots under 1 KiB, else a
   * list of books with words from a fixed vocabulary and a seed that depends on the size only.
   *
   * @throws IllegalArgumentException if {@code size} is below 200
   */
  public static byte[] ofSize(int size) {
    if (size < 1024) {
      int padding = size - HELLO_HEAD.length() - HELLO_TAIL.length();
      if (padding < 0) {
        throw new IllegalArgumentException("size: " + size + " (expected: >= 200)");
      }
      String text = " world" + ".".repeat(Math.max(0, padding - 6));
      return (HELLO_HEAD + text.substring(0, padding) + HELLO_TAIL)
          .getBytes(StandardCharsets.US_ASCII);
    }
    Random random = new Random(size);
    StringBuilder body = new StringBuilder(size + 512);
    body.append(HEAD);
    StringBuilder book = new StringBuilder();
    for (int id = 1; ; id++) {
      book.setLength(0);
      book.append("<book><id>")
          .append(id)
          .append("</id><isbn>978-")
          .append(1_000_000_000L + random.nextInt(900_000_000))
          .append("</isbn><title>")
          .append(words(random, 2 + random.nextInt(4)))
          .append("</title><author>")
          .append(words(random, 2))
          .append("</author><price currency=\"EUR\">")
          .append(5 + random.nextInt(60))
          .append('.')
          .append(10 + random.nextInt(90))
          .append("</price><stock>")
          .append(random.nextInt(500))
          .append("</stock><description>")
          .append(words(random, 8 + random.nextInt(30)))
          .append("</description></book>");
      if (body.length() + book.length() + TAIL.length() > size) {
        break;
      }
      body.append(book);
    }
    int padding = size - body.length() - TAIL.length();
    if (padding >= "<note></note>".length()) {
      body.append("<note>");
      int textLength = padding - "<note></note>".length();
      String text = words(random, textLength / 4 + 1);
      body.append(text, 0, textLength).append("</note>");
    } else {
      body.append(" ".repeat(Math.max(0, padding)));
    }
    body.append(TAIL);
    byte[] bytes = body.toString().getBytes(StandardCharsets.US_ASCII);
    if (bytes.length != size) {
      throw new IllegalStateException(
          "payload of " + bytes.length + " bytes (expected " + size + ")");
    }
    return bytes;
  }

  private static String words(Random random, int count) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(WORDS[random.nextInt(WORDS.length)]);
    }
    return sb.toString();
  }
}
