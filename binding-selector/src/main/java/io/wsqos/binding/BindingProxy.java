package io.wsqos.binding;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.wsqos.binding.internal.CxfInvoker;
import io.wsqos.binding.internal.Invoker;
import io.wsqos.binding.internal.LocalInvoker;
import io.wsqos.binding.internal.RmiInvoker;
import io.wsqos.binding.internal.RouteClasses;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.cxf.feature.Feature;

/**
 * A {@link Proxy} of a service interface that picks, at its first call, the binding the rules
 * choose among those the service publishes (P1) and this client can reach (P2), helped by the
 * predictor (P3): its time vote (estimated sizes through a {@link CostModel}, optionally measured
 * by a {@link Calibration}) and the report's size vote; {@link #explain()} says which and why.
 * {@link #reselect()} discovers and chooses again; so does a failure of the chosen binding, after
 * which the call is retried on the new binding when the request certainly never left.
 *
 * <pre>{@code
 * try (BindingProxy<Catalog> proxy = BindingProxy.builder(Catalog.class)
 *     .descriptorUrl(URI.create("http://10.0.0.5:8080/catalog/bindings")).build()) {
 *   Catalog catalog = proxy.service();
 *   catalog.find("isbn-1");
 *   System.out.println(proxy.explain());
 * }
 * }</pre>
 *
 * <p>Only the first call and re-selections do I/O, and none of it under a lock: the lock guards the
 * swap of the chosen binding only, and every other call reads one volatile field and delegates.
 * Calls that need a selection at the same time (the first calls, or calls on a binding that failed)
 * share one. On the local binding the object {@link #service()} returns calls the implementation
 * directly: it is an instance of a class generated for the interface when the interface and its
 * methods' types are public and visible to this module, and a reflective {@link Proxy} otherwise. A
 * local binding passes arguments by reference; the others copy.
 */
public final class BindingProxy<T> implements AutoCloseable {

  /** The default SOAP receive timeout: 30 s. */
  public static final long DEFAULT_RECEIVE_TIMEOUT_MILLIS = 30_000;

  /** The largest descriptor read: 64 KiB. */
  static final int MAX_DESCRIPTOR_BYTES = 64 * 1024;

  /** A chosen binding and its invoker. */
  private record Bound(Selection selection, Invoker invoker) {}

  /** A selection a call started, which other calls that found the same binding wait for. */
  private record Pending(Bound replacing, CompletableFuture<Bound> result) {}

  private final Class<T> sei;
  private final URI descriptorUrl;
  private final ServiceDescriptor fixedDescriptor;
  private final LocalRegistry localRegistry;
  private final Selector selector;
  private final Calibration calibration;
  private final Discovery discovery;
  private final long receiveTimeoutMillis;
  private final List<Feature> features;
  private final T service;
  // Null when the interface cannot be implemented by a generated class: calls stay reflective.
  private final RouteClasses.RouteHandle route;
  // Guards the swap of the binding (bound, the route's target, closed) and pending; never I/O.
  private final Object lock = new Object();
  private volatile Bound bound;
  private volatile boolean closed;
  private Pending pending;

  private BindingProxy(Builder<T> builder) {
    this.sei = builder.sei;
    this.descriptorUrl = builder.descriptorUrl;
    this.fixedDescriptor = builder.descriptor;
    this.localRegistry = builder.localRegistry;
    this.selector =
        new Selector(sei, builder.predictor, builder.hints, builder.rules, builder.costModel);
    this.calibration = builder.calibration;
    Discovery.Builder discoveryBuilder = Discovery.builder().probeTimeout(builder.probeTimeout);
    if (localRegistry != null) {
      discoveryBuilder.localRegistry(localRegistry);
    }
    this.discovery = discoveryBuilder.build();
    this.receiveTimeoutMillis = builder.receiveTimeoutMillis;
    this.features = List.copyOf(builder.features);
    Object reflective =
        Proxy.newProxyInstance(sei.getClassLoader(), new Class<?>[] {sei}, new Handler());
    this.route = RouteClasses.create(sei, reflective, this::toString).orElse(null);
    this.service = sei.cast(route != null ? route.service() : reflective);
  }

  /** A builder for a proxy of {@code sei}. */
  public static <T> Builder<T> builder(Class<T> sei) {
    return new Builder<>(sei);
  }

  /** The proxy: calls on it go over the chosen binding, chosen at the first call. */
  public T service() {
    return service;
  }

  /** The current selection, made now if no call has made it yet. */
  public Selection selection() {
    return current().selection();
  }

  /** {@link Selection#explain()} of the current selection, made now if need be. */
  public String explain() {
    return selection().explain();
  }

