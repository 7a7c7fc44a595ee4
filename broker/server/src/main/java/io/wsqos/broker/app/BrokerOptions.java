package io.wsqos.broker.app;

import io.wsqos.broker.registry.QualityRule;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.cli.Source;
import io.wsqos.cli.UsageException;
import io.wsqos.server.EmbeddedServer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The broker's configuration: one declaration per option, read from (in rising precedence) the
 * defaults, a properties file ({@code --config}), the environment ({@value #ENV_PREFIX}{@code
 * NAME}, e.g. {@code WSQOS_BROKER_JDBC_URL}) and the command line. {@code --help} and the README's
 * table are made from the same declarations.
 */
public final class BrokerOptions {

  /**
   * The prefix of the environment variables: {@code --jdbc-url} is {@code WSQOS_BROKER_JDBC_URL}.
   */
  public static final String ENV_PREFIX = "WSQOS_BROKER_";

  /** The default port of the broker. */
  public static final int DEFAULT_PORT = 8090;

  public static final Option<String> CONFIG =
      Option.string(
              "config",
              null,
              "Properties file of these options (keys without --); a file named but absent is an"
                  + " error")
          .withMetavar("FILE");
  public static final Option<String> HOST =
      Option.string("host", "127.0.0.1", "Interface to listen on").withMetavar("HOST");
  public static final Option<Integer> PORT =
      Option.integer("port", DEFAULT_PORT, 0, 65_535, "Port to listen on; 0 picks a free one");
  public static final Option<String> JDBC_URL =
      Option.of(
          "jdbc-url",
          "URL",
          Registry.DEFAULT_JDBC_URL,
          "The registry's database: an H2 file by default, jdbc:postgresql://... to share one",
          url -> {
            if (!url.startsWith("jdbc:")) {
              throw new IllegalArgumentException("a JDBC URL starting with jdbc:");
            }
            return url;
          });
  public static final Option<String> JDBC_USER =
      Option.string("jdbc-user", "", "Database user").withMetavar("USER");
  public static final Option<String> JDBC_PASSWORD =
      Option.string(
              "jdbc-password",
              "",
              "Database password: set it in WSQOS_BROKER_JDBC_PASSWORD, not on the command line"
                  + " (where ps shows it)")
          .withMetavar("SECRET")
          .secret();
  public static final Option<Integer> POOL_SIZE =
      Option.integer(
          "pool-size", Registry.DEFAULT_MAX_POOL_SIZE, 2, 100, "Most database connections");
  public static final Option<Duration> LOCK_TIMEOUT =
      Option.duration(
          "lock-timeout",
          Registry.DEFAULT_LOCK_TIMEOUT,
          ChronoUnit.MILLIS,
          "Longest wait of a database statement for a lock another session holds; the call then"
              + " answers 503 (10ms up to the statement timeout)");
  public static final Option<Duration> STATEMENT_TIMEOUT =
      Option.duration(
          "statement-timeout",
          Registry.DEFAULT_STATEMENT_TIMEOUT,
          ChronoUnit.MILLIS,
          "Longest run of a database statement; the call then answers 503 (100ms to 24h)");
  public static final Option<String> ADMIN_TOKEN =
      Option.of(
              "admin-token",
              "SECRET",
              null,
              "Administrator's token (22 to 512 printable characters): set it in"
                  + " WSQOS_BROKER_ADMIN_TOKEN; when absent, a new one is printed at start and"
                  + " changes at every start",
              token -> {
                if (token.length() < BrokerService.Builder.MIN_ADMIN_TOKEN_CHARS
                    || token.length() > Caller.MAX_TOKEN_CHARS
                    || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
                  throw new IllegalArgumentException(
                      BrokerService.Builder.MIN_ADMIN_TOKEN_CHARS
                          + " to "
                          + Caller.MAX_TOKEN_CHARS
                          + " printable ASCII characters without spaces");
                }
                return token;
              })
          .secret();
  public static final Option<String> READS =
      Option.choice(
          "reads",
          "open",
          List.of("open", "closed"),
          "Whether reads and selections need no token (open) or a provider's or the"
              + " administrator's (closed)");
  public static final Option<Currency> DEFAULT_CURRENCY =
      Option.of(
          "default-currency",
          "CODE",
          OfferSelector.DEFAULT_CURRENCY,
          "Currency of a requirement's maximum price when it names none",
          code -> {
            try {
              return Currency.getInstance(code);
            } catch (IllegalArgumentException e) {
              throw new IllegalArgumentException("an ISO 4217 currency code such as EUR", e);
            }
          });
  public static final Option<Duration> POLL_INTERVAL =
      Option.duration(
          "poll-interval",
          OfferSelector.DEFAULT_POLL_INTERVAL,
          ChronoUnit.MILLIS,
          "Time between two reads of the registry version (changes by other instances)");
  public static final Option<Duration> STALE_AFTER =
      Option.duration(
          "stale-after",
          OfferSelector.DEFAULT_STALE_AFTER,
          ChronoUnit.MILLIS,
          "Age of the last database confirmation past which selections say they may be stale");
  public static final Option<String> METRICS =
      Option.choice(
          "metrics", "on", List.of("on", "off"), "Whether /metrics serves Prometheus metrics");
  public static final Option<Duration> REQUEST_TIMEOUT =
      Option.duration(
          "request-timeout",
          Duration.ofMillis(EmbeddedServer.DEFAULT_REQUEST_TIMEOUT_MILLIS),
          ChronoUnit.MILLIS,
          "Time a request's head and body may take to arrive, at least 1ms: a later body is"
              + " answered 408, a later head closed");
  public static final Option<Duration> IDLE_TIMEOUT =
      Option.duration(
          "idle-timeout",
          Duration.ofMillis(EmbeddedServer.DEFAULT_IDLE_TIMEOUT_MILLIS),
          ChronoUnit.MILLIS,
          "Time a connection may stay silent before it is closed, at least 1ms");
  public static final Option<Long> MAX_REQUEST_BODY_BYTES =
      Option.longInteger(
          "max-request-body-bytes",
          EmbeddedServer.DEFAULT_MAX_REQUEST_BODY_BYTES,
          1,
          Long.MAX_VALUE,
          "Largest request body; a larger one is answered 413");
  public static final Option<Long> MAX_IN_FLIGHT_BODY_BYTES =
      Option.longInteger(
          "max-in-flight-body-bytes",
          EmbeddedServer.DEFAULT_MAX_IN_FLIGHT_BODY_BYTES,
          1,
          Long.MAX_VALUE,
          "Most bytes of request bodies held at once; past it a body is answered 503");

