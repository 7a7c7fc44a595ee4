package io.wsqos.testing.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.net.LinuxHost.Capability;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LinuxHostTest {

  private static String status(String capEff) {
    return "Name:\tjava\nUid:\t1000\t1000\t1000\t1000\nCapInh:\t0000000000000000\n"
        + "CapPrm:\t"
        + capEff
        + "\nCapEff:\t"
        + capEff
        + "\nCapBnd:\t000001ffffffffff\n";
  }

  @Test
  void aUserThatIsNotRootButHoldsTheCapabilitiesHasThem() {
    // Bits 12 (NET_ADMIN), 13 (NET_RAW) and 21 (SYS_ADMIN), under uid 1000.
    String granted = status(Long.toHexString((1L << 12) | (1L << 13) | (1L << 21)));

    assertThat(
            LinuxHost.missingCapabilities(
                granted, Capability.NET_ADMIN, Capability.NET_RAW, Capability.SYS_ADMIN))
        .isEmpty();
  }

  @Test
  void aRootWithoutNetAdminLacksIt() {
    // Docker's default set for root: no NET_ADMIN, no SYS_ADMIN, but NET_RAW.
    String dockerRoot = status("00000000a80425fb");

    assertThat(
            LinuxHost.missingCapabilities(
                dockerRoot, Capability.NET_RAW, Capability.NET_ADMIN, Capability.SYS_ADMIN))
        .hasValue(
            "needs CAP_NET_ADMIN and CAP_SYS_ADMIN (run as root with them, or grant them;"
                + " effective set 00000000a80425fb)");
  }

  @Test
  void aStatusWithoutAnEffectiveSetSaysSo() {
    assertThat(LinuxHost.missingCapabilities("Name:\tjava\n", Capability.NET_RAW))
        .hasValue("no CapEff: line in /proc/self/status");
    assertThat(LinuxHost.missingCapabilities("CapEff:\tzz\n", Capability.NET_RAW))
        .hasValue("unreadable CapEff:\tzz in /proc/self/status");
  }

  @Test
  void thisJvmsCapabilitiesAreReadFromItsOwnStatus() throws Exception {
    Path status = Path.of("/proc/self/status");
    String expected =
        Files.isReadable(status)
            ? LinuxHost.missingCapabilities(Files.readString(status), Capability.NET_ADMIN)
                .orElse("")
            : "";

    String found = LinuxHost.missingCapabilities(Capability.NET_ADMIN).orElse("");

    if (Files.isReadable(status)) {
      assertThat(found).isEqualTo(expected);
    } else {
      assertThat(found).startsWith("needs Linux");
    }
  }

  @Test
  void missingToolsAreNamed() {
    assertThat(LinuxHost.missingTools("wsqos-no-such-tool"))
        .hasValue("'wsqos-no-such-tool' is not installed");
    assertThat(LinuxHost.missingTools("wsqos-no-such-tool", "wsqos-nor-this"))
        .hasValue("'wsqos-no-such-tool', 'wsqos-nor-this' are not installed");
    assertThat(LinuxHost.missingTools()).isEmpty();
  }
}
