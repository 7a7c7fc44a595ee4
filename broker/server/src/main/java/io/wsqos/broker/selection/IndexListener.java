package io.wsqos.broker.selection;

import io.wsqos.broker.api.Candidate;
import java.util.List;

/**
 * Told by an {@link OfferSelector} of each swap of its offer index that changed it (a write through
 * any broker instance, or the first load), on the thread that refreshed the index (the selector's
 * own, or a caller of {@link OfferSelector#refresh()}), one swap at a time and in version order;
 * never on a selection's path.
 */
@FunctionalInterface
public interface IndexListener {

  /**
   * The index now reflects registry {@code version} and holds {@code offers} (unmodifiable, as
   * {@link OfferSelector#offers()} returns them). Must return quickly and not throw.
   */
  void indexChanged(long version, List<Candidate> offers);
}
