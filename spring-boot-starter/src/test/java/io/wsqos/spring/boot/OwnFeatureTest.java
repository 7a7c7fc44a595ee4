package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** An application's own wsqos feature bean takes the starter's place, on the bus too. */
class OwnFeatureTest {

  @Test
  void theApplicationsCompressionFeatureReplacesTheStartersOnTheBus() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(WsQosAutoConfiguration.class))
        .withUserConfiguration(OwnCompression.class)
        .withPropertyValues("wsqos.compression.enabled=true")
        .run(
            app -> {
              CompressionFeature own = app.getBean(OwnCompression.class).feature;
              assertThat(app.getBeansOfType(CompressionFeature.class).values())
                  .containsExactly(own);
              assertThat(app.getBean(Bus.class).getFeatures()).containsExactly(own);
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnCompression {
    final CompressionFeature feature =
        CompressionFeature.builder().policy(CompressionPolicy.never()).build();

    @Bean(destroyMethod = "shutdown")
    Bus bus() {
      return BusFactory.newInstance().createBus();
    }

    @Bean
    CompressionFeature compression() {
      return feature;
    }
  }
}
