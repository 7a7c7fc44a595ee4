package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import java.util.List;
import java.util.OptionalLong;

/**
 * One page of a listing in id order. Ask for the next page after {@code nextAfter}; a listing is
 * stable: rows added or removed meanwhile never make a page repeat or skip another row.
 *
 * @param items in increasing id order; an unmodifiable copy
 * @param nextAfter the id to list after for the next page; empty on the last page
 * @param <T> the kind of row
 */
public record Page<T>(List<T> items, OptionalLong nextAfter) {

  /** The most rows one page holds. */
  public static final int MAX_LIMIT = 1000;

  /** Checks and copies the fields. */
  public Page {
    items = List.copyOf(items);
    requireNonNull(nextAfter, "nextAfter");
  }

  /**
   * Returns {@code limit} if it is a valid page size: {@code 1..}{@value #MAX_LIMIT}.
   *
   * @throws io.wsqos.core.InvalidValueException otherwise
   */
  public static int checkLimit(int limit) {
    return Checks.inRange("limit", limit, 1, MAX_LIMIT);
  }

  /**
   * Returns {@code after} if it is a valid place to list from: {@code 0} (the start) or an id.
   *
   * @throws io.wsqos.core.InvalidValueException otherwise
   */
  public static long checkAfter(long after) {
    return Checks.atLeast("after", after, 0);
  }
}
