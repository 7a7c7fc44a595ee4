package io.wsqos.broker.rest;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.service.BrokerService;
import java.util.List;

/**
 * The broker's REST/JSON API over a {@link BrokerService}: the JAX-RS resources and providers to
 * mount at {@link #PATH} on the project's server, in one call:
 *
 * <pre>{@code
 * BrokerRest rest = BrokerRest.of(service);
 * EmbeddedServer.builder().jaxrs(BrokerRest.PATH, rest.resources(), rest.providers()).start();
 * }</pre>
 *
 * <p>The resources are {@code /providers}, {@code /services}, {@code /endpoints}, {@code /offers},
 * {@code /select} and {@code /openapi.json} (the OpenAPI 3 description) under {@link #PATH}; JSON
 * is {@link BrokerJson}'s; the caller authenticates with {@code Authorization: Bearer <token>};
 * every error is a status with a JSON body {@code {"error", "field", "message"}}.
 *
 * @param resources the JAX-RS resource objects, singletons serving requests concurrently
 * @param providers the JSON reader and writer, the request header checks, the {@code OPTIONS}
 *     answers and the exception mappers
 */
public record BrokerRest(List<Object> resources, List<Object> providers) {

  /** Where the API is mounted. */
  public static final String PATH = "/api";

  /** Copies the lists. */
  public BrokerRest {
    resources = List.copyOf(resources);
    providers = List.copyOf(providers);
  }

  /** The API over {@code service}. */
  public static BrokerRest of(BrokerService service) {
    requireNonNull(service, "service");
    List<Object> resources =
        List.of(
            new ProvidersResource(service),
            new ClientsResource(service),
            new ServicesResource(service),
            new EndpointsResource(service),
            new OffersResource(service),
            new SelectResource(service),
            new OpenApiResource());
    return new BrokerRest(
        resources,
        List.of(
            new AllowedMethods(resources),
            new StrictJsonProvider(new RenderedCandidates().mapper()),
            new RequestHeaders(),
            new ErrorResponses.Broker(),
            new ErrorResponses.Json(),
            new ErrorResponses.Web(),
            new ErrorResponses.Unexpected()));
  }
}
