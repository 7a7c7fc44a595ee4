package io.wsqos.monitor.jdbc.internal;

import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ids of {@code qos_target} rows, by their names: looked up (and added when new) the first time
 * a name set is seen, then served from memory. A service has a handful of targets, so after the
 * first batch no insert reads the table. The memory holds at most {@link #MAX_CACHED} targets, the
 * least recently used leaving first, so a central log fed forged names by its reporters stays
 * bounded.
 *
 * <p>A target is committed on its own, before the records that use it: a batch that fails and is
 * retried finds it again, and a target without records is harmless. The ids remembered here are
 * never removed from the table by the monitor; whoever deletes targets by hand must restart the
 * logs that write to the database.
 */
final class TargetIds {

  static final int MAX_CACHED = 4_096;

  private static final String FIND =
      "SELECT MIN(id) FROM qos_target"
          + " WHERE service = ? AND operation = ? AND endpoint = ? AND side = ?";

  private static final String ADD =
      "INSERT INTO qos_target (service, operation, endpoint, side) VALUES (?, ?, ?, ?)";

  private static final String[] GENERATED = {"id"};

  private record Target(String service, String operation, String endpoint, Side side) {
    static Target of(QosRecord record) {
      return new Target(record.service(), record.operation(), record.endpoint(), record.side());
    }

    boolean names(QosRecord record) {
      return side == record.side()
          && service.equals(record.service())
          && operation.equals(record.operation())
          && endpoint.equals(record.endpoint());
    }
  }

  private final Map<Target, Integer> cached =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Target, Integer> eldest) {
          return size() > MAX_CACHED;
        }
      };

  /**
   * The target id of each record of {@code batch}, in order. {@code connection} must be in
   * auto-commit mode, so that each new target is committed at once.
   */
  synchronized int[] of(Connection connection, List<QosRecord> batch) throws SQLException {
    int[] ids = new int[batch.size()];
    Target last = null;
    int lastId = 0;
    for (int i = 0; i < ids.length; i++) {
      QosRecord record = batch.get(i);
      // Records of a batch mostly share their names: compare before building a key to hash.
      if (last == null || !last.names(record)) {
        last = Target.of(record);
        Integer id = cached.get(last);
        if (id == null) {
          id = findOrAdd(connection, last);
          cached.put(last, id);
        }
        lastId = id;
      }
      ids[i] = lastId;
    }
    return ids;
  }

  private static int findOrAdd(Connection connection, Target target) throws SQLException {
    try (PreparedStatement find = connection.prepareStatement(FIND)) {
      bind(find, target);
      try (ResultSet found = find.executeQuery()) {
        found.next();
        int id = found.getInt(1);
        if (!found.wasNull()) {
          return id;
        }
      }
    }
    try (PreparedStatement add = connection.prepareStatement(ADD, GENERATED)) {
      bind(add, target);
      add.executeUpdate();
      try (ResultSet keys = add.getGeneratedKeys()) {
        if (!keys.next()) {
          throw new SQLException("the database returned no generated id for a new qos_target");
        }
        return keys.getInt(1);
      }
    }
  }

  private static void bind(PreparedStatement statement, Target target) throws SQLException {
    statement.setString(1, target.service());
    statement.setString(2, target.operation());
    statement.setString(3, target.endpoint());
    statement.setString(4, target.side().name());
  }
}
