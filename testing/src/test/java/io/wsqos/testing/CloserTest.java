package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CloserTest {

  private final List<String> closed = new ArrayList<>();

  @Test
  void closesTheLastAddedFirstAndReturnsWhatItWasGiven() throws Exception {
    Closer closer = new Closer();
    AutoCloseable lab = () -> closed.add("lab");
    AutoCloseable server = () -> closed.add("server");

    assertThat(closer.add(lab)).isSameAs(lab);
    closer.add(server);
    closer.closeAll();
    closer.closeAll();

    assertThat(closed).containsExactly("server", "lab");
  }

  @Test
  void closesEverythingWhenOneFailsAndThrowsTheFirstFailureWithTheRestSuppressed() {
    Closer closer = new Closer();
    closer.add(() -> closed.add("first added"));
    closer.add(
        () -> {
          throw new IOException("second");
        });
    closer.add(
        () -> {
          throw new IllegalStateException("third");
        });

    assertThatThrownBy(closer::closeAll)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("third")
        .satisfies(
            e ->
                assertThat(e.getSuppressed())
                    .singleElement()
                    .satisfies(s -> assertThat(s).hasMessage("second")));
    assertThat(closed).containsExactly("first added");
  }

  @Test
  void refusesNull() {
    assertThatThrownBy(() -> new Closer().add(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("resource");
  }
}
