package io.wsqos.examples.springboot;

/** Greets. */
public final class GreeterImpl implements Greeter {

  /** The most repetitions one call answers. */
  static final int MAX_TIMES = 10_000;

  @Override
  public String greet(String name, int times) {
    return ("Hello, " + name + "! ").repeat(Math.max(0, Math.min(times, MAX_TIMES)));
  }
}
