// snippet-start getting-started-hello
package com.example.hello;

import jakarta.jws.WebService;

/** The service of the Getting-started programs. */
@WebService(targetNamespace = "http://example.com/hello")
public interface Hello {

  /** "Hello, {name}! " {@code times} times: large enough to be worth compressing from ~80. */
  String greet(String name, int times);
}
// snippet-end getting-started-hello
