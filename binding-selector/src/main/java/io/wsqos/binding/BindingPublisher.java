package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import io.wsqos.binding.internal.CxfLocalEndpoint;
import io.wsqos.binding.internal.DescriptorServlet;
import io.wsqos.binding.internal.PlainInterfaces;
import io.wsqos.binding.internal.Probe;
import io.wsqos.binding.internal.RmiExport;
import io.wsqos.server.EmbeddedServer;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.cxf.feature.Feature;

/**
 * Publishes one implementation of a Java service interface over the bindings asked for (P1 of the
 * report), and its {@link ServiceDescriptor}. With SOAP, the descriptor is served on the same
 * server at the endpoint's path plus {@link #DESCRIPTOR_SUFFIX}, next to its {@code ?wsdl}. SOAP
 * and RMI also serve the {@link Calibration} probe (SOAP at the path plus {@code /probe}; RMI as a
 * reserved operation of the service's object): an echo of a list of small value objects.
 *
 * <pre>{@code
 * LocalRegistry local = new LocalRegistry();
 * try (Publication pub = BindingPublisher.builder(Catalog.class, new CatalogImpl())
 *     .local(local).cxfLocal(local).rmi("127.0.0.1")
 *     .soap(EmbeddedServer.builder(), "/catalog")
 *     .publish()) {
 *   URI descriptor = pub.descriptorUrl().orElseThrow(); // http://127.0.0.1:41234/catalog/bindings
 * }
 * }</pre>
 */
public final class BindingPublisher {

  /** Appended to the SOAP endpoint's path to give the descriptor's. */
  public static final String DESCRIPTOR_SUFFIX = "/bindings";

  /** The default RMI connect timeout carried in the stubs: 1,000 ms. */
  public static final int DEFAULT_RMI_CONNECT_TIMEOUT_MILLIS = 1_000;

  /**
   * The default largest argument stream the RMI filter accepts: 64 MiB. It is also the most that
   * one call's stream can make the server allocate ahead of the data that fills it.
   */
  public static final long DEFAULT_MAX_MESSAGE_BYTES = 64L << 20;

  private BindingPublisher() {}

  /** Starts a publication of {@code implementor} as {@code sei}. */
  public static <T> Builder<T> builder(Class<T> sei, T implementor) {
    return new Builder<>(sei, implementor);
  }

  /** Configures a publication; no binding is published until {@link #publish()}. */
  public static final class Builder<T> {
    private final Class<T> sei;
    private final T implementor;
    private String name;
    private LocalRegistry localRegistry;
    private LocalRegistry cxfLocalRegistry;
    private String rmiHost;
    private int rmiPort;
    private int rmiConnectTimeoutMillis = DEFAULT_RMI_CONNECT_TIMEOUT_MILLIS;
    private long maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
    private final List<String> rmiAllowPatterns = new ArrayList<>();
    private EmbeddedServer.Builder soapServer;
    private String soapPath;
    private final List<Feature> features = new ArrayList<>();

    private Builder(Class<T> sei, T implementor) {
      this.sei = requireNonNull(sei, "sei");
      this.implementor = requireNonNull(implementor, "implementor");
      if (!sei.isInterface()) {
        throw new IllegalArgumentException("sei: " + sei.getName() + " (expected: an interface)");
      }
      if (!sei.isInstance(implementor)) {
        throw new IllegalArgumentException(
            "implementor: "
                + implementor.getClass().getName()
                + " (expected: implements "
                + sei.getName()
                + ")");
      }
      String simple = sei.getSimpleName();
      this.name = simple.substring(0, 1).toLowerCase(Locale.ROOT) + simple.substring(1);
    }

    /**
     * The name the local, CXF-local and RMI bindings are registered under; default the interface's
     * simple name with a lower-case first letter. Letters, digits, {@code .}, {@code _}, {@code -}.
     */
    public Builder<T> name(String name) {
      requireNonNull(name, "name");
      if (!BindingAddress.NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "name: '" + name + "' (expected: letters, digits, '.', '_' and '-', at most 200)");
      }
      this.name = name;
      return this;
    }

    /** Publishes the local binding in {@code registry}. */
    public Builder<T> local(LocalRegistry registry) {
      this.localRegistry = requireNonNull(registry, "registry");
      return this;
    }

    /** Publishes on CXF's local transport; its bus is registered in {@code registry}. */
    public Builder<T> cxfLocal(LocalRegistry registry) {
      this.cxfLocalRegistry = requireNonNull(registry, "registry");
      return this;
    }

    /**
     * Publishes over RMI, its registry and object listening on {@code host} only (the address
     * clients connect to), the registry on a free port.
     */
    public Builder<T> rmi(String host) {
      return rmi(host, 0);
    }

    /** Publishes over RMI with the registry on {@code port} (0: a free one). */
    public Builder<T> rmi(String host, int port) {
      requireNonNull(host, "host");
      if (port < 0 || port > 65_535) {
        throw new IllegalArgumentException("rmi port: " + port + " (expected: 0..65535)");
      }
      this.rmiHost = host;
      this.rmiPort = port;
      return this;
    }

