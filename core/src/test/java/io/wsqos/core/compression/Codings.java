package io.wsqos.core.compression;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** Request and response bodies compressed with core's own codecs, for tests that send them raw. */
final class Codings {

  private Codings() {}

  /** {@code data} compressed with {@code coding} at the codec's default level. */
  static byte[] compress(ContentCoding coding, byte[] data) {
    try (Codec codec = Codec.of(coding)) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (OutputStream out = codec.compressingStream(bytes)) {
        out.write(data);
      }
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
