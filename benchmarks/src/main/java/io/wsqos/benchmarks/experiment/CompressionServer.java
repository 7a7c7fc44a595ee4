package io.wsqos.benchmarks.experiment;

import io.wsqos.core.cli.Arguments;
import io.wsqos.core.cli.Option;
import io.wsqos.core.cli.Options;
import io.wsqos.examples.bookstore.BookstoreImpl;
import io.wsqos.examples.bookstore.BookstoreServer;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * The bookstore with a compression mode, for the compression experiments: {@code java -cp
 * benchmarks.jar io.wsqos.benchmarks.experiment.CompressionServer --mode
 * none|all|dynamic|graded|cxf-gzip [--host HOST] [--port PORT]}. Prints the bookstore's line {@code
 * Bookstore listening at http://HOST:PORT/bookstore} (so {@link BookstoreProcess} can start it like
 * the bookstore jar) and stops on SIGINT/SIGTERM.
 */
public final class CompressionServer {

  static final Option<String> MODE =
      Option.choice(
          "mode",
          "none",
          Arrays.stream(ServerMode.values()).map(ServerMode::token).toList(),
          "how the bookstore compresses");

  private CompressionServer() {}

  public static void main(String[] argv) throws Exception {
    Arguments args =
        Options.of(
                "CompressionServer",
                "The bookstore with a compression mode.",
                MODE,
                MonitoringServer.HOST,
                MonitoringServer.PORT)
            .parse(argv);
    ServerMode mode = ServerMode.fromToken(args.get(MODE)).orElseThrow();
    BookstoreServer server =
        BookstoreServer.start(
            args.get(MonitoringServer.HOST),
            args.get(MonitoringServer.PORT),
            new BookstoreImpl(),
            mode.features());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  stopped.countDown();
                },
                "compression-server-stop"));
    System.out.println(
        "Bookstore listening at " + server.address() + " (mode " + mode.token() + ")");
    System.out.flush();
    stopped.await();
  }
}
