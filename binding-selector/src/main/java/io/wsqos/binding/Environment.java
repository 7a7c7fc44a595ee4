package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What discovery found about one service from where the client runs: the facts the {@link
 * PolicyRules} read.
 *
 * @param sameJvm the descriptor names this JVM
 * @param sameHost a remote binding's host is an address of this machine (or the JVM is the same)
 * @param reachability each published binding's reachability, in the descriptor's order
 * @param discoveredAt when the probes ran
 */
public record Environment(
    boolean sameJvm,
    boolean sameHost,
    Map<BindingKind, Reachability> reachability,
    Instant discoveredAt) {

  /** Copies the map. */
  public Environment {
    requireNonNull(reachability, "reachability");
    requireNonNull(discoveredAt, "discoveredAt");
    reachability = Collections.unmodifiableMap(new EnumMap<>(reachability));
  }

  /** Whether {@code kind} is published and usable from here. */
  public boolean usable(BindingKind kind) {
    Reachability r = reachability.get(kind);
    return r != null && r.usable();
  }

  /** Whether a remote binding's probe timed out: something between drops the connection. */
  public boolean firewall() {
    return reachability.values().stream()
        .anyMatch(r -> r.outcome() == Reachability.Outcome.TIMED_OUT);
  }

  /**
   * The facts as the rule file names them: {@code same-jvm}, {@code same-host}, {@code firewall},
   * and per binding {@code published:KIND}, {@code reachable:KIND}, {@code timed-out:KIND}.
   */
  public Set<String> facts() {
    Set<String> facts = new LinkedHashSet<>();
    if (sameJvm) {
      facts.add(PolicyRules.SAME_JVM);
    }
    if (sameHost) {
      facts.add(PolicyRules.SAME_HOST);
    }
    if (firewall()) {
      facts.add(PolicyRules.FIREWALL);
    }
    reachability.forEach(
        (kind, r) -> {
          facts.add("published:" + kind.token());
          if (r.usable()) {
            facts.add("reachable:" + kind.token());
          }
          if (r.outcome() == Reachability.Outcome.TIMED_OUT) {
            facts.add("timed-out:" + kind.token());
          }
        });
    return facts;
  }

  /** One line per fact and per binding, for {@link BindingProxy#explain()}. */
  List<String> describe() {
    List<String> lines = new ArrayList<>();
    lines.add("same JVM: " + sameJvm + ", same host: " + sameHost + ", firewall: " + firewall());
    reachability
        .values()
        .forEach(r -> lines.add(r.kind() + ": " + r.outcome() + " (" + r.detail() + ")"));
    return lines;
  }
}
