package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A bookstore that does something before each operation of the one it wraps: the common shape of
 * the bookstores that experiments slow down ({@link DelayedBookstore}, {@link CpuCostBookstore}).
 */
abstract class SlowedBookstore implements BookstoreService {

  private final BookstoreService delegate;

  SlowedBookstore(BookstoreService delegate) {
    this.delegate = requireNonNull(delegate, "delegate");
  }

  /** What every call does before the wrapped bookstore answers it. */
  abstract void beforeCall();

  @Override
  public Greeting hello() {
    beforeCall();
    return delegate.hello();
  }

  @Override
  public BookInfo getBookInfo(String isbn) throws BookNotFoundFault, InvalidRequestFault {
    beforeCall();
    return delegate.getBookInfo(isbn);
  }

  @Override
  public List<BookDetails> getBookDetails(List<String> isbns)
      throws BookNotFoundFault, InvalidRequestFault {
    beforeCall();
    return delegate.getBookDetails(isbns);
  }
}
