package io.wsqos.benchmarks.jmh;

import io.wsqos.core.compression.Codec;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.payloads.SoapPayloads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Prints the compressed size / original size of the {@link CodecBenchmark} payloads for each coding
 * and level, to read next to its timings. Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.wsqos.benchmarks.jmh.CodecRatios}.
 */
public final class CodecRatios {
  private static final int[] SIZES = {209, 3366, 16055, 28153, 36049, 50205};
  private static final String[] CODECS = {
    "gzip-1", "gzip-6", "gzip-9", "deflate-1", "deflate-6", "zstd-1", "zstd-3", "zstd-9"
  };

  private CodecRatios() {}

  public static void main(String[] args) throws IOException {
    StringBuilder header = new StringBuilder(String.format("%-10s", "codec"));
    for (int size : SIZES) {
      header.append(String.format("%9d", size));
    }
    System.out.println(header);
    for (String name : CODECS) {
      String[] parts = name.split("-");
      ContentCoding coding = ContentCoding.fromToken(parts[0]).orElseThrow();
      StringBuilder line = new StringBuilder(String.format("%-10s", name));
      try (Codec codec = Codec.of(coding, Integer.parseInt(parts[1]))) {
        for (int size : SIZES) {
          byte[] payload = SoapPayloads.ofSize(size);
          ByteArrayOutputStream sink = new ByteArrayOutputStream();
          try (OutputStream out = codec.compressingStream(sink)) {
            out.write(payload);
          }
          line.append(String.format("%9.3f", sink.size() / (double) size));
        }
      }
      System.out.println(line);
    }
  }
}
