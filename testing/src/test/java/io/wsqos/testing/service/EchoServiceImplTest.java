package io.wsqos.testing.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EchoServiceImplTest {

  private final EchoServiceImpl service = new EchoServiceImpl();

  @Test
  void echoesAndCountsEveryOperation() {
    assertThat(service.echo("x")).isEqualTo("echo: x");
    assertThat(service.text(25)).hasSize(25).isEqualTo(EchoServiceImpl.textOf(25));
    assertThat(service.length("four")).isEqualTo(4);
    assertThat(service.invocations()).isEqualTo(3);
  }

  @Test
  void theFaultTextMakesEchoThrowAndIsStillCounted() {
    assertThatThrownBy(() -> service.echo(EchoServiceImpl.FAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("text: fault (expected: anything else)");
    assertThat(service.invocations()).isEqualTo(1);
  }

  @Test
  void textOfALengthIsAlwaysTheSameAndLongerTextsExtendShorterOnes() {
    assertThat(EchoServiceImpl.textOf(5000)).isEqualTo(EchoServiceImpl.textOf(5000));
    assertThat(EchoServiceImpl.textOf(5000)).startsWith(EchoServiceImpl.textOf(100));
    assertThatThrownBy(() -> EchoServiceImpl.textOf(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("chars: -1 (expected: >= 0)");
  }

  @Test
  void aHeldCallReturnsOnlyOnceTheHoldIsReleased() throws Exception {
    CompletableFuture<String> call;
    try (EchoServiceImpl.Hold hold = service.hold()) {
      call = CompletableFuture.supplyAsync(() -> service.echo("held"));

      await().atMost(Duration.ofSeconds(30)).until(() -> service.heldCalls() == 1);
      assertThat(call).isNotDone();
    }

    assertThat(call.get(30, TimeUnit.SECONDS)).isEqualTo("echo: held");
    assertThat(service.echo("after")).isEqualTo("echo: after");
    assertThat(service.heldCalls()).isEqualTo(1);
  }
}
