package io.wsqos.broker.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** An outage's refusals are one WARN line per interval, each saying how many it stands for. */
class OutageLogTest {

  private final Logger logger = (Logger) LoggerFactory.getLogger(OutageLogTest.class);
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
  private final AtomicLong nanos = new AtomicLong(1_000);
  private Level levelBefore;

  @BeforeEach
  void capture() {
    levelBefore = logger.getLevel();
    logger.setLevel(Level.DEBUG);
    logged.start();
    logger.addAppender(logged);
  }

  @AfterEach
  void release() {
    logger.detachAppender(logged);
    logger.setLevel(levelBefore);
  }

  private long warnings() {
    return logged.list.stream().filter(e -> e.getLevel() == Level.WARN).count();
  }

  @Test
  void theFirstRefusalWarnsTheNextOnesWithinTheIntervalAreDebugAndTheNextWarningCountsThem() {
    OutageLog outages = new OutageLog(logger, "A REST request", Duration.ofSeconds(10), nanos::get);

    outages.refused("connection refused");
    for (int i = 0; i < 5; i++) {
      nanos.addAndGet(Duration.ofSeconds(1).toNanos());
      outages.refused("connection refused");
    }
    nanos.addAndGet(Duration.ofSeconds(5).toNanos());
    outages.refused("timed out");

    assertThat(warnings()).isEqualTo(2);
    assertThat(logged.list.get(0).getFormattedMessage())
        .isEqualTo("A REST request failed: connection refused");
    assertThat(logged.list.get(logged.list.size() - 1).getFormattedMessage())
        .isEqualTo(
            "A REST request failed: timed out (5 more failed the same way since the last such"
                + " line)");
    assertThat(logged.list.stream().filter(e -> e.getLevel() == Level.DEBUG)).hasSize(5);
  }

  @Test
  void anIntervalMustBePositive() {
    assertThatThrownBy(() -> new OutageLog(logger, "x", Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("interval: PT0S (expected: > 0)");
  }
}
