package io.wsqos.broker.registry;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.NotFoundException;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/** Table {@code broker_endpoint}: where each provider serves each service, and how. */
final class EndpointRows {

  private static final String NAME = "broker_endpoint";

  /** The columns of an {@link Endpoint}. */
  static final Columns COLUMNS =
      Columns.of(NAME, "id", "provider_id", "service_id", "address", "bindings");

  private static final int ID = COLUMNS.offset("id");
  private static final int PROVIDER_ID = COLUMNS.offset("provider_id");
  private static final int SERVICE_ID = COLUMNS.offset("service_id");
  private static final int ADDRESS = COLUMNS.offset("address");
  private static final int BINDINGS = COLUMNS.offset("bindings");

  static final Table<Endpoint> TABLE =
      new Table<>("endpoint", COLUMNS, EndpointRows::endpoint, Endpoint::id);

  private static final Columns REGISTERED = COLUMNS.from("provider_id");
  private static final Columns MOVED = COLUMNS.from("address");

  private EndpointRows() {}

  /** An endpoint from {@link #COLUMNS} starting at column {@code first}. */
  static Endpoint endpoint(ResultSet r, int first) throws SQLException {
    return new Endpoint(
        r.getLong(first + ID),
        r.getLong(first + PROVIDER_ID),
        r.getLong(first + SERVICE_ID),
        URI.create(r.getString(first + ADDRESS)),
        TokenList.parse(r.getString(first + BINDINGS), Binding.class, t -> Binding.fromToken(t)));
  }

  /**
   * Inserts the endpoint of provider {@code providerId} for service {@code serviceId}, both of
   * which must exist.
   */
  static Endpoint insert(
      Connection c, long providerId, long serviceId, URI address, Set<Binding> bindings)
      throws SQLException {
    ProviderRows.TABLE.exists(c, providerId, false);
    ServiceRows.TABLE.exists(c, serviceId, false);
    long id;
    try {
      id =
          TABLE.insert(
              c,
              REGISTERED,
              providerId,
              serviceId,
              address.toString(),
              TokenList.of(bindings, Binding::token));
    } catch (SQLException e) {
      // Withdrawn by a write that committed since the checks above.
      boolean provider =
          String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("provider");
      throw Table.gone(e, provider ? "provider" : "service", provider ? providerId : serviceId);
    }
    return new Endpoint(id, providerId, serviceId, address, bindings);
  }

  /** Changes the address and bindings of endpoint {@code id}, which must exist. */
  static Endpoint move(Connection c, long id, URI address, Set<Binding> bindings)
      throws SQLException {
    TABLE.update(c, id, MOVED, address.toString(), TokenList.of(bindings, Binding::token));
    return TABLE.written(c, id);
  }

  /**
   * Where endpoint {@code id} is, once {@code check} passed its provider (an endpoint changes
   * neither its service nor its provider).
   *
   * @throws NotFoundException if there is no such endpoint
   */
  static Place place(Connection c, long id, ProviderCheck check) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT service_id, provider_id FROM " + NAME + " WHERE id = ?")) {
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

  /** The services provider {@code providerId} has endpoints for. */
  static Set<Long> servicesOf(Connection c, long providerId) throws SQLException {
    Set<Long> services = new HashSet<>();
    try (PreparedStatement s =
        c.prepareStatement("SELECT DISTINCT service_id FROM " + NAME + " WHERE provider_id = ?")) {
      s.setLong(1, providerId);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          services.add(r.getLong(1));
        }
      }
    }
    return services;
  }
}
