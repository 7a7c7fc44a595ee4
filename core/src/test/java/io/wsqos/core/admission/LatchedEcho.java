package io.wsqos.core.admission;

import io.wsqos.testing.service.EchoService;
import jakarta.jws.WebService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** An echo service whose calls wait for the test to open the latch: the test holds the load. */
@WebService(
    endpointInterface = "io.wsqos.testing.service.EchoService",
    targetNamespace = EchoService.NAMESPACE,
    serviceName = "EchoService")
public class LatchedEcho implements EchoService {
  final CountDownLatch open = new CountDownLatch(1);
  final AtomicInteger started = new AtomicInteger();

  @Override
  public String echo(String text) {
    started.incrementAndGet();
    try {
      if (!open.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never opened the latch");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return "echo: " + text;
  }

  @Override
  public String text(int chars) {
    return "x".repeat(chars);
  }

  @Override
  public int length(String body) {
    return body.length();
  }
}
