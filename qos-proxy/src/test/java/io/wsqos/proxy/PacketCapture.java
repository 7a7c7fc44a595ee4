package io.wsqos.proxy;

import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The TCP segments with data that {@code tshark} captures on an interface, with the DSCP of their
 * IP header, and apart from them the handshakes' SYN and SYN-ACK segments: what left on the wire,
 * whatever the socket API reported. Numbered UDP probe datagrams sent across the same link mark
 * where the capture stands: {@link #start} returns once one has come through, and {@link
 * #capturedSoFar} returns what came through before a new one.
 */
final class PacketCapture implements AutoCloseable {

  /** A captured TCP segment with data: its DSCP and the length of its data. */
  record Segment(int dscp, int length) {}

  /** A captured SYN ({@code ack} false) or SYN-ACK ({@code ack} true) and its DSCP. */
  record Handshake(int dscp, boolean ack) {}

  /** Sends one UDP datagram carrying {@code payload} to {@code target} across a captured link. */
  @FunctionalInterface
  interface ProbeSender {
    void send(InetSocketAddress target, String payload) throws IOException;
  }

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /**
   * Between two probes while one is awaited: probes sent before dumpcap has opened the interface
   * are lost, and tshark prints a packet a moment after it passed.
   */
  private static final Duration PROBE_INTERVAL = Duration.ofMillis(200);

  private final Process tshark;
  private final Path log;
  private final DatagramSocket probeTarget;
  private final ProbeSender probeSender;
  private final List<Segment> segments = new CopyOnWriteArrayList<>();
  private final List<Handshake> handshakes = new CopyOnWriteArrayList<>();
  private final ConcurrentNavigableMap<Integer, Integer> handshakesBeforeProbe =
      new ConcurrentSkipListMap<>();
  private final ConcurrentNavigableMap<Integer, Integer> segmentsBeforeProbe =
      new ConcurrentSkipListMap<>();
  private final AtomicInteger probesSent = new AtomicInteger();
  private final Thread reader;

  private PacketCapture(
      Process tshark, Path log, DatagramSocket probeTarget, ProbeSender probeSender) {
    this.tshark = tshark;
    this.log = log;
    this.probeTarget = probeTarget;
    this.probeSender = probeSender;
    this.reader = new Thread(this::read, "tshark-reader");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts capturing on {@code link} what matches the capture {@code filter}, and returns once the
   * capture sees the link: once a probe that {@code probeSender} sent to a UDP port of this JVM on
   * {@code probeAddress} has come through. tshark's "Capturing on" comes earlier, before it even
   * starts dumpcap, which opens the interface. The probes match no TCP filter, and the port is
   * bound, so that no ICMP error answers them.
   */
  static PacketCapture start(
      String link, String filter, InetAddress probeAddress, ProbeSender probeSender) {
    PacketCapture capture = launch(link, filter, probeAddress, probeSender);
    try {
      capture.probe();
      return capture;
    } catch (RuntimeException | Error e) {
      capture.close();
      throw e;
    }
  }

  private static PacketCapture launch(
      String link, String filter, InetAddress probeAddress, ProbeSender probeSender) {
    DatagramSocket probeTarget = null;
    try {
      probeTarget = new DatagramSocket(new InetSocketAddress(probeAddress, 0));
      int port = probeTarget.getLocalPort();
      String probes = "udp and dst host " + probeAddress.getHostAddress() + " and dst port " + port;
      Path log = Files.createTempFile("wsqos-capture", ".log");
      Process tshark =
          new ProcessBuilder(
                  "tshark",
                  "-i",
                  link,
                  "-f",
                  "(" + filter + ") or (" + probes + ")",
                  "-l",
                  "-n",
                  "-Y",
                  "tcp.len > 0 or tcp.flags.syn == 1 or udp.dstport == " + port,
                  "-T",
                  "fields",
                  "-e",
                  "udp.payload",
                  "-e",
                  "ip.dsfield.dscp",
                  "-e",
                  "tcp.len",
                  "-e",
                  "tcp.flags.syn",
                  "-e",
                  "tcp.flags.ack")
              .redirectError(log.toFile())
              .start();
      return new PacketCapture(tshark, log, probeTarget, probeSender);
    } catch (IOException e) {
      if (probeTarget != null) {
        probeTarget.close();
      }
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Starts capturing on the loopback what matches {@code filter}, probing with datagrams this JVM
   * sends to 127.0.0.1.
   */
  static PacketCapture onLoopback(String filter) {
    return start(
        "lo",
        filter,
        InetAddress.getLoopbackAddress(),
        (target, payload) -> {
          try (DatagramSocket socket = new DatagramSocket()) {
            byte[] data = payload.getBytes(StandardCharsets.US_ASCII);
            socket.send(new DatagramPacket(data, data.length, target));
          }
        });
  }

  /**
   * Sends a new probe, again every {@link #PROBE_INTERVAL} until one of them has come through, and
   * returns the number of the first that did.
   */
  private int probe() {
    int first = probesSent.get() + 1;
    InetSocketAddress target =
        new InetSocketAddress(probeTarget.getLocalAddress(), probeTarget.getLocalPort());
    await("probe " + first + " or a later one through tshark")
        .atMost(TIMEOUT)
        .pollDelay(Duration.ZERO)
        .pollInterval(PROBE_INTERVAL)
        .until(
            () -> {
              if (segmentsBeforeProbe.ceilingKey(first) != null || !tshark.isAlive()) {
                return true;
              }
              probeSender.send(target, Integer.toString(probesSent.incrementAndGet()));
              return false;
            });
    Map.Entry<Integer, Integer> seen = segmentsBeforeProbe.ceilingEntry(first);
    if (seen == null) {
      throw new IllegalStateException("tshark ended before a probe came through: " + errors());
    }
    return seen.getKey();
  }

  private String errors() {
    try {
      return Files.readString(log, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return e.toString();
    }
  }

  private void read() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(tshark.getInputStream(), StandardCharsets.US_ASCII))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        // Fields: the probe's payload (in hex, empty for a segment), the DSCP, the TCP data length
        // and its SYN and ACK flags.
        String[] fields = line.split("\t", -1);
        if (fields.length != 5) {
          continue;
        }
        if (!fields[0].isEmpty()) {
          probeSeen(fields[0]);
        } else if (fields[1].matches("\\d+") && isSet(fields[3])) {
          handshakes.add(new Handshake(Integer.parseInt(fields[1]), isSet(fields[4])));
        } else if (fields[1].matches("\\d+") && fields[2].matches("\\d+")) {
          segments.add(new Segment(Integer.parseInt(fields[1]), Integer.parseInt(fields[2])));
        }
      }
    } catch (IOException e) {
      // The process ended: what was read is what was captured.
    }
  }

  /** A flag as tshark prints it: {@code 1} or {@code True} when set, depending on its version. */
  private static boolean isSet(String flag) {
    return flag.equals("1") || flag.equalsIgnoreCase("true");
  }

  /** Notes how many segments came before the probe whose payload is {@code hex}. */
  private void probeSeen(String hex) {
    try {
      String number = new String(HexFormat.of().parseHex(hex), StandardCharsets.US_ASCII);
      // Handshakes first: the probe is awaited on the segments' map.
      handshakesBeforeProbe.putIfAbsent(Integer.parseInt(number), handshakes.size());
      segmentsBeforeProbe.putIfAbsent(Integer.parseInt(number), segments.size());
    } catch (IllegalArgumentException e) {
      // Not one of our probes: the reader must go on, or tshark would block on a full pipe.
    }
  }

  /**
   * The segments captured of all that crossed the link before this call, in the order captured:
   * waits until a probe sent now has come through, as it comes after them.
   */
  List<Segment> capturedSoFar() {
    int probe = probe();
    return List.copyOf(segments).subList(0, segmentsBeforeProbe.get(probe));
  }

  /**
   * The SYN and SYN-ACK segments captured of all that crossed the link before this call, in the
   * order captured, as {@link #capturedSoFar} waits for them.
   */
  List<Handshake> handshakesSoFar() {
    int probe = probe();
    return List.copyOf(handshakes).subList(0, handshakesBeforeProbe.get(probe));
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

  /** The data bytes of {@code segments}. */
  static long bytes(List<Segment> segments) {
    return segments.stream().mapToLong(Segment::length).sum();
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
    probeTarget.close();
    try {
      Files.deleteIfExists(log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
