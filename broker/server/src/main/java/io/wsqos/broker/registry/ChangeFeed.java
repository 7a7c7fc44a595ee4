package io.wsqos.broker.registry;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Service;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The one-row table {@code broker_registry_version} and table {@code broker_change}: the version
 * every write increments, what each version changed, and the offers as readers that follow the
 * registry by version read them (all at once, or those changed since a version).
 */
final class ChangeFeed {

  /** What a write changes for readers that follow the registry by version; filled by the write. */
  static final class Changes {
    private final Set<Long> services = new HashSet<>();
    private final Map<Long, Long> offers = new HashMap<>();
    private boolean tokens;

    /** Any offer of service {@code id} may change (or the service goes). */
    void service(long id) {
      services.add(id);
    }

    /** Offer {@code offerId} of service {@code serviceId} changes, comes or goes. */
    void offer(long serviceId, long offerId) {
      offers.put(offerId, serviceId);
    }

    /** A provider's token changes (or the provider goes). */
    void tokens() {
      tokens = true;
    }
  }

  /** The version row. */
  private record VersionRow(long version, long changesFrom, long tokensVersion) {}

  private static final String VERSION_TABLE = "broker_registry_version";

  private static final String MISSING = "the registry version row is missing: migrate the registry";

  private static final String RECORD_CHANGE =
      "INSERT INTO broker_change (version, service_id, offer_id) SELECT version,"
          + " CAST(? AS BIGINT), CAST(? AS BIGINT) FROM "
          + VERSION_TABLE
          + " WHERE id = 1";

  /** The columns of a candidate, in this order: its offer, endpoint, provider and service. */
  private static final String CANDIDATE_COLUMNS =
      String.join(
          ", ",
          OfferRows.COLUMNS.list("o"),
          EndpointRows.COLUMNS.list("e"),
          ProviderRows.COLUMNS.list("p"),
          ServiceRows.COLUMNS.list("s"));

  private static final int OFFER_AT = 1;
  private static final int ENDPOINT_AT = OFFER_AT + OfferRows.COLUMNS.size();
  private static final int PROVIDER_AT = ENDPOINT_AT + EndpointRows.COLUMNS.size();
  private static final int SERVICE_AT = PROVIDER_AT + ProviderRows.COLUMNS.size();

  private ChangeFeed() {}

  /** Increments the registry version: a write's lock on the version row. */
  static void bumpVersion(Connection c) throws SQLException {
    try (PreparedStatement bump =
        c.prepareStatement("UPDATE " + VERSION_TABLE + " SET version = version + 1 WHERE id = 1")) {
      if (bump.executeUpdate() != 1) {
        throw new SQLException(MISSING);
      }
    }
  }

  /**
   * Increments the registry version and, in the same statement, notifies channel {@value
   * PostgresListener#CHANNEL} of the new version and the schema ({@code <schema> <version>});
   * PostgreSQL only. PostgreSQL delivers the notification when the transaction commits, and not at
   * all when it rolls back.
   */
  static void bumpVersionAndNotify(Connection c) throws SQLException {
    try (PreparedStatement bump =
            c.prepareStatement(
                "WITH bumped AS (UPDATE "
                    + VERSION_TABLE
                    + " SET version = version + 1 WHERE id = 1 RETURNING version)"
                    + " SELECT pg_notify('"
                    + PostgresListener.CHANNEL
                    + "', current_schema() || ' ' || version) FROM bumped");
        ResultSet r = bump.executeQuery()) {
      if (!r.next()) {
        throw new SQLException(MISSING);
      }
    }
  }

  /** Records {@code changed} at the version this transaction moved the registry to. */
  static void record(Connection c, Changes changed) throws SQLException {
    if (changed.tokens) {
      try (PreparedStatement tokens =
          c.prepareStatement(
              "UPDATE " + VERSION_TABLE + " SET tokens_version = version WHERE id = 1")) {
        tokens.executeUpdate();
      }
    }
    int rows = changed.services.size() + changed.offers.size();
    if (rows == 0) {
      return;
    }
    try (PreparedStatement record = c.prepareStatement(RECORD_CHANGE)) {
      for (long service : changed.services) {
        record.setLong(1, service);
        record.setNull(2, Types.BIGINT);
        addOrRun(record, rows);
      }
      for (Map.Entry<Long, Long> offer : changed.offers.entrySet()) {
        record.setLong(1, offer.getValue());
        record.setLong(2, offer.getKey());
        addOrRun(record, rows);
      }
      if (rows > 1) {
        record.executeBatch();
      }
    }
  }

