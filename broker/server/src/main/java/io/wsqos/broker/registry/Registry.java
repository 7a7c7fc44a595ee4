package io.wsqos.broker.registry;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.core.Checks;
import io.wsqos.jdbc.Jdbc;
import io.wsqos.jdbc.JdbcMigrations;
import io.wsqos.jdbc.JdbcPool;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * The broker's registry of providers, services, endpoints and offers in H2 or PostgreSQL: the truth
 * that selections are indexed from. Every write is one transaction that also increments the
 * registry version, so that other broker instances on the same database notice it; values always go
 * through prepared statements and are stored verbatim. Lists are pages in id order, and ids are
 * taken in commit order, so that a reader paging on never misses a row committed meanwhile.
 *
 * <p>A write the database cannot take throws {@link RegistryUnavailableException} having written
 * nothing; a refused write throws the {@link io.wsqos.broker.api.BrokerException} that says why.
 * The registry owns a HikariCP pool that {@link #close()} closes, and migrates its tables with
 * Flyway when built (history table {@value #HISTORY_TABLE}).
 */
public final class Registry implements AutoCloseable {

  /** Default JDBC URL: an H2 database in the file {@code ./data/wsqos-broker.mv.db}. */
  public static final String DEFAULT_JDBC_URL = "jdbc:h2:file:./data/wsqos-broker";

  /** Flyway's history table for the broker, apart from other modules' migrations. */
  public static final String HISTORY_TABLE = "wsqos_broker_schema_history";

  /** Where the migrations live, on the class path. */
  public static final String MIGRATIONS = "classpath:db/migration/broker";

  /** Default name of the pool (also its threads' name prefix). */
  public static final String DEFAULT_POOL_NAME = "wsqos-broker-pool";

  /** Default size of the pool: writers, the index refresher and a migration side by side. */
  public static final int DEFAULT_MAX_POOL_SIZE = 4;

  /**
   * Default time a call waits for a connection before the database counts as unavailable: 2 s, so
   * that a write to a database that went away fails quickly instead of hanging its caller.
   */
  public static final Duration DEFAULT_CONNECTION_TIMEOUT = JdbcPool.DEFAULT_CONNECTION_TIMEOUT;

  /**
   * Default longest wait of one statement for a lock another transaction holds: 2 s, as long as a
   * call waits for a connection, so that a write stuck behind a lock (another instance's, an
   * operator's) fails as soon as a write to an unreachable database does, and frees its connection.
   */
  public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(2);

  /**
   * Default longest run of one statement: 10 s, far above the longest, the read of every offer when
   * an index loads the whole registry, and short enough that a hung database frees a connection.
   */
  public static final Duration DEFAULT_STATEMENT_TIMEOUT = Duration.ofSeconds(10);

  /**
   * Connections of the pool that writes never take, so that reads (pages, the index's refresh) are
   * answered while every writer waits on a lock.
   */
  public static final int CONNECTIONS_KEPT_FOR_READS = 1;

  /** SQLSTATE of a foreign key violation, on H2 and PostgreSQL alike. */
  private static final String FOREIGN_KEY_VIOLATION = "23503";

  /**
   * A condition on the provider of the endpoint a write is for, checked inside the write's
   * transaction: it throws to refuse the write, which then writes nothing.
   */
  @FunctionalInterface
  public interface ProviderCheck {

    /** Every provider passes. */
    ProviderCheck ANY = providerId -> {};

    /** Returns if provider {@code providerId} may make the write; throws otherwise. */
    void check(long providerId);
  }

  /** A registration of a change listener; closing it stops the calls. */
  public interface Subscription extends AutoCloseable {
    @Override
    void close();
  }

  /** Returns a builder for a registry in {@link #DEFAULT_JDBC_URL}. */
  public static Builder builder() {
    return new Builder();
  }

  private final HikariDataSource pool;
  private final Transactions transactions;

  private Registry(HikariDataSource pool, MeterRegistry meters) {
    this.pool = pool;
    this.transactions =
        new Transactions(
            pool,
            meters,
            pool.getJdbcUrl().startsWith("jdbc:postgresql:"),
            pool.getMaximumPoolSize() - CONNECTIONS_KEPT_FOR_READS,
            Duration.ofMillis(pool.getConnectionTimeout()));
  }

  // Providers.

  /**
   * Registers a provider named {@code name} (see {@link Provider} for the rules), without a token:
   * it cannot authenticate until {@link #replaceTokenHash} gives it one.
   *
   * @throws io.wsqos.broker.api.DuplicateException if the name is taken
   */
  public Provider registerProvider(String name) {
    Provider.checkName(name);
    return transactions.insert(
        "register provider",
        "provider name " + Checks.shown(name),
        Rows.PROVIDERS,
        (c, changed) ->
            new Provider(insert(c, "INSERT INTO broker_provider (name) VALUES (?)", name), name));
  }

  /**
   * Registers a provider named {@code name} that authenticates with the token whose SHA-256 is
   * {@code tokenHash} (64 lowercase hex digits).
   *
   * @throws io.wsqos.broker.api.DuplicateException if the name is taken
   */
  public Provider registerProvider(String name, String tokenHash) {
    Provider.checkName(name);
    checkTokenHash(tokenHash);
    return transactions.insert(
        "register provider",
        "provider name " + Checks.shown(name),
        Rows.PROVIDERS,
        (c, changed) -> {
          changed.tokens();
          return new Provider(
              insert(
                  c,
                  "INSERT INTO broker_provider (name, token_hash) VALUES (?, ?)",
                  name,
                  tokenHash),
              name);
        });
  }

  /**
   * Replaces the token hash of provider {@code id} with {@code tokenHash} (64 lowercase hex
   * digits): the old token stops working.
   *
   * @return the provider, read in the same transaction
   * @throws NotFoundException if there is no such provider
   */
  public Provider replaceTokenHash(long id, String tokenHash) {
    checkTokenHash(tokenHash);
    return transactions.write(
        "replace provider token",
        "",
        (c, changed) -> {
          changed.tokens();
          update(
              c,
              "provider",
              id,
              "UPDATE broker_provider SET token_hash = ? WHERE id = ?",
              tokenHash,
              id);
          return one(c, Rows.PROVIDERS, id).orElseThrow();
        });
  }

  /** The token hashes of every provider that has one, with the registry version. */
  public TokenHashes tokenHashes() {
    return transactions.snapshot(
        "read provider tokens",
        c -> {
          long version = version(c);
          Map<String, Long> ids = new HashMap<>();
          try (PreparedStatement s =
                  c.prepareStatement(
                      "SELECT token_hash, id FROM broker_provider WHERE token_hash IS NOT NULL");
              ResultSet r = s.executeQuery()) {
            while (r.next()) {
              ids.put(r.getString(1), r.getLong(2));
            }
          }
          return new TokenHashes(version, ids);
        });
  }

  private static void checkTokenHash(String tokenHash) {
    requireNonNull(tokenHash, "tokenHash");
    if (!tokenHash.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException(
          "tokenHash: " + tokenHash.length() + " characters (expected: 64 lowercase hex digits)");
    }
  }

  /** Renames provider {@code id}. */
  public Provider renameProvider(long id, String name) {
    Provider.checkName(name);
    return transactions.write(
        "rename provider",
        "provider name " + Checks.shown(name),
        (c, changed) -> {
          lockProviderAndItsEndpoints(c, id, changed);
          update(c, "provider", id, "UPDATE broker_provider SET name = ? WHERE id = ?", name, id);
          return new Provider(id, name);
        });
  }

  /** Removes provider {@code id} with its endpoints and their offers. */
  public void withdrawProvider(long id) {
    remove(
        Rows.PROVIDERS,
        id,
        (c, changed) -> {
          lockProviderAndItsEndpoints(c, id, changed);
          changed.tokens();
          return null;
        });
  }

  /** Provider {@code id}, if registered. */
  public Optional<Provider> provider(long id) {
    return get(Rows.PROVIDERS, id);
  }

  /** The providers with an id above {@code after}, at most {@code limit}, in id order. */
  public Page<Provider> providers(long after, int limit) {
    return page(Rows.PROVIDERS, after, limit);
  }

  // Services.

  /**
   * Registers the service of WSDL port type {@code portType} described at {@code wsdlLocation}.
   *
   * @throws io.wsqos.broker.api.DuplicateException if the port type is registered
   */
  public Service registerService(QName portType, URI wsdlLocation) {
    Service.checkPortType(portType);
    Service.checkWsdlLocation(wsdlLocation);
    return transactions.insert(
        "register service",
        "service port type " + Checks.shown(portType.toString()),
        Rows.SERVICES,
        (c, changed) ->
            new Service(
                insert(
                    c,
                    "INSERT INTO broker_service"
                        + " (port_type_namespace, port_type_local_part, wsdl_location)"
                        + " VALUES (?, ?, ?)",
                    portType.getNamespaceURI(),
                    portType.getLocalPart(),
                    wsdlLocation.toString()),
                portType,
                wsdlLocation));
  }

  /** Moves the WSDL of service {@code id} to {@code wsdlLocation}. */
  public Service updateService(long id, URI wsdlLocation) {
    Service.checkWsdlLocation(wsdlLocation);
    return transactions.write(
        "update service",
        "",
        (c, changed) -> {
          changed.service(id);
          update(
              c,
              "service",
              id,
              "UPDATE broker_service SET wsdl_location = ? WHERE id = ?",
              wsdlLocation.toString(),
              id);
          return one(c, Rows.SERVICES, id).orElseThrow();
        });
  }

  /** Removes service {@code id} with every provider's endpoints for it and their offers. */
  public void withdrawService(long id) {
    remove(
        Rows.SERVICES,
        id,
        (c, changed) -> {
          changed.service(id);
          return null;
        });
  }

  /** Service {@code id}, if registered. */
  public Optional<Service> service(long id) {
    return get(Rows.SERVICES, id);
  }

  /** The services with an id above {@code after}, at most {@code limit}, in id order. */
  public Page<Service> services(long after, int limit) {
    return page(Rows.SERVICES, after, limit);
  }

  // Endpoints.

  /**
   * Registers that provider {@code providerId} serves service {@code serviceId} at {@code address}
   * with {@code bindings}.
   *
   * @throws NotFoundException if the provider or the service is not registered
   * @throws io.wsqos.broker.api.DuplicateException if the service has an endpoint at {@code
   *     address}
   */
  public Endpoint registerEndpoint(
      long providerId, long serviceId, URI address, Set<Binding> bindings) {
    Endpoint.checkAddress(address);
    Set<Binding> checked = Endpoint.checkBindings(bindings);
    return transactions.insert(
        "register endpoint",
        "endpoint address " + Checks.shown(address.toString()) + " of service " + serviceId,
        Rows.ENDPOINTS,
        (c, changed) -> {
          exists(c, Rows.PROVIDERS, providerId);
          exists(c, Rows.SERVICES, serviceId);
          long id;
          try {
            id =
                insert(
                    c,
                    "INSERT INTO broker_endpoint (provider_id, service_id, address, bindings)"
                        + " VALUES (?, ?, ?, ?)",
                    providerId,
                    serviceId,
                    address.toString(),
                    Rows.bindings(checked));
          } catch (SQLException e) {
            // Withdrawn by a write that committed since the checks above.
            boolean provider =
                String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("provider");
            throw gone(e, provider ? "provider" : "service", provider ? providerId : serviceId);
          }
          return new Endpoint(id, providerId, serviceId, address, checked);
        });
  }

  /** Changes the address and bindings of endpoint {@code id}. */
  public Endpoint updateEndpoint(long id, URI address, Set<Binding> bindings) {
    return updateEndpoint(id, address, bindings, ProviderCheck.ANY);
  }

  /**
   * Changes the address and bindings of endpoint {@code id} if {@code check} passes its provider.
   */
  public Endpoint updateEndpoint(long id, URI address, Set<Binding> bindings, ProviderCheck check) {
    requireNonNull(check, "check");
    Endpoint.checkAddress(address);
    Set<Binding> checked = Endpoint.checkBindings(bindings);
    return transactions.write(
        "update endpoint",
        "endpoint address " + Checks.shown(address.toString()),
        (c, changed) -> {
          changed.service(endpointPlace(c, id, check).serviceId());
          update(
              c,
              "endpoint",
              id,
              "UPDATE broker_endpoint SET address = ?, bindings = ? WHERE id = ?",
              address.toString(),
              Rows.bindings(checked),
              id);
          return one(c, Rows.ENDPOINTS, id).orElseThrow();
        });
  }

  /** Removes endpoint {@code id} with its offers. */
  public void withdrawEndpoint(long id) {
    withdrawEndpoint(id, ProviderCheck.ANY);
  }

  /** Removes endpoint {@code id} with its offers if {@code check} passes its provider. */
  public void withdrawEndpoint(long id, ProviderCheck check) {
    requireNonNull(check, "check");
    remove(
        Rows.ENDPOINTS,
        id,
        (c, changed) -> {
          changed.service(endpointPlace(c, id, check).serviceId());
          return null;
        });
  }

  /** Endpoint {@code id}, if registered. */
  public Optional<Endpoint> endpoint(long id) {
    return get(Rows.ENDPOINTS, id);
  }

  /** The endpoints with an id above {@code after}, at most {@code limit}, in id order. */
  public Page<Endpoint> endpoints(long after, int limit) {
    return page(Rows.ENDPOINTS, after, limit);
  }

  // Offers.

  /**
   * Publishes an offer of {@code terms} for endpoint {@code endpointId}, at version 1.
   *
   * @throws NotFoundException if the endpoint is not registered
   */
  public Offer publishOffer(long endpointId, OfferTerms terms) {
    return publishOffer(endpointId, terms, ProviderCheck.ANY);
  }

  /**
   * Publishes an offer of {@code terms} for endpoint {@code endpointId}, at version 1, if {@code
   * check} passes the endpoint's provider.
   *
   * @throws NotFoundException if the endpoint is not registered
   */
  public Offer publishOffer(long endpointId, OfferTerms terms, ProviderCheck check) {
    requireNonNull(terms, "terms");
    requireNonNull(check, "check");
    return transactions.insert(
        "publish offer",
        "",
        Rows.OFFERS,
        (c, changed) -> {
          long service = endpointPlace(c, endpointId, check).serviceId();
          long id;
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO broker_offer (endpoint_id, version, "
                      + Rows.TERMS_COLUMNS
                      + ") VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  Statement.RETURN_GENERATED_KEYS)) {
            s.setLong(1, endpointId);
            Rows.bindTerms(s, 2, terms);
            s.executeUpdate();
            id = Jdbc.generatedId(s);
          } catch (SQLException e) {
            throw gone(e, "endpoint", endpointId); // withdrawn since the check above
          }
          changed.offer(service, id);
          return new Offer(id, endpointId, 1, terms);
        });
  }

  /**
   * Replaces the terms of offer {@code id}, which the caller read at {@code expectedVersion}; the
   * offer's version grows by one.
   *
   * @throws VersionConflictException if the offer is no longer at {@code expectedVersion}
   * @throws NotFoundException if there is no such offer
   */
  public Offer updateOffer(long id, long expectedVersion, OfferTerms terms) {
    return updateOffer(id, expectedVersion, terms, ProviderCheck.ANY);
  }

  /**
   * Replaces the terms of offer {@code id}, read at {@code expectedVersion}, if {@code check}
   * passes the provider of its endpoint; the offer's version grows by one.
   *
   * @throws VersionConflictException if the offer is no longer at {@code expectedVersion}
   * @throws NotFoundException if there is no such offer
   */
  public Offer updateOffer(long id, long expectedVersion, OfferTerms terms, ProviderCheck check) {
    requireNonNull(terms, "terms");
    requireNonNull(check, "check");
    return transactions.write(
        "update offer",
        "",
        (c, changed) -> {
          Place place = currentOffer(c, id, expectedVersion, check);
          changed.offer(place.serviceId(), id);
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE broker_offer SET version = version + 1, "
                      + Rows.TERMS_COLUMNS.replace(",", " = ?,")
                      + " = ? WHERE id = ? AND version = ?")) {
            Rows.bindTerms(s, 1, terms);
            s.setLong(Rows.TERMS_PARAMETERS + 1, id);
            s.setLong(Rows.TERMS_PARAMETERS + 2, expectedVersion);
            if (s.executeUpdate() != 1) {
              throw lostRace(c, id, expectedVersion);
            }
          }
          return new Offer(id, place.endpointId(), expectedVersion + 1, terms);
        });
  }

  /**
   * Withdraws offer {@code id}, which the caller read at {@code expectedVersion}.
   *
   * @throws VersionConflictException if the offer is no longer at {@code expectedVersion}
   * @throws NotFoundException if there is no such offer
   */
  public void withdrawOffer(long id, long expectedVersion) {
    withdrawOffer(id, expectedVersion, ProviderCheck.ANY);
  }

  /**
   * Withdraws offer {@code id}, read at {@code expectedVersion}, if {@code check} passes the
   * provider of its endpoint.
   *
   * @throws VersionConflictException if the offer is no longer at {@code expectedVersion}
   * @throws NotFoundException if there is no such offer
   */
  public void withdrawOffer(long id, long expectedVersion, ProviderCheck check) {
    requireNonNull(check, "check");
    transactions.write(
        "withdraw offer",
        "",
        (c, changed) -> {
          changed.offer(currentOffer(c, id, expectedVersion, check).serviceId(), id);
          try (PreparedStatement s =
              c.prepareStatement("DELETE FROM broker_offer WHERE id = ? AND version = ?")) {
            s.setLong(1, id);
            s.setLong(2, expectedVersion);
            if (s.executeUpdate() != 1) {
              throw lostRace(c, id, expectedVersion);
            }
          }
          return null;
        });
  }

  /** Offer {@code id}, if published. */
  public Optional<Offer> offer(long id) {
    return get(Rows.OFFERS, id);
  }

  /** The offers with an id above {@code after}, at most {@code limit}, in id order. */
  public Page<Offer> offers(long after, int limit) {
    return page(Rows.OFFERS, after, limit);
  }

  // The whole registry.

  /** The registry version: it grows with every write, through any instance. */
  public long version() {
    return transactions.read("read registry version", Registry::version);
  }

  /**
   * Every offer with its endpoint, provider and service, read in one transaction, and the registry
   * version they are at least as new as (read first in the same transaction).
   */
  public RegistrySnapshot snapshot() {
    return transactions.snapshot(
        "read registry",
        c -> {
          VersionRow row = versionRow(c);
          return new RegistrySnapshot(
              row.version(), row.tokensVersion(), candidates(c, "", OptionalLong.empty()));
        });
  }

  /**
   * What changed after registry version {@code since}, read in one transaction: the version now,
   * the services whose offers may all have changed, the offers that changed in other services, and
   * the offers of both as they are now. Empty when the registry no longer keeps its changes that
   * far back (it keeps those of the last {@link #pruneChanges} window) or its version went back:
   * read the whole {@link #snapshot()} then.
   */
  public Optional<RegistryChanges> changesSince(long since) {
    return transactions.snapshot(
        "read registry changes",
        c -> {
          VersionRow row = versionRow(c);
          long version = row.version();
          if (version < since || since + 1 < row.changesFrom()) {
            return Optional.empty();
          }
          Set<Long> services = new HashSet<>();
          Map<Long, Set<Long>> offers = new HashMap<>();
          if (version > since) {
            try (PreparedStatement s =
                c.prepareStatement(
                    "SELECT service_id, offer_id FROM broker_change WHERE version > ?")) {
              s.setLong(1, since);
              try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                  long offer = r.getLong(2);
                  if (r.wasNull()) {
                    services.add(r.getLong(1));
                  } else {
                    offers.computeIfAbsent(r.getLong(1), k -> new HashSet<>()).add(offer);
                  }
                }
              }
            }
          }
          offers.keySet().removeAll(services);
          List<Candidate> candidates = new ArrayList<>();
          if (!services.isEmpty()) {
            candidates.addAll(
                candidates(
                    c,
                    " WHERE e.service_id IN (SELECT service_id FROM broker_change"
                        + " WHERE version > ? AND offer_id IS NULL)",
                    OptionalLong.of(since)));
          }
          if (!offers.isEmpty()) {
            for (Candidate candidate :
                candidates(
                    c,
                    " WHERE o.id IN (SELECT offer_id FROM broker_change"
                        + " WHERE version > ? AND offer_id IS NOT NULL)",
                    OptionalLong.of(since))) {
              if (!services.contains(candidate.service().id())) {
                candidates.add(candidate);
              }
            }
          }
          return Optional.of(
              new RegistryChanges(version, row.tokensVersion(), services, offers, candidates));
        });
  }

  /**
   * Forgets the changes of registry versions up to {@code version}: {@link #changesSince} answers
   * only for later versions after this. Writes nothing else and moves no version; a no-op for a
   * version already forgotten.
   */
  public void pruneChanges(long version) {
    transactions.maintain(
        "prune registry changes",
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE broker_registry_version SET changes_from = ?"
                      + " WHERE id = 1 AND changes_from < ?")) {
            s.setLong(1, version + 1);
            s.setLong(2, version + 1);
            if (s.executeUpdate() == 0) {
              return null;
            }
          }
          try (PreparedStatement s =
              c.prepareStatement("DELETE FROM broker_change WHERE version <= ?")) {
            s.setLong(1, version);
            s.executeUpdate();
          }
          return null;
        });
  }

  /**
   * The offers, with their endpoints, providers and services, that {@code where} (empty, or a
   * clause on the aliases {@code o}, {@code e}, {@code p} and {@code s} with at most one parameter)
   * selects, in offer id order.
   */
  private static List<Candidate> candidates(Connection c, String where, OptionalLong parameter)
      throws SQLException {
    Map<Long, Provider> providers = new HashMap<>();
    Map<Long, Service> services = new HashMap<>();
    Map<Long, Endpoint> endpoints = new HashMap<>();
    List<Candidate> candidates = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT "
                + prefixed("o", Rows.OFFER_COLUMNS)
                + ", "
                + prefixed("e", Rows.ENDPOINT_COLUMNS)
                + ", "
                + prefixed("p", Rows.PROVIDER_COLUMNS)
                + ", "
                + prefixed("s", Rows.SERVICE_COLUMNS)
                + " FROM broker_offer o"
                + " JOIN broker_endpoint e ON e.id = o.endpoint_id"
                + " JOIN broker_provider p ON p.id = e.provider_id"
                + " JOIN broker_service s ON s.id = e.service_id"
                + where
                + " ORDER BY o.id")) {
      if (parameter.isPresent()) {
        s.setLong(1, parameter.getAsLong());
      }
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          // The same endpoint, provider and service objects for all their offers.
          Endpoint endpoint = endpoints.get(r.getLong(13));
          if (endpoint == null) {
            endpoint = Rows.endpoint(r, 13);
            endpoints.put(endpoint.id(), endpoint);
          }
          Provider provider = providers.get(r.getLong(18));
          if (provider == null) {
            provider = Rows.provider(r, 18);
            providers.put(provider.id(), provider);
          }
          Service service = services.get(r.getLong(20));
          if (service == null) {
            service = Rows.service(r, 20);
            services.put(service.id(), service);
          }
          candidates.add(new Candidate(provider, service, endpoint, Rows.offer(r, 1)));
        }
      }
    }
    return candidates;
  }

  /**
   * Calls {@code listener} after each write through this instance commits, on the writing thread;
   * it must return quickly. Writes through other instances are not reported: poll {@link
   * #version()} for those.
   */
  public Subscription onChange(Runnable listener) {
    requireNonNull(listener, "listener");
    transactions.addListener(listener);
    return () -> transactions.removeListener(listener);
  }

  /** Closes the pool. */
  @Override
  public void close() {
    pool.close();
  }

  @Override
  public String toString() {
    return "Registry[" + pool.getPoolName() + "]";
  }

  // Helpers, each used by several operations.

  /** The registry's version row. */
  private record VersionRow(long version, long changesFrom, long tokensVersion) {}

  private static VersionRow versionRow(Connection c) throws SQLException {
    try (PreparedStatement s =
            c.prepareStatement(
                "SELECT version, changes_from, tokens_version FROM broker_registry_version"
                    + " WHERE id = 1");
        ResultSet r = s.executeQuery()) {
      if (!r.next()) {
        throw new SQLException("the registry version row is missing: migrate the registry");
      }
      return new VersionRow(r.getLong(1), r.getLong(2), r.getLong(3));
    }
  }

  private static long version(Connection c) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(Transactions.READ_VERSION);
        ResultSet r = s.executeQuery()) {
      if (!r.next()) {
        throw new SQLException("the registry version row is missing: migrate the registry");
      }
      return r.getLong(1);
    }
  }

  private static long insert(Connection c, String sql, Object... parameters) throws SQLException {
    return Jdbc.insert(c, sql, parameters);
  }

  /** Runs an update or delete of the row {@code id} of {@code kind}, which must exist. */
  private static Void update(Connection c, String kind, long id, String sql, Object... parameters)
      throws SQLException {
    if (Jdbc.update(c, sql, parameters) == 0) {
      throw new NotFoundException(kind, id);
    }
    return null;
  }

  private static void exists(Connection c, Rows.Table<?> table, long id) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT 1 FROM " + table.name() + " WHERE id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          throw new NotFoundException(table.kind(), id);
        }
      }
    }
  }

  /** Where an offer or endpoint is: the endpoint, its service and its provider. */
  private record Place(long endpointId, long serviceId, long providerId) {}

  /**
   * Where offer {@code id} is, if it is at {@code expectedVersion}. A concurrent write can still
   * change it before this transaction does: the change is then conditioned on the version.
   */
  private static Place currentOffer(
      Connection c, long id, long expectedVersion, ProviderCheck check) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT o.endpoint_id, o.version, e.service_id, e.provider_id FROM broker_offer o"
                + " JOIN broker_endpoint e ON e.id = o.endpoint_id WHERE o.id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          throw new NotFoundException("offer", id);
        }
        long version = r.getLong(2);
        Place place = new Place(r.getLong(1), r.getLong(3), r.getLong(4));
        check.check(place.providerId());
        if (version != expectedVersion) {
          throw new VersionConflictException(id, expectedVersion, version);
        }
        return place;
      }
    }
  }

  private <T> Optional<T> get(Rows.Table<T> table, long id) {
    return transactions.read("read " + table.kind(), c -> one(c, table, id));
  }

  /**
   * Deletes row {@code id} of {@code table} after {@code before}, which records what it changes.
   */
  private void remove(Rows.Table<?> table, long id, Transactions.Write<Void> before) {
    transactions.write(
        "withdraw " + table.kind(),
        "",
        (c, changed) -> {
          before.run(c, changed);
          return update(c, table.kind(), id, "DELETE FROM " + table.name() + " WHERE id = ?", id);
        });
  }

  /**
   * Where endpoint {@code id} is, once {@code check} passed its provider (an endpoint changes
   * neither its service nor its provider).
   */
  private static Place endpointPlace(Connection c, long id, ProviderCheck check)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT service_id, provider_id FROM broker_endpoint WHERE id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          throw new NotFoundException("endpoint", id);
        }
        Place place = new Place(id, r.getLong(1), r.getLong(2));
        check.check(place.providerId());
        return place;
      }
    }
  }

  /**
   * Locks provider {@code id} until the transaction ends, so that no endpoint is added for it
   * meanwhile (an endpoint's foreign key check takes a lock on it that this one excludes), and adds
   * the services of its endpoints to {@code changed}.
   */
  private static void lockProviderAndItsEndpoints(
      Connection c, long id, Transactions.Changes changed) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT id FROM broker_provider WHERE id = ? FOR UPDATE")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          throw new NotFoundException("provider", id);
        }
      }
    }
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT DISTINCT service_id FROM broker_endpoint WHERE provider_id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          changed.service(r.getLong(1));
        }
      }
    }
  }

  /**
   * Throws the {@link NotFoundException} of the {@code kind} row {@code id} if {@code e} is a
   * foreign key violation (the row was withdrawn after this write checked it); else returns {@code
   * e} for the caller to throw.
   */
  private static SQLException gone(SQLException e, String kind, long id) {
    if (FOREIGN_KEY_VIOLATION.equals(e.getSQLState())) {
      throw new NotFoundException(kind, id);
    }
    return e;
  }

  /**
   * Why offer {@code id}, found at {@code expectedVersion} earlier in this transaction, was not
   * changed by a statement conditioned on that version: a write that committed meanwhile changed or
   * withdrew it (read again, as the database's read committed isolation lets a new statement).
   */
  private static RuntimeException lostRace(Connection c, long id, long expectedVersion)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT version FROM broker_offer WHERE id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        return r.next()
            ? new VersionConflictException(id, expectedVersion, r.getLong(1))
            : new NotFoundException("offer", id);
      }
    }
  }

  private static <T> Optional<T> one(Connection c, Rows.Table<T> table, long id)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(table.select() + " WHERE id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        return r.next() ? Optional.of(table.mapper().map(r, 1)) : Optional.empty();
      }
    }
  }

  private <T> Page<T> page(Rows.Table<T> table, long after, int limit) {
    Page.checkAfter(after);
    Page.checkLimit(limit);
    return transactions.read(
        "list " + table.kind() + "s",
        c -> {
          List<T> items = new ArrayList<>();
          boolean more;
          // One row beyond the page says whether another page follows.
          try (PreparedStatement s =
              c.prepareStatement(
                  table.select() + " WHERE id > ? ORDER BY id FETCH FIRST ? ROWS ONLY")) {
            s.setLong(1, after);
            s.setInt(2, limit + 1);
            try (ResultSet r = s.executeQuery()) {
              while (items.size() < limit && r.next()) {
                items.add(table.mapper().map(r, 1));
              }
              more = r.next();
            }
          }
          OptionalLong next =
              more
                  ? OptionalLong.of(table.id().applyAsLong(items.get(items.size() - 1)))
                  : OptionalLong.empty();
          return new Page<>(items, next);
        });
  }

  private static String prefixed(String alias, String columns) {
    return alias + "." + columns.replace(", ", ", " + alias + ".");
  }

  /** Configures a {@link Registry}. */
  public static final class Builder {
    private final JdbcPool.Builder pool =
        JdbcPool.builder(DEFAULT_JDBC_URL)
            .poolName(DEFAULT_POOL_NAME)
            .maxPoolSize(DEFAULT_MAX_POOL_SIZE)
            .minIdle(1)
            .lockTimeout(DEFAULT_LOCK_TIMEOUT)
            .statementTimeout(DEFAULT_STATEMENT_TIMEOUT);
    private boolean migrate = true;
    private MeterRegistry meterRegistry = new CompositeMeterRegistry();

    private Builder() {}

    /**
     * Where the registry counts its writes ({@code wsqos.broker.writes}, tagged by operation and
     * outcome: ok, duplicate, not-found, conflict, unavailable, error) and the calls the database
     * did not answer ({@code wsqos.broker.database.errors}); default a registry that keeps nothing.
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * The database, default {@link #DEFAULT_JDBC_URL}; e.g. {@code
     * jdbc:postgresql://db:5432/broker} for a registry several broker instances share. An H2 URL
     * that does not set {@code DB_CLOSE_ON_EXIT} gets {@code DB_CLOSE_ON_EXIT=FALSE}, so that H2's
     * shutdown hook does not close the database under a write in progress; it closes with the pool.
     * An H2 file URL that does not set {@code WRITE_DELAY} gets {@code WRITE_DELAY=0}, so that a
     * write is in the file when it returns and survives the process being killed ({@link
     * JdbcPool#effectiveUrl}).
     *
     * @throws IllegalArgumentException if {@code jdbcUrl} does not start with {@code jdbc:}
     */
    public Builder url(String jdbcUrl, String user, String password) {
      pool.url(jdbcUrl).credentials(user, password);
      return this;
    }

    /** Name of the pool, default {@value #DEFAULT_POOL_NAME}; its threads are named after it. */
    public Builder poolName(String poolName) {
      pool.poolName(poolName);
      return this;
    }

    /**
     * The most connections, {@code 2..100}, default {@value #DEFAULT_MAX_POOL_SIZE}; writes take at
     * most all but {@value #CONNECTIONS_KEPT_FOR_READS}.
     */
    public Builder maxPoolSize(int maxPoolSize) {
      if (maxPoolSize < 2 || maxPoolSize > 100) {
        throw new IllegalArgumentException("maxPoolSize: " + maxPoolSize + " (expected: 2..100)");
      }
      pool.maxPoolSize(maxPoolSize);
      return this;
    }

    /**
     * How long a call waits for a connection (a write also for its turn among the writers) before
     * it fails with {@link RegistryUnavailableException}: 250 ms to 1 minute, default 2 s.
     */
    public Builder connectionTimeout(Duration connectionTimeout) {
      pool.connectionTimeout(connectionTimeout);
      return this;
    }

    /**
     * How long one statement waits for a lock another transaction holds before the call fails with
     * {@link RegistryUnavailableException}, having written nothing: 10 ms up to the statement
     * timeout, default {@link #DEFAULT_LOCK_TIMEOUT}.
     */
    public Builder lockTimeout(Duration lockTimeout) {
      pool.lockTimeout(lockTimeout);
      return this;
    }

    /**
     * How long one statement runs before the database cancels it and the call fails with {@link
     * RegistryUnavailableException}: 100 ms to 24 hours, default {@link
     * #DEFAULT_STATEMENT_TIMEOUT}.
     */
    public Builder statementTimeout(Duration statementTimeout) {
      pool.statementTimeout(statementTimeout);
      return this;
    }

    /** Whether to create or upgrade the tables with Flyway when built, default true. */
    public Builder migrate(boolean migrate) {
      this.migrate = migrate;
      return this;
    }

    /**
     * Connects and migrates the tables.
     *
     * @throws RegistryUnavailableException if the database cannot be reached; the pool is closed
     *     again
     * @throws IllegalArgumentException if the lock timeout exceeds the statement timeout
     */
    public Registry build() {
      HikariDataSource built;
      try {
        built = pool.build();
      } catch (IllegalArgumentException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new RegistryUnavailableException("connect to " + pool.url(), e);
      }
      try {
        if (migrate) {
          JdbcMigrations.migrate(built, MIGRATIONS, HISTORY_TABLE);
        }
        return new Registry(built, meterRegistry);
      } catch (RuntimeException e) {
        built.close();
        throw e;
      }
    }
  }
}
