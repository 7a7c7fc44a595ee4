package io.wsqos.binding;

import java.util.List;

/** Every kind of parameter and result, for the generated route (public: it implements it). */
public interface Mixed {
  long sum(int a, long b, short c, byte d, char e);

  double scale(double x, float y, boolean negate);

  float half(float x);

  boolean any(boolean[] values);

  void touch(List<String> seen, String value);

  String[] split(String text) throws java.io.IOException;

  /** A default method stays the interface's. */
  default long twice(int a) {
    return sum(a, a, (short) 0, (byte) 0, '\0');
  }
}
