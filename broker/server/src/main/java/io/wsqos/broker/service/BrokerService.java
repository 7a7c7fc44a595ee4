package io.wsqos.broker.service;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Client;
import io.wsqos.broker.api.ClientRegistration;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.registry.ProviderCheck;
import io.wsqos.broker.registry.QualityRule;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.selection.Ranking;
import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.QosRequirement;
import java.net.URI;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Currency;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import javax.xml.namespace.QName;

/**
 * The one way into the broker for every API (REST, SOAP): it authenticates the {@link Caller},
 * decides whether the caller may do what it asks, checks the request's values and then calls the
 * {@link Registry} or the {@link OfferSelector}. Every refusal is a typed {@link
 * io.wsqos.broker.api.BrokerException}: {@link UnauthenticatedException} (no or an unknown token),
 * {@link ForbiddenException}, {@link io.wsqos.broker.api.InvalidInputException} naming the field,
 * {@link NotFoundException}, {@link io.wsqos.broker.api.DuplicateException}, {@link
 * io.wsqos.broker.api.VersionConflictException}, {@link
 * io.wsqos.broker.api.RegistryUnavailableException}; a refused call changes nothing.
 *
 * <p>Who may do what:
 *
 * <ul>
 *   <li>the administrator (the one admin token) may do everything;
 *   <li>registering, renaming and withdrawing providers and rotating their tokens is the
 *       administrator's alone; registering a provider, and rotating its token, return the
 *       provider's secret token, once: the broker keeps only its hash;
 *   <li>any provider may register a service (a port type); updating and withdrawing one, which
 *       touches every provider's endpoints for it, is the administrator's;
 *   <li>a provider registers, updates and withdraws its own endpoints only, and publishes, updates
 *       and withdraws offers for its own endpoints only;
 *   <li>reads (one row, a page, a selection) are open to anyone, unless the builder closes them:
 *       then they take a provider's or the administrator's token. A token the broker does not know
 *       is refused even where none is needed.
 * </ul>
 *
 * <p>The service neither owns nor closes the registry and the selector.
 */
public final class BrokerService {

  /**
   * Counter of measurement reports, tagged {@code reporter} ({@code provider}, {@code client},
   * {@code admin}) and {@code outcome} ({@code kept}, {@code forbidden}, {@code limited}).
   */
  public static final String MEASUREMENTS = "wsqos.broker.measurements";

  /** How far past the broker's clock a measurement's window may end. */
  public static final Duration MAX_CLOCK_SKEW = Duration.ofMinutes(1);

  /** Returns a builder over {@code registry} and {@code selector} (a selector of that registry). */
  public static Builder builder(Registry registry, OfferSelector selector) {
    return new Builder(registry, selector);
  }

  private final Registry registry;
  private final OfferSelector selector;
  private final byte[] adminTokenHash;
  private final boolean openReads;
  private final Tokens tokens = new Tokens();
  private final TokenDirectory directory;
  private final MeasurementDesk desk;

  private BrokerService(Builder builder) {
    registry = builder.registry;
    selector = builder.selector;
    adminTokenHash = builder.adminTokenHash;
    openReads = builder.openReads;
    directory = new TokenDirectory(registry, selector);
    desk =
        new MeasurementDesk(
            registry,
            () -> registry.receiptKey(tokens.random()),
            builder.qualityRule,
            new ReportLimits(builder.reportsPerSecond, builder.reportBurst, builder.clock),
            builder.clock,
            builder.meterRegistry);
  }

  /** The currency of a requirement's {@code maxPrice} when the caller names none. */
  public Currency defaultCurrency() {
    return selector.defaultCurrency();
  }

  /** Whether anyone may read without a token. */
  public boolean openReads() {
    return openReads;
  }

  // Providers.

  /**
   * Registers a provider named {@code name} with a new token; administrator only.
   *
   * @return the provider and its token, which the broker shows only this once
   */
  public ProviderRegistration registerProvider(Caller caller, String name) {
    admin(caller, "register a provider");
    String checked = Inputs.checked("", () -> Provider.checkName(Inputs.required("name", name)));
    String token = tokens.newToken();
    Provider provider = registry.registerProvider(checked, Tokens.hex(Tokens.sha256(token)));
    directory.changed();
    return new ProviderRegistration(provider, token);
  }

