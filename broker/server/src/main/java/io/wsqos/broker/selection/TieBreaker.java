package io.wsqos.broker.selection;

import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Chooses which of the offers the policy ranks equal comes first in a selection, so that equal
 * providers share the clients. Called per selection that has ties: it must be thread-safe and must
 * neither block nor allocate.
 */
@FunctionalInterface
public interface TieBreaker {

  /** An index in {@code [0, ties)}; {@code ties >= 2}. */
  int pick(int ties);

  /** Uniformly at random, from each thread's own generator: the default. */
  static TieBreaker random() {
    return ties -> ThreadLocalRandom.current().nextInt(ties);
  }

  /**
   * Uniformly at random from one generator seeded with {@code seed}: the same sequence of
   * selections gets the same choices, for tests and reproducible experiments. Threads share the
   * generator, which costs under contention.
   */
  static TieBreaker seeded(long seed) {
    Random random = new Random(seed);
    return random::nextInt;
  }

  /** Always the first in offer id order: no spreading. */
  static TieBreaker first() {
    return ties -> 0;
  }
}
