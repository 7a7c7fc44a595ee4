package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.binding.kit.Catalog;
import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import org.junit.jupiter.api.Test;

class PredictorTest {

  private static final Predictor PREDICTOR = Predictor.create();

  /** A search service: short strings and numbers, as the report's Google benchmark. */
  interface Search {
    List<Result> search(String query, int start, int max);
  }

  /** One search result. */
  static final class Result implements Serializable {
    private static final long serialVersionUID = 1L;
    String url;
    String title;
    String snippet;
    int rank;
  }

  /**
   * A financial service: many calendars and strings per entry, as the report's financial benchmark.
   */
  interface Ledger {
    List<Entry> post(List<Entry> entries);
  }

  /** A ledger entry. */
  static final class Entry implements Serializable {
    private static final long serialVersionUID = 1L;
    String account;
    String counterparty;
    String currency;
    String memo;
    Calendar booked;
    Calendar valued;
    Calendar settled;
    double amount;
  }

  @Test
  void searchLikeMessagesAreSmallerOverRmi() {
    Prediction prediction = PREDICTOR.predict(Search.class, Hints.none());

    assertThat(prediction.choice()).isEqualTo(BindingKind.RMI);
    assertThat(prediction.share()).isGreaterThan(0.5);
    assertThat(prediction.rmiVotes() + prediction.soapVotes())
        .isLessThanOrEqualTo(prediction.points());
  }

  @Test
  void calendarHeavyMessagesAreSmallerOverSoap() {
    Prediction prediction =
        PREDICTOR.predict(Ledger.class, Hints.none().withNullShare(0).withArraySizes(10, 100));

    assertThat(prediction.choice()).isEqualTo(BindingKind.SOAP);
    assertThat(prediction.medianSoapBytes()).isLessThan(prediction.medianRmiBytes());
  }

  @Test
  void hintsNarrowTheSpace() {
    Hints hints = Hints.none().withStringLength(20).withNullShare(0.5);

    assertThat(hints.points()).hasSize(1 * 3 * 3 * 3);
    assertThat(hints.nullShares()).containsExactly(0.4, 0.5, 0.6);
    assertThat(Hints.none().points()).hasSize(8 * 4 * 3 * 3);
  }

  @Test
  void nullsShrinkBothEstimates() throws Exception {
    var find = Catalog.class.getMethod("save", io.wsqos.binding.kit.Item.class);

    MessageSizes full = PREDICTOR.estimate(find, new Hints.Point(40, 0, 5, 0));
    MessageSizes sparse = PREDICTOR.estimate(find, new Hints.Point(40, 0.9, 5, 0));

    assertThat(sparse.soap()).isLessThan(full.soap());
    assertThat(sparse.rmi()).isLessThan(full.rmi());
  }

  @Test
  void theRmiEstimateOfABeanIsCloseToItsSerializedSize() throws Exception {
    Entry entry = new Entry();
    entry.account = "a".repeat(20);
    entry.counterparty = "c".repeat(20);
    entry.currency = "d".repeat(20);
    entry.memo = "m".repeat(20);
    entry.booked = new GregorianCalendar();
    entry.valued = new GregorianCalendar();
    entry.settled = new GregorianCalendar();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(new Object[] {new java.util.ArrayList<>(List.of(entry))});
    }

    MessageSizes sizes =
        PREDICTOR.estimate(
            Ledger.class.getMethod("post", List.class), new Hints.Point(20, 0, 1, 0));

    // The request also carries JRMP's header and the operation's name.
    double payload =
        sizes.rmiRequest() - Predictor.RMI_CALL_HEADER - "post(java.util.List)".length() - 3;
    assertThat(payload).isBetween(bytes.size() * 0.8, bytes.size() * 1.2);
  }
}