  /** Renames provider {@code id}; administrator only. */
  public Provider renameProvider(Caller caller, long id, String name) {
    admin(caller, "rename a provider");
    Inputs.id("id", id);
    String checked = Inputs.checked("", () -> Provider.checkName(Inputs.required("name", name)));
    return registry.renameProvider(id, checked, ProviderCheck.ANY);
  }

  /** Withdraws provider {@code id} with its endpoints and offers; administrator only. */
  public void withdrawProvider(Caller caller, long id) {
    admin(caller, "withdraw a provider");
    registry.withdrawProvider(Inputs.id("id", id), ProviderCheck.ANY);
    directory.changed();
  }

  /**
   * Gives provider {@code id} a new token, and its old one stops working; administrator only.
   *
   * @return the provider and its new token, which the broker shows only this once
   */
  public ProviderRegistration rotateToken(Caller caller, long id) {
    admin(caller, "rotate a provider's token");
    Inputs.id("id", id);
    String token = tokens.newToken();
    Provider provider =
        registry.replaceTokenHash(id, Tokens.hex(Tokens.sha256(token)), ProviderCheck.ANY);
    directory.changed();
    return new ProviderRegistration(provider, token);
  }

  /** Provider {@code id}. */
  public Provider provider(Caller caller, long id) {
    reader(caller);
    return registry
        .provider(Inputs.id("id", id))
        .orElseThrow(() -> new NotFoundException("provider", id));
  }

  /** The providers with an id above {@code after}, at most {@code limit}. */
  public Page<Provider> providers(Caller caller, long after, int limit) {
    reader(caller);
    checkPage(after, limit);
    return registry.providers(after, limit);
  }

  // Services.

  /** Registers the service of WSDL port type {@code portType}; the administrator or a provider. */
  public Service registerService(Caller caller, QName portType, URI wsdlLocation) {
    Principal principal = authenticate(caller);
    if (principal instanceof Principal.Anonymous) {
      throw new UnauthenticatedException("registering a service takes a token");
    }
    if (principal instanceof Principal.ClientPrincipal c) {
      throw new ForbiddenException("client " + c.id() + " may not register a service");
    }
    Inputs.portType("portType", portType);
    Inputs.checked(
        "", () -> Service.checkWsdlLocation(Inputs.required("wsdlLocation", wsdlLocation)));
    return registry.registerService(portType, wsdlLocation);
  }

  /** Moves the WSDL of service {@code id}; administrator only. */
  public Service updateService(Caller caller, long id, URI wsdlLocation) {
    admin(caller, "update a service");
    Inputs.id("id", id);
    Inputs.checked(
        "", () -> Service.checkWsdlLocation(Inputs.required("wsdlLocation", wsdlLocation)));
    return registry.updateService(id, wsdlLocation);
  }

  /** Withdraws service {@code id} with every provider's endpoints for it; administrator only. */
  public void withdrawService(Caller caller, long id) {
    admin(caller, "withdraw a service");
    registry.withdrawService(Inputs.id("id", id));
  }

  /** Service {@code id}. */
  public Service service(Caller caller, long id) {
    reader(caller);
    return registry
        .service(Inputs.id("id", id))
        .orElseThrow(() -> new NotFoundException("service", id));
  }

  /** The services with an id above {@code after}, at most {@code limit}. */
  public Page<Service> services(Caller caller, long after, int limit) {
    reader(caller);
    checkPage(after, limit);
    return registry.services(after, limit);
  }

  // Endpoints.

  /**
   * Registers that provider {@code providerId} serves service {@code serviceId} at {@code address};
   * that provider or the administrator.
   */
  public Endpoint registerEndpoint(
      Caller caller, long providerId, long serviceId, URI address, Set<Binding> bindings) {
    Principal principal = authenticate(caller);
    Inputs.id("providerId", providerId);
    owner(principal, providerId, "register an endpoint for provider " + providerId);
    Inputs.id("serviceId", serviceId);
    Inputs.checked("", () -> Endpoint.checkAddress(Inputs.required("address", address)));
    Set<Binding> checked =
        Inputs.checked("", () -> Endpoint.checkBindings(Inputs.required("bindings", bindings)));
    // The owner was checked above, before the inputs, as the caller named the provider.
    return registry.registerEndpoint(providerId, serviceId, address, checked, ProviderCheck.ANY);
  }

