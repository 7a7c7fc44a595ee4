package io.wsqos.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateTest {

  private static final String PATH = "reports/test-template.md";

  @Test
  void rendersEveryPlaceholderWithItsValueWithoutTheFinalNewline() {
    String text = Template.render(PATH, Map.of("who", "$world", "count", 2));

    assertThat(text).isEqualTo("Hello $world, 2 times $world.");
  }

  @Test
  void refusesAPlaceholderWithoutValueAndAValueWithoutPlaceholder() {
    assertThatThrownBy(() -> Template.render(PATH, Map.of("who", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("template reports/test-template.md: {{count}} (expected: one of");
    assertThatThrownBy(() -> Template.render(PATH, Map.of("who", "x", "count", 1, "extra", 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "template reports/test-template.md: [extra] (expected: a placeholder for each value)");
  }

  @Test
  void itemsAreTheRenderedLinesOfAListWithoutTheirDash() {
    assertThat(Template.items("reports/test-items.md", Map.of("who", "x", "count", 2)))
        .containsExactly("first x", "second, 2 times");
    assertThatThrownBy(() -> Template.items(PATH, Map.of("who", "x", "count", 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "template reports/test-template.md: 'Hello x, 1 times x.' (expected: a line starting"
                + " with '- ')");
  }

  @Test
  void aMissingResourceIsNamed() {
    assertThatThrownBy(() -> Template.text("reports/none.md"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("template: reports/none.md (expected: a resource under io/wsqos/benchmarks/)");
  }

  @Test
  void aTableReadsBackFromItsCsvWithQuotedCells() {
    Table table = Table.of("a", "b").row("x, \"y\"", "").row("1", "2");

    Table read = Table.fromCsv(table.csv());

    assertThat(read.columns()).containsExactly("a", "b");
    assertThat(read.rows())
        .containsExactly(java.util.List.of("x, \"y\"", ""), java.util.List.of("1", "2"));
  }
}
