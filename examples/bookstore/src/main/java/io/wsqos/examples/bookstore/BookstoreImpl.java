package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import jakarta.jws.WebService;
import java.util.ArrayList;
import java.util.List;

/**
 * The bookstore's implementation: answers every operation by looking books up in a catalogue
 * generated once, at construction.
 */
@WebService(
    serviceName = "BookstoreService",
    portName = "BookstorePort",
    targetNamespace = BookstoreService.NAMESPACE,
    endpointInterface = "io.wsqos.examples.bookstore.BookstoreService")
public final class BookstoreImpl implements BookstoreService {

  static final String SERVICE_NAME = "wsqos bookstore";

  private final Catalogue catalogue;
  private final Greeting greeting;

  /** Creates the service over the default catalogue (generated here, which takes a moment). */
  public BookstoreImpl() {
    this(Catalogue.generate());
  }

  BookstoreImpl(Catalogue catalogue) {
    this.catalogue = requireNonNull(catalogue, "catalogue");
    this.greeting = new Greeting("Hello world!", SERVICE_NAME, catalogue.size());
  }

  @Override
  public Greeting hello() {
    return greeting;
  }

  @Override
  public BookInfo getBookInfo(String isbn) throws BookNotFoundFault, InvalidRequestFault {
    return lookUp(isbn).info();
  }

  @Override
  public List<BookDetails> getBookDetails(List<String> isbns)
      throws BookNotFoundFault, InvalidRequestFault {
    int count = isbns == null ? 0 : isbns.size();
    if (count == 0 || count > MAX_BOOKS_PER_DETAILS_REQUEST) {
      throw InvalidRequestFault.of(
          "isbn", count + " ISBNs", "1 to " + MAX_BOOKS_PER_DETAILS_REQUEST + " ISBNs");
    }
    List<BookDetails> books = new ArrayList<>(count);
    for (String isbn : isbns) {
      books.add(lookUp(isbn));
    }
    return books;
  }

  private BookDetails lookUp(String isbn) throws BookNotFoundFault, InvalidRequestFault {
    String normalized = Isbn.normalize(isbn);
    if (normalized == null) {
      throw InvalidRequestFault.of("isbn", isbn == null ? "" : isbn, Isbn.EXPECTED);
    }
    BookDetails book = catalogue.find(normalized);
    if (book == null) {
      throw BookNotFoundFault.of(normalized);
    }
    return book;
  }
}
