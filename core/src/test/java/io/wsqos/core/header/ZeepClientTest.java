package io.wsqos.core.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.ZeepScript;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.nio.file.Path;
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
 * installed ({@link ZeepScript}).
 */
class ZeepClientTest {
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
          .feature(new WsQosEndpointBaseline())
          .inInterceptor(new Recorder(seen))
          .toExtension();

  @Test
  void aClientGeneratedFromTheWsdlSetsTheRequirementAsATypedHeader(@TempDir Path dir) {
    ZeepScript.Result result = ZeepScript.run(dir, SCRIPT, server.address());

    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output().strip()).isEqualTo("echo: hello");
    assertThat(seen.get().requirement())
        .isEqualTo(
            HeaderBlock.valid(
                QosRequirement.of(CompressionPreference.NONE, TransportPriority.ASSURED), false));
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