  public static final Option<Duration> QUALITY_WINDOW =
      Option.duration(
          "quality-window",
          QualityRule.DEFAULT_WINDOW,
          ChronoUnit.SECONDS,
          "How far back measurement reports count against an offer (1s to 1d)");
  public static final Option<Long> QUALITY_MIN_REQUESTS =
      Option.longInteger(
          "quality-min-requests",
          QualityRule.DEFAULT_MIN_REQUESTS,
          1,
          Long.MAX_VALUE,
          "Fewest requests an operation's measurements need to flag an offer");
  public static final Option<String> QUALITY_PERCENTILE =
      Option.choice(
          "quality-percentile",
          Integer.toString(QualityRule.DEFAULT_PERCENTILE),
          List.of("50", "95", "99"),
          "Response time percentile held against an offer's maximum response time");

  /** Every option of the broker, in the order of the README's table. */
  public static final Options OPTIONS =
      Options.of(
          "java -jar wsqos-broker.jar",
          "Runs the Web Service Broker: REST under /api, SOAP at /soap, metrics at /metrics.",
          CONFIG,
          HOST,
          PORT,
          JDBC_URL,
          JDBC_USER,
          JDBC_PASSWORD,
          POOL_SIZE,
          LOCK_TIMEOUT,
          STATEMENT_TIMEOUT,
          ADMIN_TOKEN,
          READS,
          DEFAULT_CURRENCY,
          POLL_INTERVAL,
          STALE_AFTER,
          QUALITY_WINDOW,
          QUALITY_MIN_REQUESTS,
          QUALITY_PERCENTILE,
          METRICS,
          REQUEST_TIMEOUT,
          IDLE_TIMEOUT,
          MAX_REQUEST_BODY_BYTES,
          MAX_IN_FLIGHT_BODY_BYTES);

  private BrokerOptions() {}

  /**
   * Reads {@code args} over {@code environment} and, if {@code --config} (or {@code
   * WSQOS_BROKER_CONFIG}) names one, a properties file.
   *
   * @throws UsageException naming the option and where its bad value was written, or the file
   */
  public static Arguments parse(String[] args, Map<String, String> environment) {
    return parse(OPTIONS, args, environment);
  }

  /**
   * As {@link #parse(String[], Map)} for {@code options}, which hold {@link #OPTIONS}' options and
   * maybe more (a launcher of its own, such as the demo's).
   */
  public static Arguments parse(Options options, String[] args, Map<String, String> environment) {
    Source env = Source.environment(ENV_PREFIX, environment);
    Arguments first = options.parse(List.of(env), args);
    Optional<String> config = first.helpRequested() ? Optional.empty() : first.optional(CONFIG);
    if (config.isEmpty()) {
      return first;
    }
    Source file = Source.propertiesFile(Path.of(config.get()));
    if (file.names().contains(CONFIG.name())) {
      throw new UsageException(
          CONFIG.name() + " in " + config.get() + ": not allowed (expected: other options only)");
    }
    return options.parse(List.of(file, env), args);
  }
}
