package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What the compression experiments ({@code compression-rate}, {@code compression-requesters},
 * {@code slow-client}) share: the sides compared, each a bookstore's {@code --compression} and the
 * requests sent to it.
 */
final class CompressionSides {

  private CompressionSides() {}

  /**
   * What a client that can inflate everything sends: the feature then picks its own first coding
   * (zstd), CXF's GZIPFeature gzip.
   */
  static final String ACCEPT_ANY = "gzip, deflate, zstd";

  /**
   * One side of the comparison: the bookstore's {@code --compression} it runs against and the
   * preferences its requests carry, in turn ({@code null} sends no WS-QoS header).
   */
  record Side(
      String name,
      String compression,
      List<CompressionPreference> preferences,
      String acceptEncoding) {
    @Override
    public String toString() {
      return name; // the option's default text lists the sides by name
    }

    /** The share of this side's requests that leave the choice to the server. */
    double serverDecidesShare() {
      long n = preferences.stream().filter(p -> p == CompressionPreference.SERVER_DECIDES).count();
      return (double) n / preferences.size();
    }
  }

  /** No WS-QoS header; {@code List.of} refuses nulls. */
  private static final List<CompressionPreference> NO_HEADER =
      Arrays.asList((CompressionPreference) null);

  static final List<Side> SIDES =
      List.of(
          new Side("none", "none", NO_HEADER, ACCEPT_ANY),
          new Side("all", "always", List.of(CompressionPreference.COMPRESS), ACCEPT_ANY),
          new Side("all-gzip", "always", List.of(CompressionPreference.COMPRESS), "gzip"),
          new Side(
              "dynamic",
              "dynamic",
              List.of(CompressionPreference.NONE, CompressionPreference.SERVER_DECIDES),
              ACCEPT_ANY),
          new Side(
              "dynamic-graded",
              "graded",
              List.of(CompressionPreference.NONE, CompressionPreference.SERVER_DECIDES),
              ACCEPT_ANY),
          new Side("cxf-gzip", "cxf-gzip", NO_HEADER, ACCEPT_ANY),
          new Side(
              "none-header",
              "none",
              List.of(CompressionPreference.NONE, CompressionPreference.SERVER_DECIDES),
              ACCEPT_ANY));

  /**
   * The variants run when none are named: all but {@code none-header}, which isolates what reading
   * the WS-QoS header costs (dynamic's requests to the server without compression) and is asked for
   * by name.
   */
  static final List<Side> DEFAULT_SIDES =
      SIDES.stream().filter(s -> !s.name().equals("none-header")).toList();

  static final Option<List<Side>> VARIANTS =
      Option.listOf(
          Option.of(
              "variants",
              "NAME",
              (Side) null,
              "the variants to compare, the first the baseline",
              CompressionSides::side),
          DEFAULT_SIDES);

  /** The variant named {@code name}. */
  static Side side(String name) {
    return SIDES.stream()
        .filter(s -> s.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "one of " + String.join(", ", SIDES.stream().map(Side::name).toList())));
  }

  static String describe(List<CompressionPreference> preferences) {
    return preferences.stream()
            .map(p -> p == null ? "without WS-QoS header" : "with Requirement " + p.token())
            .collect(Collectors.joining(" / "))
        + (preferences.size() > 1 ? " in turn" : "");
  }

  /**
   * The side's requests in turn, each with its preference's WS-QoS header, on connections kept
   * alive or not.
   */
  static RequestSource source(URI url, Path requestFile, Side side, boolean keepAlive) {
    byte[] envelope = Run.read(requestFile);
    List<HttpRequest> requests = new ArrayList<>();
    for (CompressionPreference p : side.preferences()) {
      byte[] body = p == null ? envelope : QosEnvelopes.withRequirement(envelope, p);
      HttpRequest.Builder builder = Variant.soapPost(url, body).keepAlive(keepAlive);
      if (!side.acceptEncoding().isEmpty()) {
        builder.header("Accept-Encoding", side.acceptEncoding());
      }
      requests.add(builder.build());
    }
    return RequestSource.cycling(requests);
  }
}
