package io.wsqos.examples.brokerdemo;

import io.wsqos.broker.api.OfferTerms;
import java.util.List;

/**
 * One of the demo's two bookstore providers: its name, how its bookstore is started (the bookstore
 * launcher's options) and the offer it publishes.
 *
 * @param name the provider's name in the broker
 * @param directory the sub-directory of the demo's directory holding its monitor's H2 file
 * @param bookstoreOptions the bookstore launcher's options beyond host, port and monitor directory
 * @param terms the offer published for its endpoint
 */
record DemoProvider(
    String name, String directory, List<String> bookstoreOptions, OfferTerms terms) {

  /** Cheaper and slower: every answer waits 150 ms, an injected slow back end. */
  static final DemoProvider BUDGET =
      new DemoProvider(
          "Budget Books",
          "demo-budget-books",
          List.of("--compression", "dynamic", "--monitor", "--delay-ms", "150"),
          OfferTerms.builder()
              .price("0.05", "EUR")
              .maxResponseTimeMillis(400)
              .availability(0.99)
              .throughputPerSecond(50)
              .compression(true)
              .build());

  /** Dearer, faster and more available. */
  static final DemoProvider EXPRESS =
      new DemoProvider(
          "Express Books",
          "demo-express-books",
          List.of("--compression", "dynamic", "--monitor"),
          OfferTerms.builder()
              .price("0.20", "EUR")
              .maxResponseTimeMillis(100)
              .availability(0.999)
              .throughputPerSecond(500)
              .compression(true)
              .build());

  /** Both, in the order they are started and registered. */
  static final List<DemoProvider> ALL = List.of(BUDGET, EXPRESS);

  DemoProvider {
    bookstoreOptions = List.copyOf(bookstoreOptions);
  }
}
