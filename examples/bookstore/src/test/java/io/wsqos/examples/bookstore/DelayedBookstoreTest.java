package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.testing.CxfServerExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The injected delay through a real server: calls take at least the delay, and it can change. */
class DelayedBookstoreTest {

  private static final Catalogue catalogue = Catalogue.generate();
  private static final DelayedBookstore delayed =
      new DelayedBookstore(new BookstoreImpl(catalogue), Duration.ZERO);

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.forService(BookstoreService.class, delayed);

  private final BookstoreService client = server.client(BookstoreService.class);

  @Test
  void answersNoSoonerThanTheDelayAndTheSameAsWithout() throws Exception {
    String isbn = catalogue.books().get(3).info().isbn();
    delayed.setDelay(Duration.ofMillis(150));

    long start = System.nanoTime();
    BookInfo book = client.getBookInfo(isbn);
    long elapsedMillis = Duration.ofNanos(System.nanoTime() - start).toMillis();
    delayed.setDelay(Duration.ZERO);

    assertThat(elapsedMillis).isGreaterThanOrEqualTo(150);
    assertThat(book).usingRecursiveComparison().isEqualTo(catalogue.books().get(3).info());
  }

  @Test
  void rejectsANegativeOrHugeDelay() {
    assertThatThrownBy(() -> delayed.setDelay(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("delay: -1 ms (expected: 0..60000 ms)");
    assertThatThrownBy(() -> delayed.setDelay(Duration.ofMinutes(2)))
        .hasMessage("delay: 120000 ms (expected: 0..60000 ms)");
    assertThat(delayed.delay()).isEqualTo(Duration.ZERO);
  }
}
