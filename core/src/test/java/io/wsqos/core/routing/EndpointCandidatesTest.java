package io.wsqos.core.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EndpointCandidatesTest {

  @Test
  void staticCandidatesAnswerBestFirstAndNothingForUnknownServices() {
    EndpointCandidates candidates =
        EndpointCandidates.of(
            Map.of("Bookstore", List.of("http://a/bookstore", "http://b/bookstore")));

    List<String> known = candidates.candidates("Bookstore");
    List<String> unknown = candidates.candidates("Other");

    assertThat(known).containsExactly("http://a/bookstore", "http://b/bookstore");
    assertThat(unknown).isEmpty();
  }

  @Test
  void staticCandidatesAreACopyTheCallerCannotChange() {
    List<String> endpoints = new ArrayList<>(List.of("http://a/bookstore"));
    EndpointCandidates candidates = EndpointCandidates.of(Map.of("Bookstore", endpoints));

    endpoints.add("http://b/bookstore");

    assertThat(candidates.candidates("Bookstore")).containsExactly("http://a/bookstore");
    assertThatThrownBy(() -> candidates.candidates("Bookstore").add("http://c/bookstore"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void staticCandidatesRejectEmptyBlankAndRepeatedEndpoints() {
    assertThatThrownBy(() -> EndpointCandidates.of(Map.of("Bookstore", List.of())))
        .hasMessage("endpoints of Bookstore: [] (expected: at least one endpoint)");
    assertThatThrownBy(() -> EndpointCandidates.of(Map.of("Bookstore", List.of(" "))))
        .hasMessage("endpoint of Bookstore: ' ' (expected: not blank)");
    assertThatThrownBy(
            () -> EndpointCandidates.of(Map.of("Bookstore", List.of("http://a", "http://a"))))
        .hasMessage("endpoints of Bookstore: http://a repeated (expected: each once)");
  }
}
