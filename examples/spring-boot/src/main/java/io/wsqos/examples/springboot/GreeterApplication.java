package io.wsqos.examples.springboot;

import jakarta.xml.ws.Endpoint;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application with one CXF endpoint, published the CXF starter's way. It holds no
 * wsqos configuration: {@code application.properties} switches compression and monitoring on.
 */
@SpringBootApplication
public class GreeterApplication {

  /** The endpoint's path under CXF's servlet ({@code /services}). */
  public static final String PATH = "/greeter";

  public static void main(String[] args) {
    SpringApplication.run(GreeterApplication.class, args);
  }

  @Bean
  public Endpoint greeterEndpoint(Bus bus) {
    EndpointImpl endpoint = new EndpointImpl(bus, new GreeterImpl());
    endpoint.publish(PATH);
    return endpoint;
  }
}
