package io.wsqos.broker.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ColumnsTest {

  private static final Columns ITEMS = Columns.of("item", "id", "name", "price");

  @Test
  void statementsAreWrittenFromTheListInItsOrder() {
    assertThat(ITEMS.select()).isEqualTo("SELECT id, name, price FROM item");
    assertThat(ITEMS.list("i")).isEqualTo("i.id, i.name, i.price");
    assertThat(ITEMS.from("name").parameters()).isEqualTo("?, ?");
    assertThat(ITEMS.from("name").assignments()).isEqualTo("name = ?, price = ?");
  }

  @Test
  void aColumnsOffsetIsItsPlaceInTheList() {
    assertThat(ITEMS.offset("id")).isZero();
    assertThat(ITEMS.offset("price")).isEqualTo(2);
    assertThat(ITEMS.from("name").offset("price")).isEqualTo(1);
    assertThat(ITEMS.from("name").table()).isEqualTo("item");
    assertThat(ITEMS.size()).isEqualTo(3);
  }

  @Test
  void anUnknownOrRepeatedColumnIsRefusedNamingIt() {
    assertThatThrownBy(() -> ITEMS.offset("cost"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("column: cost (expected: one of item [id, name, price])");
    assertThatThrownBy(() -> Columns.of("item", "id", "id"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("columns of item: [id, id] (expected: at least one, each once)");
  }

  @Test
  void aTableWritesOnlyItsOwnColumnsOneValueEach() {
    Table<Long> table = new Table<>("item", ITEMS, (r, first) -> r.getLong(first), id -> id);

    assertThatThrownBy(() -> table.insert(null, ITEMS.from("name"), "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("1 values for item[name, price] (expected: one per column of item)");
    assertThatThrownBy(() -> table.update(null, 1, Columns.of("other", "name"), "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Table<>("item", ITEMS.from("name"), (r, first) -> 1L, id -> id))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("columns: item[name, price] (expected: id first)");
  }
}
