package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.wsqos.testing.CxfServerExtension;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every operation and fault through a CXF JAX-WS client, against the service on Jetty port 0. */
class BookstoreServiceTest {

  private static final Catalogue catalogue = Catalogue.generate();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.forService(BookstoreService.class, new BookstoreImpl(catalogue));

  private final BookstoreService client = server.client(BookstoreService.class);

  @Test
  void helloGreetsTheWorld() {
    Greeting greeting = client.hello();

    assertThat(greeting.message()).isEqualTo("Hello world!");
    assertThat(greeting.service()).isEqualTo(BookstoreImpl.SERVICE_NAME);
    assertThat(greeting.books()).isEqualTo(Catalogue.DEFAULT_SIZE_BOOKS);
  }

  @Test
  void getBookInfoReturnsTheCataloguedBook() throws Exception {
    BookInfo expected = catalogue.books().get(0).info();

    BookInfo book = client.getBookInfo(expected.isbn());

    assertThat(book).usingRecursiveComparison().isEqualTo(expected);
    assertThat(book.summary()).hasSizeGreaterThan(2000);
  }

  @Test
  void getBookInfoAcceptsHyphenatedIsbns() throws Exception {
    String isbn = catalogue.books().get(1).info().isbn();
    String hyphenated =
        isbn.substring(0, 3)
            + "-"
            + isbn.charAt(3)
            + "-"
            + isbn.substring(4, 8)
            + "-"
            + isbn.substring(8, 12)
            + "-"
            + isbn.charAt(12);

    BookInfo book = client.getBookInfo(hyphenated);

    assertThat(book.isbn()).isEqualTo(isbn);
  }

  @Test
  void getBookDetailsReturnsEveryRequestedBookInRequestOrder() throws Exception {
    List<BookDetails> featured = catalogue.books().subList(0, 5);
    List<String> isbns = new ArrayList<>();
    featured.forEach(book -> isbns.add(book.info().isbn()));
    Collections.reverse(isbns);

    List<BookDetails> books = client.getBookDetails(isbns);

    assertThat(books).extracting(book -> book.info().isbn()).containsExactlyElementsOf(isbns);
    assertThat(books.get(4)).usingRecursiveComparison().isEqualTo(featured.get(0));
    assertThat(books.get(4).reviews())
        .hasSize(CatalogueGenerator.FEATURED_PROFILES.get(0).reviews());
    assertThat(books.get(4).similarBooks()).isNotEmpty();
    assertThat(books.get(4).hints()).isNotEmpty();
  }

  @Test
  void unknownIsbnGivesBookNotFoundFault() {
    String unknown = CatalogueGenerator.isbn(Catalogue.DEFAULT_SIZE_BOOKS);

    BookNotFoundFault fault =
        catchThrowableOfType(BookNotFoundFault.class, () -> client.getBookInfo(unknown));

    assertThat(fault).hasMessage("no book with ISBN " + unknown);
    assertThat(fault.getFaultInfo().isbn()).isEqualTo(unknown);
  }

  @Test
  void unknownIsbnAmongDetailsGivesBookNotFoundFault() {
    String known = catalogue.books().get(0).info().isbn();
    String unknown = CatalogueGenerator.isbn(Catalogue.DEFAULT_SIZE_BOOKS + 1);

    BookNotFoundFault fault =
        catchThrowableOfType(
            BookNotFoundFault.class, () -> client.getBookDetails(List.of(known, unknown)));

    assertThat(fault.getFaultInfo().isbn()).isEqualTo(unknown);
  }

  @Test
  void malformedIsbnGivesInvalidRequestFault() {
    InvalidRequestFault fault =
        catchThrowableOfType(InvalidRequestFault.class, () -> client.getBookInfo("978-1-4000"));

    assertThat(fault)
        .hasMessage(
            "isbn: '978-1-4000' (expected: an ISBN-13: 13 digits, hyphens allowed, with a valid"
                + " check digit)");
    assertThat(fault.getFaultInfo().argument()).isEqualTo("isbn");
    assertThat(fault.getFaultInfo().value()).isEqualTo("978-1-4000");
    assertThat(fault.getFaultInfo().expected()).isEqualTo(Isbn.EXPECTED);
  }

  @Test
  void wrongCheckDigitGivesInvalidRequestFault() {
    String isbn = catalogue.books().get(0).info().isbn();
    String wrong = isbn.substring(0, 12) + (char) ('0' + (isbn.charAt(12) - '0' + 1) % 10);

    InvalidRequestFault fault =
        catchThrowableOfType(InvalidRequestFault.class, () -> client.getBookInfo(wrong));

    assertThat(fault.getFaultInfo().value()).isEqualTo(wrong);
  }

  @Test
  void missingIsbnGivesInvalidRequestFault() {
    InvalidRequestFault fault =
        catchThrowableOfType(InvalidRequestFault.class, () -> client.getBookInfo(null));

    assertThat(fault).hasMessageStartingWith("isbn: '' (expected: an ISBN-13");
  }

  @Test
  void emptyDetailsRequestGivesInvalidRequestFault() {
    InvalidRequestFault fault =
        catchThrowableOfType(InvalidRequestFault.class, () -> client.getBookDetails(List.of()));

    assertThat(fault).hasMessage("isbn: '0 ISBNs' (expected: 1 to 10 ISBNs)");
  }

  @Test
  void tooManyBooksGiveInvalidRequestFault() {
    List<String> isbns =
        Collections.nCopies(
            BookstoreService.MAX_BOOKS_PER_DETAILS_REQUEST + 1,
            catalogue.books().get(0).info().isbn());

    InvalidRequestFault fault =
        catchThrowableOfType(InvalidRequestFault.class, () -> client.getBookDetails(isbns));

    assertThat(fault).hasMessage("isbn: '11 ISBNs' (expected: 1 to 10 ISBNs)");
  }

  @Test
  void hugeArgumentIsCutInTheFault() {
    String huge = "9".repeat(10_000);

    InvalidRequestFault fault =
        catchThrowableOfType(InvalidRequestFault.class, () -> client.getBookInfo(huge));

    assertThat(fault.getFaultInfo().value())
        .hasSize(InvalidRequestFault.MAX_ECHOED_VALUE_CHARS + 3)
        .endsWith("...");
  }
}
