package io.wsqos.binding;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;

/**
 * The identity of a running JVM as the descriptor states it: {@code pid@host/start}, for example
 * {@code 4711@host-a/2026-11-26T06:00:00.123Z}. Two JVMs on one host differ in process id or start
 * time; a client whose identity equals the descriptor's runs in the publisher's JVM.
 */
public final class JvmIdentity {

  private JvmIdentity() {}

  /** This JVM's identity; looks the host name up, so call it once per discovery, not per call. */
  public static String current() {
    ProcessHandle self = ProcessHandle.current();
    String start = self.info().startInstant().map(Instant::toString).orElse("unknown");
    return self.pid() + "@" + hostName() + "/" + start;
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName().replaceAll("[^\\x21-\\x7e]", "_");
    } catch (UnknownHostException e) {
      return "unknown-host";
    }
  }
}
