package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bookstore that counts the calls that reached it, per operation: what a provider really served.
 */
final class CountingBookstore implements BookstoreService {

  private final BookstoreService delegate;
  private final AtomicLong hello = new AtomicLong();
  private final AtomicLong bookInfo = new AtomicLong();
  private final AtomicLong bookDetails = new AtomicLong();

  CountingBookstore(BookstoreService delegate) {
    this.delegate = requireNonNull(delegate, "delegate");
  }

  long hellos() {
    return hello.get();
  }

  long bookInfos() {
    return bookInfo.get();
  }

  @Override
  public Greeting hello() {
    hello.incrementAndGet();
    return delegate.hello();
  }

  @Override
  public BookInfo getBookInfo(String isbn) throws BookNotFoundFault, InvalidRequestFault {
    bookInfo.incrementAndGet();
    return delegate.getBookInfo(isbn);
  }

  @Override
  public List<BookDetails> getBookDetails(List<String> isbns)
      throws BookNotFoundFault, InvalidRequestFault {
    bookDetails.incrementAndGet();
    return delegate.getBookDetails(isbns);
  }
}
