package io.wsqos.broker.client;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.routing.EndpointCandidates;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.xml.namespace.QName;

/**
 * Core's {@link EndpointCandidates} from a broker's selections, for the monitor's rerouting: the
 * service name is the WSDL port type as {@code {namespace}local}, and its candidates are the
 * addresses of the endpoints of the offers that meet the requirement, best first (each address
 * once).
 *
 * <p>Each service asked about gets a {@link SelectionWatcher}, the same that keeps a {@link
 * QosAwareClientFeature}'s selection: answers come from memory and follow the broker's changes as
 * soon as it sees them, with no broker round trip per question. The first question about a service
 * waits for the broker's first answer, at most {@link Builder#firstAnswerTimeout}. While the broker
 * cannot be reached the last answer stays (empty if there was none). {@link #close()} stops the
 * watching threads.
 */
public final class BrokerEndpointCandidates implements EndpointCandidates, AutoCloseable {

  /** Default wait of a first question for the broker's first answer: 5 s. */
  public static final Duration DEFAULT_FIRST_ANSWER_TIMEOUT = Duration.ofSeconds(5);

  /** Returns a builder over {@code client}. */
  public static Builder builder(BrokerClient client) {
    return new Builder(client);
  }

  private final BrokerClient client;
  private final QosRequirement requirement;
  private final Duration firstAnswerTimeout;
  private final Duration wait;
  private final Map<String, SelectionWatcher> watchers = new ConcurrentHashMap<>();
  private volatile boolean closed;

  private BrokerEndpointCandidates(Builder builder) {
    client = builder.client;
    requirement = builder.requirement;
    firstAnswerTimeout = builder.firstAnswerTimeout;
    wait = builder.wait;
  }

  /**
   * The endpoint addresses for port type {@code service} ({@code {namespace}local}), best first;
   * empty when none meets the requirement, the broker was never reached, or {@code service} is not
   * a port type.
   */
  @Override
  public List<String> candidates(String service) {
    requireNonNull(service, "service");
    SelectionWatcher watcher = watchers.get(service);
    if (watcher == null) {
      if (closed) {
        return List.of();
      }
      QName portType;
      try {
        portType = BrokerJson.qname(service);
      } catch (IllegalArgumentException notAPortType) {
        return List.of();
      }
      watcher = watchers.computeIfAbsent(service, s -> start(portType));
      if (closed) {
        watcher.close();
      }
    }
    return watcher
        .awaitCurrent(firstAnswerTimeout)
        .map(BrokerEndpointCandidates::addresses)
        .orElse(List.of());
  }

  private SelectionWatcher start(QName portType) {
    SelectionWatcher watcher =
        SelectionWatcher.builder(client, portType, requirement).wait(wait).build();
    watcher.start();
    return watcher;
  }

  static List<String> addresses(Selection selection) {
    return selection.candidates().stream()
        .map(c -> c.endpoint().address().toString())
        .distinct()
        .toList();
  }

  /** Stops watching; answers already known are still given. Idempotent. */
  @Override
  public void close() {
    closed = true;
    watchers.values().forEach(SelectionWatcher::close);
  }

  @Override
  public String toString() {
    return "BrokerEndpointCandidates[" + client + ", " + watchers.size() + " services]";
  }

  /** Configures {@link BrokerEndpointCandidates}. */
  public static final class Builder {
    private final BrokerClient client;
    private QosRequirement requirement =
        QosRequirement.of(CompressionPreference.SERVER_DECIDES, QosTerms.builder().build());
    private Duration firstAnswerTimeout = DEFAULT_FIRST_ANSWER_TIMEOUT;
    private Duration wait = SelectionWatcher.DEFAULT_WAIT;

    private Builder(BrokerClient client) {
      this.client = requireNonNull(client, "client");
    }

    /** The requirement the endpoints' offers must meet; default none beyond best effort. */
    public Builder requirement(QosRequirement requirement) {
      this.requirement = requireNonNull(requirement, "requirement");
      return this;
    }

    /** How long a first question waits for the broker's first answer, 0 to 1 min; default 5 s. */
    public Builder firstAnswerTimeout(Duration firstAnswerTimeout) {
      this.firstAnswerTimeout =
          SelectionWatcher.Builder.check(
              "firstAnswerTimeout", firstAnswerTimeout, Duration.ZERO, Duration.ofMinutes(1));
      return this;
    }

    /** How long each watch of a selection waits, 1 s to 300 s; default 30 s. */
    public Builder wait(Duration wait) {
      this.wait =
          SelectionWatcher.Builder.check(
              "wait", wait, Duration.ofSeconds(1), Duration.ofSeconds(300));
      return this;
    }

    /** Returns the candidates; a watching thread starts with the first question about a service. */
    public BrokerEndpointCandidates build() {
      return new BrokerEndpointCandidates(this);
    }
  }
}
