package io.wsqos.broker.app;

import io.wsqos.cli.Arguments;
import io.wsqos.server.Launcher;
import java.io.PrintStream;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar wsqos-broker.jar}: starts a {@link Broker} as {@link BrokerOptions} say, prints
 * its URLs (and the administrator's token when it generated one) on stdout, and runs until Ctrl-C
 * or SIGTERM, which close the server, the selector and the registry in that order. Exits with 1 and
 * one line on stderr for a bad option or a broker that cannot start (database unreachable, port
 * taken).
 */
public final class BrokerLauncher {

  private static final Logger logger = LoggerFactory.getLogger(BrokerLauncher.class);

  private BrokerLauncher() {}

  /** Runs the broker until the JVM is told to stop. */
  public static void main(String[] args) {
    int status = run(args, System.getenv(), System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** The body of {@link #main}: returns the exit status instead of exiting. */
  static int run(String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
    Arguments arguments;
    try {
      arguments = BrokerOptions.parse(args, environment);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage() + " (see --help)");
      return 1;
    }
    if (arguments.helpRequested()) {
      out.print(BrokerOptions.OPTIONS.usage());
      return 0;
    }
    Launcher.bridgeJavaUtilLogging();
    Broker broker;
    try {
      broker = Broker.start(arguments);
    } catch (RuntimeException e) {
      logger.debug("The broker could not start", e);
      err.println("The broker could not start: " + e.getMessage());
      return 1;
    }
    printUrls(broker, out);
    Launcher.closeOnShutdownAndWait(
        "wsqos-broker-shutdown",
        () -> {
          broker.close();
          logger.info("Broker stopped");
        },
        broker::join);
    return 0;
  }

  /** Prints the broker's URLs, and its administrator's token if it generated one. */
  public static void printUrls(Broker broker, PrintStream out) {
    out.println("Broker listening at " + broker.address());
    out.println("  REST     " + broker.restAddress());
    out.println("  OpenAPI  " + broker.openApiAddress());
    out.println("  SOAP     " + broker.wsdlAddress());
    broker.metricsAddress().ifPresent(metrics -> out.println("  metrics  " + metrics));
    out.println("  ready    " + broker.readyAddress());
    broker
        .generatedAdminToken()
        .ifPresent(
            token ->
                out.println(
                    "  admin token (new at every start; set WSQOS_BROKER_ADMIN_TOKEN to keep"
                        + " one): "
                        + token));
    out.flush();
  }
}
