package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.wsqos.testing.net.LinuxHost;
import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.time.Duration;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPConduit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The test kit README's Java snippets, each a region ({@code snippet-start} .. {@code snippet-end})
 * run here; the architecture module's {@code SnippetRegionsTest} keeps the README's copy of each
 * region equal to it.
 */
class ReadmeSnippetsTest {

  private static final EchoServiceImpl service = new EchoServiceImpl();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, service).toExtension();

  @Test
  void thePrerequisitesSnippetSkipsOrFailsWithoutItsPython() {
    assertThatThrownBy(() -> namespaceForZeep(false))
        .isInstanceOfAny(TestAbortedException.class, AssertionFailedError.class);
  }

  /** A network namespace for a test that also runs zeep, or the test skipped (failed under CI). */
  private static NetworkNamespace namespaceForZeep(boolean pythonFound) {
    // snippet-start testing-readme-prerequisites
    Prerequisites.assume(NetworkNamespace.unavailableReason("tc", "socat")); // Optional<String>
    Prerequisites.assume(LinuxHost.packetCaptureUnavailableReason());
    Prerequisites.assume(LinuxHost.missingTools("curl"));
    Prerequisites.assume(
        pythonFound, "a python3 with zeep is needed (apt-get install python3-zeep)");
    try {
      return NetworkNamespace.create("zeep");
    } catch (IllegalStateException e) {
      return Prerequisites.abort("network namespaces cannot be made here: " + e.getMessage());
    }
    // snippet-end testing-readme-prerequisites
  }

  @Test
  void theHoldSnippetTimesACallOutAndReleasesIt() {
    EchoService client = server.client(EchoService.class);
    ((HTTPConduit) ClientProxy.getClient(client).getConduit()).getClient().setReceiveTimeout(500);

    // snippet-start testing-readme-hold
    try (EchoServiceImpl.Hold held = service.hold()) {
      assertThatThrownBy(() -> client.echo("slow"))
          .hasStackTraceContaining("TimeoutException"); // the client's receive timeout
      await().atMost(Duration.ofSeconds(30)).until(() -> service.heldCalls() == 1);
    } // released: the held call returns, and the server stops at once
    // snippet-end testing-readme-hold

    assertThat(client.echo("fast")).isEqualTo("echo: fast");
  }
}