  /**
   * Discovers again and chooses again, on demand; the previous binding is released. Calls go on
   * over the previous binding until the new one is connected. Of re-selections that run at the same
   * time, the one that finishes last stays chosen.
   */
  public Selection reselect() {
    return swap(select("on demand", false, Map.of()), null, false).selection();
  }

  /** Releases the chosen binding's client; calls after this fail. Idempotent. */
  @Override
  public void close() {
    Bound previous;
    synchronized (lock) {
      closed = true;
      previous = bound;
      bound = null;
      if (route != null) {
        route.toReflective();
      }
    }
    if (previous != null) {
      previous.invoker().close();
    }
  }

  private Bound current() {
    Bound b = bound;
    return b != null ? b : bindFirst();
  }

  private Bound bindFirst() {
    return selectOnce(null, "on first use", true, Map.of());
  }

  private Bound afterFailure(Bound failed, BindingFailureException failure) {
    return selectOnce(
        failed,
        "after " + failure.kind() + " failed: " + failure.getMessage(),
        false,
        Map.of(failure.kind(), "failed: " + failure.getMessage()));
  }

  /**
   * A selection a call needs because the binding is {@code replacing} (none yet, or one that
   * failed): the first such call selects, later ones that find the same binding wait for its result
   * instead of selecting too, and one that finds another binding already chosen takes it.
   */
  private Bound selectOnce(
      Bound replacing, String trigger, boolean first, Map<BindingKind, String> failed) {
    Pending mine = null;
    Pending theirs = null;
    synchronized (lock) {
      checkOpen();
      Bound b = bound;
      if (b != replacing) {
        return b;
      }
      if (pending != null && pending.replacing() == replacing) {
        theirs = pending;
      } else {
        mine = new Pending(replacing, new CompletableFuture<>());
        pending = mine;
      }
    }
    if (theirs != null) {
      return join(theirs.result());
    }
    Bound chosen;
    try {
      chosen = swap(select(trigger, first, failed), replacing, true);
    } catch (RuntimeException | Error e) {
      finish(mine);
      mine.result().completeExceptionally(e);
      throw e;
    }
    finish(mine);
    mine.result().complete(chosen);
    return chosen;
  }

  private void finish(Pending done) {
    synchronized (lock) {
      if (pending == done) {
        pending = null;
      }
    }
  }

  private static <B> B join(CompletableFuture<B> result) {
    try {
      return result.join();
    } catch (CompletionException e) {
      // The selecting call's own exception, so that every waiting call fails as it did.
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      if (e.getCause() instanceof Error cause) {
        throw cause;
      }
      throw e;
    }
  }

  /**
   * Discovers, calibrates, chooses and connects, without the lock: each of those may wait for the
   * probe timeout. The first selection may use what discovery and calibration cached; any later one
   * probes and measures again.
   */
  private Bound select(String trigger, boolean first, Map<BindingKind, String> excluded) {
    checkOpen();
    ServiceDescriptor descriptor = descriptor();
    Environment environment =
        first ? discovery.discover(descriptor) : discovery.rediscover(descriptor);
    Calibration.Result costs = costs(descriptor, environment, first);
    Map<BindingKind, String> failed = new LinkedHashMap<>(excluded);
    while (true) {
      // Ends: each turn fails one more binding, and the selector throws when none is left.
      Selection selection = selector.select(trigger, descriptor, environment, costs, failed);
      try {
        return new Bound(selection, connect(selection.address()));
      } catch (BindingFailureException e) {
        failed.put(selection.kind(), "could not be connected: " + e.getMessage());
      }
    }
  }

  private Calibration.Result costs(
      ServiceDescriptor descriptor, Environment environment, boolean first) {
    CostModel model = selector.costModel();
    // Only a choice between the remote bindings needs their times.
    if (calibration == null
        || !environment.usable(BindingKind.RMI)
        || !environment.usable(BindingKind.SOAP)) {
      return new Calibration.Result(model, List.of());
    }
    int timeout = (int) discovery.probeTimeout().toMillis();
    return first
        ? calibration.calibrate(
            descriptor, environment, model, features, timeout, receiveTimeoutMillis)
        : calibration.recalibrate(
            descriptor, environment, model, features, timeout, receiveTimeoutMillis);
  }

