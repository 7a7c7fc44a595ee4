package io.wsqos.benchmarks.broker;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.soap.SelectRequest;
import io.wsqos.broker.soap.SelectResponse;
import jakarta.jws.WebService;

/** The implementor of {@link ConstantSelectPort}: one response, made before the server starts. */
@WebService(endpointInterface = "io.wsqos.benchmarks.broker.ConstantSelectPort")
final class ConstantSelectEndpoint implements ConstantSelectPort {

  private final SelectResponse response;

  ConstantSelectEndpoint(SelectResponse response) {
    this.response = requireNonNull(response, "response");
  }

  @Override
  public SelectResponse select(SelectRequest request) {
    return response;
  }
}
