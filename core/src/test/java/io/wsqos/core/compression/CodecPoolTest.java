package io.wsqos.core.compression;

import static io.wsqos.core.compression.CodecRoundTripTest.compressInChunks;
import static io.wsqos.core.compression.CodecRoundTripTest.inflate;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.payloads.SoapPayloads;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CodecPoolTest {

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void interleavedStreamsOnPooledStateKeepTheirBodiesApart(ContentCoding coding) throws Exception {
    byte[] small = SoapPayloads.ofSize(3366);
    byte[] large = SoapPayloads.ofSize(50205);
    try (Codec codec = Codec.of(coding, coding.defaultLevel(), 2)) {
      ByteArrayOutputStream smallSink = new ByteArrayOutputStream();
      ByteArrayOutputStream largeSink = new ByteArrayOutputStream();
      OutputStream smallOut = codec.compressingStream(smallSink);
      OutputStream largeOut = codec.compressingStream(largeSink);

      for (int round = 0; round < 3; round++) {
        smallOut.write(small, 0, 1000);
        largeOut.write(large, 0, 20000);
        smallOut.write(small, 1000, small.length - 1000);
        largeOut.write(large, 20000, large.length - 20000);
        smallOut.close();
        largeOut.close();
        byte[] smallCompressed = smallSink.toByteArray();
        byte[] largeCompressed = largeSink.toByteArray();
        smallSink.reset();
        largeSink.reset();
        smallOut = codec.compressingStream(smallSink);
        largeOut = codec.compressingStream(largeSink);

        InputStream smallIn =
            codec.inflatingStream(
                new ByteArrayInputStream(smallCompressed), InflationLimits.defaults());
        InputStream largeIn =
            codec.inflatingStream(
                new ByteArrayInputStream(largeCompressed), InflationLimits.defaults());
        byte[] largeHead = largeIn.readNBytes(7000);
        byte[] smallAll = smallIn.readAllBytes();
        byte[] largeTail = largeIn.readAllBytes();
        smallIn.close();
        largeIn.close();

        assertThat(smallAll).isEqualTo(small);
        assertThat(largeHead.length + largeTail.length).isEqualTo(large.length);
        assertThat(largeTail).isEqualTo(java.util.Arrays.copyOfRange(large, 7000, large.length));
      }
      smallOut.close();
      largeOut.close();
      assertThat(codec.idleContexts()).isLessThanOrEqualTo(4);
    }
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void concurrentStreamsFromSeveralThreadsRoundTrip(ContentCoding coding) throws Exception {
    int threads = 4;
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try (Codec codec = Codec.of(coding, coding.defaultLevel(), 2)) {
      List<Future<Integer>> results = new ArrayList<>();

      for (int t = 0; t < threads; t++) {
        int thread = t;
        results.add(
            executor.submit(
                () -> {
                  int verified = 0;
                  for (int i = 0; i < 50; i++) {
                    int size = SoapPayloads.TABLE_4_SIZES[(thread + i) % 6];
                    byte[] body = SoapPayloads.ofSize(size);
                    byte[] inflated =
                        inflate(
                            codec, compressInChunks(codec, body, 777), InflationLimits.defaults());
                    if (java.util.Arrays.equals(inflated, body)) {
                      verified++;
                    }
                  }
                  return verified;
                }));
      }

      for (Future<Integer> result : results) {
        assertThat(result.get(60, TimeUnit.SECONDS)).isEqualTo(50);
      }
      assertThat(codec.idleContexts()).isLessThanOrEqualTo(4);
    } finally {
      executor.shutdown();
      assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void closedCodecHoldsNoIdleContexts(ContentCoding coding) throws Exception {
    Codec codec = Codec.of(coding);
    inflate(
        codec,
        compressInChunks(codec, SoapPayloads.ofSize(3366), 4096),
        InflationLimits.defaults());
    assertThat(codec.idleContexts()).isEqualTo(2);

    codec.close();

    assertThat(codec.idleContexts()).isZero();
  }
}
