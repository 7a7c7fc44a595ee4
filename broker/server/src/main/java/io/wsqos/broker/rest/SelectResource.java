package io.wsqos.broker.rest;

import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.selection.Ranking;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import javax.xml.namespace.QName;

/**
 * {@code GET /api/select}: the offers for a service that meet a requirement, best first, from the
 * broker's memory (also while its database is down: the answer then says {@code mayBeStale}), with
 * the selection's {@linkplain Selection#tag() tag} as its {@code ETag}. {@code GET
 * /api/select/watch}: the same selection once it differs from the one the client names in {@code
 * If-None-Match}, held up to {@code wait} seconds, then 304 Not Modified.
 */
@Path("/select")
@Produces(MediaType.APPLICATION_JSON)
public final class SelectResource {

  /** The wait of a watch that names none, in seconds. */
  static final long DEFAULT_WAIT_SECONDS = 30;

  /** Seconds after a 429 before a client should watch again. */
  static final String WATCH_RETRY_AFTER_SECONDS = "1";

  /** The query parameters of a requirement, which a selection and a watch both take. */
  private static final List<String> REQUIREMENT_PARAMETERS =
      List.of(
          "service",
          "maxPrice",
          "maxResponseTimeMillis",
          "minAvailability",
          "priority",
          "compression",
          "currency");

  /** The query parameters of a selection: a requirement's and {@code rank}. */
  private static final List<String> SELECT_PARAMETERS = with(REQUIREMENT_PARAMETERS, "rank");

  /** The query parameters of a watch: a requirement's and {@code wait}. */
  private static final List<String> WATCH_PARAMETERS = with(REQUIREMENT_PARAMETERS, "wait");

  private final BrokerService broker;

  SelectResource(BrokerService broker) {
    this.broker = broker;
  }

  /** A selection's arguments as the query gives them. */
  private record Query(
      QName service, QosRequirement requirement, Optional<Currency> currency, Ranking ranking) {}

  /**
   * Selects by the query's parameters. {@code service} is the port type as {@code
   * {namespace}local}; every other parameter ({@code maxPrice}, {@code maxResponseTimeMillis},
   * {@code minAvailability}, {@code priority}, {@code compression}, {@code currency}) may be left
   * out: {@code priority} defaults to {@code best-effort}, {@code compression} to {@code
   * server-decides}, {@code currency} to the broker's default, {@code rank} to {@code offered} (by
   * the offers' terms; {@code measured} ranks by measured response time). 304 when {@code
   * If-None-Match} names the selection's tag.
   */
  @GET
  public Response select(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @Context UriInfo uri,
      @Context Request request) {
    Caller caller = Params.caller(authorization);
    Query query = query(Params.query(uri, SELECT_PARAMETERS));
    Selection selection =
        broker.select(
            caller,
            query.service,
            query.requirement,
            query.currency.orElse(broker.defaultCurrency()),
            query.ranking);
    return answer(selection, request);
  }

  /**
   * Watches the selection {@link #select} makes: answers with it as soon as its tag differs from
   * the one in {@code If-None-Match} (at once when it already does, or when the header is absent),
   * or with 304 Not Modified after {@code wait} seconds (0 to 300, default 30) without a change.
   * The selection is ranked by the offers' terms: a watch takes no {@code rank}. 429 with {@code
   * Retry-After} when the broker holds as many watches as it allows.
   */
  @GET
  @Path("/watch")
  public void watch(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
      @Context UriInfo uri,
      @Context Request request,
      @Suspended AsyncResponse async) {
    Caller caller = Params.caller(authorization);
    Map<String, String> parameters = Params.query(uri, WATCH_PARAMETERS);
    Query query = query(parameters);
    Duration waiting =
        Duration.ofSeconds(Params.number("wait", parameters.get("wait"), DEFAULT_WAIT_SECONDS));
    String known = knownTag(ifNoneMatch);
    CompletableFuture<Selection> answer =
        broker.watch(caller, query.service, query.requirement, query.currency, known, waiting);
    answer.whenComplete(
        (selection, failure) ->
            async.resume(failure != null ? failure : answer(selection, request)));
  }