    /**
     * The connect timeout RMI clients use, carried in the stub; default {@link
     * #DEFAULT_RMI_CONNECT_TIMEOUT_MILLIS}, at least 1.
     */
    public Builder<T> rmiConnectTimeoutMillis(int millis) {
      if (millis < 1) {
        throw new IllegalArgumentException(
            "rmiConnectTimeoutMillis: " + millis + " (expected: >= 1)");
      }
      this.rmiConnectTimeoutMillis = millis;
      return this;
    }

    /**
     * Allows one more JEP 290 pattern (a class, {@code package.*} or {@code package.**}) in the RMI
     * filter, for argument classes not reachable from the interface's declared types.
     */
    public Builder<T> rmiAllow(String pattern) {
      requireNonNull(pattern, "pattern");
      if (pattern.isBlank()
          || pattern.contains(";")
          || pattern.startsWith("!")
          || pattern.contains("=")) {
        throw new IllegalArgumentException(
            "rmiAllow: '" + pattern + "' (expected: a class name or package pattern)");
      }
      rmiAllowPatterns.add(pattern);
      return this;
    }

    /**
     * The largest RMI argument stream accepted, in bytes; default {@link
     * #DEFAULT_MAX_MESSAGE_BYTES}, at least 1024. It also bounds what a stream can make the server
     * allocate before its data arrives: arrays are refused unless what is left of it could hold
     * them, and objects are limited to one per 3 bytes of it (at most 4,000,000).
     */
    public Builder<T> maxMessageBytes(long bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("maxMessageBytes: " + bytes + " (expected: >= 1024)");
      }
      this.maxMessageBytes = bytes;
      return this;
    }

    /**
     * Publishes SOAP at {@code path} on a server built from {@code server}, and the descriptor at
     * {@code path + DESCRIPTOR_SUFFIX}; {@link #publish()} starts that server and the publication
     * owns it.
     */
    public Builder<T> soap(EmbeddedServer.Builder server, String path) {
      this.soapServer = requireNonNull(server, "server");
      this.soapPath = requireNonNull(path, "path");
      return this;
    }

    /** A CXF feature for the SOAP and CXF-local endpoints. */
    public Builder<T> feature(Feature feature) {
      features.add(requireNonNull(feature, "feature"));
      return this;
    }

    /**
     * Publishes every binding asked for; on failure nothing stays published.
     *
     * @throws IllegalStateException if no binding was asked for, or one could not be published
     */
    public Publication publish() {
      if (localRegistry == null
          && cxfLocalRegistry == null
          && rmiHost == null
          && soapServer == null) {
        throw new IllegalStateException(
            "no binding (expected: at least one of local, cxfLocal, rmi, soap)");
      }
      Publication.Parts parts = new Publication.Parts(name);
      try {
        List<BindingAddress> bindings = new ArrayList<>();
        if (localRegistry != null) {
          localRegistry.register(name, sei, implementor);
          parts.localRegistry = localRegistry;
          bindings.add(BindingAddress.local(name));
        }
        if (cxfLocalRegistry != null) {
          parts.cxfLocal = CxfLocalEndpoint.publish(sei, implementor, name, features);
          cxfLocalRegistry.registerCxfBus(name, parts.cxfLocal.bus());
          parts.cxfLocalRegistry = cxfLocalRegistry;
          bindings.add(BindingAddress.cxfLocal(name));
        }
        if (rmiHost != null) {
          parts.rmi =
              RmiExport.export(
                  sei,
                  implementor,
                  name,
                  rmiHost,
                  rmiPort,
                  rmiConnectTimeoutMillis,
                  rmiAllowPatterns,
                  maxMessageBytes);
          bindings.add(parts.rmi.address());
        }
        String jvm = JvmIdentity.current();
        if (soapServer == null) {
          return new Publication(new ServiceDescriptor(sei.getName(), jvm, bindings), null, parts);
        }
        AtomicReference<String> served = new AtomicReference<>();
        parts.server =
            soapServer
                .endpoint(
                    soapPath,
                    sei,
                    implementor,
                    features,
                    factory -> PlainInterfaces.configure(factory, sei))
                .endpoint(
                    soapPath + Probe.SOAP_SUFFIX, Probe.class, new Probe.Echo(), features, f -> {})
                .servlet(soapPath + DESCRIPTOR_SUFFIX, new DescriptorServlet(served::get))
                .start();
        bindings.add(BindingAddress.soap(URI.create(parts.server.address(soapPath))));
        ServiceDescriptor descriptor = new ServiceDescriptor(sei.getName(), jvm, bindings);
        served.set(descriptor.formatRelative());
        return new Publication(
            descriptor, URI.create(parts.server.address(soapPath + DESCRIPTOR_SUFFIX)), parts);
      } catch (RuntimeException e) {
        try {
          parts.close();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
        throw e;
      }
    }
  }
}
