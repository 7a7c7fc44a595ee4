package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.wsqos.benchmarks.experiment.PacketLossExperiment.Cell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PacketLossExperimentTest {

  @Test
  void theSeedsExchangesAreMeasuredPlainAndTable4sBothWays() {
    assertThat(PacketLossExperiment.cells(List.of("author", "heavy-1")))
        .containsExactly(
            new Cell("author", false), new Cell("heavy-1", false), new Cell("heavy-1", true));
    assertThatThrownBy(() -> PacketLossExperiment.cells(List.of("heavy-4")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("bodies: heavy-4 (expected: author, sellerprofile, or one of");
  }

  @Test
  void theModelGivesTheSeedsSharesForTheAuthorService() {
    // The seed: 12 packets server to client; at 2% loss 22% of the exchanges lose one, and 27% of
    // those lose one of the last three (3 of the 11 data packets).
    assertThat(PacketLossExperiment.anyLost(2, 12)).isCloseTo(0.215, within(0.005));
    assertThat(PacketLossExperiment.segments(12_974)).isEqualTo(10);
    // Handshake, a two-segment request, the response's last three.
    assertThat(PacketLossExperiment.timeoutPackets(1_438, 12_974)).isEqualTo(7);
    assertThat(PacketLossExperiment.packets(1_438, 12_974)).isEqualTo(3 + 2 + 10 + 5 + 4);
    assertThat(PacketLossExperiment.anyLost(0, 24)).isZero();
  }

  @Test
  void aCurlLineIsReadIntoTheModelsParts() {
    CurlExchanges.Exchange e = CurlExchanges.parse("200 0.001000 0.021000 0.031000 6258 1721 zstd");

    assertThat(e.status()).isEqualTo(200);
    assertThat(e.responseSeconds()).isCloseTo(0.010, within(1e-9));
    assertThat(e.bytesDown()).isEqualTo(6258);
    assertThat(e.contentEncoding()).isEqualTo("zstd");
    assertThat(CurlExchanges.parse("200 0.1 0.2 0.3 10 20").contentEncoding())
        .isEqualTo("identity");
    assertThatThrownBy(() -> CurlExchanges.parse("000")).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void settingsReadAsTheCommittedReportHasThem() throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of("results/003-packet-loss/report.md")).stream()
            .filter(l -> l.startsWith("- "))
            .map(l -> l.substring(2))
            .toList();
    int first =
        lines.indexOf(lines.stream().filter(l -> l.startsWith("link: ")).findFirst().orElseThrow());
    String link = lines.get(first).substring("link: ".length());

    List<String> settings = PacketLossExperiment.settings(link, 100, 1);

    assertThat(lines.subList(first, first + 3)).isEqualTo(settings);
  }
}
