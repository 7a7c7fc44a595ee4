package io.wsqos.benchmarks.report;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A table of text cells with a header row, written as Markdown or as CSV: the one table every
 * experiment's report and data files are made of. Its static methods format cells the same way
 * everywhere (empty for an undefined value).
 */
public final class Table {

  private final List<String> columns;
  private final List<List<String>> rows = new ArrayList<>();

  private Table(List<String> columns) {
    this.columns = List.copyOf(columns);
    if (this.columns.isEmpty()) {
      throw new IllegalArgumentException("columns: [] (expected: at least one)");
    }
  }

  /** A table with these column headings and no rows yet. */
  public static Table of(List<String> columns) {
    return new Table(columns);
  }

  /** A table with these column headings and no rows yet. */
  public static Table of(String... columns) {
    return new Table(Arrays.asList(columns));
  }

  /**
   * A column defined by its heading and the cell it gives for an item, so that a table's heading
   * and its cells are written once, side by side.
   */
  public record Column<T>(String name, Function<? super T, ?> cell) {
    public Column {
      requireNonNull(name, "name");
      requireNonNull(cell, "cell");
    }
  }

  public static <T> Column<T> column(String name, Function<? super T, ?> cell) {
    return new Column<>(name, cell);
  }

  /** A table of these columns with one row per item, in order. */
  public static <T> Table of(Iterable<? extends T> items, List<Column<T>> columns) {
    Table table = new Table(columns.stream().map(Column::name).toList());
    for (T item : items) {
      table.row(columns.stream().map(c -> c.cell().apply(item)).toList());
    }
    return table;
  }

  /** A table of these columns with one row per item; see {@link #of(Iterable, List)}. */
  @SafeVarargs
  public static <T> Table of(Iterable<? extends T> items, Column<T>... columns) {
    return of(items, Arrays.asList(columns));
  }

  /**
   * The table a {@link #csv()} text holds: its first line the headings, each further line a row;
   * quoted cells may hold commas and doubled quotes (not line breaks).
   */
  public static Table fromCsv(String csv) {
    List<List<String>> lines = csv.lines().filter(l -> !l.isEmpty()).map(Table::cells).toList();
    Table table = new Table(lines.get(0));
    lines.stream().skip(1).forEach(table::row);
    return table;
  }

  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
        cell.append('"');
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  /**
   * Adds a row; each cell is its {@code String.valueOf}.
   *
   * @throws IllegalArgumentException if the row has not one cell per column
   */
  public Table row(List<?> cells) {
    if (cells.size() != columns.size()) {
      throw new IllegalArgumentException(
          "row: " + cells.size() + " cells (expected: " + columns.size() + ", one per column)");
    }
    rows.add(cells.stream().map(String::valueOf).toList());
    return this;
  }

  /** Adds a row; see {@link #row(List)}. */
  public Table row(Object... cells) {
    return row(Arrays.asList(cells));
  }

  public List<String> columns() {
    return columns;
  }

  public List<List<String>> rows() {
    return List.copyOf(rows);
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** The table in Markdown: header, separator, one line per row, each line ending in a newline. */
  public String markdown() {
    StringBuilder md = new StringBuilder();
    line(md, columns);
    md.append('|').append(" --- |".repeat(columns.size())).append('\n');
    rows.forEach(r -> line(md, r));
    return md.toString();
  }

  /** The table as CSV: the header row, then the rows; cells quoted where CSV needs it. */
  public String csv() {
    StringBuilder csv = new StringBuilder();
    csv.append(String.join(",", columns.stream().map(Table::quote).toList())).append('\n');
    for (List<String> row : rows) {
      csv.append(String.join(",", row.stream().map(Table::quote).toList())).append('\n');
    }
    return csv.toString();
  }

  /** Writes {@link #csv()} to {@code file} in UTF-8. */
  public void writeCsv(Path file) {
    write(file, csv());
  }

  /** Writes {@code text} to {@code file} in UTF-8, replacing it. */
  public static void write(Path file, String text) {
    requireNonNull(file, "file");
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A whole number as such, any other with three decimals; empty for NaN. */
  public static String number(double value) {
    if (Double.isNaN(value)) {
      return "";
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, "%.3f", value);
  }

  /** {@code value} with {@code decimals} decimals; empty for NaN. */
  public static String fixed(double value, int decimals) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  /** {@code part / whole} as a percentage with two decimals; {@code dash} when whole is 0. */
  public static String percent(double part, double whole, String dash) {
    return whole == 0 ? dash : fixed(100 * part / whole, 2) + "%";
  }

  /** A point of a sweep (a rate, a number of requesters): whole numbers without a decimal point. */
  public static String point(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
  }

  private static void line(StringBuilder md, List<String> cells) {
    md.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }

  private static String quote(String s) {
    if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
      return '"' + s.replace("\"", "\"\"") + '"';
    }
    return s;
  }
}
