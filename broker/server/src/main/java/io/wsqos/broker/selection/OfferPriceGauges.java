package io.wsqos.broker.selection;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.broker.api.Candidate;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One gauge per offer in the index, {@value #NAME} tagged {@code offer} (its id), {@code provider}
 * (its name), {@code service} (the port type's QName) and {@code currency}: the price per call the
 * offer asks now, so a dashboard can chart what providers charge as they re-price. A gauge is
 * registered when its offer enters the index and removed when it leaves; a new price only changes
 * the value the gauge reads at scrape time. One series per offer: a broker holding many thousands
 * of offers makes a scrape that large.
 *
 * <p>Feed it as an {@linkplain OfferSelector.Builder#indexListener index listener}: it relies on
 * being told one swap at a time.
 */
public final class OfferPriceGauges implements IndexListener {

  /** The gauge's name. */
  public static final String NAME = "wsqos.broker.offer.price";

  private record Labels(String provider, String service, String currency) {

    static Labels of(Candidate candidate) {
      return new Labels(
          candidate.provider().name(),
          candidate.service().portType().toString(),
          candidate.offer().terms().currency().getCurrencyCode());
    }
  }

  private record Registered(Labels labels, Gauge gauge) {}

  private final MeterRegistry meters;

  /** Only the listener's thread touches it: swaps come one at a time. */
  private final Map<Long, Registered> gauges = new HashMap<>();

  /** Replaced whole on each swap, read by the gauges at scrape time. */
  private volatile Map<Long, Double> prices = Map.of();

  /** Gauges registered in {@code meters}. */
  public OfferPriceGauges(MeterRegistry meters) {
    this.meters = requireNonNull(meters, "meters");
  }

  @Override
  public void indexChanged(long version, List<Candidate> offers) {
    Map<Long, Double> now = new HashMap<>(offers.size() * 2);
    for (Candidate candidate : offers) {
      now.put(candidate.offer().id(), candidate.offer().terms().price().doubleValue());
    }
    prices = now;
    for (Iterator<Map.Entry<Long, Registered>> it = gauges.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<Long, Registered> entry = it.next();
      if (!now.containsKey(entry.getKey())) {
        meters.remove(entry.getValue().gauge());
        it.remove();
      }
    }
    for (Candidate candidate : offers) {
      long id = candidate.offer().id();
      Labels labels = Labels.of(candidate);
      Registered registered = gauges.get(id);
      if (registered == null || !registered.labels().equals(labels)) {
        if (registered != null) {
          meters.remove(registered.gauge());
        }
        gauges.put(id, new Registered(labels, register(id, labels)));
      }
    }
  }

  private Gauge register(long id, Labels labels) {
    return Gauge.builder(NAME, this, g -> g.prices.getOrDefault(id, Double.NaN))
        .description("The price per call an offer in the index asks now, in its currency")
        .tag("offer", Long.toString(id))
        .tag("provider", labels.provider())
        .tag("service", labels.service())
        .tag("currency", labels.currency())
        .register(meters);
  }
}
