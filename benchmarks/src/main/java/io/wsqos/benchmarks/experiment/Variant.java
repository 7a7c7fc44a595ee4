package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.RequestSource;

/**
 * One side of a comparison (e.g. plain vs with a feature): a name and the requests it sends.
 *
 * @param name shown in the reports; the first variant of a sweep is the baseline
 * @param source the requests
 */
public record Variant(String name, RequestSource source) {
  public Variant {
    requireNonNull(name, "name");
    requireNonNull(source, "source");
    if (name.isBlank()) {
      throw new IllegalArgumentException("name: '' (expected: a non-blank name)");
    }
  }
}
