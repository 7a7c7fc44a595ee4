package io.wsqos.examples.brokerdemo;

import io.wsqos.broker.app.BrokerOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts the demo as the tests run it: on port 0, its databases in a test's directory. */
final class DemoInDirectory {

  private DemoInDirectory() {}

  /**
   * The demo with its registry and the bookstores' monitor databases in {@code directory}, and
   * {@code more} options; the caller closes it.
   */
  static BrokerDemo start(Path directory, String... more) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--port",
                "0",
                "--jdbc-url",
                "jdbc:h2:file:" + directory.resolve("broker").toAbsolutePath(),
                "--demo-dir",
                directory.toString()));
    args.addAll(List.of(more));
    return BrokerDemo.start(
        BrokerOptions.parse(BrokerDemo.OPTIONS, args.toArray(String[]::new), Map.of()));
  }
}
