package io.wsqos.broker.rest;

import io.wsqos.broker.api.Client;
import io.wsqos.broker.api.ClientRegistration;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.broker.service.BrokerService;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * {@code /api/clients}: the administrator registers and withdraws the clients that report what they
 * measured of the offers they selected.
 */
@Path("/clients")
@Produces(MediaType.APPLICATION_JSON)
public final class ClientsResource {

  private final BrokerService broker;

  ClientsResource(BrokerService broker) {
    this.broker = broker;
  }

  /** Registers a client: 201, its location, and its token (shown once). */
  @POST
  public Response register(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      Requests.ClientName body,
      @Context UriInfo uri) {
    ClientRegistration registration =
        broker.registerClient(Params.caller(authorization), Params.body(body).name());
    return Response.created(
            uri.getAbsolutePathBuilder().path(String.valueOf(registration.client().id())).build())
        .entity(registration)
        .build();
  }

  /** One client. */
  @GET
  @Path("/{id}")
  public Client get(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    return broker.client(Params.caller(authorization), Params.number("id", id));
  }

  /** Withdraws a client; its token stops working: 204. */
  @DELETE
  @Path("/{id}")
  public Response withdraw(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    broker.withdrawClient(Params.caller(authorization), Params.number("id", id));
    return Response.noContent().build();
  }
}
