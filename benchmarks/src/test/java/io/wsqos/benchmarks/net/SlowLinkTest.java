package io.wsqos.benchmarks.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Needs root and iproute2 ({@code ip}, {@code tc}); skipped elsewhere. */
class SlowLinkTest {

  private static String run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }

  private static boolean canCreateNamespaces() {
    try {
      return "root".equals(System.getProperty("user.name"))
          && new ProcessBuilder("ip", "-V").start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  @Test
  void shapesBothEndsAndDeletesTheNamespaceOnClose() throws Exception {
    assumeTrue(canCreateNamespaces(), "needs root and iproute2");

    String qdiscs;
    String namespace;
    String inside;
    try (SlowLink link = SlowLink.create(250, LinkProfile.GPRS)) {
      namespace = link.namespace();
      qdiscs = link.describe();
      inside = run(link.command(List.of("ip", "-o", "addr", "show")));
    }
    String namespacesAfter = run(List.of("ip", "netns", "list"));

    assertThat(qdiscs).contains("rate 40200bit").contains("rate 13400bit");
    assertThat(inside).contains("198.18.250.2/30");
    assertThat(namespacesAfter).doesNotContain(namespace);
  }
}
