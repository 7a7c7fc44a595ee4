package io.wsqos.broker.client;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.routing.EndpointCandidates;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import javax.xml.namespace.QName;

/**
 * Core's {@link EndpointCandidates} from a broker's selections, for the monitor's rerouting: the
 * service name is the WSDL port type as {@code {namespace}local}, and its candidates are the
 * addresses of the endpoints of the offers that meet the requirement, best first (each address
 * once).
 *
 * <p>Answers come from memory: the first question about a service waits for one selection (at most
 * the client's request timeout); after that, an answer older than {@code refreshAfter} is given as
 * it is and refreshed in the background, one refresh per service at a time. When the broker cannot
 * be reached the last answer stays (empty if there was none). {@link #close()} stops the background
 * thread.
 */
public final class BrokerEndpointCandidates implements EndpointCandidates, AutoCloseable {

  /** Default age past which an answer is refreshed: 5 s. */
  public static final Duration DEFAULT_REFRESH_AFTER = Duration.ofSeconds(5);

  /** Returns a builder over {@code client}. */
  public static Builder builder(BrokerClient client) {
    return new Builder(client);
  }

  private record Answer(List<String> addresses, Instant fetchedAt) {}

  private final BrokerClient client;
  private final QosRequirement requirement;
  private final Duration refreshAfter;
  private final Clock clock;
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final Map<String, Boolean> refreshing = new ConcurrentHashMap<>();
  private final ExecutorService refresher;

  private BrokerEndpointCandidates(Builder builder) {
    client = builder.client;
    requirement = builder.requirement;
    refreshAfter = builder.refreshAfter;
    clock = builder.clock;
    refresher =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread thread = new Thread(r, "wsqos-broker-candidates");
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * The endpoint addresses for port type {@code service} ({@code {namespace}local}), best first;
   * empty when none meets the requirement, the broker was never reached, or {@code service} is not
   * a port type.
   */
  @Override
  public List<String> candidates(String service) {
    requireNonNull(service, "service");
    Answer answer = answers.get(service);
    if (answer == null) {
      return fetch(service).addresses();
    }
    if (answer.fetchedAt().plus(refreshAfter).isBefore(clock.instant())
        && refreshing.putIfAbsent(service, Boolean.TRUE) == null) {
      try {
        refresher.execute(
            () -> {
              try {
                fetch(service);
              } finally {
                refreshing.remove(service);
              }
            });
      } catch (RejectedExecutionException closed) {
        refreshing.remove(service);
      }
    }
    return answer.addresses();
  }

  private Answer fetch(String service) {
    Answer answer;
    try {
      QName portType = BrokerJson.qname(service);
      List<String> addresses =
          client.select(portType, requirement).candidates().stream()
              .map(Candidate::endpoint)
              .map(e -> e.address().toString())
              .distinct()
              .toList();
      answer = new Answer(addresses, clock.instant());
    } catch (IllegalArgumentException notAPortType) {
      answer = new Answer(List.of(), Instant.MAX.minus(refreshAfter));
    } catch (RuntimeException unreachable) {
      // Keep what was known; ask again no sooner than refreshAfter.
      Answer known = answers.get(service);
      answer = new Answer(known == null ? List.of() : known.addresses(), clock.instant());
    }
    answers.put(service, answer);
    return answer;
  }

  /** Stops the background refreshes; answers already known are still given. */
  @Override
  public void close() {
    refresher.shutdownNow();
  }

  @Override
  public String toString() {
    return "BrokerEndpointCandidates[" + client + ", " + answers.size() + " services]";
  }

  /** Configures {@link BrokerEndpointCandidates}. */
  public static final class Builder {
    private final BrokerClient client;
    private QosRequirement requirement =
        QosRequirement.of(CompressionPreference.SERVER_DECIDES, QosTerms.builder().build());
    private Duration refreshAfter = DEFAULT_REFRESH_AFTER;
    private Clock clock = Clock.systemUTC();

    private Builder(BrokerClient client) {
      this.client = requireNonNull(client, "client");
    }

    /** The requirement the endpoints' offers must meet; default none beyond best effort. */
    public Builder requirement(QosRequirement requirement) {
      this.requirement = requireNonNull(requirement, "requirement");
      return this;
    }

    /** Age past which an answer is refreshed, more than zero; default 5 s. */
    public Builder refreshAfter(Duration refreshAfter) {
      requireNonNull(refreshAfter, "refreshAfter");
      if (refreshAfter.isNegative() || refreshAfter.isZero()) {
        throw new IllegalArgumentException("refreshAfter: " + refreshAfter + " (expected: > 0)");
      }
      this.refreshAfter = refreshAfter;
      return this;
    }

    /** The clock answers are aged by; default the system's. */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /** Returns the candidates. */
    public BrokerEndpointCandidates build() {
      return new BrokerEndpointCandidates(this);
    }
  }
}
