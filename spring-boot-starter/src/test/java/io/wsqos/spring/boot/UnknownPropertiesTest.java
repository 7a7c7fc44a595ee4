package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.spring.boot.UnknownProperties.Unknown;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A {@code wsqos.*} key that no property has (a misspelling, most likely) is warned of once at
 * start-up, with the property it may have meant, and does not stop the application.
 */
@ExtendWith(OutputCaptureExtension.class)
class UnknownPropertiesTest {

  private final ApplicationContextRunner context =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(WsQosAutoConfiguration.class))
          .withUserConfiguration(BadPropertiesTest.BusConfiguration.class);

  @Test
  void eachMisspeltKeyIsOneWarningNamingTheNearestPropertyAndTheStartGoesOn(CapturedOutput output) {
    context
        .withPropertyValues(
            "wsqos.compresion.enabled=true",
            "wsqos.monitor.diagnosis.p95-response-time.treshold=2s",
            "wsqos.nothing.like.it=1",
            "wsqos.dscp.entitlement=assured")
        .run(
            app -> {
              assertThat(app).hasNotFailed();
              assertThat(output)
                  .containsOnlyOnce(
                      "Ignored wsqos.compresion.enabled: no wsqos property has that name; did you"
                          + " mean wsqos.compression.enabled?")
                  .containsOnlyOnce(
                      "Ignored wsqos.monitor.diagnosis.p95-response-time.treshold: no wsqos"
                          + " property has that name; did you mean"
                          + " wsqos.monitor.diagnosis.p95-response-time.threshold?")
                  .containsOnlyOnce(
                      "Ignored wsqos.nothing.like.it: no wsqos property has that name")
                  .doesNotContain("Ignored wsqos.dscp.entitlement");
            });
  }

  @Test
  void mapKeysListElementsAndOtherSpellingsOfAPropertyAreKnown() {
    context
        .withPropertyValues(
            "wsqos.monitor.rerouting.candidates.EchoService=http://a/echo,http://b/echo",
            "wsqos.monitor.rerouting.candidates[{urn:x}Echo]=http://a/echo",
            "wsqos.monitor.rerouting.candidates.Other[0]=http://a/other",
            "wsqos.monitor.rerouting.idempotent[0]=echo",
            "wsqos.compression.minBodyBytes=10",
            "wsqos.compression.min_body_bytes=10",
            "wsqos.monitor.store-interval=1s")
        .run(app -> assertThat(UnknownProperties.find(app.getEnvironment())).isEmpty());
  }

  @Test
  void aKeyIsReportedOnceWithWhereItWasSet() {
    context
        .withPropertyValues("wsqos.monitor.flush=1s")
        .withSystemProperties("wsqos.monitor.flush=2s")
        .run(
            app ->
                assertThat(UnknownProperties.find(app.getEnvironment()))
                    .singleElement()
                    .satisfies(
                        unknown -> {
                          assertThat(unknown.key()).isEqualTo("wsqos.monitor.flush");
                          assertThat(unknown.nearest()).isNull();
                        })
                    .extracting(Unknown::origin)
                    .isNotNull());
  }

  @Test
  void editsCountInsertionsDeletionsAndSubstitutions() {
    assertThat(UnknownProperties.edits("compresion", "compression")).isEqualTo(1);
    assertThat(UnknownProperties.edits("treshold", "threshold")).isEqualTo(1);
    assertThat(UnknownProperties.edits("kitten", "sitting")).isEqualTo(3);
    assertThat(UnknownProperties.edits("", "abc")).isEqualTo(3);
  }
}
