package io.wsqos.core.compression;

import jakarta.jws.WebService;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts its invocations, so tests can assert that a broken request never reached it. */
@WebService(
    endpointInterface = "io.wsqos.core.compression.TextService",
    targetNamespace = TextService.NAMESPACE)
public final class TextServiceImpl implements TextService {
  private static final String[] WORDS = {
    "book",
    "title",
    "author",
    "review",
    "chapter",
    "price",
    "stock",
    "reader",
    "novel",
    "history",
    "science",
    "edition",
    "publisher",
    "summary",
    "rating"
  };

  final AtomicInteger invocations = new AtomicInteger();

  @Override
  public String text(int chars) {
    invocations.incrementAndGet();
    return textOf(chars);
  }

  @Override
  public int length(String body) {
    invocations.incrementAndGet();
    return body.length();
  }

  /** Deterministic word salad, compressible about as well as the bookstore's XML. */
  static String textOf(int chars) {
    StringBuilder s = new StringBuilder(chars + 16);
    long x = 42;
    while (s.length() < chars) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      s.append(WORDS[(int) ((x >>> 33) % WORDS.length)]).append(' ');
      if ((x & 0xf) == 0) {
        s.append((x >>> 40) % 1000).append(". ");
      }
    }
    s.setLength(chars);
    return s.toString();
  }
}
