package io.wsqos.monitor.cxf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.junit.jupiter.api.Test;

/** The tracer hook: what it is called with, and that it can neither fail a call nor lose one. */
class ExchangeTracerTest {

  /** What one tracer call saw. */
  record Call(String what, Side side, long micros, Object state) {}

  /** Starts with a state of its own per exchange, adds a header, and records every call. */
  static final class RecordingTracer implements ExchangeTracer<Object> {
    final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<String> headersSeen = new ConcurrentLinkedQueue<>();

    @Override
    public Object start(Side side, long startMicros, Message message) {
      Object state = new Object();
      calls.add(new Call("start", side, startMicros, state));
      @SuppressWarnings("unchecked")
      Map<String, List<String>> headers =
          (Map<String, List<String>>) message.get(Message.PROTOCOL_HEADERS);
      if (side == Side.REQUESTER) {
        if (headers == null) {
          headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
          message.put(Message.PROTOCOL_HEADERS, headers);
        }
        headers.put("X-Trace-Test", List.of("from-requester"));
      } else if (headers.get("X-Trace-Test") != null) {
        headersSeen.addAll(headers.get("X-Trace-Test"));
      }
      return state;
    }

    @Override
    public void end(QosRecord record, Exchange exchange, Object started) {
      long micros = record.side() == Side.REQUESTER ? record.t1Micros() : record.t2Micros();
      calls.add(new Call("end", record.side(), micros, started));
    }
  }

  @Test
  void theTracerStartsAtTheFirstStampAndEndsWithTheRecordAndItsOwnState() {
    RecordCollector records = new RecordCollector();
    RecordingTracer tracer = new RecordingTracer();
    MonitoringFeature monitoring =
        MonitoringFeature.builder().listener(records).tracer(tracer).build();

    try (TestServer server =
        TestServer.builder(EchoService.class, new EchoServiceImpl()).feature(monitoring).start()) {
      server.client(EchoService.class, monitoring).echo("Ada");
      await().atMost(Duration.ofSeconds(10)).until(() -> tracer.calls.size() == 4);
    }

    QosRecord requester = records.single(Side.REQUESTER);
    QosRecord provider = records.single(Side.PROVIDER);
    for (Side side : Side.values()) {
      List<Call> calls = tracer.calls.stream().filter(c -> c.side() == side).toList();
      long first = side == Side.REQUESTER ? requester.t1Micros() : provider.t2Micros();
      assertThat(calls).extracting(Call::what).containsExactly("start", "end");
      assertThat(calls).extracting(Call::micros).containsOnly(first);
      assertThat(calls.get(1).state()).isSameAs(calls.get(0).state());
    }
    // What the requester's start put in the headers reached the provider's start.
    assertThat(tracer.headersSeen).containsExactly("from-requester");
  }

  @Test
  void aTracerThatThrowsFailsNoCallAndLosesNoRecord() {
    RecordCollector records = new RecordCollector();
    ExchangeTracer<Object> broken =
        new ExchangeTracer<>() {
          @Override
          public Object start(Side side, long startMicros, Message message) {
            throw new IllegalStateException("broken start");
          }

          @Override
          public void end(QosRecord record, Exchange exchange, Object started) {
            throw new IllegalStateException("broken end");
          }
        };
    MonitoringFeature monitoring =
        MonitoringFeature.builder().listener(records).tracer(broken).build();

    String answer;
    try (TestServer server =
        TestServer.builder(EchoService.class, new EchoServiceImpl()).feature(monitoring).start()) {
      answer = server.client(EchoService.class, monitoring).echo("Ada");
      await().atMost(Duration.ofSeconds(10)).until(() -> records.of(Side.PROVIDER).size() == 1);
    }

    assertThat(answer).isEqualTo("echo: Ada");
    assertThat(records.single(Side.REQUESTER).isValid()).isTrue();
    assertThat(records.single(Side.PROVIDER).isValid()).isTrue();
  }

  @Test
  void aCloseableTracerIsClosedWithTheFeature() {
    ConcurrentLinkedQueue<String> closed = new ConcurrentLinkedQueue<>();
    final class ClosingTracer extends NoTracer implements AutoCloseable {
      @Override
      public void close() {
        closed.add("tracer");
      }
    }
    MonitoringFeature monitoring =
        MonitoringFeature.builder()
            .listener(batch -> {})
            .tracer(new ClosingTracer())
            .closing(() -> closed.add("first"))
            .build();

    monitoring.close();

    assertThat(closed).containsExactly("first", "tracer");
  }

  /** A tracer that does nothing. */
  static class NoTracer implements ExchangeTracer<Void> {
    @Override
    public Void start(Side side, long startMicros, Message message) {
      return null;
    }

    @Override
    public void end(QosRecord record, Exchange exchange, Void started) {}
  }
}