  private static Response answer(Selection selection, Request request) {
    EntityTag tag = new EntityTag(selection.tag());
    Response.ResponseBuilder unchanged = request.evaluatePreconditions(tag);
    return (unchanged != null ? unchanged : Response.ok(selection)).tag(tag).build();
  }

  /**
   * The first tag of an {@code If-None-Match}, quotes and weakness taken off; the empty string (no
   * selection has it) when there is none, so that the watch answers at once.
   */
  static String knownTag(String ifNoneMatch) {
    if (ifNoneMatch == null) {
      return "";
    }
    String first = ifNoneMatch.split(",", 2)[0].strip();
    if (first.startsWith("W/")) {
      first = first.substring(2);
    }
    if (first.length() >= 2 && first.startsWith("\"") && first.endsWith("\"")) {
      first = first.substring(1, first.length() - 1);
    }
    return first;
  }

  private static Query query(Map<String, String> query) {
    // Read once by Params.query: CXF would parse the query string again for each @QueryParam.
    String service = query.get("service");
    String maxPrice = query.get("maxPrice");
    String maxResponseTimeMillis = query.get("maxResponseTimeMillis");
    String minAvailability = query.get("minAvailability");
    String priority = query.get("priority");
    String compression = query.get("compression");
    String currency = query.get("currency");
    String rank = query.get("rank");
    QName portType = portType(service);
    QosTerms.Builder terms = QosTerms.builder();
    try {
      if (present(maxPrice)) {
        terms.maxPrice(decimal("maxPrice", maxPrice));
      }
      if (present(maxResponseTimeMillis)) {
        terms.maxResponseTimeMillis(Params.number("maxResponseTimeMillis", maxResponseTimeMillis));
      }
      if (present(minAvailability)) {
        terms.minAvailability(decimal("minAvailability", minAvailability).doubleValue());
      }
      if (present(priority)) {
        terms.transportPriority(
            TransportPriority.fromToken(priority)
                .orElseThrow(
                    () ->
                        Checks.invalidText(
                            "priority", priority, "best-effort, assured or expedited")));
      }
      CompressionPreference preference =
          present(compression)
              ? CompressionPreference.fromToken(compression)
                  .orElseThrow(
                      () ->
                          Checks.invalidText(
                              "compression", compression, "none, compress or server-decides"))
              : CompressionPreference.SERVER_DECIDES;
      Ranking ranking = Ranking.OFFERED;
      if (present(rank)) {
        ranking =
            switch (rank) {
              case "offered" -> Ranking.OFFERED;
              case "measured" -> Ranking.MEASURED;
              default -> throw Checks.invalidText("rank", rank, "offered or measured");
            };
      }
      return new Query(
          portType,
          QosRequirement.of(preference, terms.build()),
          present(currency) ? Optional.of(OfferTerms.currency(currency)) : Optional.empty(),
          ranking);
    } catch (InvalidValueException e) {
      throw InvalidInputException.of(e);
    }
  }

  private static QName portType(String service) {
    if (!present(service)) {
      throw InvalidInputException.of(
          new InvalidValueException("service", "missing", "the port type as {namespace}local"));
    }
    try {
      return BrokerJson.qname(service);
    } catch (InvalidValueException e) {
      throw InvalidInputException.of(e.named("service"));
    }
  }

  private static BigDecimal decimal(String field, String text) {
    try {
      return Checks.decimal(field, text);
    } catch (InvalidValueException e) {
      throw InvalidInputException.of(e);
    }
  }

  private static boolean present(String text) {
    return text != null && !text.isEmpty();
  }

  private static List<String> with(List<String> names, String name) {
    return Stream.concat(names.stream(), Stream.of(name)).toList();
  }
}
