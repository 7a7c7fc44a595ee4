package io.wsqos.monitor.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TestStore;
import io.wsqos.monitor.Validity;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.net.TcpRelay;
import jakarta.xml.ws.WebServiceException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.cxf.binding.soap.SoapFault;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Requesters reporting to one logging manager through a real Jetty server. */
class RemoteQosLogTest {

  static final Instant T0 = Instant.parse("2026-11-23T12:00:00Z");
  static final long T0_MICROS = ChronoUnit.MICROS.between(Instant.EPOCH, T0);

  private final SimpleMeterRegistry providerRegistry = new SimpleMeterRegistry();
  private final SimpleMeterRegistry requesterRegistry = new SimpleMeterRegistry();
  private final List<QosRecord> received = Collections.synchronizedList(new ArrayList<>());
  private final TestStore central = new TestStore();
  private QosLog providerLog;
  private TestServer manager;

  @BeforeEach
  void startManager() {
    providerLog =
        QosLog.builder(providerRegistry)
            .store(central)
            .flushInterval(Duration.ofMillis(20))
            .storeInterval(Duration.ofMillis(100))
            .listener(received::addAll)
            .build();
    manager = TestServer.builder(QosLogService.class, new QosLogEndpoint(providerLog)).start();
  }

  @AfterEach
  void stopManager() throws Exception {
    manager.close();
    providerLog.close();
  }

  @Test
  void recordsReportedRemotelyArriveUnchangedInTheManagersStore() throws Exception {
    List<QosRecord> sent =
        List.of(
            requester(Outcome.SUCCESS, 0).t2(5_000).t3(17_000).sizes(321, 4_567).build(),
            requester(Outcome.REFUSED, 1).build(),
            requester(Outcome.SUCCESS, 2)
                .t2(5_000)
                .t3(6_000)
                .invalid(Validity.MALFORMED_TIMESTAMP)
                .build(),
            // Markup and SQL in names travel escaped and are stored verbatim.
            QosRecord.builder(
                    "{urn:x}S'; DROP TABLE qos_record; --", "op<&>\"]]>", "http://e", Side.PROVIDER)
                .recordedAt(T0)
                .outcome(Outcome.SOAP_FAULT)
                .t2(T0_MICROS - 900)
                .t3(T0_MICROS - 100)
                .build());
    QosLog requesterLog =
        QosLog.builder(requesterRegistry)
            .store(new RemoteRecordStore(manager.address()))
            .flushInterval(Duration.ofMillis(20))
            .build();

    sent.forEach(requesterLog::record);
    requesterLog.close();

    assertThat(requesterRegistry.get("wsqos.monitor.records.written").counter().count())
        .isEqualTo(sent.size());
    await().atMost(Duration.ofSeconds(10)).until(() -> received.size() == sent.size());
    assertThat(received).containsExactlyElementsOf(sent);
    await().atMost(Duration.ofSeconds(10)).until(() -> rows() == sent.size());
    // The requester's own timers still see its valid records: diagnosis stays local.
    assertThat(
            requesterRegistry.get("wsqos.monitor.response").timers().stream()
                .mapToLong(Timer::count)
                .sum())
        .isEqualTo(2);
  }

  @Test
  void aMalformedRecordFailsTheCallWithAClientFaultAndNothingIsQueued() throws Exception {
    QosLogService client = manager.client(QosLogService.class);
    ReportedRecord good = ReportedRecord.of(requester(Outcome.SUCCESS, 0).build());
    ReportedRecord bad = ReportedRecord.of(requester(Outcome.SUCCESS, 1).build());
    bad.side = "SIDEWAYS";

    assertThatThrownBy(() -> client.report(List.of(good, bad)))
        .isInstanceOf(WebServiceException.class)
        .hasMessageContaining("record 1: side: 'SIDEWAYS' (expected: one of [REQUESTER, PROVIDER])")
        .cause()
        .isInstanceOfSatisfying(
            SoapFault.class,
            fault -> assertThat(fault.getFaultCode().getLocalPart()).isEqualTo("Client"));

    ReportedRecord negative = ReportedRecord.of(requester(Outcome.SUCCESS, 0).build());
    negative.t1 = -5L;
    assertThatThrownBy(() -> client.report(List.of(negative)))
        .hasMessageContaining("record 0: t1: -5 (expected: >= 0)");
    ReportedRecord nameless = ReportedRecord.of(requester(Outcome.SUCCESS, 0).build());
    nameless.service = null;
    assertThatThrownBy(() -> client.report(List.of(nameless)))
        .hasMessageContaining("record 0: service: missing");

    providerLog.close();
    assertThat(received).isEmpty();
    assertThat(rows()).isZero();
  }

  @Test
  void aCallOfMoreRecordsThanAllowedIsRefused() throws Exception {
    QosLogService client = manager.client(QosLogService.class);
    ReportedRecord one = ReportedRecord.of(requester(Outcome.SUCCESS, 0).build());

    assertThatThrownBy(
            () -> client.report(Collections.nCopies(QosLogEndpoint.MAX_RECORDS_PER_CALL + 1, one)))
        .isInstanceOf(WebServiceException.class)
        .hasMessageContaining("records: 10001 in one call (expected: at most 10000)");

    providerLog.close();
    assertThat(rows()).isZero();
  }

