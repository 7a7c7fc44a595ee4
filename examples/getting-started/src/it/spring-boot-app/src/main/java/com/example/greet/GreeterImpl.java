package com.example.greet;

import jakarta.jws.WebService;

@WebService(
    endpointInterface = "com.example.greet.Greeter",
    targetNamespace = "http://example.com/greet",
    serviceName = "Greeter")
public class GreeterImpl implements Greeter {
  @Override
  public String greet(String name, int times) {
    return ("Hello, " + name + "! ").repeat(times);
  }
}
