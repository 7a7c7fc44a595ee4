package io.wsqos.broker.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * {@code GET /api/openapi.json}: the OpenAPI 3 description of the REST API, a resource file read
 * once (a test checks it against this package's annotations, both ways).
 */
@Path("/openapi.json")
public final class OpenApiResource {

  /** Where the description lives on the class path. */
  static final String RESOURCE = "/io/wsqos/broker/rest/openapi.json";

  private final byte[] description;

  OpenApiResource() {
    try (InputStream in = OpenApiResource.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing from the class path: " + RESOURCE);
      }
      description = in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The description. */
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public byte[] get() {
    return description.clone();
  }
}
