package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

class FaultLoggingTest {

  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
  private Logger root;
  private Level rootLevel;

  @BeforeAll
  static void routeJulToSlf4j() {
    // CXF logs through SLF4J (META-INF/cxf/org.apache.cxf.Logger); Jetty and the JDK through JUL.
    SLF4JBridgeHandler.removeHandlersForRootLogger();
    SLF4JBridgeHandler.install();
  }

  @BeforeEach
  void captureEveryLogEvent() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    rootLevel = root.getLevel();
    root.setLevel(Level.INFO);
    appender.setContext(context);
    appender.start();
    root.addAppender(appender);
  }

  @AfterEach
  void stopCapturing() {
    root.detachAppender(appender);
    root.setLevel(rootLevel);
  }

  @Test
  void aBadRequestLogsOneLineWithTheFaultCodeTheEndpointAndNoStack() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {
      appender.list.clear();

      HttpResponse<String> response = EmbeddedServerTest.post(server.address("/echo"), "<not xml");

      assertThat(response.statusCode()).isEqualTo(500);
      List<ILoggingEvent> logged = atInfoOrAbove();
      assertThat(logged).hasSize(1);
      ILoggingEvent line = logged.get(0);
      assertThat(line.getLoggerName()).isEqualTo(OneLineFaultListener.class.getName());
      assertThat(line.getFormattedMessage())
          .startsWith("Fault ")
          .contains("/echo")
          .doesNotContain("\n");
      assertThat(line.getThrowableProxy()).isNull();
    }
  }

  @Test
  void anUnknownOperationLogsOneLineToo() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {
      appender.list.clear();

      HttpResponse<String> response =
          EmbeddedServerTest.post(
              server.address("/echo"),
              EmbeddedServerTest.ECHO_REQUEST.replace("e:echo", "e:shout"));

      assertThat(response.statusCode()).isEqualTo(500);
      assertThat(atInfoOrAbove()).hasSize(1);
      assertThat(atInfoOrAbove().get(0).getFormattedMessage()).contains("shout");
    }
  }

  @Test
  void theStackIsLoggedAtDebug() throws Exception {
    Logger listener = (Logger) LoggerFactory.getLogger(OneLineFaultListener.class.getName());
    Level before = listener.getLevel();
    listener.setLevel(Level.DEBUG);
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {
      appender.list.clear();

      EmbeddedServerTest.post(server.address("/echo"), "<not xml");

      assertThat(appender.list)
          .filteredOn(e -> e.getLevel() == Level.DEBUG)
          .singleElement()
          .satisfies(e -> assertThat(e.getThrowableProxy()).isNotNull());
    } finally {
      listener.setLevel(before);
    }
  }

  @Test
  void aGoodRequestLogsNothing() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {
      appender.list.clear();

      EmbeddedServerTest.post(server.address("/echo"), EmbeddedServerTest.ECHO_REQUEST);

      assertThat(atInfoOrAbove()).isEmpty();
    }
  }

  private List<ILoggingEvent> atInfoOrAbove() {
    return appender.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.INFO)).toList();
  }
}
