package io.wsqos.broker.rest;

import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Page;
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

/** {@code /api/endpoints}: where providers serve services. */
@Path("/endpoints")
@Produces(MediaType.APPLICATION_JSON)
public final class EndpointsResource {

  private final BrokerService broker;

  EndpointsResource(BrokerService broker) {
    this.broker = broker;
  }

  /** Registers an endpoint: 201 and its location. */
  @POST
  public Response register(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      Requests.NewEndpoint body,
      @Context UriInfo uri) {
    Params.body(body);
    Endpoint endpoint =
        broker.registerEndpoint(
            Params.caller(authorization),
            body.providerId(),
            body.serviceId(),
            body.address(),
            body.bindings());
    return Response.created(
            uri.getAbsolutePathBuilder().path(String.valueOf(endpoint.id())).build())
        .entity(endpoint)
        .build();
  }

  /** A page of endpoints. */
  @GET
  public Page<Endpoint> list(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @Context UriInfo uri) {
    Params.PageQuery page = Params.page(uri);
    return broker.endpoints(Params.caller(authorization), page.after(), page.limit());
  }

  /** One endpoint. */
  @GET
  @Path("/{id}")
  public Endpoint get(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    return broker.endpoint(Params.caller(authorization), Params.number("id", id));
  }

  /** Changes an endpoint's address and bindings. */
  @PUT
  @Path("/{id}")
  public Endpoint update(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @PathParam("id") String id,
      Requests.EndpointChange body) {
    Params.body(body);
    return broker.updateEndpoint(
        Params.caller(authorization), Params.number("id", id), body.address(), body.bindings());
  }

  /** Withdraws an endpoint with its offers: 204. */
  @DELETE
  @Path("/{id}")
  public Response withdraw(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    broker.withdrawEndpoint(Params.caller(authorization), Params.number("id", id));
    return Response.noContent().build();
  }
}