  private static void addOrRun(PreparedStatement record, int rows) throws SQLException {
    if (rows == 1) {
      record.executeUpdate();
    } else {
      record.addBatch();
    }
  }

  /** The registry version. */
  static long version(Connection c) throws SQLException {
    try (PreparedStatement s =
            c.prepareStatement("SELECT version FROM " + VERSION_TABLE + " WHERE id = 1");
        ResultSet r = s.executeQuery()) {
      if (!r.next()) {
        throw new SQLException(MISSING);
      }
      return r.getLong(1);
    }
  }

  private static VersionRow versionRow(Connection c) throws SQLException {
    try (PreparedStatement s =
            c.prepareStatement(
                "SELECT version, changes_from, tokens_version FROM "
                    + VERSION_TABLE
                    + " WHERE id = 1");
        ResultSet r = s.executeQuery()) {
      if (!r.next()) {
        throw new SQLException(MISSING);
      }
      return new VersionRow(r.getLong(1), r.getLong(2), r.getLong(3));
    }
  }

  /** Every offer with its endpoint, provider and service; in a snapshot transaction. */
  static RegistrySnapshot snapshot(Connection c) throws SQLException {
    VersionRow row = versionRow(c);
    return new RegistrySnapshot(
        row.version(), row.tokensVersion(), candidates(c, "", OptionalLong.empty()));
  }

  /**
   * What changed after version {@code since}, or empty when the changes that far back are no longer
   * kept or the version went back; in a snapshot transaction.
   */
  static Optional<RegistryChanges> since(Connection c, long since) throws SQLException {
    VersionRow row = versionRow(c);
    long version = row.version();
    if (version < since || since + 1 < row.changesFrom()) {
      return Optional.empty();
    }
    Set<Long> services = new HashSet<>();
    Map<Long, Set<Long>> offers = new HashMap<>();
    if (version > since) {
      try (PreparedStatement s =
          c.prepareStatement("SELECT service_id, offer_id FROM broker_change WHERE version > ?")) {
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
  }

  /** Forgets the changes of versions up to {@code version}, unless they are forgotten already. */
  static void prune(Connection c, long version) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "UPDATE "
                + VERSION_TABLE
                + " SET changes_from = ? WHERE id = 1 AND changes_from < ?")) {
      s.setLong(1, version + 1);
      s.setLong(2, version + 1);
      if (s.executeUpdate() == 0) {
        return;
      }
    }
    try (PreparedStatement s = c.prepareStatement("DELETE FROM broker_change WHERE version <= ?")) {
      s.setLong(1, version);
      s.executeUpdate();
    }
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
    String joins =
        " JOIN "
            + EndpointRows.COLUMNS.table()
            + " e ON e.id = o.endpoint_id JOIN "
            + ProviderRows.COLUMNS.table()
            + " p ON p.id = e.provider_id JOIN "
            + ServiceRows.COLUMNS.table()
            + " s ON s.id = e.service_id"
            + where;
    Map<Long, MeasuredQos> measured = MeasurementRows.quality(c, joins, parameter);
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT "
                + CANDIDATE_COLUMNS
                + " FROM "
                + OfferRows.COLUMNS.table()
                + " o"
                + joins
                + " ORDER BY o.id")) {
      if (parameter.isPresent()) {
        s.setLong(1, parameter.getAsLong());
      }
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          // The same endpoint, provider and service objects for all their offers (id first).
          Endpoint endpoint = endpoints.get(r.getLong(ENDPOINT_AT));
          if (endpoint == null) {
            endpoint = EndpointRows.endpoint(r, ENDPOINT_AT);
            endpoints.put(endpoint.id(), endpoint);
          }
          Provider provider = providers.get(r.getLong(PROVIDER_AT));
          if (provider == null) {
            provider = ProviderRows.provider(r, PROVIDER_AT);
            providers.put(provider.id(), provider);
          }
          Service service = services.get(r.getLong(SERVICE_AT));
          if (service == null) {
            service = ServiceRows.service(r, SERVICE_AT);
            services.put(service.id(), service);
          }
          Offer offer = OfferRows.offer(r, OFFER_AT);
          candidates.add(
              new Candidate(
                  provider,
                  service,
                  endpoint,
                  offer,
                  Optional.ofNullable(measured.get(offer.id())),
                  Optional.empty()));
        }
      }
    }
    return candidates;
  }
}