  /** Changes the address and bindings of endpoint {@code id}; its provider or the administrator. */
  public Endpoint updateEndpoint(Caller caller, long id, URI address, Set<Binding> bindings) {
    Principal principal = authenticate(caller);
    ProviderCheck owner = owner(principal, "update endpoint " + Inputs.id("id", id));
    Inputs.checked("", () -> Endpoint.checkAddress(Inputs.required("address", address)));
    Set<Binding> checked =
        Inputs.checked("", () -> Endpoint.checkBindings(Inputs.required("bindings", bindings)));
    return registry.updateEndpoint(id, address, checked, owner);
  }

  /** Withdraws endpoint {@code id} with its offers; its provider or the administrator. */
  public void withdrawEndpoint(Caller caller, long id) {
    Principal principal = authenticate(caller);
    registry.withdrawEndpoint(id, owner(principal, "withdraw endpoint " + Inputs.id("id", id)));
  }

  /** Endpoint {@code id}. */
  public Endpoint endpoint(Caller caller, long id) {
    reader(caller);
    return registry
        .endpoint(Inputs.id("id", id))
        .orElseThrow(() -> new NotFoundException("endpoint", id));
  }

  /** The endpoints with an id above {@code after}, at most {@code limit}. */
  public Page<Endpoint> endpoints(Caller caller, long after, int limit) {
    reader(caller);
    checkPage(after, limit);
    return registry.endpoints(after, limit);
  }

  // Offers.

  /** Publishes an offer of {@code terms} for endpoint {@code endpointId}; its provider or admin. */
  public Offer publishOffer(Caller caller, long endpointId, OfferTerms terms) {
    Principal principal = authenticate(caller);
    Inputs.id("endpointId", endpointId);
    Inputs.required("terms", terms);
    return registry.publishOffer(
        endpointId, terms, owner(principal, "publish an offer for endpoint " + endpointId));
  }

  /**
   * Replaces the terms of offer {@code id}, read at {@code expectedVersion}; the provider of its
   * endpoint or the administrator.
   */
  public Offer updateOffer(Caller caller, long id, long expectedVersion, OfferTerms terms) {
    Principal principal = authenticate(caller);
    Inputs.id("id", id);
    checkVersion(expectedVersion);
    Inputs.required("terms", terms);
    return registry.updateOffer(id, expectedVersion, terms, owner(principal, "update offer " + id));
  }

  /**
   * Withdraws offer {@code id}, read at {@code expectedVersion}; the provider of its endpoint or
   * the administrator.
   */
  public void withdrawOffer(Caller caller, long id, long expectedVersion) {
    Principal principal = authenticate(caller);
    Inputs.id("id", id);
    checkVersion(expectedVersion);
    registry.withdrawOffer(id, expectedVersion, owner(principal, "withdraw offer " + id));
  }

  /** Offer {@code id}. */
  public Offer offer(Caller caller, long id) {
    reader(caller);
    return registry
        .offer(Inputs.id("id", id))
        .orElseThrow(() -> new NotFoundException("offer", id));
  }

  /** The offers with an id above {@code after}, at most {@code limit}. */
  public Page<Offer> offers(Caller caller, long after, int limit) {
    reader(caller);
    checkPage(after, limit);
    return registry.offers(after, limit);
  }

  // Selection.

  /**
   * The offers for {@code service} that meet {@code requirement}, best first, in the selector's
   * default currency; answered from memory, also while the database is unreachable.
   */
  public Selection select(Caller caller, QName service, QosRequirement requirement) {
    return select(caller, service, requirement, selector.defaultCurrency(), Ranking.OFFERED);
  }

  /** As {@link #select(Caller, QName, QosRequirement)}, among the offers in {@code currency}. */
  public Selection select(
      Caller caller, QName service, QosRequirement requirement, Currency currency) {
    return select(caller, service, requirement, currency, Ranking.OFFERED);
  }

