package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The answer to a selection: the offers that meet every hard constraint of the requirement, best
 * first, and how fresh the broker's view of its registry was when it answered. A broker answers
 * from memory even when its database is unreachable; {@code mayBeStale} then says so.
 *
 * @param candidates best first; empty when no offer meets the requirement; an unmodifiable copy
 * @param registryVersion the registry version the answer reflects
 * @param confirmedAt when the broker last confirmed with its database that {@code registryVersion}
 *     was current
 * @param mayBeStale whether that confirmation is older than the broker allows, so that offers
 *     changed since may be missing or out of date
 */
public record Selection(
    List<Candidate> candidates, long registryVersion, Instant confirmedAt, boolean mayBeStale) {

  /** Checks and copies the fields. */
  public Selection {
    candidates = List.copyOf(candidates);
    Checks.atLeast("registryVersion", registryVersion, 0);
    requireNonNull(confirmedAt, "confirmedAt");
  }

  /** The best candidate, if any offer meets the requirement. */
  public Optional<Candidate> best() {
    return candidates.isEmpty() ? Optional.empty() : Optional.of(candidates.get(0));
  }

  /**
   * What the candidates hold, as 16 hexadecimal digits: two selections with the same tag name the
   * same offers at the same versions, for the same endpoints (address and bindings) of the same
   * providers. The order of the candidates does not count (ties are spread across calls), nor do
   * {@code registryVersion}, {@code confirmedAt} and {@code mayBeStale}: a write elsewhere in the
   * registry leaves the tag as it was. The broker sends it as the answer's {@code ETag}, and a
   * watch waits for a selection whose tag differs from the one the client has.
   */
  public String tag() {
    Candidate[] sorted = candidates.toArray(new Candidate[0]);
    Arrays.sort(sorted, Comparator.comparingLong((Candidate c) -> c.offer().id()));
    long hash = 0xcbf29ce484222325L;
    for (Candidate c : sorted) {
      hash = mix(hash, c.offer().id());
      hash = mix(hash, c.offer().version());
      hash = mix(hash, c.endpoint().id());
      hash = mix(hash, c.endpoint().address().toString());
      for (Binding binding : c.endpoint().bindings()) {
        hash = mix(hash, binding.ordinal());
      }
      hash = mix(hash, c.provider().id());
      hash = mix(hash, c.provider().name());
      hash = mix(hash, c.service().id());
      hash = mix(hash, c.service().wsdlLocation().toString());
    }
    return String.format("%016x", mix(hash, sorted.length));
  }

  private static long mix(long hash, String text) {
    long h = hash;
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      h = mix(h, b);
    }
    return mix(h, text.length());
  }

  /** One FNV-1a step over a long, then a murmur finaliser so that near values spread. */
  private static long mix(long hash, long value) {
    long h = (hash ^ value) * 0x100000001b3L;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    return h ^ (h >>> 33);
  }
}
