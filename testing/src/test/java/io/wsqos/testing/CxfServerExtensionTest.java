package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.transport.http.HTTPConduit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

class CxfServerExtensionTest {

  static final AtomicInteger serverRequests = new AtomicInteger();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .inInterceptor(new CountingInterceptor(serverRequests))
          .toExtension();

  @Test
  void addressIsLoopbackWithTheBoundPortAndTheServicePath() {
    String address = server.address();

    assertThat(server.port()).isPositive();
    assertThat(address).isEqualTo("http://127.0.0.1:" + server.port() + "/service");
  }

  @Test
  void clientCallsTheEndpointOverHttp() {
    EchoService client = server.client(EchoService.class);

    String answer = client.echo("hello");

    assertThat(answer).isEqualTo("echo: hello");
  }

  @Test
  void serverSideInterceptorsFromTheBuilderRunOnEachRequest() {
    EchoService client = server.client(EchoService.class);
    int before = serverRequests.get();

    client.echo("one");
    client.echo("two");

    assertThat(serverRequests.get() - before).isEqualTo(2);
  }

  @Test
  void busIsDedicatedAndRunningAndNeitherTheJvmNorTheThreadDefault() {
    server.client(EchoService.class).echo("warm");

    Bus bus = server.bus();

    assertThat(bus.getState()).isEqualTo(Bus.BusState.RUNNING);
    assertThat(BusFactory.getDefaultBus(false)).isNotSameAs(bus);
    assertThat(BusFactory.getThreadDefaultBus(false)).isNotSameAs(bus);
  }

  /** An instance-field registration gets a fresh server around each test. */
  @Nested
  class PerTestRegistration {

    @RegisterExtension
    final CxfServerExtension perTest =
        CxfServerExtension.forService(EchoService.class, new EchoServiceImpl());

    @Test
    void instanceFieldRegistrationRunsItsOwnServerDuringTheTest() {
      EchoService client = perTest.client(EchoService.class);

      String answer = client.echo("nested");

      assertThat(answer).isEqualTo("echo: nested");
      assertThat(perTest.port()).isNotEqualTo(server.port());
    }
  }

  @Test
  void twoServersInOneClassDoNotReportEachOthersThreadsAsLeaks() {
    SummaryGeneratingListener listener = new SummaryGeneratingListener();

    LauncherFactory.create()
        .execute(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(TwoServersInOneClass.class))
                .build(),
            listener);

    TestExecutionSummary summary = listener.getSummary();
    assertThat(summary.getFailures())
        .extracting(failure -> failure.getException().toString())
        .isEmpty();
    assertThat(summary.getTestsSucceededCount()).isEqualTo(2);
  }

  /**
   * Run only by the test above. Each test calls both servers through clients with settings no other
   * test's client has, so that the JDK HTTP client CXF shares between them starts its selector
   * thread after both servers started, and that thread runs until the last of the two closes its
   * client.
   */
  static final class TwoServersInOneClass {

    @RegisterExtension
    static final CxfServerExtension first =
        CxfServerExtension.forService(EchoService.class, new EchoServiceImpl());

    @RegisterExtension
    static final CxfServerExtension second =
        CxfServerExtension.forService(EchoService.class, new EchoServiceImpl());

    @Test
    void callsBoth() {
      assertThat(clientOf(first).echo("1")).isEqualTo("echo: 1");
      assertThat(clientOf(second).echo("2")).isEqualTo("echo: 2");
    }

    @Test
    void callsBothTheOtherWayRound() {
      assertThat(clientOf(second).echo("2")).isEqualTo("echo: 2");
      assertThat(clientOf(first).echo("1")).isEqualTo("echo: 1");
    }

    private static EchoService clientOf(CxfServerExtension server) {
      EchoService client = server.client(EchoService.class);
      HTTPConduit conduit = (HTTPConduit) ClientProxy.getClient(client).getConduit();
      conduit.getClient().setConnectionTimeout(12_345);
      return client;
    }
  }

  static final class CountingInterceptor extends AbstractPhaseInterceptor<Message> {
    private final AtomicInteger count;

    CountingInterceptor(AtomicInteger count) {
      super(Phase.RECEIVE);
      this.count = count;
    }

    @Override
    public void handleMessage(Message message) {
      count.incrementAndGet();
    }
  }
}
