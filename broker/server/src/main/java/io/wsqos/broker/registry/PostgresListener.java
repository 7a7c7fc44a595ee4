package io.wsqos.broker.registry;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listens on a PostgreSQL connection of its own (not the pool's) for the notifications every
 * registry write sends at commit, and tells a {@link CommitListener}; reopens the connection with a
 * doubling wait when it breaks. The only class that uses the PostgreSQL driver's own types, loaded
 * for a PostgreSQL registry only.
 */
final class PostgresListener implements Registry.Subscription {

  private static final Logger log = LoggerFactory.getLogger(PostgresListener.class);

  /** The channel every registry write notifies, with the payload {@code <schema> <version>}. */
  static final String CHANNEL = "wsqos_broker_changes";

  /** The listening thread's name. */
  static final String THREAD_NAME = "wsqos-broker-listener";

  /** Time without a notification after which the connection is checked (a silent network). */
  private static final int CHECK_AFTER_MILLIS = 5_000;

  /** How long a check of the connection may take before it counts as broken, in seconds. */
  private static final int CHECK_TIMEOUT_SECONDS = 2;

  private final String url;
  private final Properties properties;
  private final CommitListener listener;
  private final long firstRetryMillis;
  private final Thread thread;
  private volatile boolean closed;
  private volatile Connection connection;

  /**
   * Starts listening.
   *
   * @param applicationName the connection's {@code application_name}, as {@code pg_stat_activity}
   *     shows it
   * @param connectTimeout the longest wait to open the connection
   * @param firstRetry the wait before the first attempt to reopen a broken connection
   */
  static PostgresListener start(
      String url,
      String user,
      String password,
      String applicationName,
      Duration connectTimeout,
      CommitListener listener,
      Duration firstRetry) {
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    properties.setProperty("ApplicationName", applicationName);
    long timeoutSeconds = Math.max(1, connectTimeout.toSeconds());
    properties.setProperty("connectTimeout", Long.toString(timeoutSeconds));
    properties.setProperty("loginTimeout", Long.toString(timeoutSeconds));
    properties.setProperty("tcpKeepAlive", "true");
    PostgresListener started = new PostgresListener(url, properties, listener, firstRetry);
    started.thread.start();
    return started;
  }

  private PostgresListener(
      String url, Properties properties, CommitListener listener, Duration firstRetry) {
    this.url = url;
    this.properties = properties;
    this.listener = requireNonNull(listener, "listener");
    this.firstRetryMillis = firstRetry.toMillis();
    this.thread = new Thread(this::run, THREAD_NAME);
    thread.setDaemon(true);
  }

  private void run() {
    long retryMillis = firstRetryMillis;
    String outage = null;
    while (!closed) {
      try {
        String schema = open();
        if (outage != null) {
          log.info("The registry's change notifications are back");
          outage = null;
        }
        retryMillis = firstRetryMillis;
        listener.listening();
        listen(schema);
      } catch (SQLException | RuntimeException e) {
        closeConnection();
        if (closed) {
          return;
        }
        if (outage == null) { // once per outage, not per attempt
          outage = e.getMessage();
          log.warn(
              "The registry's change notifications stopped; selections follow the registry by"
                  + " polling until they are back: {}",
              outage);
        } else {
          log.debug("Cannot listen to the registry's changes yet: {}", e.getMessage());
        }
        try {
          TimeUnit.MILLISECONDS.sleep(retryMillis);
        } catch (InterruptedException interrupted) {
          return; // closed
        }
        retryMillis = Math.min(retryMillis * 2, Registry.MAX_LISTENER_RETRY.toMillis());
      }
    }
    closeConnection();
  }

  /** Opens the connection, listens, and answers the schema whose notifications count. */
  private String open() throws SQLException {
    Connection opened = new org.postgresql.Driver().connect(url, properties);
    if (opened == null) {
      throw new SQLException("not a PostgreSQL URL");
    }
    connection = opened;
    if (closed) { // closed while opening: close() may have missed it
      throw new SQLException("closed");
    }
    try (Statement s = opened.createStatement()) {
      s.execute("LISTEN " + CHANNEL);
      try (ResultSet r = s.executeQuery("SELECT current_schema()")) {
        r.next();
        return r.getString(1);
      }
    }
  }

  /** Tells the listener of each notification for {@code schema}, until the connection breaks. */
  private void listen(String schema) throws SQLException {
    Connection listening = connection;
    PGConnection notifications = listening.unwrap(PGConnection.class);
    while (!closed) {
      PGNotification[] received = notifications.getNotifications(CHECK_AFTER_MILLIS);
      if (received == null || received.length == 0) {
        if (!closed && !listening.isValid(CHECK_TIMEOUT_SECONDS)) {
          throw new SQLException("the listening connection does not answer");
        }
        continue;
      }
      for (PGNotification notification : received) {
        long version = version(notification.getParameter(), schema);
        if (version >= 0) {
          listener.committed(version);
        }
      }
    }
  }

  /** The version a payload {@code <schema> <version>} tells for {@code schema}, else -1. */
  static long version(String payload, String schema) {
    if (payload == null || schema == null) {
      return -1;
    }
    int space = payload.lastIndexOf(' ');
    if (space != schema.length() || !payload.startsWith(schema)) {
      return -1;
    }
    try {
      return Long.parseLong(payload.substring(space + 1));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private void closeConnection() {
    Connection open = connection;
    connection = null;
    if (open != null) {
      try {
        open.close();
      } catch (SQLException e) {
        log.debug("Cannot close the listening connection: {}", e.getMessage());
      }
    }
  }

  /** Stops the thread and closes the connection, waiting for both. */
  @Override
  public void close() {
    closed = true;
    Connection open = connection;
    if (open != null) {
      try {
        open.abort(Runnable::run); // ends a wait for notifications at once
      } catch (SQLException | RuntimeException e) {
        log.debug("Cannot abort the listening connection: {}", e.getMessage());
      }
    }
    thread.interrupt();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    closeConnection();
  }

  @Override
  public String toString() {
    return "PostgresListener[" + properties.getProperty("ApplicationName") + "]";
  }
}
