package com.example.greet;

import jakarta.jws.WebService;

@WebService(targetNamespace = "http://example.com/greet")
public interface Greeter {
  String greet(String name, int times);
}
