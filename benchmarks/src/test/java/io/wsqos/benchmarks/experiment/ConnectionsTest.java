package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.benchmarks.load.HttpRequest;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionsTest {

  private static final List<io.wsqos.cli.Option<?>> DECLARED = List.of(Connections.OPTION);

  @Test
  void defaultsToOneConnectionPerRequestAsBefore() {
    OptionValues values = OptionValues.parse(DECLARED);

    assertThat(values.get(Connections.OPTION)).isEqualTo(Connections.PER_REQUEST);
    assertThat(Connections.PER_REQUEST.keepAlive()).containsExactly(false);
    assertThat(Connections.OPTION.defaultText()).isEqualTo("per-request");
  }

  @Test
  void readsEachModeByItsToken() {
    assertThat(OptionValues.parse(DECLARED, "--connections=kept-alive").get(Connections.OPTION))
        .isEqualTo(Connections.KEPT_ALIVE);
    assertThat(OptionValues.parse(DECLARED, "--connections", "both").get(Connections.OPTION))
        .isEqualTo(Connections.BOTH);
    assertThat(Connections.BOTH.keepAlive()).containsExactly(false, true);
  }

  @Test
  void refusesAnUnknownModeSayingWhichAreKnown() {
    assertThatThrownBy(() -> OptionValues.parse(DECLARED, "--connections=keep-alive"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--connections: keep-alive")
        .hasMessageContaining("per-request, kept-alive or both");
  }

  @Test
  void bothRunsEveryVariantPerRequestFirstThenKeptAliveUnderItsSuffixedName() {
    List<CompressionSides.Side> sides =
        List.of(CompressionSides.side("none"), CompressionSides.side("all"));

    List<CompressionExperiment.Line> lines = CompressionExperiment.lines(sides, Connections.BOTH);

    assertThat(lines)
        .extracting(CompressionExperiment.Line::name)
        .containsExactly("none", "all", "none-kept-alive", "all-kept-alive");
    assertThat(lines)
        .extracting(CompressionExperiment.Line::keepAlive)
        .containsExactly(false, false, true, true);
  }

  @Test
  void aKeptAliveVariantsRequestsAskToKeepTheConnection() {
    Path request = Path.of("../examples/bookstore/requests/lite-1.xml");
    URI url = URI.create("http://127.0.0.1:1/bookstore");
    CompressionSides.Side dynamic = CompressionSides.side("dynamic");

    List<HttpRequest> kept = take(CompressionSides.source(url, request, dynamic, true), 2);
    List<HttpRequest> closed = take(CompressionSides.source(url, request, dynamic, false), 2);

    assertThat(kept).allSatisfy(r -> assertThat(r.keepAlive()).isTrue());
    assertThat(closed).allSatisfy(r -> assertThat(r.keepAlive()).isFalse());
  }

  private static List<HttpRequest> take(io.wsqos.benchmarks.load.RequestSource source, int n) {
    List<HttpRequest> requests = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      requests.add(source.next());
    }
    return requests;
  }
}
