package io.wsqos.broker;

import static io.wsqos.broker.registry.ProviderCheck.ANY;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.testing.db.TestDatabase;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Broker instances on one fresh PostgreSQL schema, as registries and selectors that are closed (in
 * reverse order) with it, and the listening connections' sessions as PostgreSQL shows them.
 */
final class PostgresInstances implements AutoCloseable {

  /** A poll too slow to show anything while a test runs: what arrives came by notification. */
  static final Duration NO_POLL = Duration.ofMinutes(10);

  final TestDatabase database = TestDatabase.postgres();
  private final List<AutoCloseable> opened = new ArrayList<>();

  PostgresInstances() {
    Registry.builder().url(database.url(), database.user(), "").poolName("migrate").build().close();
  }

  /** A broker instance's registry; its listening connections are named after {@code name}. */
  Registry registry(String name) {
    Registry registry =
        Registry.builder()
            .url(database.url(), database.user(), "")
            .poolName(poolName(name))
            .migrate(false)
            .build();
    opened.add(registry);
    return registry;
  }

  /** A selector over {@code registry} that polls every {@code pollInterval}. */
  OfferSelector.Builder selector(Registry registry, Duration pollInterval) {
    return OfferSelector.builder(registry)
        .pollInterval(pollInterval)
        .staleAfter(pollInterval.multipliedBy(2));
  }

  OfferSelector open(OfferSelector.Builder builder) {
    OfferSelector selector = builder.build();
    opened.add(selector);
    return selector;
  }

  private String poolName(String name) {
    return name + "-" + database.schema();
  }

  /** The ids of the sessions listening for the changes of registry {@code name}. */
  List<Integer> listeners(String name) throws SQLException {
    try (Connection c = database.connect();
        PreparedStatement s =
            // PostgreSQL keeps the first 63 bytes of a name.
            c.prepareStatement(
                "SELECT pid FROM pg_stat_activity WHERE application_name = left(?, 63)")) {
      s.setString(1, "wsqos-broker-listener:" + poolName(name));
      List<Integer> pids = new ArrayList<>();
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          pids.add(r.getInt(1));
        }
      }
      return pids;
    }
  }

  /** Ends the sessions listening for the changes of registry {@code name}, as an operator may. */
  void terminateListeners(String name) throws SQLException {
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement("SELECT pg_terminate_backend(?)")) {
      for (int pid : listeners(name)) {
        s.setInt(1, pid);
        s.execute();
      }
    }
  }

  /** The live threads named {@code name}. */
  static long threads(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().equals(name))
        .count();
  }

  /** A provider named {@code provider} with an endpoint of the bookstore, through {@code r}. */
  static Endpoint endpoint(Registry r, Service bookstore, String provider) {
    Provider p = r.registerProvider(provider);
    return r.registerEndpoint(
        p.id(),
        bookstore.id(),
        URI.create("http://127.0.0.1:9000/" + p.id()),
        Set.of(Binding.SOAP_1_1),
        ANY);
  }

  static List<Long> offerIds(OfferSelector selector) {
    return selector
        .select(RegistryCompatibilityKit.BOOKSTORE, RegistryCompatibilityKit.ANYTHING)
        .candidates()
        .stream()
        .map(c -> c.offer().id())
        .toList();
  }

  static Offer publish(Registry r, Endpoint endpoint, String price) {
    return r.publishOffer(endpoint.id(), RegistryCompatibilityKit.terms(price).build(), ANY);
  }

  @Override
  public void close() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
    database.close();
  }
}
