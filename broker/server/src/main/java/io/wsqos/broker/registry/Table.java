package io.wsqos.broker.registry;

import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Page;
import io.wsqos.jdbc.Jdbc;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.ToLongFunction;

/**
 * One of the registry's tables of rows with an {@code id}: what its rows are called, its columns,
 * how a row becomes a value, and the statements every such table has (insert, update, delete, one
 * row, a page).
 *
 * @param kind what a row is called in messages ({@code provider})
 * @param columns the columns every query of the table selects, {@code id} first
 * @param mapper reads a value from those columns
 * @param id a value's id
 */
record Table<T>(String kind, Columns columns, Mapper<T> mapper, ToLongFunction<T> id) {

  /** SQLSTATE of a foreign key violation, on H2 and PostgreSQL alike. */
  private static final String FOREIGN_KEY_VIOLATION = "23503";

  /** Reads a value from the columns of a row starting at column {@code first}. */
  @FunctionalInterface
  interface Mapper<T> {
    T map(ResultSet r, int first) throws SQLException;
  }

  Table {
    if (!columns.names().get(0).equals("id")) {
      throw new IllegalArgumentException("columns: " + columns + " (expected: id first)");
    }
  }

  /** The table's name. */
  String name() {
    return columns.table();
  }

  /** Row {@code id}, if there is one. */
  Optional<T> one(Connection c, long id) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(columns.select() + " WHERE id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        return r.next() ? Optional.of(mapper.map(r, 1)) : Optional.empty();
      }
    }
  }

  /** Row {@code id}, which the caller's transaction just wrote. */
  T written(Connection c, long id) throws SQLException {
    return one(c, id).orElseThrow(() -> new NotFoundException(kind, id));
  }

  /**
   * Throws {@link NotFoundException} unless row {@code id} exists.
   *
   * @param lock whether to lock the row until the transaction ends
   */
  void exists(Connection c, long id, boolean lock) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT id FROM " + name() + " WHERE id = ?" + (lock ? " FOR UPDATE" : ""))) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          throw new NotFoundException(kind, id);
        }
      }
    }
  }

  /**
   * Inserts a row of {@code values} (a {@code Long}, {@code String} or {@code null} each, as {@link
   * Jdbc#bind} takes them) into the columns {@code into}, and returns its generated id.
   */
  long insert(Connection c, Columns into, Object... values) throws SQLException {
    checkValues(into, values);
    return Jdbc.insert(
        c,
        "INSERT INTO " + name() + " (" + into.list() + ") VALUES (" + into.parameters() + ")",
        values);
  }

  /** Sets the columns {@code set} of row {@code id}, which must exist, to {@code values}. */
  void update(Connection c, long id, Columns set, Object... values) throws SQLException {
    checkValues(set, values);
    Object[] parameters = Arrays.copyOf(values, values.length + 1);
    parameters[values.length] = id;
    if (Jdbc.update(
            c, "UPDATE " + name() + " SET " + set.assignments() + " WHERE id = ?", parameters)
        == 0) {
      throw new NotFoundException(kind, id);
    }
  }

  private void checkValues(Columns of, Object[] values) {
    if (!of.table().equals(name()) || values.length != of.size()) {
      throw new IllegalArgumentException(
          values.length + " values for " + of + " (expected: one per column of " + name() + ")");
    }
  }

  /** Deletes row {@code id}, which must exist (what hangs off it goes by the foreign keys). */
  void delete(Connection c, long id) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("DELETE FROM " + name() + " WHERE id = ?")) {
      s.setLong(1, id);
      if (s.executeUpdate() == 0) {
        throw new NotFoundException(kind, id);
      }
    }
  }

  /** The rows with an id above {@code after}, at most {@code limit}, in id order. */
  Page<T> page(Connection c, long after, int limit) throws SQLException {
    List<T> items = new ArrayList<>();
    boolean more;
    // One row beyond the page says whether another page follows.
    try (PreparedStatement s =
        c.prepareStatement(
            columns.select() + " WHERE id > ? ORDER BY id FETCH FIRST ? ROWS ONLY")) {
      s.setLong(1, after);
      s.setInt(2, limit + 1);
      try (ResultSet r = s.executeQuery()) {
        while (items.size() < limit && r.next()) {
          items.add(mapper.map(r, 1));
        }
        more = r.next();
      }
    }
    return new Page<>(
        items,
        more ? OptionalLong.of(id.applyAsLong(items.get(items.size() - 1))) : OptionalLong.empty());
  }

  /**
   * Throws the {@link NotFoundException} of the {@code kind} row {@code id} if {@code e} is a
   * foreign key violation (the row was withdrawn after the write checked it); else returns {@code
   * e} for the caller to throw.
   */
  static SQLException gone(SQLException e, String kind, long id) {
    if (FOREIGN_KEY_VIOLATION.equals(e.getSQLState())) {
      throw new NotFoundException(kind, id);
    }
    return e;
  }
}
