package io.wsqos.benchmarks.experiment;

import io.wsqos.cli.Option;
import java.util.Arrays;
import java.util.List;

/**
 * How the driver connects to the servers of a sweep ({@code --connections}): a new connection per
 * request, as the seed's {@code sclient} and httperf did; connections kept alive and reused from
 * request to request, as CXF's, .NET's and python-requests' clients do (closed loop: one per
 * requester); or both, each variant then run in both modes and reported side by side.
 */
enum Connections {
  PER_REQUEST("per-request", List.of(false)),
  KEPT_ALIVE("kept-alive", List.of(true)),
  BOTH("both", List.of(false, true));

  /** What a variant's name ends with when its connections are kept alive. */
  static final String KEPT_ALIVE_SUFFIX = "-kept-alive";

  static final Option<Connections> OPTION =
      Option.of(
          "connections",
          "per-request|kept-alive|both",
          PER_REQUEST,
          "a new connection per request, connections kept alive and reused, or both"
              + " side by side (each variant then also runs as NAME"
              + KEPT_ALIVE_SUFFIX
              + ")",
          Connections::of);

  private final String token;
  private final List<Boolean> keepAlive;

  Connections(String token, List<Boolean> keepAlive) {
    this.token = token;
    this.keepAlive = keepAlive;
  }

  /** Whether each mode it runs keeps connections alive, per-request first. */
  List<Boolean> keepAlive() {
    return keepAlive;
  }

  /** The variant {@code name} as it is called in the mode that keeps alive or not. */
  static String variantName(String name, boolean keepAlive) {
    return keepAlive ? name + KEPT_ALIVE_SUFFIX : name;
  }

  /** How the connections are made, in words, for a report's settings. */
  String describe() {
    return switch (this) {
      case PER_REQUEST -> "one per request";
      case KEPT_ALIVE -> "kept alive and reused";
      case BOTH ->
          "each variant once with one connection per request and once (NAME"
              + KEPT_ALIVE_SUFFIX
              + ") with connections kept alive and reused";
    };
  }

  /** The mode for {@code token}, e.g. {@code kept-alive}. */
  static Connections of(String token) {
    return Arrays.stream(values())
        .filter(c -> c.token.equals(token))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("per-request, kept-alive or both"));
  }

  @Override
  public String toString() {
    return token;
  }
}
