package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.monitor.cxf.MonitoringFeature;
import org.apache.cxf.Bus;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/** Without {@code wsqos.*} properties the starter puts nothing on the bus. */
@SpringBootTest(
    classes = EchoApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "server.address=127.0.0.1")
class PropertiesOffTest {

  @Autowired Bus bus;
  @Autowired ApplicationContext context;

  @Test
  void noFeatureIsOnTheBusAndNoFeatureBeanExists() {
    assertThat(bus.getFeatures())
        .noneMatch(feature -> feature.getClass().getName().startsWith("io.wsqos."));
    assertThat(context.getBeansOfType(CompressionFeature.class)).isEmpty();
    assertThat(context.getBeansOfType(MonitoringFeature.class)).isEmpty();
  }
}