  /**
   * As {@link #select(Caller, QName, QosRequirement)}, among the offers in {@code currency}, ranked
   * by {@code ranking}. A client's selection (made with a client's token) gives each candidate the
   * {@linkplain Candidate#receipt() receipt} its reports on that offer need.
   */
  public Selection select(
      Caller caller,
      QName service,
      QosRequirement requirement,
      Currency currency,
      Ranking ranking) {
    Principal principal = reader(caller);
    Inputs.portType("service", service);
    Selection selection =
        selector.select(
            service,
            Inputs.required("requirement", requirement),
            Inputs.required("currency", currency),
            Inputs.required("ranking", ranking));
    return desk.withReceipts(principal, selection);
  }

  /**
   * Waits, without holding a thread, for the selection of {@code service} for {@code requirement}
   * (in {@code currency}, or the selector's default when empty) to differ from the one tagged
   * {@code knownTag}; see {@link OfferSelector#watch}. Open to the same callers as a selection.
   *
   * @param wait from zero to {@link OfferSelector#MAX_WATCH_WAIT}
   */
  public CompletableFuture<Selection> watch(
      Caller caller,
      QName service,
      QosRequirement requirement,
      Optional<Currency> currency,
      String knownTag,
      Duration wait) {
    Principal principal = reader(caller);
    Inputs.portType("service", service);
    Inputs.required("requirement", requirement);
    Inputs.required("knownTag", knownTag);
    Inputs.required("wait", wait);
    if (wait.isNegative() || wait.compareTo(OfferSelector.MAX_WATCH_WAIT) > 0) {
      throw InvalidInputException.of(
          new InvalidValueException(
              "wait",
              Long.toString(wait.toSeconds()),
              "0 to " + OfferSelector.MAX_WATCH_WAIT.toSeconds() + " (seconds)"));
    }
    return (currency.isPresent()
            ? selector.watch(service, requirement, currency.get(), knownTag, wait)
            : selector.watch(service, requirement, knownTag, wait))
        .thenApply(selection -> desk.withReceipts(principal, selection));
  }

  // Clients and measurements.

  /**
   * Registers a client named {@code name} with a new token; administrator only. A client needs a
   * token only to report what it measured.
   *
   * @return the client and its token, which the broker shows only this once
   */
  public ClientRegistration registerClient(Caller caller, String name) {
    admin(caller, "register a client");
    String checked = Inputs.checked("", () -> Provider.checkName(Inputs.required("name", name)));
    String token = tokens.newToken();
    Client client = registry.registerClient(checked, Tokens.hex(Tokens.sha256(token)));
    directory.changed();
    return new ClientRegistration(client, token);
  }

  /** Withdraws client {@code id}: its token stops working; administrator only. */
  public void withdrawClient(Caller caller, long id) {
    admin(caller, "withdraw a client");
    registry.withdrawClient(Inputs.id("id", id));
    directory.changed();
  }

  /** Client {@code id}; administrator only. */
  public Client client(Caller caller, long id) {
    admin(caller, "read a client");
    return registry
        .client(Inputs.id("id", id))
        .orElseThrow(() -> new NotFoundException("client", id));
  }

  /**
   * Keeps a report of what the caller measured of offer {@code offerId} and holds the offer's
   * window against what it guarantees (see {@link QualityRule}); an offer whose measurements break
   * its guarantee is not selected while they count.
   *
   * <p>The administrator may report on any offer, a provider on its own offers only, a client on an
   * offer a selection gave it: {@code receipt} is the one that selection's candidate carried. Each
   * token's reports are limited to {@link Builder#reportRate} a second. A measurement whose window
   * ends in the future (beyond {@link #MAX_CLOCK_SKEW}) or before the broker's window is refused.
   *
   * @return what the window's reports say of the offer now
   * @throws io.wsqos.broker.api.TooManyReportsException past the caller's rate
   */
  public MeasuredQos reportMeasurement(
      Caller caller, long offerId, Measurement measurement, Optional<String> receipt) {
    Principal principal = authenticate(caller);
    Inputs.id("offerId", offerId);
    Inputs.required("measurement", measurement);
    Inputs.required("receipt", receipt);
    if (principal instanceof Principal.Anonymous) {
      throw new UnauthenticatedException("reporting measurements takes a token");
    }
    return desk.report(
        principal,
        offerId,
        measurement,
        receipt,
        providerId -> owner(principal, providerId, "report on offer " + offerId));
  }

