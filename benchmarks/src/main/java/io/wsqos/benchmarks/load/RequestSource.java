package io.wsqos.benchmarks.load;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Gives the driver the next request to send. Called on the driver's I/O thread once per request, so
 * an implementation must be cheap: build requests up front and hand them out.
 */
@FunctionalInterface
public interface RequestSource {

  /** The request to send now. */
  HttpRequest next();

  /** Always the same request. */
  static RequestSource of(HttpRequest request) {
    requireNonNull(request, "request");
    return () -> request;
  }

  /** The given requests in turn, round robin (e.g. a mix of operations in fixed proportions). */
  static RequestSource cycling(List<HttpRequest> requests) {
    HttpRequest[] all = requests.toArray(HttpRequest[]::new);
    if (all.length == 0) {
      throw new IllegalArgumentException("requests: [] (expected: at least one)");
    }
    return new RequestSource() {
      private int next;

      @Override
      public HttpRequest next() {
        HttpRequest request = all[next];
        next = next + 1 == all.length ? 0 : next + 1;
        return request;
      }
    };
  }
}
