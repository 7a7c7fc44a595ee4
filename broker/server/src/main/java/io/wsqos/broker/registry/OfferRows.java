package io.wsqos.broker.registry;

import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.jdbc.Jdbc;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.Optional;

/**
 * Table {@code broker_offer}: the offers, each with a version that every change increments, so that
 * of two writers that read one version only the first changes it.
 */
final class OfferRows {

  private static final String NAME = "broker_offer";

  /** The columns of an {@link Offer}. */
  static final Columns COLUMNS =
      Columns.of(
          NAME,
          "id",
          "endpoint_id",
          "version",
          "price",
          "currency",
          "max_response_time_ms",
          "availability",
          "throughput_per_second",
          "transport_priorities",
          "compression",
          "valid_from_ms",
          "valid_until_ms");

  private static final int ID = COLUMNS.offset("id");
  private static final int ENDPOINT_ID = COLUMNS.offset("endpoint_id");
  private static final int VERSION = COLUMNS.offset("version");
  private static final int PRICE = COLUMNS.offset("price");
  private static final int CURRENCY = COLUMNS.offset("currency");
  private static final int MAX_RESPONSE_TIME = COLUMNS.offset("max_response_time_ms");
  private static final int AVAILABILITY = COLUMNS.offset("availability");
  private static final int THROUGHPUT = COLUMNS.offset("throughput_per_second");
  private static final int PRIORITIES = COLUMNS.offset("transport_priorities");
  private static final int COMPRESSION = COLUMNS.offset("compression");
  private static final int VALID_FROM = COLUMNS.offset("valid_from_ms");
  private static final int VALID_UNTIL = COLUMNS.offset("valid_until_ms");

  static final Table<Offer> TABLE = new Table<>("offer", COLUMNS, OfferRows::offer, Offer::id);

  /** The columns an insert sets: the endpoint, the version, then the terms. */
  private static final Columns PUBLISHED = COLUMNS.from("endpoint_id");

  /** The terms' columns, the last of {@link #COLUMNS}. */
  private static final Columns TERMS = COLUMNS.from("price");

  private OfferRows() {}

  /** An offer from {@link #COLUMNS} starting at column {@code first}. */
  static Offer offer(ResultSet r, int first) throws SQLException {
    long validUntil = r.getLong(first + VALID_UNTIL);
    boolean open = r.wasNull();
    OfferTerms terms =
        new OfferTerms(
            r.getBigDecimal(first + PRICE),
            OfferTerms.currency(r.getString(first + CURRENCY).trim()),
            r.getLong(first + MAX_RESPONSE_TIME),
            r.getDouble(first + AVAILABILITY),
            r.getDouble(first + THROUGHPUT),
            TokenList.parse(
                r.getString(first + PRIORITIES),
                TransportPriority.class,
                TransportPriority::fromToken),
            r.getBoolean(first + COMPRESSION),
            Instant.ofEpochMilli(r.getLong(first + VALID_FROM)),
            open ? Optional.empty() : Optional.of(Instant.ofEpochMilli(validUntil)));
    return new Offer(
        r.getLong(first + ID), r.getLong(first + ENDPOINT_ID), r.getLong(first + VERSION), terms);
  }

  /** Inserts an offer of {@code terms} for endpoint {@code endpointId}, at version 1. */
  static Offer insert(Connection c, long endpointId, OfferTerms terms) throws SQLException {
    long id;
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO "
                + NAME
                + " ("
                + PUBLISHED.list()
                + ") VALUES ("
                + PUBLISHED.parameters()
                + ")",
            Statement.RETURN_GENERATED_KEYS)) {
      s.setLong(1 + PUBLISHED.offset("endpoint_id"), endpointId);
      s.setLong(1 + PUBLISHED.offset("version"), 1);
      bindTerms(s, 1 + PUBLISHED.offset("price"), terms);
      s.executeUpdate();
      id = Jdbc.generatedId(s);
    } catch (SQLException e) {
      throw Table.gone(e, "endpoint", endpointId); // withdrawn since the caller checked it
    }
    return new Offer(id, endpointId, 1, terms);
  }

  /**
   * Where offer {@code id} is, if it is at {@code expectedVersion} and {@code check} passes the
   * provider of its endpoint. A concurrent write can still change it before this transaction does:
   * {@link #update} and {@link #delete} are conditioned on the version.
   *
   * @throws NotFoundException if there is no such offer
   * @throws VersionConflictException if it is at another version
   */
  static Place place(Connection c, long id, long expectedVersion, ProviderCheck check)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT o.endpoint_id, o.version, e.service_id, e.provider_id FROM "
                + NAME
                + " o JOIN "
                + EndpointRows.COLUMNS.table()
                + " e ON e.id = o.endpoint_id WHERE o.id = ?")) {
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

  /** Replaces the terms of offer {@code id} if it is still at {@code expectedVersion}. */
  static void update(Connection c, long id, long expectedVersion, OfferTerms terms)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "UPDATE "
                + NAME
                + " SET version = version + 1, "
                + TERMS.assignments()
                + " WHERE id = ? AND version = ?")) {
      bindTerms(s, 1, terms);
      s.setLong(TERMS.size() + 1, id);
      s.setLong(TERMS.size() + 2, expectedVersion);
      if (s.executeUpdate() != 1) {
        throw lostRace(c, id, expectedVersion);
      }
    }
  }

  /** Deletes offer {@code id} if it is still at {@code expectedVersion}. */
  static void delete(Connection c, long id, long expectedVersion) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("DELETE FROM " + NAME + " WHERE id = ? AND version = ?")) {
      s.setLong(1, id);
      s.setLong(2, expectedVersion);
      if (s.executeUpdate() != 1) {
        throw lostRace(c, id, expectedVersion);
      }
    }
  }

  /** Sets {@code terms} as the parameters of {@link #TERMS} from parameter {@code first} on. */
  private static void bindTerms(PreparedStatement s, int first, OfferTerms terms)
      throws SQLException {
    // The terms are the columns from price on, in their order: column X is parameter at + X.
    int at = first - PRICE;
    s.setBigDecimal(at + PRICE, terms.price());
    s.setString(at + CURRENCY, terms.currency().getCurrencyCode());
    s.setLong(at + MAX_RESPONSE_TIME, terms.maxResponseTimeMillis());
    s.setDouble(at + AVAILABILITY, terms.availability());
    s.setDouble(at + THROUGHPUT, terms.throughputPerSecond());
    s.setString(
        at + PRIORITIES, TokenList.of(terms.transportPriorities(), TransportPriority::token));
    s.setBoolean(at + COMPRESSION, terms.compression());
    s.setLong(at + VALID_FROM, terms.validFrom().toEpochMilli());
    if (terms.validUntil().isPresent()) {
      s.setLong(at + VALID_UNTIL, terms.validUntil().get().toEpochMilli());
    } else {
      s.setNull(at + VALID_UNTIL, Types.BIGINT);
    }
  }

  /**
   * Why offer {@code id}, found at {@code expectedVersion} earlier in this transaction, was not
   * changed by a statement conditioned on that version: a write that committed meanwhile changed or
   * withdrew it (read again, as the database's read committed isolation lets a new statement).
   */
  private static RuntimeException lostRace(Connection c, long id, long expectedVersion)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT version FROM " + NAME + " WHERE id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        return r.next()
            ? new VersionConflictException(id, expectedVersion, r.getLong(1))
            : new NotFoundException("offer", id);
      }
    }
  }
}
