package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.Marshaller;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class CatalogueTest {

  @Test
  void sameSeedGivesTheSameCatalogue() throws Exception {
    String first = xml(Catalogue.generate());

    String second = xml(Catalogue.generate());

    assertThat(second).isEqualTo(first);
    assertThat(first).hasSizeGreaterThan(1_000_000);
  }

  @Test
  void anotherSeedGivesAnotherCatalogue() throws Exception {
    String usual = xml(Catalogue.generate(Catalogue.DEFAULT_SEED, 20));

    String other = xml(Catalogue.generate(Catalogue.DEFAULT_SEED + 1, 20));

    assertThat(other).isNotEqualTo(usual);
  }

  @Test
  void everyBookHasAUniqueValidIsbnAndCanBeFound() {
    Catalogue catalogue = Catalogue.generate();
    Set<String> isbns = new HashSet<>();

    for (BookDetails book : catalogue.books()) {
      String isbn = book.info().isbn();
      assertThat(Isbn.normalize(isbn)).isEqualTo(isbn);
      assertThat(isbns.add(isbn)).as("unique %s", isbn).isTrue();
      assertThat(catalogue.find(isbn)).isSameAs(book);
    }
    assertThat(isbns).hasSize(Catalogue.DEFAULT_SIZE_BOOKS);
  }

  @Test
  void booksCarryRealisticData() {
    Catalogue catalogue = Catalogue.generate();
    BookDetails first = catalogue.books().get(0);

    assertThat(first.info().title()).isNotBlank();
    assertThat(first.info().authors()).isNotEmpty();
    assertThat(first.info().rating()).isBetween(new BigDecimal("1.0"), new BigDecimal("5.0"));
    assertThat(first.reviews())
        .isSortedAccordingTo((a, b) -> Integer.compare(b.helpfulVotes(), a.helpfulVotes()))
        .allSatisfy(review -> assertThat(review.rating()).isBetween(1, 5));
    assertThat(first.similarBooks())
        .allSatisfy(
            similar -> {
              assertThat(similar.isbn()).isNotEqualTo(first.info().isbn());
              assertThat(catalogue.find(similar.isbn()).info().title()).isEqualTo(similar.title());
            });
    assertThat(first.description().split(" ")).hasSizeGreaterThan(500);
    assertThat(new HashSet<>(List.of(first.description().split("[ .,]+")))).hasSizeGreaterThan(250);
  }

  @Test
  void sampleRequestsAskForTheFeaturedBooks() throws Exception {
    String heavy5 = Files.readString(Path.of("requests", "heavy-5.xml")).replace("-", "");

    for (int i = 0; i < CatalogueGenerator.FEATURED_PROFILES.size(); i++) {
      assertThat(heavy5).contains("<isbn>" + CatalogueGenerator.isbn(i) + "</isbn>");
    }
  }

  @Test
  void catalogueSmallerThanTheFeaturedBooksIsRejected() {
    assertThatThrownBy(() -> Catalogue.generate(1, 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sizeBooks: 4 (expected: >= 5)");
  }

  private static String xml(Catalogue catalogue) throws Exception {
    Marshaller marshaller = JAXBContext.newInstance(BookDetails.class).createMarshaller();
    StringWriter out = new StringWriter();
    for (BookDetails book : catalogue.books()) {
      marshaller.marshal(new JAXBElement<>(new QName("book"), BookDetails.class, book), out);
    }
    return out.toString();
  }
}
