package com.example.greet;

import jakarta.xml.ws.Endpoint;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class GreetApplication {
  public static void main(String[] args) {
    SpringApplication.run(GreetApplication.class, args);
  }

  @Bean
  public Endpoint greeter(Bus bus) {
    EndpointImpl endpoint = new EndpointImpl(bus, new GreeterImpl());
    endpoint.publish("/greeter");
    return endpoint;
  }
}
