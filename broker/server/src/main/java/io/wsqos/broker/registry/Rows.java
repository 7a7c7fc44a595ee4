package io.wsqos.broker.registry;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Service;
import io.wsqos.core.header.TransportPriority;
import java.net.URI;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import javax.xml.namespace.QName;

/** The registry's columns to values and back: each column list and its mapping in one place. */
final class Rows {

  static final String PROVIDER_COLUMNS = "id, name";
  static final String SERVICE_COLUMNS =
      "id, port_type_namespace, port_type_local_part, wsdl_location";
  static final String ENDPOINT_COLUMNS = "id, provider_id, service_id, address, bindings";
  static final String OFFER_COLUMNS =
      "id, endpoint_id, version, price, currency, max_response_time_ms, availability,"
          + " throughput_per_second, transport_priorities, compression, valid_from_ms,"
          + " valid_until_ms";

  /** The terms' columns in the order {@link #bindTerms} sets them. */
  static final String TERMS_COLUMNS =
      "price, currency, max_response_time_ms, availability, throughput_per_second,"
          + " transport_priorities, compression, valid_from_ms, valid_until_ms";

  static final int TERMS_PARAMETERS = 9;

  private Rows() {}

  /** Reads a value from the columns of a row starting at column {@code at}. */
  @FunctionalInterface
  interface Mapper<T> {
    T map(ResultSet r, int at) throws SQLException;
  }

  /** One of the registry's tables: what its rows are called, its columns and their mapping. */
  record Table<T>(
      String kind, String name, String columns, Mapper<T> mapper, ToLongFunction<T> id) {

    /** The query for all columns, to which a {@code WHERE} clause is added. */
    String select() {
      return "SELECT " + columns + " FROM " + name;
    }
  }

  static final Table<Provider> PROVIDERS =
      new Table<>("provider", "broker_provider", PROVIDER_COLUMNS, Rows::provider, Provider::id);
  static final Table<Service> SERVICES =
      new Table<>("service", "broker_service", SERVICE_COLUMNS, Rows::service, Service::id);
  static final Table<Endpoint> ENDPOINTS =
      new Table<>("endpoint", "broker_endpoint", ENDPOINT_COLUMNS, Rows::endpoint, Endpoint::id);
  static final Table<Offer> OFFERS =
      new Table<>("offer", "broker_offer", OFFER_COLUMNS, Rows::offer, Offer::id);

  /** A provider from {@link #PROVIDER_COLUMNS} starting at column {@code at}. */
  static Provider provider(ResultSet r, int at) throws SQLException {
    return new Provider(r.getLong(at), r.getString(at + 1));
  }

  /** A service from {@link #SERVICE_COLUMNS} starting at column {@code at}. */
  static Service service(ResultSet r, int at) throws SQLException {
    return new Service(
        r.getLong(at),
        new QName(r.getString(at + 1), r.getString(at + 2)),
        URI.create(r.getString(at + 3)));
  }

  /** An endpoint from {@link #ENDPOINT_COLUMNS} starting at column {@code at}. */
  static Endpoint endpoint(ResultSet r, int at) throws SQLException {
    return new Endpoint(
        r.getLong(at),
        r.getLong(at + 1),
        r.getLong(at + 2),
        URI.create(r.getString(at + 3)),
        tokens(r.getString(at + 4), Binding.class, t -> Binding.fromToken(t)));
  }

  /** An offer from {@link #OFFER_COLUMNS} starting at column {@code at}. */
  static Offer offer(ResultSet r, int at) throws SQLException {
    long validUntil = r.getLong(at + 11);
    boolean open = r.wasNull();
    OfferTerms terms =
        new OfferTerms(
            r.getBigDecimal(at + 3),
            OfferTerms.currency(r.getString(at + 4).trim()),
            r.getLong(at + 5),
            r.getDouble(at + 6),
            r.getDouble(at + 7),
            tokens(r.getString(at + 8), TransportPriority.class, TransportPriority::fromToken),
            r.getBoolean(at + 9),
            Instant.ofEpochMilli(r.getLong(at + 10)),
            open ? Optional.empty() : Optional.of(Instant.ofEpochMilli(validUntil)));
    return new Offer(r.getLong(at), r.getLong(at + 1), r.getLong(at + 2), terms);
  }

  /** Sets {@code terms} as parameters {@code at .. at + }{@value #TERMS_PARAMETERS}{@code - 1}. */
  static void bindTerms(PreparedStatement s, int at, OfferTerms terms) throws SQLException {
    s.setBigDecimal(at, terms.price());
    s.setString(at + 1, terms.currency().getCurrencyCode());
    s.setLong(at + 2, terms.maxResponseTimeMillis());
    s.setDouble(at + 3, terms.availability());
    s.setDouble(at + 4, terms.throughputPerSecond());
    s.setString(at + 5, tokens(terms.transportPriorities(), TransportPriority::token));
    s.setBoolean(at + 6, terms.compression());
    s.setLong(at + 7, terms.validFrom().toEpochMilli());
    if (terms.validUntil().isPresent()) {
      s.setLong(at + 8, terms.validUntil().get().toEpochMilli());
    } else {
      s.setNull(at + 8, Types.BIGINT);
    }
  }

  /** The bindings as stored. */
  static String bindings(Set<Binding> bindings) {
    return tokens(bindings, Binding::token);
  }

  /** Tokens separated by one space, in the set's (enum) order. */
  private static <E> String tokens(Set<E> values, Function<E, String> token) {
    StringJoiner joined = new StringJoiner(" ");
    values.forEach(v -> joined.add(token.apply(v)));
    return joined.toString();
  }

  private static <E extends Enum<E>> Set<E> tokens(
      String stored, Class<E> type, Function<String, Optional<E>> parse) {
    Set<E> values = EnumSet.noneOf(type);
    for (String token : stored.trim().split(" +")) {
      values.add(
          parse
              .apply(token)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "unknown " + type.getSimpleName() + " '" + token + "' in the registry")));
    }
    return values;
  }
}
