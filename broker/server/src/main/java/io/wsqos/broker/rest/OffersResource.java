package io.wsqos.broker.rest;

import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Offer;
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
import java.util.Optional;

/**
 * {@code /api/offers}: the providers' offers. An offer's version is its ETag; an update or
 * withdrawal names the version it read in {@code If-Match}, and gets 412 if another came first.
 */
@Path("/offers")
@Produces(MediaType.APPLICATION_JSON)
public final class OffersResource {

  private final BrokerService broker;

  OffersResource(BrokerService broker) {
    this.broker = broker;
  }

  /** Publishes an offer: 201, its location and its ETag. */
  @POST
  public Response publish(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      Requests.NewOffer body,
      @Context UriInfo uri) {
    Params.body(body);
    Offer offer =
        broker.publishOffer(Params.caller(authorization), body.endpointId(), body.terms());
    return Response.created(uri.getAbsolutePathBuilder().path(String.valueOf(offer.id())).build())
        .tag(Params.etag(offer.version()))
        .entity(offer)
        .build();
  }

  /** A page of offers. */
  @GET
  public Page<Offer> list(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @Context UriInfo uri) {
    Params.PageQuery page = Params.page(uri);
    return broker.offers(Params.caller(authorization), page.after(), page.limit());
  }

  /** One offer, with its version as ETag. */
  @GET
  @Path("/{id}")
  public Response get(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    Offer offer = broker.offer(Params.caller(authorization), Params.number("id", id));
    return Response.ok(offer).tag(Params.etag(offer.version())).build();
  }

  /** Replaces an offer's terms; {@code If-Match} names the version read. */
  @PUT
  @Path("/{id}")
  public Response update(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
      @PathParam("id") String id,
      Requests.OfferChange body) {
    long offerId = Params.number("id", id);
    long version = Params.ifMatch(ifMatch);
    Offer offer =
        broker.updateOffer(
            Params.caller(authorization), offerId, version, Params.body(body).terms());
    return Response.ok(offer).tag(Params.etag(offer.version())).build();
  }

  /**
   * Reports what the caller measured of an offer (see {@link BrokerService#reportMeasurement}): 200
   * with what the broker's window now says of the offer; 429 with {@code Retry-After} past the
   * caller's rate.
   */
  @POST
  @Path("/{id}/measurements")
  public MeasuredQos report(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @PathParam("id") String id,
      Requests.MeasurementReport body) {
    long offerId = Params.number("id", id);
    Params.body(body);
    return broker.reportMeasurement(
        Params.caller(authorization),
        offerId,
        body.measurement(),
        Optional.ofNullable(body.receipt()));
  }

  /**
   * What the measurements within the broker's window say of an offer: 200, or 204 when no report
   * counts.
   */
  @GET
  @Path("/{id}/measured")
  public Response measured(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
    return broker
        .measuredQos(Params.caller(authorization), Params.number("id", id))
        .map(m -> Response.ok(m).build())
        .orElseGet(() -> Response.noContent().build());
  }

  /** Withdraws an offer; {@code If-Match} names the version read: 204. */
  @DELETE
  @Path("/{id}")
  public Response withdraw(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
      @PathParam("id") String id) {
    long offerId = Params.number("id", id);
    broker.withdrawOffer(Params.caller(authorization), offerId, Params.ifMatch(ifMatch));
    return Response.noContent().build();
  }
}
