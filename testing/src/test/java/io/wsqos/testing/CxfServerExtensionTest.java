package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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
