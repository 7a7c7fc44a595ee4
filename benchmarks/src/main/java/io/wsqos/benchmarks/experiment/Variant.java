package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.RequestSource;
import java.net.URI;

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

  /**
   * A POST of the SOAP envelope {@code body} to {@code url}, as every bookstore request is made.
   */
  static HttpRequest.Builder soapPost(URI url, byte[] body) {
    return HttpRequest.post(url, body)
        .header("Content-Type", "text/xml; charset=UTF-8")
        .header("SOAPAction", "\"\"");
  }

  /**
   * A variant whose runner makes its own requests (e.g. a client JVM calling through its CXF
   * proxy): its source refuses to be used.
   */
  static Variant selfDriven(String name) {
    return new Variant(
        name,
        () -> {
          throw new UnsupportedOperationException(
              "variant " + name + " makes its own requests: it has no request source");
        });
  }
}
