// snippet-start getting-started-server
package com.example.hello;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.server.EmbeddedServer;

public final class HelloServer {

  public static void main(String[] args) throws Exception {
    MeterRegistry registry = new SimpleMeterRegistry(); // or your application's registry
    try (EmbeddedServer server = start(8080, "jdbc:h2:file:./wsqos-monitor", registry)) {
      System.out.println("Serving " + server.address("/hello") + "?wsdl; Enter stops");
      System.in.read();
    } // stopping the server closes the features: the log writes its last records first
  }

  /** Hello at /hello, compressing responses while the CPU allows and logging every exchange. */
  static EmbeddedServer start(int port, String monitorJdbcUrl, MeterRegistry registry) {
    QosLog log =
        QosLog.builder(registry)
            .store(JdbcRecordStore.builder().url(monitorJdbcUrl, "", "").build())
            .build();
    return EmbeddedServer.builder()
        .port(port)
        .endpoint(
            "/hello",
            Hello.class,
            new HelloImpl(),
            CompressionFeature.builder().meterRegistry(registry).build(),
            MonitoringFeature.builder().log(log).meterRegistry(registry).build())
        .start();
  }
}
// snippet-end getting-started-server
