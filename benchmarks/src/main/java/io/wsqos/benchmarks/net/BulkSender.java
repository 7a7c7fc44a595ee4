package io.wsqos.benchmarks.net;

import io.wsqos.cli.Arguments;
import io.wsqos.cli.MainArguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Best-effort background traffic: one unmarked TCP connection to a {@link BulkSink} carrying {@code
 * --rate} bytes per second, paced in chunks, for at most {@code --max-seconds} or until the sink
 * closes. When the path is slower than the rate, writes block and TCP takes what it gets (no credit
 * piles up beyond {@link #MAX_LAG}), as a saturating best-effort flow does. Prints {@code
 * bulk-sender sending to HOST:PORT} once connected.
 */
public final class BulkSender {

  /** Bytes per write: small beside a second of the slowest rate, so the pacing stays smooth. */
  static final int CHUNK_BYTES = 4_096;

  /** How far behind its schedule the sender may fall before it forgets the backlog. */
  static final Duration MAX_LAG = Duration.ofMillis(200);

  static final Option<String> TO =
      Option.string("to", null, "the sink's HOST:PORT").withMetavar("HOST:PORT").required();
  static final Option<Long> RATE =
      Option.longInteger("rate", 1_048_576L, 1, 1L << 32, "bytes per second to send");
  static final Option<Integer> MAX_SECONDS =
      Option.integer("max-seconds", 3_600, 1, 86_400, "stop after this long at the latest");

  static final Options OPTIONS =
      Options.of("bulk-sender", "Paced unmarked TCP traffic to a bulk sink", TO, RATE, MAX_SECONDS);

  private BulkSender() {}

  public static void main(String[] args) throws IOException {
    MainArguments parsed = OPTIONS.parseForMain(args, System.out, System.err);
    if (parsed.done()) {
      parsed.exitIfFailed();
      return;
    }
    Arguments arguments = parsed.arguments();
    String to = arguments.get(TO);
    int colon = to.lastIndexOf(':');
    InetSocketAddress sink =
        new InetSocketAddress(to.substring(0, colon), Integer.parseInt(to.substring(colon + 1)));
    send(sink, arguments.get(RATE), Duration.ofSeconds(arguments.get(MAX_SECONDS)), System.out);
  }

  /** Sends to {@code sink} at {@code bytesPerSecond} until {@code max} has passed or it closes. */
  static void send(InetSocketAddress sink, long bytesPerSecond, Duration max, PrintStream out)
      throws IOException {
    ByteBuffer chunk = ByteBuffer.allocate(CHUNK_BYTES);
    long chunkNanos = CHUNK_BYTES * 1_000_000_000L / bytesPerSecond;
    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.INET)) {
      channel.connect(sink);
      out.println("bulk-sender sending to " + sink.getHostString() + ":" + sink.getPort());
      out.flush();
      long start = System.nanoTime();
      long due = start;
      while (System.nanoTime() - start < max.toNanos()) {
        long now = System.nanoTime();
        if (due > now) {
          LockSupport.parkNanos(due - now);
        } else if (now - due > MAX_LAG.toNanos()) {
          due = now - MAX_LAG.toNanos();
        }
        chunk.clear();
        while (chunk.hasRemaining()) {
          channel.write(chunk);
        }
        due += chunkNanos;
      }
    } catch (IOException e) {
      // The sink closed: the experiment is over.
    }
  }
}
