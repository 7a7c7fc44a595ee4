package io.wsqos.benchmarks.experiment;

import io.wsqos.examples.bookstore.BookstoreImpl;
import io.wsqos.examples.bookstore.BookstoreServer;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * The bookstore with a compression mode, for the compression experiments: {@code java -cp
 * benchmarks.jar io.wsqos.benchmarks.experiment.CompressionServer --mode
 * none|all|dynamic|graded|cxf-gzip [--host HOST] [--port PORT]}. Prints the bookstore's line {@code
 * Bookstore listening at http://HOST:PORT/bookstore} (so {@link BookstoreProcess} can start it like
 * the bookstore jar) and stops on SIGINT/SIGTERM.
 */
public final class CompressionServer {

  private CompressionServer() {}

  public static void main(String[] argv) throws Exception {
    Args args = Args.parse(Arrays.asList(argv), Set.of("mode", "host", "port"));
    String modeToken = args.string("mode", "none");
    ServerMode mode =
        ServerMode.fromToken(modeToken)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "--mode: '"
                            + modeToken
                            + "' (expected: none, all, dynamic, graded or cxf-gzip)"));
    BookstoreServer server =
        BookstoreServer.start(
            args.string("host", BookstoreServer.DEFAULT_HOST),
            args.integer("port", 0),
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