  /**
   * Makes {@code fresh} the binding, unless the proxy is closed or, when {@code onlyReplacing},
   * another selection has replaced {@code replacing} already; releases, outside the lock, whichever
   * binding is no longer chosen.
   *
   * @return the binding chosen now
   */
  private Bound swap(Bound fresh, Bound replacing, boolean onlyReplacing) {
    Bound released;
    Bound chosen;
    boolean wasClosed;
    synchronized (lock) {
      wasClosed = closed;
      if (wasClosed || (onlyReplacing && bound != replacing)) {
        released = fresh;
        chosen = bound;
      } else {
        released = bound;
        chosen = fresh;
        bound = fresh;
        if (route != null) {
          if (fresh.invoker() instanceof LocalInvoker local) {
            route.toLocal(local.implementor());
          } else {
            route.toReflective();
          }
        }
      }
    }
    if (released != null) {
      released.invoker().close();
    }
    if (wasClosed) {
      checkOpen();
    }
    return chosen;
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("binding proxy of " + sei.getName() + " is closed");
    }
  }

  private Invoker connect(BindingAddress address) {
    int timeout = (int) discovery.probeTimeout().toMillis();
    return switch (address.kind()) {
      case LOCAL ->
          new LocalInvoker(
              localRegistry
                  .implementation(address.name(), sei)
                  .orElseThrow(
                      () ->
                          new BindingFailureException(
                              BindingKind.LOCAL,
                              true,
                              address.name() + " is not registered",
                              null)));
      case CXF_LOCAL ->
          CxfInvoker.local(
              sei,
              address.uri().toString(),
              localRegistry
                  .cxfBus(address.name())
                  .orElseThrow(
                      () ->
                          new BindingFailureException(
                              BindingKind.CXF_LOCAL,
                              true,
                              address.name() + " is not published",
                              null)),
              features);
      case RMI -> RmiInvoker.connect(sei, address, timeout);
      case SOAP ->
          CxfInvoker.soap(sei, address.uri().toString(), features, timeout, receiveTimeoutMillis);
    };
  }

  private ServiceDescriptor descriptor() {
    ServiceDescriptor descriptor = fixedDescriptor != null ? fixedDescriptor : fetch(descriptorUrl);
    if (!descriptor.service().equals(sei.getName())) {
      throw new IllegalStateException(
          "descriptor of " + descriptor.service() + " (expected: " + sei.getName() + ")");
    }
    return descriptor;
  }

  private ServiceDescriptor fetch(URI url) {
    int timeout = (int) discovery.probeTimeout().toMillis();
    try {
      HttpURLConnection connection = (HttpURLConnection) url.toURL().openConnection();
      connection.setConnectTimeout(timeout);
      connection.setReadTimeout((int) Math.min(Integer.MAX_VALUE, receiveTimeoutMillis));
      connection.setInstanceFollowRedirects(false);
      try {
        int status = connection.getResponseCode();
        if (status != 200) {
          throw new BindingFailureException(
              BindingKind.SOAP,
              true,
              "descriptor " + url + ": HTTP " + status + " (expected: 200)",
              null);
        }
        try (InputStream in = connection.getInputStream()) {
          byte[] bytes = in.readNBytes(MAX_DESCRIPTOR_BYTES + 1);
          if (bytes.length > MAX_DESCRIPTOR_BYTES) {
            throw new BindingFailureException(
                BindingKind.SOAP,
                true,
                "descriptor " + url + ": over " + MAX_DESCRIPTOR_BYTES + " bytes",
                null);
          }
          return ServiceDescriptor.parse(new String(bytes, UTF_8), url, url.toString());
        }
      } finally {
        connection.disconnect();
      }
    } catch (IOException e) {
      throw new BindingFailureException(BindingKind.SOAP, true, "descriptor " + url + ": " + e, e);
    }
  }

  @Override
  public String toString() {
    Bound b = bound;
    return "BindingProxy["
        + sei.getName()
        + (b == null ? ", unbound" : " -> " + b.selection().address())
        + "]";
  }

  private final class Handler implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      if (method.getDeclaringClass() == Object.class) {
        return objectMethod(proxy, method, args);
      }
      Bound b = bound;
      if (b == null) {
        b = bindFirst();
      }
      try {
        return b.invoker().invoke(method, args);
      } catch (BindingFailureException e) {
        Bound next;
        try {
          next = afterFailure(b, e);
        } catch (RuntimeException reselection) {
          e.addSuppressed(reselection);
          throw e;
        }
        if (!e.beforeSend()) {
          throw e;
        }
        return next.invoker().invoke(method, args);
      }
    }

    private Object objectMethod(Object proxy, Method method, Object[] args) {
      return switch (method.getName()) {
        case "equals" -> proxy == args[0];
        case "hashCode" -> System.identityHashCode(proxy);
        default -> BindingProxy.this.toString();
      };
    }
  }

  /** Configures a {@link BindingProxy}; nothing is contacted until the first call. */
  public static final class Builder<T> {
    private final Class<T> sei;
    private URI descriptorUrl;
    private ServiceDescriptor descriptor;
    private LocalRegistry localRegistry;
    private PolicyRules rules;
    private Hints hints = Hints.none();
    private Predictor predictor;
    private CostModel costModel = CostModel.defaults();
    private Calibration calibration;
    private Duration probeTimeout = Duration.ofMillis(Discovery.DEFAULT_PROBE_TIMEOUT_MILLIS);
    private long receiveTimeoutMillis = DEFAULT_RECEIVE_TIMEOUT_MILLIS;
    private final List<Feature> features = new ArrayList<>();

    private Builder(Class<T> sei) {
      this.sei = requireNonNull(sei, "sei");
      if (!sei.isInterface()) {
        throw new IllegalArgumentException("sei: " + sei.getName() + " (expected: an interface)");
      }
    }

    /** Where the descriptor is served; read at the first call and at each re-selection. */
    public Builder<T> descriptorUrl(URI url) {
      requireNonNull(url, "url");
      if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
        throw new IllegalArgumentException("descriptorUrl: " + url + " (expected: http or https)");
      }
      this.descriptorUrl = url;
      this.descriptor = null;
      return this;
    }

    /** The descriptor itself, when it is known without fetching it. */
    public Builder<T> descriptor(ServiceDescriptor descriptor) {
      this.descriptor = requireNonNull(descriptor, "descriptor");
      this.descriptorUrl = null;
      return this;
    }

    /** The registry in which in-JVM bindings are found; default none (no in-JVM binding). */
    public Builder<T> localRegistry(LocalRegistry registry) {
      this.localRegistry = requireNonNull(registry, "registry");
      return this;
    }

    /** The rules; default {@link PolicyRules#defaults()}. */
    public Builder<T> rules(PolicyRules rules) {
      this.rules = requireNonNull(rules, "rules");
      return this;
    }

    /** The predictor's parameter space; default {@link Hints#none()}. */
    public Builder<T> hints(Hints hints) {
      this.hints = requireNonNull(hints, "hints");
      return this;
    }

    /** The predictor; default {@link Predictor#create()}, to share one among proxies. */
    public Builder<T> predictor(Predictor predictor) {
      this.predictor = requireNonNull(predictor, "predictor");
      return this;
    }

    /**
     * The cost model of the time vote; default {@link CostModel#defaults()}. The rule file's {@code
     * cost} lines replace its costs, and a calibration, when one is given, what it measures.
     */
    public Builder<T> costModel(CostModel model) {
      this.costModel = requireNonNull(model, "model");
      return this;
    }

    /**
     * Measures the cost model against the service's own RMI and SOAP bindings when a selection has
     * to choose between them (both usable): at the first selection (cached per descriptor by {@code
     * calibration}) and again at each later one; default none (the cost model as configured).
     */
    public Builder<T> calibration(Calibration calibration) {
      this.calibration = requireNonNull(calibration, "calibration");
      return this;
    }

    /**
     * The port probe's timeout, also the connect timeout of RMI and SOAP clients and of the
     * descriptor's fetch; default {@link Discovery#DEFAULT_PROBE_TIMEOUT_MILLIS} ms.
     */
    public Builder<T> probeTimeout(Duration timeout) {
      this.probeTimeout = requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * How long a SOAP response may take, at least 1 ms; default {@link
     * #DEFAULT_RECEIVE_TIMEOUT_MILLIS}.
     */
    public Builder<T> receiveTimeoutMillis(long millis) {
      if (millis < 1) {
        throw new IllegalArgumentException("receiveTimeoutMillis: " + millis + " (expected: >= 1)");
      }
      this.receiveTimeoutMillis = millis;
      return this;
    }

    /** A CXF feature for the SOAP and CXF-local clients. */
    public Builder<T> feature(Feature feature) {
      features.add(requireNonNull(feature, "feature"));
      return this;
    }

    /**
     * Builds the proxy; no I/O happens until its first call, whose selection also makes the
     * predictor's estimates of the interface's messages, once for the proxy's life.
     *
     * @throws IllegalStateException if neither a descriptor nor its URL is given
     */
    public BindingProxy<T> build() {
      if (descriptor == null && descriptorUrl == null) {
        throw new IllegalStateException(
            "no descriptor (expected: descriptorUrl(...) or descriptor(...))");
      }
      if (rules == null) {
        rules = PolicyRules.defaults();
      }
      if (predictor == null) {
        predictor = Predictor.create();
      }
      // Checks the timeout's range once, with Discovery's message.
      Discovery.builder().probeTimeout(probeTimeout);
      return new BindingProxy<>(this);
    }
  }
}
