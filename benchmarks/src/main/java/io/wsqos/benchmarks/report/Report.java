package io.wsqos.benchmarks.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An experiment's Markdown report: a title, what the experiment does, the machine, the settings of
 * the run, then its sections in order.
 */
public final class Report {

  private final String title;
  private final String description;
  private final MachineInfo machine;
  private final List<String> settings;
  private final List<String> sections = new ArrayList<>();

  public Report(String title, String description, MachineInfo machine, List<String> settings) {
    this.title = requireNonNull(title, "title");
    this.description = requireNonNull(description, "description");
    this.machine = requireNonNull(machine, "machine");
    this.settings = List.copyOf(settings);
  }

  /** A section: its heading, a paragraph (may be empty) and a table (may be null). */
  public static String section(String heading, String text, Table table) {
    StringBuilder md = new StringBuilder("\n## ").append(heading).append("\n\n");
    if (!text.isEmpty()) {
      md.append(text).append("\n\n");
    }
    if (table != null) {
      md.append(table.markdown());
    }
    return md.toString();
  }

  /** Appends sections, each as {@link #section} makes them. */
  public Report add(List<String> markdown) {
    sections.addAll(markdown);
    return this;
  }

  public Report add(String markdown) {
    sections.add(markdown);
    return this;
  }

  public String render() {
    StringBuilder md = new StringBuilder();
    md.append("# ").append(title).append("\n\n").append(description).append("\n\n");
    md.append("## Machine\n\n");
    md.append("- cores: ").append(machine.cores()).append('\n');
    md.append("- JVM: ").append(machine.jvm()).append('\n');
    md.append("- OS: ").append(machine.os()).append('\n');
    md.append("- date: ").append(machine.date()).append('\n');
    md.append("- core-wake convention: ").append(machine.coreWakeConvention()).append("\n\n");
    md.append("## Settings\n\n");
    settings.forEach(s -> md.append("- ").append(s).append('\n'));
    sections.forEach(md::append);
    return md.toString();
  }

  public void write(Path file) {
    Table.write(file, render());
  }
}
