package io.wsqos.broker.rest;

import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.broker.service.BrokerService;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code /api/providers}: the administrator registers, renames and withdraws providers. */
@Path("/providers")
@Produces(MediaType.APPLICATION_JSON)
public final class ProvidersResource {

  private final BrokerService broker;

  ProvidersResource(BrokerService broker) {
    this.broker = broker;
  }

  /** Registers a provider: 201, its location, and its token (shown once). */
  @POST
  public Response register(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      Requests.ProviderName body,
      @Context UriInfo uri) {
    ProviderRegistration registration =
        broker.registerProvider(Params.caller(authorization), Params.body(body).name());
    return Response.created(
            uri.getAbsolutePathBuilder().path(String.valueOf(registration.provider().id())).build())
        .entity(registration)
        .build();
  }

  /** A page of providers. */
  @GET
  public Page<Provider> list(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @Context UriInfo uri) {
    Params.PageQuery page = Params.page(uri);
    return broker.providers(Params.caller(authorization), page.after(), page.limit());
  }

  /** One provider. */
  @GET
  @Path("/{id}")
  public Provider get(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    return broker.provider(Params.caller(authorization), Params.number("id", id));
  }

  /** Renames a provider. */
  @PUT
  @Path("/{id}")
  public Provider rename(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @PathParam("id") String id,
      Requests.ProviderName body) {
    return broker.renameProvider(
        Params.caller(authorization), Params.number("id", id), Params.body(body).name());
  }

  /** Withdraws a provider with its endpoints and offers: 204. */
  @DELETE
  @Path("/{id}")
  public Response withdraw(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    broker.withdrawProvider(Params.caller(authorization), Params.number("id", id));
    return Response.noContent().build();
  }

  /** Gives a provider a new token (shown once); the old one stops working. */
  @POST
  @Path("/{id}/token")
  public ProviderRegistration rotateToken(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    return broker.rotateToken(Params.caller(authorization), Params.number("id", id));
  }
}
