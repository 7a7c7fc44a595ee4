package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The books the store sells, generated once from a seed and read-only afterwards: requests only
 * look books up, so the catalogue is safe to share between request threads without locks.
 */
final class Catalogue {

  /** The seed of the catalogue that the server and the sample requests use. */
  static final long DEFAULT_SEED = 0x7ab1e4L;

  /** How many books the default catalogue holds. */
  static final int DEFAULT_SIZE_BOOKS = 500;

  private final List<BookDetails> books;
  private final Map<String, BookDetails> byIsbn;

  private Catalogue(List<BookDetails> books) {
    this.books = requireNonNull(books, "books");
    Map<String, BookDetails> index = new HashMap<>(books.size() * 2);
    for (BookDetails book : books) {
      if (index.put(book.info().isbn(), book) != null) {
        throw new IllegalStateException("duplicate ISBN " + book.info().isbn());
      }
    }
    this.byIsbn = Map.copyOf(index);
  }

  /** The default catalogue: {@value #DEFAULT_SIZE_BOOKS} books from {@link #DEFAULT_SEED}. */
  static Catalogue generate() {
    return generate(DEFAULT_SEED, DEFAULT_SIZE_BOOKS);
  }

  /** Generates a catalogue; the same arguments always give the same books. */
  static Catalogue generate(long seed, int sizeBooks) {
    return new Catalogue(CatalogueGenerator.generate(seed, sizeBooks));
  }

  /** All books, the featured ones (those of the sample requests) first. */
  List<BookDetails> books() {
    return books;
  }

  /** The book with this normalized ISBN-13, or {@code null}. */
  BookDetails find(String isbn) {
    return byIsbn.get(isbn);
  }

  int size() {
    return books.size();
  }
}