  @Test
  void malformedXmlGetsAClientFaultSayingWhy() throws Exception {
    // Cut inside a start tag: the parser stops there, before any part of the body is looked up.
    byte[] body =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><oops"
            .getBytes(StandardCharsets.UTF_8);

    RawHttp.Response response = RawHttp.postXml(manager.address(), body);

    assertThat(response.head()).startsWith("HTTP/1.1 500");
    assertThat(response.body())
        .contains("<faultcode>soap:Client</faultcode>")
        .contains("<faultstring>Error reading XMLStreamReader: Unexpected end of input block");
    providerLog.close();
    assertThat(rows()).isZero();
  }

  @Test
  void anUnreachableManagerIsRetriedThenItsRecordsAreCountedLost() throws Exception {
    try (ClosedPort closed = ClosedPort.open()) {
      int closedPort = closed.port();
      QosLog requesterLog =
          QosLog.builder(requesterRegistry)
              .store(new RemoteRecordStore("http://127.0.0.1:" + closedPort + "/qos-log"))
              .flushInterval(Duration.ofMillis(20))
              .storeInterval(Duration.ZERO)
              .retries(2, Duration.ofMillis(10))
              .build();

      requesterLog.record(requester(Outcome.SUCCESS, 0).build());
      requesterLog.record(requester(Outcome.SUCCESS, 1).build());

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> requesterRegistry.get("wsqos.monitor.records.lost").counter().count() == 2);
      assertThat(requesterRegistry.get("wsqos.monitor.write.failures").counter().count())
          .isEqualTo(2);
      requesterLog.close();
    }
  }

  @Test
  void recordsMadeWhileTheManagerIsUnreachableAreRetriedAndEachArrivesOnceWhenItIsBack()
      throws Exception {
    try (TcpRelay relay = TcpRelay.to(manager.port())) {
      QosLog requesterLog = requesterLogThrough(relay);
      List<QosRecord> sent = new ArrayList<>();
      for (int i = 0; i < 15; i++) {
        sent.add(requester(Outcome.SUCCESS, i).build());
      }
      sent.subList(0, 5).forEach(requesterLog::record);
      await().until(() -> counter("wsqos.monitor.records.written") == 5);

      // Cut between two calls: every call either arrived and was answered, or failed to connect.
      relay.cut();
      sent.subList(5, 10).forEach(requesterLog::record);
      await().until(() -> counter("wsqos.monitor.write.failures") >= 2);
      sent.subList(10, 15).forEach(requesterLog::record);
      relay.restore();

      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> counter("wsqos.monitor.records.written") == sent.size());
      requesterLog.close();
      // Closing the manager's log publishes and stores everything it queued.
      providerLog.close();
      assertThat(received).containsExactlyElementsOf(sent);
      assertThat(rows()).isEqualTo(sent.size());
      assertThat(counter("wsqos.monitor.records.lost")).isZero();
    }
  }

  /**
   * The store delivers at least once, not exactly once: a batch the manager queued but whose answer
   * was cut off is sent again, and the manager, which cannot tell it from a new batch, logs it
   * twice. (No record is ever lost silently for it.)
   */
  @Test
  void aBatchWhoseAnswerWasCutOffIsSentAgainAndLoggedTwice() throws Exception {
    QosLogEndpoint endpoint = new QosLogEndpoint(providerLog);
    AtomicReference<TcpRelay> relayOfFirstCall = new AtomicReference<>();
    QosLogService answerCutOnce =
        records -> {
          int accepted = endpoint.report(records);
          TcpRelay relay = relayOfFirstCall.getAndSet(null);
          if (relay != null) {
            relay.cut();
          }
          return accepted;
        };
    try (TestServer cutting = TestServer.builder(QosLogService.class, answerCutOnce).start();
        TcpRelay relay = TcpRelay.to(cutting.port())) {
      relayOfFirstCall.set(relay);
      QosLog requesterLog = requesterLogThrough(relay);
      List<QosRecord> batch =
          List.of(requester(Outcome.SUCCESS, 0).build(), requester(Outcome.TIMEOUT, 1).build());

      batch.forEach(requesterLog::record);
      await().until(() -> relay.isCut() && counter("wsqos.monitor.write.failures") >= 2);
      relay.restore();

      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> counter("wsqos.monitor.records.written") == batch.size());
      requesterLog.close();
      providerLog.close();
      assertThat(received).containsExactly(batch.get(0), batch.get(1), batch.get(0), batch.get(1));
      assertThat(counter("wsqos.monitor.records.lost")).isZero();
    }
  }

  /** A requester's log sending each batch at once through {@code relay}, retried 20 times. */
  private QosLog requesterLogThrough(TcpRelay relay) {
    return QosLog.builder(requesterRegistry)
        .store(new RemoteRecordStore(relay.url(TestServer.DEFAULT_PATH)))
        .flushInterval(Duration.ofMillis(10))
        .storeInterval(Duration.ZERO)
        .retries(QosLog.MAX_WRITE_ATTEMPTS, Duration.ofMillis(20))
        .build();
  }

  private double counter(String name) {
    return requesterRegistry.get(name).counter().count();
  }

  @Test
  void aRemoteAddressMustBeHttp() {
    assertThatThrownBy(() -> new RemoteRecordStore("ftp://example/log"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("address: 'ftp://example/log' (expected: an http:// or https:// URL)");
  }

  private static QosRecord.Builder requester(Outcome outcome, int second) {
    long t1 = T0_MICROS + second * 1_000_000L;
    return QosRecord.builder("{urn:x}S", "op", "http://provider/s", Side.REQUESTER)
        .recordedAt(T0.plusSeconds(second).plusMillis(40))
        .outcome(outcome)
        .t1(t1)
        .t4(t1 + 40_000);
  }

  private long rows() {
    return central.records().size();
  }
}
