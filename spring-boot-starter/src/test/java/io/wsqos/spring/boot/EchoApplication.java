package io.wsqos.spring.boot;

import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.Endpoint;
import org.apache.cxf.Bus;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The application the starter's tests run: one CXF endpoint published the CXF starter's way and no
 * wsqos Java configuration, so that only {@code wsqos.*} properties switch features on.
 */
@SpringBootApplication
public class EchoApplication {

  /** The endpoint's path under CXF's servlet ({@code /services}). */
  static final String PATH = "/echo";

  @Bean
  public Endpoint echoEndpoint(Bus bus) {
    EndpointImpl endpoint = new EndpointImpl(bus, new EchoServiceImpl());
    endpoint.publish(PATH);
    return endpoint;
  }

  /** A client on the application's bus, as an application would make one. */
  static EchoService client(Bus bus, int port) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setBus(bus);
    factory.setAddress("http://127.0.0.1:" + port + "/services" + PATH);
    return factory.create(EchoService.class);
  }

  static void destroy(EchoService client) {
    ClientProxy.getClient(client).destroy();
  }
}
