package io.wsqos.benchmarks.jmh;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.benchmarks.experiment.QosEnvelopes;
import io.wsqos.benchmarks.load.BlockingConnection;
import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.core.admission.Admission;
import io.wsqos.core.admission.AdmissionControl;
import io.wsqos.core.admission.AdmissionHandler;
import io.wsqos.core.admission.Permit;
import io.wsqos.core.admission.Refusal;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.server.EmbeddedServer;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What admission control costs an unloaded server per request. A small SOAP call ({@link
 * QuoteService}) posted over one kept-alive loopback connection by a blocking client ({@link
 * BlockingConnection}: a write, a read, the load driver's parse), to a server in this JVM without
 * the feature ({@code plain}) and with {@link AdmissionHandler} in front of its endpoint ({@code
 * admission}): their difference is the admission path as a request meets it (the body's start read,
 * the class scanned, a permit taken and given back, the chunks replayed). {@code decide} is that
 * path's core alone: {@link AdmissionControl#classify}, {@link AdmissionControl#enter} and the
 * permit's release on the same bytes. {@code -p requirement=expedited} carries a {@code
 * qos:Requirement} (the header scanned), {@code none} none (most requests: the namespace is absent,
 * nothing is parsed).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@State(Scope.Benchmark)
public class AdmissionBenchmark {

  private static final String CALL =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
          + "<soap:Body><q:price xmlns:q=\"http://jmh.benchmarks.wsqos.io/\">"
          + "<symbol>WSQOS</symbol><quantity>100</quantity></q:price></soap:Body>"
          + "</soap:Envelope>";

  /** {@code expedited}: the call asks for that class; {@code none}: it carries no header. */
  @Param({"expedited", "none"})
  public String requirement;

  private byte[] envelope;
  private EmbeddedServer plainServer;
  private EmbeddedServer admissionServer;
  private EmbeddedServer refusingServer;
  private AdmissionControl serving;
  private AdmissionControl refusing;
  private AdmissionControl deciding;
  private HttpRequest toPlain;
  private HttpRequest toAdmission;
  private HttpRequest toRefusing;
  private BlockingConnection plainConnection;
  private BlockingConnection admissionConnection;
  private BlockingConnection refusingConnection;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    byte[] call = CALL.getBytes(StandardCharsets.UTF_8);
    envelope =
        requirement.equals("none")
            ? call
            : QosEnvelopes.withRequirement(
                call, CompressionPreference.NONE, TransportPriority.EXPEDITED);
    serving = control();
    deciding = control();
    refusing = refusingControl();
    plainServer = server(null);
    admissionServer = server(AdmissionHandler.of(serving));
    refusingServer = server(AdmissionHandler.of(refusing));
    toPlain = post(plainServer);
    toAdmission = post(admissionServer);
    toRefusing = post(refusingServer);
    plainConnection = BlockingConnection.to(toPlain);
    admissionConnection = BlockingConnection.to(toAdmission);
    refusingConnection = BlockingConnection.to(toRefusing);
    expect(200, plain());
    expect(200, admission());
    expect(503, refused());
  }

  private static void expect(int expected, int status) {
    if (status != expected) {
      throw new IllegalStateException("status " + status + " (expected: " + expected + ")");
    }
  }

  /**
   * A control that refuses every request: its one permit held, its one place in the queue taken by
   * expedited for good (no bound on a standing queue), and no share for best effort, so that
   * nothing arriving can push that one out.
   */
  private static AdmissionControl refusingControl() {
    AdmissionControl control =
        AdmissionControl.builder()
            .limit(1, 1, 1)
            .queuePerLimit(0)
            .standingQueue(Duration.ofDays(1), Duration.ZERO)
            .share(TransportPriority.BEST_EFFORT, 0)
            .entitlement(PriorityEntitlement.everyone(TransportPriority.EXPEDITED))
            .meterRegistry(new SimpleMeterRegistry())
            .build();
    for (int i = 0; i < 2; i++) {
      if (control.enter(TransportPriority.EXPEDITED, NEVER_WAITS) instanceof Admission.Refused) {
        throw new IllegalStateException("expected the permit and the queue's place to be taken");
      }
    }
    return control;
  }

  private static AdmissionControl control() {
    return AdmissionControl.builder()
        .entitlement(PriorityEntitlement.everyone(TransportPriority.EXPEDITED))
        .meterRegistry(new SimpleMeterRegistry())
        .build();
  }

  private static EmbeddedServer server(AdmissionHandler admission) {
    EmbeddedServer.Builder builder =
        EmbeddedServer.builder()
            .protocolFamily(StandardProtocolFamily.INET)
            .daemonThreads(true)
            .endpoint("/quotes", QuoteService.class, new QuoteService.Quotes());
    if (admission != null) {
      builder.admission(admission);
    }
    return builder.start();
  }

  private HttpRequest post(EmbeddedServer server) {
    return HttpRequest.post(URI.create(server.address() + "/quotes"), envelope)
        .header("Content-Type", "text/xml; charset=UTF-8")
        .header("SOAPAction", "\"\"")
        .keepAlive(true)
        .build();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    plainConnection.close();
    admissionConnection.close();
    refusingConnection.close();
    plainServer.close();
    admissionServer.close();
    refusingServer.close();
    refusing.close();
    serving.close();
    deciding.close();
  }

  /** The call to the server without the feature. */
  @Benchmark
  public int plain() throws Exception {
    return plainConnection.exchange(toPlain);
  }

  /** The same call through the admission handler. */
  @Benchmark
  public int admission() throws Exception {
    return admissionConnection.exchange(toAdmission);
  }

  /** The same call refused: 503, {@code Retry-After} and a fault. */
  @Benchmark
  public int refused() throws Exception {
    return refusingConnection.exchange(toRefusing);
  }

  /** The handler's decision alone: the class read off the bytes, a permit taken and released. */
  @Benchmark
  public TransportPriority decide() {
    TransportPriority priority = deciding.classify(envelope, envelope.length, true, "127.0.0.1");
    Admission admission = deciding.enter(priority, NEVER_WAITS);
    if (admission instanceof Admission.Admitted admitted) {
      admitted.permit().release();
    }
    return priority;
  }

  /** Unloaded, every request is admitted at once: a waiter is never told anything. */
  private static final Admission.Waiter NEVER_WAITS =
      new Admission.Waiter() {
        @Override
        public void admitted(Permit permit) {
          permit.release();
        }

        @Override
        public void refused(Refusal refusal) {}
      };
}
