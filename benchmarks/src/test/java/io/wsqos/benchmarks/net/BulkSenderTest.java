package io.wsqos.benchmarks.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BulkSenderTest {

  @Test
  void theSinkCountsWhatTheSenderSendsAndClosingItStopsTheSender() throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
    BulkSink sink = BulkSink.start(InetAddress.getLoopbackAddress());
    Thread sender =
        new Thread(
            () -> {
              try {
                BulkSender.send(sink.address(), 1_000_000, Duration.ofMinutes(5), out);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    sender.start();

    await().atMost(Duration.ofSeconds(30)).until(() -> sink.bytes() >= 4 * BulkSender.CHUNK_BYTES);
    sink.close();
    sender.join(Duration.ofSeconds(30).toMillis());

    assertThat(sender.isAlive()).isFalse();
    assertThat(sink.connections()).isEqualTo(1);
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .startsWith("bulk-sender sending to 127.0.0.1:" + sink.address().getPort());
  }

  @Test
  void badOptionsAreRefusedWithTheOptionNamed() {
    assertThat(
            org.assertj.core.api.Assertions.catchThrowable(
                () -> BulkSender.OPTIONS.parse(new String[] {"--to", "h:1", "--rate", "0"})))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rate");
  }
}
