package io.wsqos.broker.registry;

import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.OperationQos;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Tables {@code broker_measurement} (the reports) and {@code broker_offer_quality} (what the
 * reports of each offer's window said at its last report).
 */
final class MeasurementRows {

  /** What a report is held against: the offer's service, provider and guarantees. */
  record Target(long serviceId, long providerId, double availability, long maxResponseTimeMillis) {}

  private static final String QUALITY_COLUMNS =
      "q.offer_id, q.operation, q.requests, q.failures, q.p50_ms, q.p95_ms, q.p99_ms, q.reports,"
          + " q.flagged, q.reason, q.evaluated_ms, q.expires_ms";

  /** The offer-wide columns of a quality row. */
  private record Verdict(boolean flagged, String reason, Instant evaluatedAt, Instant expiresAt) {}

  private MeasurementRows() {}

  /**
   * The target of a report on offer {@code offerId}.
   *
   * @throws NotFoundException if there is no such offer
   */
  static Target target(Connection c, long offerId) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT e.service_id, e.provider_id, o.availability, o.max_response_time_ms"
                + " FROM broker_offer o JOIN broker_endpoint e ON e.id = o.endpoint_id"
                + " WHERE o.id = ?")) {
      s.setLong(1, offerId);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          throw new NotFoundException("offer", offerId);
        }
        return new Target(r.getLong(1), r.getLong(2), r.getDouble(3), r.getLong(4));
      }
    }
  }

  /** Stores a report on offer {@code offerId}, received at {@code receivedMillis}. */
  static void insert(
      Connection c, long offerId, Reporter reporter, Measurement m, long receivedMillis)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO broker_measurement (offer_id, reporter, reporter_id, operation,"
                + " window_start_ms, window_end_ms, requests, failures, p50_ms, p95_ms, p99_ms,"
                + " received_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      s.setLong(1, offerId);
      s.setString(2, reporter.kind().token());
      if (reporter.kind() == Reporter.Kind.ADMIN) {
        s.setNull(3, Types.BIGINT);
      } else {
        s.setLong(3, reporter.id());
      }
      s.setString(4, m.operation());
      s.setLong(5, m.windowStart().toEpochMilli());
      s.setLong(6, m.windowEnd().toEpochMilli());
      s.setLong(7, m.requests());
      s.setLong(8, m.failures());
      s.setDouble(9, m.p50Millis());
      s.setDouble(10, m.p95Millis());
      s.setDouble(11, m.p99Millis());
      s.setLong(12, receivedMillis);
      s.executeUpdate();
    }
  }

  /** Deletes the reports on offer {@code offerId} received at or before {@code millis}. */
  static void forget(Connection c, long offerId, long millis) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "DELETE FROM broker_measurement WHERE offer_id = ? AND received_ms <= ?")) {
      s.setLong(1, offerId);
      s.setLong(2, millis);
      s.executeUpdate();
    }
  }

  /**
   * The reports on offer {@code offerId} received after {@code millis}, per operation: counts
   * summed, percentiles averaged by the reports' requests.
   */
  static List<OperationQos> window(Connection c, long offerId, long millis) throws SQLException {
    List<OperationQos> operations = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT operation, SUM(requests), SUM(failures), SUM(p50_ms * requests),"
                + " SUM(p95_ms * requests), SUM(p99_ms * requests), COUNT(*)"
                + " FROM broker_measurement WHERE offer_id = ? AND received_ms > ?"
                + " GROUP BY operation ORDER BY operation")) {
      s.setLong(1, offerId);
      s.setLong(2, millis);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          long requests = r.getLong(2);
          operations.add(
              OperationQos.of(
                  r.getString(1),
                  requests,
                  r.getLong(3),
                  r.getDouble(4) / requests,
                  r.getDouble(5) / requests,
                  r.getDouble(6) / requests,
                  r.getInt(7)));
        }
      }
    }
    return operations;
  }

  /** Replaces the quality rows of offer {@code offerId} with {@code quality}. */
  static void replaceQuality(Connection c, long offerId, MeasuredQos quality) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("DELETE FROM broker_offer_quality WHERE offer_id = ?")) {
      s.setLong(1, offerId);
      s.executeUpdate();
    }
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO broker_offer_quality (offer_id, operation, requests, failures, p50_ms,"
                + " p95_ms, p99_ms, reports, flagged, reason, evaluated_ms, expires_ms)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (OperationQos op : quality.operations()) {
        s.setLong(1, offerId);
        s.setString(2, op.operation());
        s.setLong(3, op.requests());
        s.setLong(4, op.failures());
        s.setDouble(5, op.p50Millis());
        s.setDouble(6, op.p95Millis());
        s.setDouble(7, op.p99Millis());
        s.setInt(8, op.reports());
        s.setBoolean(9, quality.flagged());
        s.setString(10, quality.reason());
        s.setLong(11, quality.evaluatedAt().toEpochMilli());
        s.setLong(12, quality.expiresAt().toEpochMilli());
        s.addBatch();
      }
      s.executeBatch();
    }
  }

  /**
   * The measured QoS of the offers that {@code joinsAndWhere} selects: a clause after {@code FROM
   * broker_offer_quality q JOIN broker_offer o ON o.id = q.offer_id} joining {@code e}, {@code p}
   * and {@code s} as the change feed does, with at most one parameter.
   */
  static Map<Long, MeasuredQos> quality(Connection c, String joinsAndWhere, OptionalLong parameter)
      throws SQLException {
    Map<Long, List<OperationQos>> operations = new HashMap<>();
    Map<Long, Verdict> verdicts = new HashMap<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT "
                + QUALITY_COLUMNS
                + " FROM broker_offer_quality q JOIN broker_offer o ON o.id = q.offer_id"
                + joinsAndWhere)) {
      if (parameter.isPresent()) {
        s.setLong(1, parameter.getAsLong());
      }
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          long offer = r.getLong(1);
          operations
              .computeIfAbsent(offer, k -> new ArrayList<>())
              .add(
                  OperationQos.of(
                      r.getString(2),
                      r.getLong(3),
                      r.getLong(4),
                      r.getDouble(5),
                      r.getDouble(6),
                      r.getDouble(7),
                      r.getInt(8)));
          // The same on each of an offer's rows.
          verdicts.putIfAbsent(
              offer,
              new Verdict(
                  r.getBoolean(9),
                  r.getString(10),
                  Instant.ofEpochMilli(r.getLong(11)),
                  Instant.ofEpochMilli(r.getLong(12))));
        }
      }
    }
    Map<Long, MeasuredQos> quality = new HashMap<>();
    verdicts.forEach(
        (offer, v) ->
            quality.put(
                offer,
                new MeasuredQos(
                    operations.get(offer), v.flagged, v.reason, v.evaluatedAt, v.expiresAt)));
    return quality;
  }
}
