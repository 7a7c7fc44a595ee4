package io.wsqos.broker.registry;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A table's columns in the order its statements select and set them. A table class writes its SQL
 * from this list and its row mapper reads each column at the position the list gives it, so that no
 * position is counted by hand: a column added to the list moves both alike.
 */
final class Columns {

  private final String table;
  private final List<String> names;

  private Columns(String table, List<String> names) {
    this.table = requireNonNull(table, "table");
    this.names = List.copyOf(names);
    if (this.names.isEmpty() || this.names.size() != this.names.stream().distinct().count()) {
      throw new IllegalArgumentException(
          "columns of " + table + ": " + names + " (expected: at least one, each once)");
    }
  }

  /** The columns {@code names} of {@code table}, in that order. */
  static Columns of(String table, String... names) {
    return new Columns(table, List.of(names));
  }

  /** The table's name. */
  String table() {
    return table;
  }

  /** The columns' names, in order. */
  List<String> names() {
    return names;
  }

  /** How many columns there are. */
  int size() {
    return names.size();
  }

  /**
   * How far column {@code name} is from the first: a row read from position {@code first} has it at
   * {@code first + offset(name)}.
   *
   * @throws IllegalArgumentException if there is no such column
   */
  int offset(String name) {
    int offset = names.indexOf(name);
    if (offset < 0) {
      throw new IllegalArgumentException(
          "column: " + name + " (expected: one of " + table + " " + names + ")");
    }
    return offset;
  }

  /** The columns from {@code first} on, a subset of the same table in the same order. */
  Columns from(String first) {
    return new Columns(table, names.subList(offset(first), names.size()));
  }

  /** The names separated by commas: {@code a, b}. */
  String list() {
    return String.join(", ", names);
  }

  /** The names qualified by {@code alias}: {@code x.a, x.b}. */
  String list(String alias) {
    return names.stream().map(name -> alias + "." + name).collect(Collectors.joining(", "));
  }

  /** The query of every column, to which a {@code WHERE} clause is added. */
  String select() {
    return "SELECT " + list() + " FROM " + table;
  }

  /** One {@code ?} per column: {@code ?, ?}. */
  String parameters() {
    return names.stream().map(name -> "?").collect(Collectors.joining(", "));
  }

  /** One assignment per column: {@code a = ?, b = ?}. */
  String assignments() {
    return names.stream().map(name -> name + " = ?").collect(Collectors.joining(", "));
  }

  @Override
  public String toString() {
    return table + names;
  }
}
