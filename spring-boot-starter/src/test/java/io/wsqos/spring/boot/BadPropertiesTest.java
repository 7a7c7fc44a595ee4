package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.client.BrokerClient;
import io.wsqos.proxy.DscpMarkingFeature;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A value a feature's builder refuses stops the application at start-up, naming the property, its
 * value and what was expected: one bad value per property group; so does a property whose artifact
 * or JDBC driver is missing.
 */
@ExtendWith(OutputCaptureExtension.class)
class BadPropertiesTest {

  private final ApplicationContextRunner context =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(WsQosAutoConfiguration.class))
          .withUserConfiguration(BusConfiguration.class)
          .withPropertyValues("wsqos.monitor.jdbc-url=jdbc:h2:mem:wsqos-bad;DB_CLOSE_DELAY=-1");

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "wsqos.compression.min-body-bytes | -1 | minBodyBytes: -1 (expected: 0..",
        "wsqos.monitor.flush-interval | 0ms | flushInterval: 0 ms (expected: 1..",
        "wsqos.monitor.store-interval | 61s | storeInterval: 61000 ms (expected: 0..60000 ms)",
        "wsqos.monitor.jdbc-url | jdbc:nosuchdb://db/app | no JDBC driver on the class path accepts"
            + " it: add the database's JDBC driver to the application",
        "wsqos.monitor.diagnosis.availability.floor | 1.5 | floor: 1.5 (expected: (0, 1])",
        "wsqos.monitor.diagnosis.network-loss.min-loss | 1.5 | minLoss: 1.5 (expected: 0.0..1.0)",
        "wsqos.monitor.diagnosis.p95-response-time.consecutive-windows | 0 | consecutiveWindows: 0",
        "wsqos.monitor.rerouting.cooldown | 0s | cooldown: 0 ms (expected: 1..3600000 ms)",
        "wsqos.monitor.rerouting.candidates.EchoService | ftp://a/echo | 'ftp://a/echo' (expected:"
            + " an absolute http or https URL)",
        "wsqos.monitor.rerouting.services | EchoService | 'EchoService' (expected: a port type as"
            + " {namespace}local",
        "wsqos.broker.url | ftp://broker | baseUrl: 'ftp://broker' (expected: an absolute http or"
            + " https URL)",
        "wsqos.broker.request-timeout | 0s | requestTimeout: PT0S (expected: > 0)"
      })
  void aRefusedValueFailsTheStartNamingItsProperty(String property, String value, String reason) {
    context
        .withPropertyValues(enabling(property))
        .withPropertyValues(property + "=" + value)
        .run(
            app -> {
              assertThat(app).hasFailed();
              InvalidConfigurationPropertyValueException invalid =
                  cause(app.getStartupFailure(), InvalidConfigurationPropertyValueException.class);
              assertThat(invalid.getName()).isEqualTo(property);
              assertThat(invalid.getReason()).contains(reason);
            });
  }

  @Test
  void aJdbcUrlNoDriverAcceptsKeepsItsPasswordOutOfTheExceptionsMessage() {
    context
        .withPropertyValues(
            "wsqos.monitor.enabled=true",
            "wsqos.monitor.jdbc-url=jdbc:nosuchdb://db/app;user=u;password=secret")
        .run(
            app -> {
              InvalidConfigurationPropertyValueException invalid =
                  cause(app.getStartupFailure(), InvalidConfigurationPropertyValueException.class);
              assertThat(invalid.getName()).isEqualTo("wsqos.monitor.jdbc-url");
              assertThat(invalid.getValue())
                  .isEqualTo("jdbc:nosuchdb://db/app;user=u;password=***");
              assertThat(invalid.getMessage()).doesNotContain("secret");
            });
  }

  @Test
  void dscpWithoutTheQosProxyFailsTheStartNamingTheArtifact() {
    context
        .withClassLoader(new FilteredClassLoader(DscpMarkingFeature.class))
        .withPropertyValues("wsqos.dscp.enabled=true")
        .run(
            app -> {
              assertThat(app).hasFailed();
              InvalidConfigurationPropertyValueException invalid =
                  cause(app.getStartupFailure(), InvalidConfigurationPropertyValueException.class);
              assertThat(invalid.getName()).isEqualTo("wsqos.dscp.enabled");
              assertThat(invalid.getReason())
                  .isEqualTo("needs io.wsqos:wsqos-qos-proxy on the class path");
            });
  }

  @Test
  void aBrokerUrlWithoutTheBrokerApiFailsTheStartNamingTheArtifact() {
    context
        .withClassLoader(new FilteredClassLoader(BrokerClient.class))
        .withPropertyValues("wsqos.broker.url=" + closedUrl())
        .run(
            app -> {
              assertThat(app).hasFailed();
              InvalidConfigurationPropertyValueException invalid =
                  cause(app.getStartupFailure(), InvalidConfigurationPropertyValueException.class);
              assertThat(invalid.getName()).isEqualTo("wsqos.broker.url");
              assertThat(invalid.getValue()).isEqualTo(closedUrl());
              assertThat(invalid.getReason())
                  .isEqualTo("needs io.wsqos:wsqos-broker-api on the class path");
            });
  }

  @Test
  void withoutTheirPropertiesTheOptionalArtifactsAreNotNeeded() {
    context
        .withClassLoader(new FilteredClassLoader(DscpMarkingFeature.class, BrokerClient.class))
        .withPropertyValues("wsqos.dscp.enabled=false")
        .run(app -> assertThat(app).hasNotFailed());
  }

  @Test
  void anUnknownPriorityFailsTheBindingOfDscpEntitlement() {
    context
        .withPropertyValues("wsqos.dscp.enabled=true", "wsqos.dscp.entitlement=urgent")
        .run(
            app -> {
              assertThat(app).hasFailed();
              assertThat(cause(app.getStartupFailure(), BindException.class).getProperty())
                  .satisfies(
                      p -> assertThat(p.getName().toString()).isEqualTo("wsqos.dscp.entitlement"));
            });
  }

  @Test
  void diagnosisWithoutMonitoringIsRefused() {
    context
        .withPropertyValues("wsqos.monitor.diagnosis.enabled=true")
        .run(
            app ->
                assertThat(
                        cause(
                            app.getStartupFailure(),
                            InvalidConfigurationPropertyValueException.class))
                    .hasMessageContaining("wsqos.monitor.diagnosis.enabled")
                    .extracting(InvalidConfigurationPropertyValueException::getReason)
                    .asString()
                    .contains("needs wsqos.monitor.enabled=true"));
  }

  @Test
  void reroutingFromTheBrokerWithoutABrokerIsRefused() {
    context
        .withPropertyValues(
            "wsqos.monitor.rerouting.enabled=true",
            "wsqos.monitor.rerouting.source=broker",
            "wsqos.monitor.rerouting.services={urn:x}EchoService")
        .run(
            app ->
                assertThat(
                        cause(
                                app.getStartupFailure(),
                                InvalidConfigurationPropertyValueException.class)
                            .getName())
                    .isEqualTo("wsqos.monitor.rerouting.source"));
  }

  @Test
  void theApplicationSaysWhichPropertyAndWhatWasExpected(CapturedOutput output) {
    SpringApplicationBuilder application =
        new SpringApplicationBuilder(EchoApplication.class)
            .properties(
                "server.port=0",
                "server.address=127.0.0.1",
                "wsqos.monitor.enabled=true",
                "wsqos.monitor.jdbc-url=jdbc:h2:mem:wsqos-bad-app;DB_CLOSE_DELAY=-1",
                "wsqos.monitor.diagnosis.enabled=true",
                "wsqos.monitor.diagnosis.window=5ms");

    assertThatThrownBy(application::run).isInstanceOf(Exception.class);
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains("Invalid value '5ms' for configuration property 'wsqos.monitor.diagnosis.window'")
        .contains("window: 5 ms (expected: 10..3600000 ms)");
  }

  @Test
  void aJdbcUrlWithoutItsDriverGetsTheFailureAnalysisNotAStackTrace(CapturedOutput output) {
    SpringApplicationBuilder application =
        new SpringApplicationBuilder(EchoApplication.class)
            .properties(
                "server.port=0",
                "server.address=127.0.0.1",
                "wsqos.monitor.enabled=true",
                "wsqos.monitor.jdbc-url=jdbc:nosuchdb://127.0.0.1:9/test");

    assertThatThrownBy(application::run).isInstanceOf(Exception.class);
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains(
            "Invalid value 'jdbc:nosuchdb://127.0.0.1:9/test' for configuration property"
                + " 'wsqos.monitor.jdbc-url'")
        .contains("add the database's JDBC driver to the application")
        .doesNotContain("Application run failed");
  }

  /** The properties that make the bean reading {@code property} exist. */
  private static String[] enabling(String property) {
    String rerouting = "wsqos.monitor.rerouting.";
    if (property.startsWith("wsqos.compression.")) {
      return new String[] {"wsqos.compression.enabled=true"};
    }
    if (property.startsWith("wsqos.monitor.diagnosis.")) {
      return new String[] {"wsqos.monitor.enabled=true", "wsqos.monitor.diagnosis.enabled=true"};
    }
    if (property.equals(rerouting + "services")) {
      return new String[] {
        rerouting + "enabled=true", rerouting + "source=broker", "wsqos.broker.url=" + closedUrl()
      };
    }
    if (property.startsWith(rerouting)) {
      return new String[] {
        rerouting + "enabled=true", rerouting + "candidates.Other=http://127.0.0.1:9/other"
      };
    }
    if (property.startsWith("wsqos.monitor.")) {
      return new String[] {"wsqos.monitor.enabled=true"};
    }
    return new String[] {"wsqos.broker.url=" + closedUrl()};
  }

  /** A broker address: a bad value must fail before anything is asked of the broker. */
  private static String closedUrl() {
    return "http://127.0.0.1:9";
  }

  private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    throw new AssertionError("no " + type.getSimpleName() + " in the chain of " + failure, failure);
  }

  @Configuration(proxyBeanMethods = false)
  static class BusConfiguration {
    @Bean(destroyMethod = "shutdown")
    Bus bus() {
      return BusFactory.newInstance().createBus();
    }
  }
}
