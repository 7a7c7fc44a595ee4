// snippet-start getting-started-hello-impl
package com.example.hello;

/** Greets. */
public final class HelloImpl implements Hello {

  @Override
  public String greet(String name, int times) {
    return ("Hello, " + name + "! ").repeat(Math.max(0, Math.min(times, 10_000)));
  }
}
// snippet-end getting-started-hello-impl
