package io.wsqos.benchmarks.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.net.NetworkNamespace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Needs the capabilities to make network namespaces and iproute2 ({@code ip}, {@code tc}); skipped
 * elsewhere, with the reason, and failed for it under CI ({@link Prerequisites}).
 */
class SlowLinkTest {

  private static String run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }

  @Test
  void shapesBothEndsAndDeletesTheNamespaceOnClose() throws Exception {
    Prerequisites.assume(NetworkNamespace.unavailableReason("tc"));

    String qdiscs;
    String namespace;
    String inside;
    String clientAddress;
    try (SlowLink link = SlowLink.create(LinkProfile.GPRS)) {
      namespace = link.namespace();
      clientAddress = link.clientAddress();
      qdiscs = link.describe();
      inside = run(link.command(List.of("ip", "-o", "addr", "show")));
    }
    String namespacesAfter = run(List.of("ip", "netns", "list"));

    assertThat(qdiscs).contains("rate 40200bit").contains("rate 13400bit");
    assertThat(inside).contains(clientAddress + "/30");
    assertThat(namespace).startsWith(SlowLink.NAMESPACE_PREFIX);
    assertThat(namespacesAfter).doesNotContain(namespace);
  }
}
