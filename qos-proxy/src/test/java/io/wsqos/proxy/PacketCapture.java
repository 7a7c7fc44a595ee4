package io.wsqos.proxy;

import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The TCP segments with data that {@code tshark} captures on an interface, with the DSCP of their
 * IP header: what left on the wire, whatever the socket API reported. tshark prints each segment as
 * it sees it; the kernel hands packets to it a moment after they are sent, so a test waits for the
 * bytes it expects ({@link #awaitBytes}) before it looks.
 */
final class PacketCapture implements AutoCloseable {

  /** A captured TCP segment with data: its DSCP and the length of its data. */
  record Segment(int dscp, int length) {}

  private final Process tshark;
  private final Path log;
  private final List<Segment> segments = new CopyOnWriteArrayList<>();
  private final Thread reader;

  private PacketCapture(Process tshark, Path log) {
    this.tshark = tshark;
    this.log = log;
    this.reader = new Thread(this::read, "tshark-reader");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts capturing on {@code link} what matches the capture {@code filter}, once it listens. */
  static PacketCapture start(String link, String filter) {
    try {
      Path log = Files.createTempFile("wsqos-capture", ".log");
      Process tshark =
          new ProcessBuilder(
                  "tshark",
                  "-i",
                  link,
                  "-f",
                  filter,
                  "-l",
                  "-n",
                  "-Y",
                  "tcp.len > 0",
                  "-T",
                  "fields",
                  "-e",
                  "ip.dsfield.dscp",
                  "-e",
                  "tcp.len")
              .redirectError(log.toFile())
              .start();
      PacketCapture capture = new PacketCapture(tshark, log);
      try {
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> capture.listening() || !tshark.isAlive());
        if (!capture.listening()) {
          throw new IllegalStateException("tshark did not start: " + Files.readString(log));
        }
        return capture;
      } catch (RuntimeException | Error e) {
        capture.close();
        throw e;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private boolean listening() throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8).contains("Capturing on");
  }

  private void read() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(tshark.getInputStream(), StandardCharsets.US_ASCII))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        String[] parts = line.trim().split("\\s+");
        if (parts.length == 2 && parts[0].matches("\\d+") && parts[1].matches("\\d+")) {
          segments.add(new Segment(Integer.parseInt(parts[0]), Integer.parseInt(parts[1])));
        }
      }
    } catch (IOException e) {
      // The process ended: what was read is what was captured.
    }
  }

  /**
   * Waits until the segments captured carry at least {@code bytes} of data (the responses the
   * client received), then returns them in the order they were captured.
   */
  List<Segment> awaitBytes(long bytes) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> segments.stream().mapToLong(Segment::length).sum() >= bytes);
    return List.copyOf(segments);
  }

  /**
   * The consecutive runs of {@code segments} with the same DSCP, each with the data bytes of the
   * run: e.g. DSCPs {@code [10, 0]} for a marked response followed by an unmarked one.
   */
  static List<Segment> runs(List<Segment> segments) {
    List<Segment> runs = new ArrayList<>();
    for (Segment segment : segments) {
      Segment last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
      if (last != null && last.dscp() == segment.dscp()) {
        runs.set(runs.size() - 1, new Segment(last.dscp(), last.length() + segment.length()));
      } else {
        runs.add(segment);
      }
    }
    return runs;
  }

  @Override
  public void close() {
    if (tshark.isAlive()) {
      tshark.destroy();
      try {
        if (!tshark.waitFor(30, TimeUnit.SECONDS)) {
          tshark.destroyForcibly();
        }
        reader.join(TimeUnit.SECONDS.toMillis(30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        tshark.destroyForcibly();
      }
    }
    try {
      Files.deleteIfExists(log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
