// snippet-start getting-started-client
package com.example.hello;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;

public final class HelloClient {

  public static void main(String[] args) {
    String address = args.length > 0 ? args[0] : "http://127.0.0.1:8080/hello";
    String greeting =
        call(address, "world", "jdbc:h2:file:./wsqos-client-monitor", new SimpleMeterRegistry());
    System.out.println(greeting.length() + " characters: " + greeting.substring(0, 14) + "...");
  }

  /** One call asking for a compressed response, monitored on the client's side too. */
  static String call(String address, String name, String monitorJdbcUrl, MeterRegistry registry) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setAddress(address);
    factory
        .getFeatures()
        .add(
            CompressionFeature.builder()
                .clientPreference(CompressionPreference.COMPRESS)
                .meterRegistry(registry)
                .build());
    QosLog log =
        QosLog.builder(registry)
            .store(JdbcRecordStore.builder().url(monitorJdbcUrl, "", "").build())
            .build();
    factory.getFeatures().add(MonitoringFeature.builder().log(log).meterRegistry(registry).build());
    Hello hello = factory.create(Hello.class);
    try {
      return hello.greet(name, 200);
    } finally {
      ClientProxy.getClient(hello).destroy(); // closes the client's features and its log
    }
  }
}
// snippet-end getting-started-client
