package io.wsqos.broker.soap;

import static io.wsqos.broker.soap.SoapFixture.client;
import static io.wsqos.broker.soap.SoapFixture.fault;
import static io.wsqos.broker.soap.SoapFixture.headerElement;
import static io.wsqos.broker.soap.SoapFixture.post;
import static io.wsqos.broker.soap.SoapFixture.xml;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.service.Caller;
import io.wsqos.broker.soap.SoapFixture.RawFault;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.testing.RawHttp;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The SOAP API on a real embedded server over a real registry (H2 in memory) and selector: every
 * operation through CXF's JAX-WS client and through hand-written envelopes, every fault kind with
 * its fault code and field, and the select query in the client's own {@code qos:Requirement}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BrokerSoapTest {

  static final String ADMIN_TOKEN = BrokerStack.ADMIN_TOKEN;
  static final QName BOOKSTORE = new QName("http://wsqos.io/examples", "Bookstore");
  static final String WSDL = "http://127.0.0.1:8080/bookstore?wsdl";
  static final String QOS = "http://wsqos.io/ns/qos/1";

  @RegisterExtension static final BrokerStack.PerClass broker = BrokerStack.perClass();

  private BrokerStack stack;
  private String address;
  private BrokerPort admin;
  private BrokerPort anonymous;

  @BeforeAll
  void start() {
    stack = broker.stack();
    address = stack.soapAddress();
    admin = client(address, ADMIN_TOKEN);
    anonymous = client(address, null);
  }

  static OfferTermsInfo terms(String price) {
    OfferTermsInfo terms = new OfferTermsInfo();
    terms.price = price;
    terms.currency = "EUR";
    terms.maxResponseTimeMillis = 100L;
    terms.availability = 0.99;
    terms.throughputPerSecond = 100.0;
    return terms;
  }

  /** A provider with one endpoint for the bookstore service, and its client. */
  private record Setup(
      ProviderToken provider, BrokerPort port, ServiceInfo service, EndpointInfo endpoint) {}

  private Setup provider(String name, ServiceInfo service) throws Exception {
    ProviderToken provider = admin.registerProvider(name);
    BrokerPort port = client(address, provider.token);
    EndpointInfo endpoint =
        port.registerEndpoint(
            provider.provider.id,
            service.id,
            "http://127.0.0.1:9000/" + provider.provider.id,
            List.of("soap11"));
    return new Setup(provider, port, service, endpoint);
  }

  private void awaitIndexed() {
    stack.selector().refresh();
  }

  // Every operation, through CXF's JAX-WS client.

  @Test
  void everyOperationWorksThroughTheJaxWsClient() throws Exception {
    ProviderToken acme = admin.registerProvider("Acme");
    assertThat(acme.token).matches("[A-Za-z0-9_-]{43}");
    assertThat(admin.renameProvider(acme.provider.id, "Acme Books").name).isEqualTo("Acme Books");
    ProviderToken rotated = admin.rotateToken(acme.provider.id);
    assertThat(rotated.token).isNotEqualTo(acme.token);
    BrokerPort old = client(address, acme.token);
    assertThat(
            catchThrowableOfType(() -> old.getProvider(acme.provider.id), BrokerClientFault.class)
                .getFaultInfo()
                .kind)
        .isEqualTo("unauthenticated");
    BrokerPort acmePort = client(address, rotated.token);

    ServiceInfo books = acmePort.registerService(BOOKSTORE, WSDL);
    assertThat(books.portType).isEqualTo(BOOKSTORE);
    assertThat(admin.updateService(books.id, "https://books.example/bookstore?wsdl").wsdlLocation)
        .isEqualTo("https://books.example/bookstore?wsdl");

    EndpointInfo endpoint =
        acmePort.registerEndpoint(
            acme.provider.id, books.id, "http://127.0.0.1:9000/books", List.of("soap11"));
    assertThat(endpoint.bindings).containsExactly("soap11");
    EndpointInfo moved =
        acmePort.updateEndpoint(
            endpoint.id, "http://127.0.0.1:9001/books", List.of("soap12", "soap11"));
    assertThat(moved.address).isEqualTo("http://127.0.0.1:9001/books");
    assertThat(moved.bindings).containsExactly("soap11", "soap12");

    OfferTermsInfo terms = terms("0.10");
    terms.transportPriorities = List.of("assured", "best-effort");
    terms.compression = true;
    terms.validFrom = "2020-01-01T00:00:00+01:00";
    terms.validUntil = "9000-01-01T00:00:00Z";
    OfferInfo offer = acmePort.publishOffer(endpoint.id, terms);
    assertThat(offer.version).isEqualTo(1);
    assertThat(offer.terms.price).isEqualTo("0.1");
    assertThat(offer.terms.transportPriorities).containsExactly("best-effort", "assured");
    assertThat(offer.terms.validFrom).isEqualTo("2019-12-31T23:00:00Z");
    assertThat(offer.terms.validUntil).isEqualTo("9000-01-01T00:00:00Z");
    assertThat(offer.terms.compression).isTrue();
    OfferTermsInfo dearer = terms("0.20");
    dearer.transportPriorities = List.of("assured");
    dearer.compression = true;
    OfferInfo updated = acmePort.updateOffer(offer.id, 1, dearer);
    assertThat(updated.version).isEqualTo(2);
    assertThat(updated.terms.validUntil).isNull();

    assertThat(anonymous.getProvider(acme.provider.id).name).isEqualTo("Acme Books");
    assertThat(anonymous.getService(books.id).wsdlLocation)
        .isEqualTo("https://books.example/bookstore?wsdl");
    assertThat(anonymous.getEndpoint(endpoint.id).address).isEqualTo("http://127.0.0.1:9001/books");
    assertThat(anonymous.getOffer(offer.id).terms.price).isEqualTo("0.2");

    ProviderToken other = admin.registerProvider("Other");
    ProviderPage first = anonymous.listProviders(0, 1);
    assertThat(first.items).extracting(p -> p.id).containsExactly(acme.provider.id);
    assertThat(first.nextAfter).isEqualTo(acme.provider.id);
    ProviderPage second = anonymous.listProviders(first.nextAfter, 1);
    assertThat(second.items).extracting(p -> p.name).containsExactly("Other");
    assertThat(
            anonymous.listProviders(
                    second.nextAfter == null ? other.provider.id : second.nextAfter, 1)
                .items)
        .isEmpty();
    assertThat(anonymous.listServices(0, 10).items).extracting(s -> s.id).containsExactly(books.id);
    assertThat(anonymous.listEndpoints(0, 10).items)
        .extracting(e -> e.id)
        .containsExactly(endpoint.id);
    OfferPage offers = anonymous.listOffers(0, 10);
    assertThat(offers.items).extracting(o -> o.version).containsExactly(2L);
    assertThat(offers.nextAfter).isNull();

    awaitIndexed();
    SelectRequest select = new SelectRequest();
    select.service = BOOKSTORE;
    select.requirement.add(
        headerElement(
            QosRequirement.of(CompressionPreference.COMPRESS, TransportPriority.ASSURED)));
    SelectionResult selection = anonymous.select(select).selection;
    assertThat(selection.candidates).hasSize(1);
    CandidateInfo best = selection.candidates.get(0);
    assertThat(best.provider.name).isEqualTo("Acme Books");
    assertThat(best.service.portType).isEqualTo(BOOKSTORE);
    assertThat(best.endpoint.address).isEqualTo("http://127.0.0.1:9001/books");
    assertThat(best.offer.id).isEqualTo(offer.id);
    assertThat(selection.mayBeStale).isFalse();
    assertThat(selection.registryVersion).isPositive();
    assertThat(selection.confirmedAt).endsWith("Z");

    acmePort.withdrawOffer(offer.id, 2);
    assertThat(kindOf(() -> anonymous.getOffer(offer.id))).isEqualTo("not-found");
    acmePort.withdrawEndpoint(endpoint.id);
    assertThat(kindOf(() -> anonymous.getEndpoint(endpoint.id))).isEqualTo("not-found");
    admin.withdrawService(books.id);
    assertThat(kindOf(() -> anonymous.getService(books.id))).isEqualTo("not-found");
    admin.withdrawProvider(acme.provider.id);
    assertThat(kindOf(() -> anonymous.getProvider(acme.provider.id))).isEqualTo("not-found");
    assertThat(kindOf(() -> acmePort.registerService(BOOKSTORE, WSDL)))
        .isEqualTo("unauthenticated");
  }

  // Every operation, from hand-written envelopes.

  /** Posts an operation's element and returns the answer's document, which must be a 200. */
  private org.w3c.dom.Document ok(String body, String token) {
    RawHttp.Response response = post(address, body, token);
    assertThat(response.status()).as(response.text()).isEqualTo(200);
    return SoapFixture.parse(response);
  }

  private static String text(org.w3c.dom.Document document, String localName) {
    return SoapFixture.text(document, localName);
  }

  @Test
  void aSelectionShowsWhatWasMeasuredOfEachOfferAndGivesAClientReceipts() throws Exception {
    ServiceInfo service = admin.registerService(BOOKSTORE, WSDL);
    Setup acme = provider("Acme", service);
    OfferInfo offer = acme.port().publishOffer(acme.endpoint().id, terms("0.10"));
    Caller adminCaller = Caller.bearer(ADMIN_TOKEN);
    Instant now = Instant.now();
    stack
        .service()
        .reportMeasurement(
            adminCaller,
            offer.id,
            new Measurement("getBook", now.minusSeconds(10), now, 40, 0, 20, 60, 90),
            Optional.empty());
    String clientToken = stack.service().registerClient(adminCaller, "reader").token();
    awaitIndexed();
    SelectRequest select = new SelectRequest();
    select.service = BOOKSTORE;
    select.requirement.add(
        headerElement(
            QosRequirement.of(
                CompressionPreference.SERVER_DECIDES, TransportPriority.BEST_EFFORT)));

    CandidateInfo seen = anonymous.select(select).selection.candidates.get(0);
    CandidateInfo asClient =
        client(address, clientToken).select(select).selection.candidates.get(0);

    assertThat(seen.receipt).isNull();
    assertThat(seen.measured.flagged).isFalse();
    assertThat(seen.measured.operations).hasSize(1);
    MeasuredInfo.Operation op = seen.measured.operations.get(0);
    assertThat(op.operation).isEqualTo("getBook");
    assertThat(op.requests).isEqualTo(40);
    assertThat(op.availability).isEqualTo(1.0);
    assertThat(op.p95Millis).isEqualTo(60.0);
    assertThat(seen.measured.expiresAt).endsWith("Z");
    assertThat(asClient.receipt).hasSize(22);
  }

  @Test
  void everyOperationWorksFromHandWrittenEnvelopes() {
    var registered = ok("<b:registerProvider><name>Raw</name></b:registerProvider>", ADMIN_TOKEN);
    String providerId = text(registered, "id");
    String token = text(registered, "token");
    assertThat(
            text(
                ok(
                    "<b:renameProvider><id>"
                        + providerId
                        + "</id><name>Raw Books</name>"
                        + "</b:renameProvider>",
                    ADMIN_TOKEN),
                "name"))
        .isEqualTo("Raw Books");
    String rotated =
        text(
            ok("<b:rotateToken><id>" + providerId + "</id></b:rotateToken>", ADMIN_TOKEN), "token");
    assertThat(rotated).isNotEqualTo(token);
    token = rotated;

    var service =
        ok(
            "<b:registerService><portType xmlns:ex=\"http://wsqos.io/examples\">ex:Bookstore"
                + "</portType><wsdlLocation>"
                + WSDL
                + "</wsdlLocation></b:registerService>",
            token);
    String serviceId = text(service, "id");
    assertThat(text(service, "portType")).endsWith(":Bookstore");
    assertThat(
            text(
                ok(
                    "<b:updateService><id>"
                        + serviceId
                        + "</id>"
                        + "<wsdlLocation>https://books.example/?wsdl</wsdlLocation></b:updateService>",
                    ADMIN_TOKEN),
                "wsdlLocation"))
        .isEqualTo("https://books.example/?wsdl");

    String endpointId =
        text(
            ok(
                "<b:registerEndpoint><providerId>"
                    + providerId
                    + "</providerId><serviceId>"
                    + serviceId
                    + "</serviceId><address>http://127.0.0.1:9000/raw</address>"
                    + "<binding>soap11</binding></b:registerEndpoint>",
                token),
            "id");
    assertThat(
            text(
                ok(
                    "<b:updateEndpoint><id>"
                        + endpointId
                        + "</id>"
                        + "<address>http://127.0.0.1:9001/raw</address><binding>soap12</binding>"
                        + "</b:updateEndpoint>",
                    token),
                "binding"))
        .isEqualTo("soap12");

    String terms =
        "<terms><price>0.30</price><currency>EUR</currency>"
            + "<maxResponseTimeMillis>80</maxResponseTimeMillis><availability>0.999</availability>"
            + "<throughputPerSecond>20</throughputPerSecond>"
            + "<transportPriority>assured</transportPriority><compression>true</compression>"
            + "<validFrom>2020-01-01T00:00:00Z</validFrom></terms>";
    var published =
        ok(
            "<b:publishOffer><endpointId>"
                + endpointId
                + "</endpointId>"
                + terms
                + "</b:publishOffer>",
            token);
    String offerId = text(published, "id");
    assertThat(text(published, "version")).isEqualTo("1");
    assertThat(text(published, "price")).isEqualTo("0.3");
    var updated =
        ok(
            "<b:updateOffer><id>"
                + offerId
                + "</id><version>1</version>"
                + terms.replace("0.30", "0.40")
                + "</b:updateOffer>",
            token);
    assertThat(text(updated, "version")).isEqualTo("2");

    assertThat(text(ok("<b:getProvider><id>" + providerId + "</id></b:getProvider>", null), "name"))
        .isEqualTo("Raw Books");
    assertThat(
            text(
                ok("<b:getService><id>" + serviceId + "</id></b:getService>", null),
                "wsdlLocation"))
        .isEqualTo("https://books.example/?wsdl");
    assertThat(
            text(ok("<b:getEndpoint><id>" + endpointId + "</id></b:getEndpoint>", null), "address"))
        .isEqualTo("http://127.0.0.1:9001/raw");
    assertThat(text(ok("<b:getOffer><id>" + offerId + "</id></b:getOffer>", null), "price"))
        .isEqualTo("0.4");
    for (String list : List.of("listProviders", "listServices", "listEndpoints", "listOffers")) {
      var page = ok("<b:" + list + "><after>0</after><limit>5</limit></b:" + list + ">", null);
      assertThat(page.getElementsByTagNameNS("*", "item").getLength()).as(list).isEqualTo(1);
      assertThat(text(page, "nextAfter")).as(list).isNull();
    }

    awaitIndexed();
    var selection =
        ok(
            "<b:select><service xmlns:ex=\"http://wsqos.io/examples\">ex:Bookstore</service>"
                + "<qos:Requirement xmlns:qos=\""
                + QOS
                + "\"><qos:compression>compress</qos:compression>"
                + "<qos:terms><qos:transportPriority>assured</qos:transportPriority>"
                + "<qos:maxPrice>0.5</qos:maxPrice></qos:terms></qos:Requirement></b:select>",
            null);
    assertThat(selection.getElementsByTagNameNS("*", "candidate").getLength()).isEqualTo(1);
    assertThat(text(selection, "mayBeStale")).isEqualTo("false");

    ok("<b:withdrawOffer><id>" + offerId + "</id><version>2</version></b:withdrawOffer>", token);
    ok("<b:withdrawEndpoint><id>" + endpointId + "</id></b:withdrawEndpoint>", token);
    ok("<b:withdrawService><id>" + serviceId + "</id></b:withdrawService>", ADMIN_TOKEN);
    ok("<b:withdrawProvider><id>" + providerId + "</id></b:withdrawProvider>", ADMIN_TOKEN);
    for (String list : List.of("listProviders", "listServices", "listEndpoints", "listOffers")) {
      var page = ok("<b:" + list + "><after>0</after><limit>5</limit></b:" + list + ">", null);
      assertThat(page.getElementsByTagNameNS("*", "item").getLength()).as(list).isZero();
    }
  }

  private static String kindOf(Callable<?> call) {
    BrokerClientFault fault = catchThrowableOfType(call::call, BrokerClientFault.class);
    assertThat(fault).as("a BrokerClientFault").isNotNull();
    assertThat(fault.getFaultInfo().message).isEqualTo(fault.getMessage());
    return fault.getFaultInfo().kind;
  }

  private static BrokerClientFault faultOf(Callable<?> call) {
    BrokerClientFault fault = catchThrowableOfType(call::call, BrokerClientFault.class);
    assertThat(fault).as("a BrokerClientFault").isNotNull();
    return fault;
  }

  // Select: the client's own Requirement.

  @Test
  void selectTakesTheRequirementBlockAClientSendsInItsHeader() throws Exception {
    ServiceInfo books = admin.registerService(BOOKSTORE, WSDL);
    Setup cheap = provider("Cheap", books);
    Setup fast = provider("Fast", books);
    OfferTermsInfo slow = terms("0.10");
    slow.maxResponseTimeMillis = 900L;
    cheap.port().publishOffer(cheap.endpoint().id, slow);
    OfferTermsInfo quick = terms("0.50");
    quick.maxResponseTimeMillis = 50L;
    OfferInfo quickOffer = fast.port().publishOffer(fast.endpoint().id, quick);
    awaitIndexed();

    QosRequirement requirement =
        QosRequirement.of(
            CompressionPreference.SERVER_DECIDES,
            QosTerms.builder().maxResponseTimeMillis(100).maxPrice(new BigDecimal("1")).build());
    String block = xml(headerElement(requirement));
    assertThat(block).startsWith("<qos:Requirement").contains("xmlns:qos=\"" + QOS + "\"");

    // The same XML, by hand, in the body of a select.
    RawHttp.Response response =
        post(
            address,
            "<b:select><service xmlns:ex=\"http://wsqos.io/examples\">ex:Bookstore</service>"
                + "<currency>EUR</currency>"
                + block
                + "</b:select>",
            null);
    assertThat(response.status()).as(response.text()).isEqualTo(200);
    var document = SoapFixture.parse(response);
    var offers = document.getElementsByTagNameNS("*", "offer");
    assertThat(offers.getLength()).isEqualTo(1);
    assertThat(SoapFixture.text(document, "id")).isNotNull();
    assertThat(response.text()).contains("<name>Fast</name>").doesNotContain("<name>Cheap</name>");

    // And through the JAX-WS client.
    SelectRequest select = new SelectRequest();
    select.service = BOOKSTORE;
    select.currency = "EUR";
    select.requirement.add(headerElement(requirement));
    assertThat(anonymous.select(select).selection.candidates)
        .extracting(c -> c.offer.id)
        .containsExactly(quickOffer.id);

    // No offer in another currency.
    select.currency = "USD";
    assertThat(anonymous.select(select).selection.candidates).isEmpty();
  }

  @Test
  void aHandWrittenRequirementWithAllTermsIsReadByCoresRules() throws Exception {
    ServiceInfo books = admin.registerService(BOOKSTORE, WSDL);
    Setup acme = provider("Acme", books);
    OfferTermsInfo terms = terms("0.10");
    terms.transportPriorities = List.of("expedited");
    OfferInfo offer = acme.port().publishOffer(acme.endpoint().id, terms);
    awaitIndexed();

    String requirement =
        "<q:Requirement xmlns:q=\""
            + QOS
            + "\">\n  <q:terms> <q:maxPrice> 0.10 </q:maxPrice>"
            + "<q:transportPriority>expedited</q:transportPriority>"
            + "<q:minAvailability>0.9</q:minAvailability></q:terms>"
            + "<q:compression>none</q:compression>"
            + "</q:Requirement>";
    RawHttp.Response response =
        post(
            address,
            "<b:select><service xmlns:ex=\"http://wsqos.io/examples\">ex:Bookstore</service>"
                + requirement
                + "</b:select>",
            null);
    assertThat(response.status()).as(response.text()).isEqualTo(200);
    assertThat(response.text()).contains("<id>" + offer.id + "</id>");
  }

  // Faults: every kind, with its fault code and field.

  @Test
  void invalidInputIsAClientFaultNamingTheField() throws Exception {
    ServiceInfo books = admin.registerService(BOOKSTORE, WSDL);
    Setup acme = provider("Acme", books);

    assertThat(faultOf(() -> admin.registerProvider(" ")).getFaultInfo().field).isEqualTo("name");
    assertThat(faultOf(() -> admin.registerProvider(null)).getFaultInfo().field).isEqualTo("name");
    OfferTermsInfo negative = terms("-1");
    FaultDetail price =
        faultOf(() -> acme.port().publishOffer(acme.endpoint().id, negative)).getFaultInfo();
    assertThat(price.kind).isEqualTo("invalid-input");
    assertThat(price.field).isEqualTo("terms.price");
    // Its integer digits overflow an int: this reached the store and faulted as an outage.
    OfferTermsInfo overflowing = terms("1E+2147483647");
    FaultDetail huge =
        faultOf(() -> acme.port().publishOffer(acme.endpoint().id, overflowing)).getFaultInfo();
    assertThat(huge.kind).isEqualTo("invalid-input");
    assertThat(huge.field).isEqualTo("terms.price");
    // Parsed, its digits would take seconds of CPU: refused by length, unread.
    OfferTermsInfo lengthy = terms("1".repeat(300_000));
    FaultDetail tooLong =
        faultOf(() -> acme.port().publishOffer(acme.endpoint().id, lengthy)).getFaultInfo();
    assertThat(tooLong.kind).isEqualTo("invalid-input");
    assertThat(tooLong.field).isEqualTo("terms.price");
    assertThat(tooLong.message)
        .isEqualTo("terms.price: 300000 characters (expected: a decimal of at most 100)");
    // XML Schema collapses the spaces around an xs:decimal.
    assertThat(acme.port().publishOffer(acme.endpoint().id, terms(" 0.25\n")).terms.price)
        .isEqualTo("0.25");
    OfferTermsInfo noTime = terms("1");
    noTime.maxResponseTimeMillis = null;
    assertThat(
            faultOf(() -> acme.port().publishOffer(acme.endpoint().id, noTime))
                .getFaultInfo()
                .field)
        .isEqualTo("terms.maxResponseTimeMillis");
    OfferTermsInfo badCurrency = terms("1");
    badCurrency.currency = "EURO";
    assertThat(
            faultOf(() -> acme.port().publishOffer(acme.endpoint().id, badCurrency))
                .getFaultInfo()
                .field)
        .isEqualTo("terms.currency");
    OfferTermsInfo badPriority = terms("1");
    badPriority.transportPriorities = List.of("urgent");
    assertThat(
            faultOf(() -> acme.port().publishOffer(acme.endpoint().id, badPriority))
                .getFaultInfo()
                .field)
        .isEqualTo("terms.transportPriorities");
    OfferTermsInfo badInstant = terms("1");
    badInstant.validFrom = "2026-01-01T00:00:00";
    assertThat(
            faultOf(() -> acme.port().publishOffer(acme.endpoint().id, badInstant))
                .getFaultInfo()
                .field)
        .isEqualTo("terms.validFrom");
    assertThat(
            faultOf(() -> acme.port().publishOffer(acme.endpoint().id, null)).getFaultInfo().field)
        .isEqualTo("terms");
    assertThat(
            faultOf(
                    () ->
                        acme.port()
                            .registerEndpoint(
                                acme.provider().provider.id,
                                books.id,
                                "file:///etc/passwd",
                                List.of("soap11")))
                .getFaultInfo()
                .field)
        .isEqualTo("address");
    assertThat(
            faultOf(
                    () ->
                        acme.port()
                            .registerEndpoint(
                                acme.provider().provider.id,
                                books.id,
                                "http://127.0.0.1:1/x",
                                List.of("soap13")))
                .getFaultInfo()
                .field)
        .isEqualTo("bindings");
    assertThat(faultOf(() -> anonymous.listOffers(0, 1001)).getFaultInfo().field)
        .isEqualTo("limit");
    assertThat(faultOf(() -> anonymous.getOffer(0)).getFaultInfo().field).isEqualTo("id");
    assertThat(faultOf(() -> acme.port().updateOffer(1, 0, terms("1"))).getFaultInfo().field)
        .isEqualTo("version");

    // The select's own fields, raw: a requirement core's codec refuses names what it refuses.
    RawFault badPrice =
        rawSelect(
            "<qos:Requirement xmlns:qos=\""
                + QOS
                + "\"><qos:compression>none</qos:compression>"
                + "<qos:terms><qos:transportPriority>best-effort</qos:transportPriority>"
                + "<qos:maxPrice>cheap</qos:maxPrice></qos:terms></qos:Requirement>",
            "");
    assertThat(badPrice)
        .isEqualTo(
            new RawFault(
                500, "Client", "invalid-input", "requirement.maxPrice", badPrice.faultstring()));
    assertThat(badPrice.faultstring()).contains("maxPrice").contains("cheap");
    // Terms are optional: a requirement without them is best effort with no bounds.
    RawHttp.Response noTerms =
        post(
            address,
            "<b:select><service xmlns:ex=\"http://wsqos.io/examples\">ex:Bookstore</service>"
                + "<qos:Requirement xmlns:qos=\""
                + QOS
                + "\"><qos:compression>none</qos:compression></qos:Requirement></b:select>",
            null);
    assertThat(noTerms.status()).as(noTerms.text()).isEqualTo(200);
    assertThat(noTerms.text()).contains("<b:selectResponse");
    RawFault wrongElement = rawSelect("<b:Requirement/>", "");
    assertThat(wrongElement.kind()).isEqualTo("invalid-input");
    assertThat(wrongElement.field()).isEqualTo("requirement");
    RawFault missing = rawSelect("", "");
    assertThat(missing.field()).isEqualTo("requirement");
    RawFault currency = rawSelect(headerXml(), "<currency>Euro</currency>");
    assertThat(currency.field()).isEqualTo("currency");
    assertThat(currency.faultcode()).isEqualTo("Client");
  }

  private static String headerXml() {
    return xml(
        headerElement(
            QosRequirement.of(CompressionPreference.NONE, TransportPriority.BEST_EFFORT)));
  }

  private RawFault rawSelect(String requirement, String currency) {
    return fault(
        post(
            address,
            "<b:select><service xmlns:ex=\"http://wsqos.io/examples\">ex:Bookstore</service>"
                + currency
                + requirement
                + "</b:select>",
            null));
  }

  @Test
  void everyRefusalIsAClientFaultWithItsKind() throws Exception {
    ServiceInfo books = admin.registerService(BOOKSTORE, WSDL);
    Setup acme = provider("Acme", books);
    Setup rival = provider("Rival", books);
    OfferInfo offer = acme.port().publishOffer(acme.endpoint().id, terms("1"));

    String register = "<b:registerProvider><name>Someone</name></b:registerProvider>";
    RawFault none = fault(post(address, register, null));
    assertThat(none)
        .extracting(RawFault::status, RawFault::faultcode, RawFault::kind)
        .containsExactly(500, "Client", "unauthenticated");
    RawFault unknown = fault(post(address, register, "not-a-token-anyone-was-given"));
    assertThat(unknown.kind()).isEqualTo("unauthenticated");
    assertThat(unknown.faultstring()).doesNotContain("not-a-token-anyone-was-given");
    RawFault basic =
        fault(
            RawHttp.postXml(
                address,
                (SoapFixture.ENVELOPE_START + register + SoapFixture.ENVELOPE_END).getBytes(),
                "Authorization",
                "Basic YWRtaW46YWRtaW4="));
    assertThat(basic.kind()).isEqualTo("unauthenticated");

    RawFault forbidden = fault(post(address, register, acme.provider().token));
    assertThat(forbidden)
        .extracting(RawFault::faultcode, RawFault::kind)
        .containsExactly("Client", "forbidden");
    RawFault notOwner =
        fault(
            post(
                address,
                "<b:withdrawOffer><id>" + offer.id + "</id><version>1</version></b:withdrawOffer>",
                rival.provider().token));
    assertThat(notOwner.kind()).isEqualTo("forbidden");
    assertThat(anonymous.getOffer(offer.id).version).isEqualTo(1);

    RawFault notFound = fault(post(address, "<b:getOffer><id>999999</id></b:getOffer>", null));
    assertThat(notFound)
        .extracting(RawFault::faultcode, RawFault::kind)
        .containsExactly("Client", "not-found");

    RawFault duplicate =
        fault(
            post(
                address,
                "<b:registerProvider><name>Acme</name></b:registerProvider>",
                ADMIN_TOKEN));
    assertThat(duplicate)
        .extracting(RawFault::faultcode, RawFault::kind)
        .containsExactly("Client", "duplicate");

    acme.port().updateOffer(offer.id, 1, terms("2"));
    BrokerClientFault conflict = faultOf(() -> acme.port().updateOffer(offer.id, 1, terms("3")));
    assertThat(conflict.getFaultInfo().kind).isEqualTo("version-conflict");
    assertThat(conflict.getFaultInfo().currentVersion).isEqualTo(2L);
    assertThat(conflict.getFaultInfo().retry).isFalse();
    assertThat(anonymous.getOffer(offer.id).terms.price).isEqualTo("2");
  }

  @Test
  void malformedXmlAndWrongTypesAreClientFaults() {
    RawFault notXml =
        fault(
            RawHttp.postXml(
                address,
                "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><b:getOffer"
                    .getBytes()));
    assertThat(notXml.faultcode()).isEqualTo("Client");
    assertThat(notXml.faultstring()).contains("Unexpected end of input block in start tag");
    RawFault notANumber = fault(post(address, "<b:getOffer><id>seven</id></b:getOffer>", null));
    assertThat(notANumber.faultcode()).isEqualTo("Client");
    assertThat(notANumber.faultstring()).contains("For input string: \"seven\"");
    RawFault undeclaredPrefix =
        fault(
            post(
                address,
                "<b:registerService><portType>nowhere:Bookstore</portType>"
                    + "<wsdlLocation>"
                    + WSDL
                    + "</wsdlLocation></b:registerService>",
                ADMIN_TOKEN));
    assertThat(undeclaredPrefix.faultcode()).isEqualTo("Client");
    assertThat(undeclaredPrefix.faultstring())
        .contains("prefix nowhere is not bound to a namespace");
    RawFault unknownOperation = fault(post(address, "<b:dropTables/>", ADMIN_TOKEN));
    assertThat(unknownOperation.faultcode()).isEqualTo("Client");
    assertThat(unknownOperation.faultstring())
        .contains("{http://wsqos.io/broker}dropTables was not recognized");
    for (RawFault fault : List.of(notXml, notANumber, undeclaredPrefix, unknownOperation)) {
      assertThat(fault.faultstring()).doesNotContain("\tat ").doesNotContain("Exception");
    }
  }

  // Stored verbatim.

  @Test
  void injectionStringsAreStoredVerbatim() throws Exception {
    List<String> names =
        List.of(
            "Robert'); DROP TABLE broker_provider;--",
            "<script>alert(1)</script> & ]]> \" '",
            "' OR '1'='1",
            "名前 \\ % _ \u00e9");
    List<Long> ids = new ArrayList<>();
    for (String name : names) {
      ids.add(admin.registerProvider(name).provider.id);
    }
    for (int i = 0; i < names.size(); i++) {
      assertThat(anonymous.getProvider(ids.get(i)).name).isEqualTo(names.get(i));
    }
    // Raw, with the markup escaped as any client must.
    RawHttp.Response raw =
        post(
            address,
            "<b:registerProvider><name>a&lt;b&gt;&amp;c'; --</name></b:registerProvider>",
            ADMIN_TOKEN);
    assertThat(raw.status()).as(raw.text()).isEqualTo(200);
    long id = Long.parseLong(SoapFixture.text(SoapFixture.parse(raw), "id"));
    assertThat(anonymous.getProvider(id).name).isEqualTo("a<b>&c'; --");
    QName odd = new QName("http://x.example/a'b?q=%221%22&r=2;--", "Odd_Name-1");
    assertThat(anonymous.getService(admin.registerService(odd, WSDL + "&x='1'").id).portType)
        .isEqualTo(odd);
  }

  // One offer updated at once from two clients.

  @Test
  void ofTwoConcurrentUpdatesOfOneOfferExactlyOneWins() throws Exception {
    ServiceInfo books = admin.registerService(BOOKSTORE, WSDL);
    Setup acme = provider("Acme", books);
    OfferInfo offer = acme.port().publishOffer(acme.endpoint().id, terms("1"));
    BrokerPort one = client(address, acme.provider().token);
    BrokerPort two = client(address, ADMIN_TOKEN);
    CyclicBarrier barrier = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Object>> results = new ArrayList<>();
      for (BrokerPort port : List.of(one, two)) {
        results.add(
            pool.submit(
                () -> {
                  barrier.await(30, TimeUnit.SECONDS);
                  try {
                    return port.updateOffer(offer.id, 1, terms(port == one ? "2" : "3"));
                  } catch (BrokerClientFault fault) {
                    return fault;
                  }
                }));
      }
      List<Object> outcomes = new ArrayList<>();
      for (Future<Object> result : results) {
        outcomes.add(result.get(60, TimeUnit.SECONDS));
      }
      assertThat(outcomes).filteredOn(OfferInfo.class::isInstance).hasSize(1);
      assertThat(outcomes)
          .filteredOn(BrokerClientFault.class::isInstance)
          .singleElement()
          .extracting(f -> ((BrokerClientFault) f).getFaultInfo().kind)
          .isEqualTo("version-conflict");
      OfferInfo winner =
          (OfferInfo)
              outcomes.stream().filter(OfferInfo.class::isInstance).findFirst().orElseThrow();
      OfferInfo stored = anonymous.getOffer(offer.id);
      assertThat(stored.version).isEqualTo(2);
      assertThat(new BigDecimal(stored.terms.price))
          .isEqualByComparingTo(new BigDecimal(winner.terms.price));
    } finally {
      pool.shutdownNow();
    }
  }

  // The WSDL.

  @Test
  void theWsdlDescribesTheOperationsAndTheWsQosSchema() {
    RawHttp.Response wsdl = RawHttp.get(address + "?wsdl");
    assertThat(wsdl.status()).isEqualTo(200);
    assertThat(wsdl.text())
        .contains("targetNamespace=\"" + BrokerSoap.NAMESPACE + "\"")
        .contains("name=\"select\"")
        .contains("name=\"publishOffer\"")
        .contains("name=\"listOffers\"")
        .contains("name=\"brokerFault\"")
        .contains(QOS)
        .contains("soap:address location=\"" + address + "\"");
  }
}
