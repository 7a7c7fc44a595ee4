package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdleWaitTest {

  @Test
  void aSleepingProcessIsIdle() throws Exception {
    Process sleeping = new ProcessBuilder("sleep", "60").start();
    try {
      IdleWait.Result result = IdleWait.await(List.of(sleeping.pid()), Duration.ofSeconds(30));

      assertThat(result.idle()).isTrue();
    } finally {
      sleeping.destroyForcibly().waitFor();
    }
  }

  @Test
  void aSpinningProcessIsNotIdleAndTheWaitEndsAtItsLimit() throws Exception {
    Process sleeping = new ProcessBuilder("sleep", "60").start();
    Process spinning = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      IdleWait.Result result =
          IdleWait.await(List.of(sleeping.pid(), spinning.pid()), Duration.ofSeconds(1));

      assertThat(result.idle()).isFalse();
      assertThat(result.waited()).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    } finally {
      spinning.destroyForcibly().waitFor();
      sleeping.destroyForcibly().waitFor();
    }
  }

  @Test
  void aProcessThatHasEndedCountsAsIdle() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();

    IdleWait.Result result = IdleWait.await(List.of(ended.pid()), Duration.ofSeconds(30));

    assertThat(result.idle()).isTrue();
  }
}
