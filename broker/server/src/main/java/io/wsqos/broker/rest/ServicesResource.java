package io.wsqos.broker.rest;

import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Service;
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

/** {@code /api/services}: the services (WSDL port types) providers implement. */
@Path("/services")
@Produces(MediaType.APPLICATION_JSON)
public final class ServicesResource {

  private final BrokerService broker;

  ServicesResource(BrokerService broker) {
    this.broker = broker;
  }

  /** Registers a service: 201 and its location. */
  @POST
  public Response register(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      Requests.NewService body,
      @Context UriInfo uri) {
    Params.body(body);
    Service service =
        broker.registerService(Params.caller(authorization), body.portType(), body.wsdlLocation());
    return Response.created(uri.getAbsolutePathBuilder().path(String.valueOf(service.id())).build())
        .entity(service)
        .build();
  }

  /** A page of services. */
  @GET
  public Page<Service> list(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @Context UriInfo uri) {
    Params.PageQuery page = Params.page(uri);
    return broker.services(Params.caller(authorization), page.after(), page.limit());
  }

  /** One service. */
  @GET
  @Path("/{id}")
  public Service get(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    return broker.service(Params.caller(authorization), Params.number("id", id));
  }

  /** Moves a service's WSDL. */
  @PUT
  @Path("/{id}")
  public Service update(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @PathParam("id") String id,
      Requests.ServiceChange body) {
    return broker.updateService(
        Params.caller(authorization), Params.number("id", id), Params.body(body).wsdlLocation());
  }

  /** Withdraws a service with every endpoint for it: 204. */
  @DELETE
  @Path("/{id}")
  public Response withdraw(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    broker.withdrawService(Params.caller(authorization), Params.number("id", id));
    return Response.noContent().build();
  }
}
