package io.wsqos.examples.brokerdemo;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.client.BrokerEndpointCandidates;
import io.wsqos.core.ClientTimeouts;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import java.net.URI;
import java.time.Duration;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;

/**
 * A monitored bookstore client that calls the provider the broker ranks first for its requirement
 * and, when that provider fails, the next one the broker names: the broker's selections ({@link
 * BrokerEndpointCandidates}) are the candidates of the monitor's rerouting ({@link
 * ReroutingFeature}), so the client holds no address list. {@code getBookInfo} is declared
 * idempotent: a call of it that fails on the transport is resent to the next provider; any other
 * call that fails so is not resent, and the caller sees its failure.
 */
public final class ReroutedBookstore implements AutoCloseable {

  /** How long the client waits for a bookstore to accept its connection. */
  public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /**
   * How long the client waits for each part of a response, its body included: a bookstore that
   * stalls mid-response fails the call then, and the rerouting treats it as the transport failure
   * it is.
   */
  public static final Duration RECEIVE_TIMEOUT = Duration.ofSeconds(30);

  private final BrokerEndpointCandidates candidates;
  private final ReroutingFeature rerouting;
  private final BookstoreService client;

  private ReroutedBookstore(
      BrokerEndpointCandidates candidates, ReroutingFeature rerouting, BookstoreService client) {
    this.candidates = candidates;
    this.rerouting = rerouting;
    this.client = client;
  }

  /**
   * Asks the broker at {@code brokerAddress} (its base URL, e.g. {@code http://127.0.0.1:8090}) for
   * the bookstores that meet {@code requirement} and returns a client of the best, its exchanges
   * recorded in {@code log} and its reroutes counted in {@code registry}; the caller must close the
   * result, which closes the log with the client (its monitoring feature owns it). The broker is
   * asked once before this returns, then watched in the background (its changes arrive as it sees
   * them); while it named no bookstore, calls fail.
   */
  public static ReroutedBookstore connect(
      URI brokerAddress, QosRequirement requirement, QosLog log, MeterRegistry registry) {
    requireNonNull(brokerAddress, "brokerAddress");
    requireNonNull(requirement, "requirement");
    requireNonNull(log, "log");
    requireNonNull(registry, "registry");
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(BookstoreService.class);
    // snippet-start broker-demo-readme-rerouting
    BrokerClient broker = BrokerClient.builder(brokerAddress).build();
    BrokerEndpointCandidates candidates =
        BrokerEndpointCandidates.builder(broker).requirement(requirement).build();
    ReroutingFeature rerouting =
        ReroutingFeature.builder(candidates, "{http://wsqos.io/ns/bookstore/1}Bookstore", registry)
            .idempotent("getBookInfo")
            .build();
    factory.getFeatures().add(MonitoringFeature.builder().log(log).build());
    factory.getFeatures().add(rerouting);
    // snippet-end broker-demo-readme-rerouting
    try {
      BookstoreService client = factory.create(BookstoreService.class);
      ClientTimeouts.apply(ClientProxy.getClient(client), CONNECT_TIMEOUT, RECEIVE_TIMEOUT);
      return new ReroutedBookstore(candidates, rerouting, client);
    } catch (RuntimeException e) {
      rerouting.close();
      candidates.close();
      throw e;
    }
  }

  /** The bookstore: each call goes to the endpoint the rerouting holds current. */
  public BookstoreService client() {
    return client;
  }

  /** The rerouting: the current endpoint and what is known of each candidate. */
  public ReroutingFeature rerouting() {
    return rerouting;
  }

  /** Releases the client, then stops the rerouting's probes and the broker refreshes. */
  @Override
  public void close() {
    try {
      ClientProxy.getClient(client).destroy();
    } finally {
      rerouting.close();
      candidates.close();
    }
  }
}
