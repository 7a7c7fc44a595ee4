package io.wsqos.broker.registry;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * A set of enum values as a column stores it: their tokens separated by one space, in enum order.
 */
final class TokenList {

  private TokenList() {}

  /** {@code values} as stored. */
  static <E> String of(Set<E> values, Function<E, String> token) {
    StringJoiner joined = new StringJoiner(" ");
    values.forEach(v -> joined.add(token.apply(v)));
    return joined.toString();
  }

  /**
   * The values of {@code stored}.
   *
   * @throws IllegalStateException for a token {@code parse} does not know
   */
  static <E extends Enum<E>> Set<E> parse(
      String stored, Class<E> type, Function<String, Optional<E>> parse) {
    Set<E> values = EnumSet.noneOf(type);
    for (String token : stored.trim().split(" +")) {
      values.add(
          parse
              .apply(token)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "unknown " + type.getSimpleName() + " '" + token + "' in the registry")));
    }
    return values;
  }
}
