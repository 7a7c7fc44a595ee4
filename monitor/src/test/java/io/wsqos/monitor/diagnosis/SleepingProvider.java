package io.wsqos.monitor.diagnosis;

import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.load.LoadProbe;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.IOException;

/**
 * The providers of {@link NetworkLossEndToEndTest}, run in a child JVM inside the test's network
 * namespace: a fast one and a slow one (each call sleeps), on two ports so that the test can make
 * one path lossy. Both stamp t2/t3 and compress only for clients that ask: their load stands at 100
 * %, so a {@code server-decides} client gets no compression. Prints {@code fast=URL slow=URL} when
 * both listen, and stops when its stdin closes.
 */
public final class SleepingProvider {

  private SleepingProvider() {}

  /** Arguments: the address to listen on, and how long each call sleeps (ms). */
  public static void main(String[] args) throws IOException {
    String host = args[0];
    EchoServiceImpl service = new EchoServiceImpl();
    service.delay(Long.parseLong(args[1]));
    try (EmbeddedServer server = server(host, service)) {
      System.out.println("listening at " + server.address("/echo"));
      System.out.flush();
      while (System.in.read() >= 0) {
        // The test closes stdin to stop the providers.
      }
    }
  }

  private static EmbeddedServer server(String host, EchoService implementor) {
    return EmbeddedServer.builder()
        .host(host)
        .endpoint(
            "/echo",
            EchoService.class,
            implementor,
            MonitoringFeature.builder().listener(records -> {}).build(),
            CompressionFeature.builder()
                .policy(CompressionPolicy.loadAware(LoadProbe.fixed(1.0)))
                .build())
        .start();
  }
}