  /**
   * What the reports within the broker's window said of offer {@code offerId} at the last report;
   * empty when no report was made or the last one's window has passed. Open to the same callers as
   * a selection.
   */
  public Optional<MeasuredQos> measuredQos(Caller caller, long offerId) {
    reader(caller);
    Inputs.id("offerId", offerId);
    if (registry.offer(offerId).isEmpty()) {
      throw new NotFoundException("offer", offerId);
    }
    return desk.measured(offerId);
  }

  // Authentication and authorisation.

  /** Who the caller is. */
  private Principal authenticate(Caller caller) {
    requireNonNull(caller, "caller");
    if (caller.token().isEmpty()) {
      return Principal.ANONYMOUS;
    }
    String token = caller.token().get();
    if (token.isBlank() || token.length() > Caller.MAX_TOKEN_CHARS) {
      throw new UnauthenticatedException("malformed token");
    }
    byte[] hash = Tokens.sha256(token);
    // Constant time, so that response times do not tell how much of a guess was right.
    if (MessageDigest.isEqual(hash, adminTokenHash)) {
      return Principal.ADMIN;
    }
    // A map lookup by hash may take time that depends on the hash, which tells nothing about a
    // token: finding a token for a given hash prefix is as hard as breaking SHA-256.
    return directory
        .principal(Tokens.hex(hash))
        .orElseThrow(() -> new UnauthenticatedException("unknown token"));
  }

  private void admin(Caller caller, String what) {
    Principal principal = authenticate(caller);
    if (principal instanceof Principal.Anonymous) {
      throw new UnauthenticatedException("to " + what + " takes the administrator's token");
    }
    if (!(principal instanceof Principal.Admin)) {
      throw new ForbiddenException("only the administrator may " + what);
    }
  }

  private Principal reader(Caller caller) {
    Principal principal = authenticate(caller);
    if (!openReads && principal instanceof Principal.Anonymous) {
      throw new UnauthenticatedException("reads take a token on this broker");
    }
    return principal;
  }

  /** Allows the administrator, and the provider {@code providerId}. */
  private static void owner(Principal principal, long providerId, String what) {
    if (principal instanceof Principal.Anonymous) {
      throw new UnauthenticatedException("to " + what + " takes a token");
    }
    if (principal instanceof Principal.ClientPrincipal c) {
      throw new ForbiddenException("client " + c.id() + " may not " + what);
    }
    if (principal instanceof Principal.ProviderPrincipal p && p.id() != providerId) {
      throw new ForbiddenException(
          "provider " + p.id() + " may not " + what + ": it belongs to another provider");
    }
  }

  /**
   * The check, made inside the write's transaction, that the endpoint the write is for belongs to
   * {@code principal}: an anonymous caller is refused at once, a provider is checked, the
   * administrator passes.
   */
  private static ProviderCheck owner(Principal principal, String what) {
    if (principal instanceof Principal.Anonymous) {
      throw new UnauthenticatedException("to " + what + " takes a token");
    }
    if (principal instanceof Principal.ProviderPrincipal) {
      return providerId -> owner(principal, providerId, what);
    }
    if (principal instanceof Principal.ClientPrincipal c) {
      throw new ForbiddenException("client " + c.id() + " may not " + what);
    }
    return ProviderCheck.ANY;
  }

  private static void checkVersion(long version) {
    Inputs.id("version", version);
  }

  private static void checkPage(long after, int limit) {
    Inputs.checked("", () -> Page.checkAfter(after));
    Inputs.checked("", () -> Page.checkLimit(limit));
  }

  @Override
  public String toString() {
    return "BrokerService[" + registry + (openReads ? ", open reads" : ", closed reads") + "]";
  }

  /**
   * Configures a {@link BrokerService}: the admin token must be set, everything else has a default.
   */
  public static final class Builder {
    /** Default measurement reports a second from one token. */
    public static final double DEFAULT_REPORTS_PER_SECOND = 2;

