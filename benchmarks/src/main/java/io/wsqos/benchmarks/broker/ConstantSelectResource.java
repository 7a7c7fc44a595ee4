package io.wsqos.benchmarks.broker;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.Selection;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * The minimal JAX-RS baseline of the broker's {@code GET /api/select}: the same path and query
 * parameter, answered with one selection (a constant list of candidates) written by the broker's
 * own JSON provider on every request.
 */
@Path("/select")
@Produces(MediaType.APPLICATION_JSON)
public final class ConstantSelectResource {

  private final Selection selection;

  ConstantSelectResource(Selection selection) {
    this.selection = requireNonNull(selection, "selection");
  }

  /** The constant selection, whatever the service asked for. */
  @GET
  public Selection select(@QueryParam("service") String service) {
    return selection;
  }
}
