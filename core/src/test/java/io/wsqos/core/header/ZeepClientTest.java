package io.wsqos.core.header;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Python zeep client generated at run time from the endpoint's {@code ?wsdl} sets the WS-QoS
 * headers as typed values, with no XML built by hand. Skipped only where python3-zeep is not
 * installed ({@code apt-get install -y python3-zeep}).
 */
class ZeepClientTest {
  private static final long PROCESS_GUARD_SECONDS = 120;

  private static final String SCRIPT =
      """
      import sys
      from zeep import Client
      client = Client(sys.argv[1] + '?wsdl')
      # The test server's WSDL has no soap:address: bind its one binding to the address.
      service = client.create_service(next(iter(client.wsdl.bindings)), sys.argv[1])
      requirement = client.get_element('{%s}Requirement')(
          compression='none', terms={'transportPriority': 'assured'})
      result = service.echo(text='hello', _soapheaders=[requirement])
      print(result.body['return'])
      """
          .formatted(WsQos.NAMESPACE);

  private final AtomicReference<WsQosHeaders> seen = new AtomicReference<>();

  @RegisterExtension
  final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(WsQosHeaderFeature.builder().build())
          .inInterceptor(new Recorder(seen))
          .toExtension();

  @Test
  void aClientGeneratedFromTheWsdlSetsTheRequirementAsATypedHeader(@TempDir Path dir)
      throws Exception {
    String python = pythonWithZeep();
    assumeThat(python).as("a python3 with zeep (apt-get install -y python3-zeep)").isNotNull();
    Path script = Files.writeString(dir.resolve("client.py"), SCRIPT);

    Process process =
        new ProcessBuilder(python, script.toString(), server.address())
            .redirectErrorStream(true)
            .start();
    assertThat(process.waitFor(PROCESS_GUARD_SECONDS, TimeUnit.SECONDS)).isTrue();
    String output = new String(process.getInputStream().readAllBytes(), UTF_8);

    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output.strip()).isEqualTo("echo: hello");
    assertThat(seen.get().requirement())
        .isEqualTo(
            HeaderBlock.valid(
                QosRequirement.of(CompressionPreference.NONE, TransportPriority.ASSURED), false));
  }

  /**
   * The first interpreter that imports zeep, or null: the one on the PATH, else the system's, where
   * the Debian package installs it (a pyenv or venv python3 on the PATH does not see it).
   */
  private static String pythonWithZeep() throws InterruptedException {
    for (String python : new String[] {"python3", "/usr/bin/python3"}) {
      try {
        Process probe =
            new ProcessBuilder(python, "-c", "import zeep").redirectErrorStream(true).start();
        probe.getInputStream().readAllBytes();
        if (probe.waitFor(PROCESS_GUARD_SECONDS, TimeUnit.SECONDS) && probe.exitValue() == 0) {
          return python;
        }
      } catch (IOException notThere) {
        // Try the next one.
      }
    }
    return null;
  }

  /** Keeps the blocks the header interceptor decoded from the request. */
  private static final class Recorder extends AbstractPhaseInterceptor<Message> {
    private final AtomicReference<WsQosHeaders> seen;

    Recorder(AtomicReference<WsQosHeaders> seen) {
      super(Phase.PRE_INVOKE);
      this.seen = seen;
    }

    @Override
    public void handleMessage(Message message) {
      WsQosHeaders.from(message).ifPresent(seen::set);
    }
  }
}