    /** Default measurement reports one token may send at once. */
    public static final int DEFAULT_REPORT_BURST = 20;

    /** The shortest admin token the builder takes: 128 bits in Base64 are 22 characters. */
    public static final int MIN_ADMIN_TOKEN_CHARS = 22;

    private final Registry registry;
    private final OfferSelector selector;
    private byte[] adminTokenHash;
    private boolean openReads = true;
    private QualityRule qualityRule = QualityRule.DEFAULT;
    private double reportsPerSecond = DEFAULT_REPORTS_PER_SECOND;
    private int reportBurst = DEFAULT_REPORT_BURST;
    private Clock clock = Clock.systemUTC();
    private MeterRegistry meterRegistry = new CompositeMeterRegistry();

    private Builder(Registry registry, OfferSelector selector) {
      this.registry = requireNonNull(registry, "registry");
      this.selector = requireNonNull(selector, "selector");
    }

    /**
     * The administrator's token; no default. At least {@value #MIN_ADMIN_TOKEN_CHARS} characters
     * and at most {@value Caller#MAX_TOKEN_CHARS}, without whitespace or control characters; only
     * its hash is kept.
     */
    public Builder adminToken(String token) {
      requireNonNull(token, "adminToken");
      if (token.length() < MIN_ADMIN_TOKEN_CHARS
          || token.length() > Caller.MAX_TOKEN_CHARS
          || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
        throw new IllegalArgumentException(
            "adminToken: "
                + token.length()
                + " characters (expected: "
                + MIN_ADMIN_TOKEN_CHARS
                + ".."
                + Caller.MAX_TOKEN_CHARS
                + " printable ASCII characters, no spaces)");
      }
      this.adminTokenHash = Tokens.sha256(token);
      return this;
    }

    /**
     * The SHA-256 of the administrator's token in 64 hex digits, for a configuration that should
     * not hold the token itself; instead of {@link #adminToken(String)}.
     */
    public Builder adminTokenHash(String sha256Hex) {
      requireNonNull(sha256Hex, "adminTokenHash");
      if (!sha256Hex.matches("[0-9a-fA-F]{64}")) {
        throw new IllegalArgumentException(
            "adminTokenHash: " + sha256Hex.length() + " characters (expected: 64 hex digits)");
      }
      this.adminTokenHash = HexFormat.of().parseHex(sha256Hex);
      return this;
    }

    /**
     * Whether anyone may read (rows, pages, selections) without a token; default true. When false,
     * reads take a provider's or the administrator's token.
     */
    public Builder openReads(boolean openReads) {
      this.openReads = openReads;
      return this;
    }

    /** How measurements are held against offers; default {@link QualityRule#DEFAULT}. */
    public Builder qualityRule(QualityRule qualityRule) {
      this.qualityRule = requireNonNull(qualityRule, "qualityRule");
      return this;
    }

    /**
     * How many measurement reports the broker takes from one token: {@code perSecond} on average
     * (above 0, at most 10,000; default {@value #DEFAULT_REPORTS_PER_SECOND}) and up to {@code
     * burst} at once (1 to 100,000; default {@value #DEFAULT_REPORT_BURST}). The limit holds per
     * broker instance.
     */
    public Builder reportRate(double perSecond, int burst) {
      if (!(perSecond > 0 && perSecond <= 10_000)) {
        throw new IllegalArgumentException(
            "reportsPerSecond: " + perSecond + " (expected: above 0, at most 10000)");
      }
      this.reportsPerSecond = perSecond;
      this.reportBurst = Checks.inRange("reportBurst", burst, 1, 100_000);
      return this;
    }

    /** The clock measurements are received by; default the system's UTC clock. */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Where the counter {@value BrokerService#MEASUREMENTS} goes; default a registry of its own
     * that nothing reads.
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * Returns the service.
     *
     * @throws IllegalStateException if no admin token was set
     */
    public BrokerService build() {
      if (adminTokenHash == null) {
        throw new IllegalStateException(
            "adminToken: not set (expected: adminToken(...) or adminTokenHash(...))");
      }
      return new BrokerService(this);
    }
  }
}
