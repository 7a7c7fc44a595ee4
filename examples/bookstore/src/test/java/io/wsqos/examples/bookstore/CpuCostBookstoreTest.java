package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The CPU cost per call: spent on the calling thread's CPU clock, the answer unchanged. */
class CpuCostBookstoreTest {

  private static final Catalogue catalogue = Catalogue.generate();
  private static final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

  @Test
  void everyCallSpendsAtLeastTheCostOfTheCallersCpuAndAnswersAsWithout() throws Exception {
    CpuCostBookstore costly =
        new CpuCostBookstore(new BookstoreImpl(catalogue), Duration.ofMillis(20));
    String isbn = catalogue.books().get(3).info().isbn();

    long before = threads.getCurrentThreadCpuTime();
    BookInfo book = costly.getBookInfo(isbn);
    long spent = threads.getCurrentThreadCpuTime() - before;

    assertThat(spent).isGreaterThanOrEqualTo(Duration.ofMillis(20).toNanos());
    assertThat(book).usingRecursiveComparison().isEqualTo(catalogue.books().get(3).info());
    assertThat(costly.cost()).isEqualTo(Duration.ofMillis(20));
  }

  @Test
  void rejectsANegativeOrHugeCost() {
    BookstoreImpl plain = new BookstoreImpl(catalogue);

    assertThatThrownBy(() -> new CpuCostBookstore(plain, Duration.ofNanos(-1)))
        .hasMessageContaining("cost: ")
        .hasMessageContaining("expected: 0..1000 ms");
    assertThatThrownBy(() -> new CpuCostBookstore(plain, Duration.ofSeconds(2)))
        .hasMessageContaining("cost: 2000000 us");
  }
}
