package io.wsqos.broker.registry;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Client;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Measurement;
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
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
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
 * Every write of a provider's rows (the provider, its endpoints, their offers) asks a {@link
 * ProviderCheck} about that provider inside its transaction. The registry owns a HikariCP pool that
 * {@link #close()} closes, and migrates its tables with Flyway when built (history table {@value
 * #HISTORY_TABLE}).
 *
 * <p>This class is the facade: the SQL and row mapping of each table are in a class of its own
 * ({@code ProviderRows}, {@code ServiceRows}, {@code EndpointRows}, {@code OfferRows}), the version
 * row and the changes in {@code ChangeFeed}, and transactions in {@code Transactions}.
 */
public final class Registry implements AutoCloseable {

  /** Default JDBC URL: an H2 database in the file {@code ./data/wsqos-broker.mv.db}. */
  public static final String DEFAULT_JDBC_URL = "jdbc:h2:file:./data/wsqos-broker";

  /** Flyway's history table for the broker, apart from other modules' migrations. */
  public static final String HISTORY_TABLE = "wsqos_broker_schema_history";

  /**
   * Where the migrations live, on the class path: in the module's own package, not under Flyway's
   * default {@code db/migration}, which an application's own Flyway scans, subfolders included.
   */
  public static final String MIGRATIONS = "classpath:io/wsqos/broker/registry/db/broker-registry";

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

  /**
   * The longest wait between two attempts to reopen a broken {@link #listen listening} connection.
   */
  public static final Duration MAX_LISTENER_RETRY = Duration.ofSeconds(10);

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
  private final boolean postgres;

  private Registry(HikariDataSource pool, MeterRegistry meters) {
    this.pool = pool;
    this.postgres = pool.getJdbcUrl().startsWith("jdbc:postgresql:");
    this.transactions =
        new Transactions(
            pool,
            meters,
            postgres,
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
    return insertProvider(name, null);
  }

  /**
   * Registers a provider named {@code name} that authenticates with the token whose SHA-256 is
   * {@code tokenHash} (64 lowercase hex digits).
   *
   * @throws io.wsqos.broker.api.DuplicateException if the name is taken
   */
  public Provider registerProvider(String name, String tokenHash) {
    return insertProvider(name, checkTokenHash(tokenHash));
  }

  private Provider insertProvider(String name, String tokenHash) {
    Provider.checkName(name);
    return transactions.insert(
        "register provider",
        "provider name " + Checks.shown(name),
        ProviderRows.TABLE,
        (c, changed) -> {
          if (tokenHash != null) {
            changed.tokens();
          }
          return ProviderRows.insert(c, name, tokenHash);
        });
  }

  /**
   * Replaces the token hash of provider {@code id} with {@code tokenHash} (64 lowercase hex digits)
   * if {@code check} passes it: the old token stops working.
   *
   * @return the provider, read in the same transaction
   * @throws NotFoundException if there is no such provider
   */
  public Provider replaceTokenHash(long id, String tokenHash, ProviderCheck check) {
    checkTokenHash(tokenHash);
    requireNonNull(check, "check");
    return transactions.write(
        "replace provider token",
        "",
        (c, changed) -> {
          check.check(id);
          changed.tokens();
          return ProviderRows.replaceTokenHash(c, id, tokenHash);
        });
  }

  /** The token hashes of every provider that has one and of every client, with the version. */
  public TokenHashes tokenHashes() {
    return transactions.snapshot(
        "read provider tokens",
        c ->
            new TokenHashes(
                ChangeFeed.version(c), ProviderRows.tokenHashes(c), ClientRows.tokenHashes(c)));
  }

  private static String checkTokenHash(String tokenHash) {
    requireNonNull(tokenHash, "tokenHash");
    if (!tokenHash.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException(
          "tokenHash: " + tokenHash.length() + " characters (expected: 64 lowercase hex digits)");
    }
    return tokenHash;
  }

  /**
   * Renames provider {@code id} if {@code check} passes it.
   *
   * @throws NotFoundException if there is no such provider
   * @throws io.wsqos.broker.api.DuplicateException if the name is taken
   */
  public Provider renameProvider(long id, String name, ProviderCheck check) {
    Provider.checkName(name);
    requireNonNull(check, "check");
    return transactions.write(
        "rename provider",
        "provider name " + Checks.shown(name),
        (c, changed) -> {
          lockProvider(c, id, check, changed);
          return ProviderRows.rename(c, id, name);
        });
  }

  /**
   * Removes provider {@code id} with its endpoints and their offers, if {@code check} passes it.
   */
  public void withdrawProvider(long id, ProviderCheck check) {
    requireNonNull(check, "check");
    transactions.write(
        "withdraw provider",
        "",
        (c, changed) -> {
          lockProvider(c, id, check, changed);
          changed.tokens();
          ProviderRows.TABLE.delete(c, id);
          return null;
        });
  }

  /**
   * Locks provider {@code id} until the transaction ends, so that no endpoint is added for it
   * meanwhile, checks it, and adds the services of its endpoints to {@code changed}.
   */
  private static void lockProvider(
      Connection c, long id, ProviderCheck check, ChangeFeed.Changes changed) throws SQLException {
    ProviderRows.lock(c, id);
    check.check(id);
    EndpointRows.servicesOf(c, id).forEach(changed::service);
  }

  /** Provider {@code id}, if registered. */
  public Optional<Provider> provider(long id) {
    return get(ProviderRows.TABLE, id);
  }

  /** The providers with an id above {@code after}, at most {@code limit}, in id order. */
  public Page<Provider> providers(long after, int limit) {
    return page(ProviderRows.TABLE, after, limit);
  }

  // Services: no provider's rows, so their writes take no check.

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
        ServiceRows.TABLE,
        (c, changed) -> ServiceRows.insert(c, portType, wsdlLocation));
  }

  /**
   * Moves the WSDL of service {@code id} to {@code wsdlLocation}.
   *
   * @throws NotFoundException if there is no such service
   */
  public Service updateService(long id, URI wsdlLocation) {
    Service.checkWsdlLocation(wsdlLocation);
    return transactions.write(
        "update service",
        "",
        (c, changed) -> {
          changed.service(id);
          return ServiceRows.move(c, id, wsdlLocation);
        });
  }

  /** Removes service {@code id} with every provider's endpoints for it and their offers. */
  public void withdrawService(long id) {
    transactions.write(
        "withdraw service",
        "",
        (c, changed) -> {
          changed.service(id);
          ServiceRows.TABLE.delete(c, id);
          return null;
        });
  }

  /** Service {@code id}, if registered. */
  public Optional<Service> service(long id) {
    return get(ServiceRows.TABLE, id);
  }

  /** The services with an id above {@code after}, at most {@code limit}, in id order. */
  public Page<Service> services(long after, int limit) {
    return page(ServiceRows.TABLE, after, limit);
  }

  // Endpoints.

  /**
   * Registers that provider {@code providerId} serves service {@code serviceId} at {@code address}
   * with {@code bindings}, if {@code check} passes the provider.
   *
   * @throws NotFoundException if the provider or the service is not registered
   * @throws io.wsqos.broker.api.DuplicateException if the service has an endpoint at {@code
   *     address}
   */
  public Endpoint registerEndpoint(
      long providerId, long serviceId, URI address, Set<Binding> bindings, ProviderCheck check) {
    Endpoint.checkAddress(address);
    Set<Binding> checked = Endpoint.checkBindings(bindings);
    requireNonNull(check, "check");
    return transactions.insert(
        "register endpoint",
        "endpoint address " + Checks.shown(address.toString()) + " of service " + serviceId,
        EndpointRows.TABLE,
        (c, changed) -> {
          check.check(providerId);
          return EndpointRows.insert(c, providerId, serviceId, address, checked);
        });
  }

  /**
   * Changes the address and bindings of endpoint {@code id} if {@code check} passes its provider.
   *
   * @throws NotFoundException if there is no such endpoint
   */
  public Endpoint updateEndpoint(long id, URI address, Set<Binding> bindings, ProviderCheck check) {
    requireNonNull(check, "check");
    Endpoint.checkAddress(address);
    Set<Binding> checked = Endpoint.checkBindings(bindings);
    return transactions.write(
        "update endpoint",
        "endpoint address " + Checks.shown(address.toString()),
        (c, changed) -> {
          changed.service(EndpointRows.place(c, id, check).serviceId());
          return EndpointRows.move(c, id, address, checked);
        });
  }

  /** Removes endpoint {@code id} with its offers if {@code check} passes its provider. */
  public void withdrawEndpoint(long id, ProviderCheck check) {
    requireNonNull(check, "check");
    transactions.write(
        "withdraw endpoint",
        "",
        (c, changed) -> {
          changed.service(EndpointRows.place(c, id, check).serviceId());
          EndpointRows.TABLE.delete(c, id);
          return null;
        });
  }

  /** Endpoint {@code id}, if registered. */
  public Optional<Endpoint> endpoint(long id) {
    return get(EndpointRows.TABLE, id);
  }

  /** The endpoints with an id above {@code after}, at most {@code limit}, in id order. */
  public Page<Endpoint> endpoints(long after, int limit) {
    return page(EndpointRows.TABLE, after, limit);
  }

  // Offers.

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
        OfferRows.TABLE,
        (c, changed) -> {
          long service = EndpointRows.place(c, endpointId, check).serviceId();
          Offer offer = OfferRows.insert(c, endpointId, terms);
          changed.offer(service, offer.id());
          return offer;
        });
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
          Place place = OfferRows.place(c, id, expectedVersion, check);
          changed.offer(place.serviceId(), id);
          OfferRows.update(c, id, expectedVersion, terms);
          return new Offer(id, place.endpointId(), expectedVersion + 1, terms);
        });
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
          changed.offer(OfferRows.place(c, id, expectedVersion, check).serviceId(), id);
          OfferRows.delete(c, id, expectedVersion);
          return null;
        });
  }

  /** Offer {@code id}, if published. */
  public Optional<Offer> offer(long id) {
    return get(OfferRows.TABLE, id);
  }

  /** The offers with an id above {@code after}, at most {@code limit}, in id order. */
  public Page<Offer> offers(long after, int limit) {
    return page(OfferRows.TABLE, after, limit);
  }

  private <T> Optional<T> get(Table<T> table, long id) {
    return transactions.read("read " + table.kind(), c -> table.one(c, id));
  }

  private <T> Page<T> page(Table<T> table, long after, int limit) {
    Page.checkAfter(after);
    Page.checkLimit(limit);
    return transactions.read("list " + table.kind() + "s", c -> table.page(c, after, limit));
  }

  // The whole registry.

  // Clients and measurements.

  /**
   * Registers a client named {@code name} that authenticates with the token whose SHA-256 is {@code
   * tokenHash} (64 lowercase hex digits).
   *
   * @throws io.wsqos.broker.api.DuplicateException if the name is taken
   */
  public Client registerClient(String name, String tokenHash) {
    Provider.checkName(name);
    checkTokenHash(tokenHash);
    return transactions.insert(
        "register client",
        "client name " + Checks.shown(name),
        ClientRows.TABLE,
        (c, changed) -> {
          changed.tokens();
          return ClientRows.insert(c, name, tokenHash);
        });
  }

  /**
   * Withdraws client {@code id}: its token stops working.
   *
   * @throws NotFoundException if there is no such client
   */
  public void withdrawClient(long id) {
    transactions.write(
        "withdraw client",
        "",
        (c, changed) -> {
          changed.tokens();
          ClientRows.TABLE.delete(c, id);
          return null;
        });
  }

  /** Client {@code id}. */
  public Optional<Client> client(long id) {
    return get(ClientRows.TABLE, id);
  }

  /**
   * The key, 32 bytes, that signs the receipts of selections, the same for every broker on this
   * database: the first call on a new database makes it from {@code random}.
   */
  public byte[] receiptKey(SecureRandom random) {
    byte[] candidate = new byte[32];
    random.nextBytes(candidate);
    String hex = HexFormat.of().formatHex(candidate);
    return transactions.maintain(
        "read the receipt key",
        c -> {
          Jdbc.update(
              c,
              "UPDATE broker_secret SET receipt_key = ? WHERE id = 1 AND receipt_key IS NULL",
              hex);
          try (PreparedStatement s =
                  c.prepareStatement("SELECT receipt_key FROM broker_secret WHERE id = 1");
              ResultSet r = s.executeQuery()) {
            if (!r.next() || r.getString(1) == null) {
              throw new SQLException("the broker_secret row is missing: migrate the registry");
            }
            return HexFormat.of().parseHex(r.getString(1).trim());
          }
        });
  }

  /**
   * Keeps {@code measurement} of offer {@code offerId} by {@code reporter}, received at {@code
   * now}, if {@code check} passes the offer's provider, and evaluates the offer's window by {@code
   * rule}: the reports received within the window count, older ones are deleted. Every broker's
   * selections see the result at the next index refresh.
   *
   * @return what the window's reports say of the offer now
   * @throws NotFoundException if there is no such offer
   */
  public MeasuredQos reportMeasurement(
      long offerId,
      Reporter reporter,
      Measurement measurement,
      QualityRule rule,
      ProviderCheck check,
      Instant now) {
    requireNonNull(reporter, "reporter");
    requireNonNull(measurement, "measurement");
    requireNonNull(rule, "rule");
    requireNonNull(check, "check");
    long nowMillis = now.toEpochMilli();
    long since = nowMillis - rule.window().toMillis();
    return transactions.write(
        "report measurement",
        "",
        (c, changed) -> {
          MeasurementRows.Target target = MeasurementRows.target(c, offerId);
          check.check(target.providerId());
          MeasurementRows.insert(c, offerId, reporter, measurement, nowMillis);
          MeasurementRows.forget(c, offerId, since);
          MeasuredQos quality =
              rule.evaluate(
                  MeasurementRows.window(c, offerId, since),
                  target.availability(),
                  target.maxResponseTimeMillis(),
                  now);
          MeasurementRows.replaceQuality(c, offerId, quality);
          changed.offer(target.serviceId(), offerId);
          return quality;
        });
  }

  /** What the last report's window said of offer {@code offerId}, if it had any report. */
  public Optional<MeasuredQos> measuredQos(long offerId) {
    return transactions.read(
        "read measured QoS",
        c ->
            Optional.ofNullable(
                MeasurementRows.quality(c, " WHERE o.id = ?", OptionalLong.of(offerId))
                    .get(offerId)));
  }

  /** The registry version: it grows with every write, through any instance. */
  public long version() {
    return transactions.read("read registry version", ChangeFeed::version);
  }

  /**
   * Every offer with its endpoint, provider and service, read in one transaction, and the registry
   * version they are at least as new as (read first in the same transaction).
   */
  public RegistrySnapshot snapshot() {
    return transactions.snapshot("read registry", ChangeFeed::snapshot);
  }

  /**
   * What changed after registry version {@code since}, read in one transaction: the version now,
   * the services whose offers may all have changed, the offers that changed in other services, and
   * the offers of both as they are now. Empty when the registry no longer keeps its changes that
   * far back (it keeps those of the last {@link #pruneChanges} window) or its version went back:
   * read the whole {@link #snapshot()} then.
   */
  public Optional<RegistryChanges> changesSince(long since) {
    return transactions.snapshot("read registry changes", c -> ChangeFeed.since(c, since));
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
          ChangeFeed.prune(c, version);
          return null;
        });
  }

  /**
   * Calls {@code listener} after each write through this instance commits, on the writing thread;
   * it must return quickly. Writes through other instances are not reported: {@link #listen} for
   * them on PostgreSQL, or poll {@link #version()}.
   */
  public Subscription onChange(Runnable listener) {
    requireNonNull(listener, "listener");
    transactions.addListener(listener);
    return () -> transactions.removeListener(listener);
  }

  /**
   * On PostgreSQL, starts listening for the writes committed through every registry on this
   * database and schema, this one's included: a connection apart from the pool, opened with the
   * registry's URL and credentials ({@code application_name} {@code wsqos-broker-listener:<pool
   * name>}), waits for the notification each write sends at commit, on a daemon thread named
   * {@value PostgresListener#THREAD_NAME} that calls {@code listener}. A connection that breaks is
   * reopened after {@code firstRetry}, the wait doubling with each failed attempt up to 10 s; the
   * outage is logged once. Closing the subscription stops the thread and closes the connection.
   *
   * <p>Empty on H2, which has no notifications: poll {@link #version()}.
   *
   * @param firstRetry the wait before reopening a broken connection: 10 ms to 10 s
   */
  public Optional<Subscription> listen(CommitListener listener, Duration firstRetry) {
    requireNonNull(listener, "listener");
    requireNonNull(firstRetry, "firstRetry");
    if (firstRetry.compareTo(Duration.ofMillis(10)) < 0
        || firstRetry.compareTo(MAX_LISTENER_RETRY) > 0) {
      throw new IllegalArgumentException(
          "firstRetry: " + firstRetry + " (expected: 10 ms to 10 s)");
    }
    if (!postgres) {
      return Optional.empty();
    }
    // The only use of PostgresListener (but for constants the compiler copies), so that H2 users
    // never load it nor the driver's types.
    return Optional.of(
        PostgresListener.start(
            pool.getJdbcUrl(),
            pool.getUsername(),
            pool.getPassword(),
            PostgresListener.THREAD_NAME + ":" + pool.getPoolName(),
            Duration.ofMillis(pool.getConnectionTimeout()),
            listener,
            firstRetry));
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
     * @throws IllegalStateException if, when migrating, the database holds the registry of an
     *     earlier development version, whose migrations were squashed since (start on a fresh one)
     */
    public Registry build() {
      HikariDataSource built;
      try {
        built = pool.build();
      } catch (IllegalArgumentException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new RegistryUnavailableException("connect to " + pool.shownUrl(), e);
      }
      try {
        if (migrate) {
          EarlierSchema.refuse(built, pool.shownUrl(), HISTORY_TABLE);
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
