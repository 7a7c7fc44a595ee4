package io.wsqos.server;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;

/**
 * What CXF serves, path by path: JAX-WS endpoints and JAX-RS resources, each at a servlet-relative
 * path, published together on one bus by {@link #publish(Bus)}. The one description of an
 * application's CXF endpoints, whether {@link EmbeddedServer} serves them or a servlet container
 * does through {@link CxfApplication}. Immutable; build one with {@link #builder()}.
 */
public final class CxfMounts {

  /**
   * Checks that {@code implementor} implements {@code sei}, as every endpoint must; a launcher that
   * takes both before it builds its mounts calls this to fail as early, with the same message.
   *
   * @throws IllegalArgumentException if it does not
   */
  public static void checkImplements(Class<?> sei, Object implementor) {
    if (!sei.isInstance(implementor)) {
      throw new IllegalArgumentException(
          "implementor: "
              + implementor.getClass().getName()
              + " (expected: an implementation of "
              + sei.getName()
              + ")");
    }
  }

  /** Returns an empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  private final Map<String, Mount> mounts;
  private final List<String> order;

  private CxfMounts(Map<String, Mount> mounts) {
    this.mounts = Map.copyOf(mounts);
    this.order = List.copyOf(mounts.keySet());
  }

  /** The paths mounted, in the order they were added. */
  public List<String> paths() {
    return order;
  }

  /** Whether nothing is mounted. */
  public boolean isEmpty() {
    return mounts.isEmpty();
  }

  /**
   * Creates every endpoint on {@code bus}, in the order they were added, and returns them by path.
   * If one cannot be created, those already created are destroyed and the failure is thrown.
   */
  public Map<String, Server> publish(Bus bus) {
    requireNonNull(bus, "bus");
    Map<String, Server> created = new LinkedHashMap<>();
    try {
      for (String path : order) {
        created.put(path, mounts.get(path).create(bus));
      }
    } catch (RuntimeException | Error e) {
      for (Server server : created.values()) {
        try {
          server.destroy();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
    return created;
  }

  @Override
  public String toString() {
    return "CxfMounts" + order;
  }

  /** Something CXF serves at a path on a bus. */
  private interface Mount {
    Server create(Bus bus);
  }

  private record EndpointMount<T>(
      String path,
      Class<T> sei,
      T implementor,
      List<Feature> features,
      Consumer<? super JaxWsServerFactoryBean> customizer)
      implements Mount {

    @Override
    public Server create(Bus bus) {
      JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
      factory.setBus(bus);
      factory.setServiceClass(sei);
      factory.setServiceBean(implementor);
      factory.setAddress(path);
      factory.setFeatures(new ArrayList<>(features));
      customizer.accept(factory);
      return factory.create();
    }
  }

  private record JaxRsMount(String path, List<Object> resources, List<Object> providers)
      implements Mount {

    @Override
    public Server create(Bus bus) {
      JAXRSServerFactoryBean factory = new JAXRSServerFactoryBean();
      factory.setBus(bus);
      factory.setAddress(path);
      factory.setServiceBeans(new ArrayList<>(resources));
      factory.setProviders(new ArrayList<>(providers));
      return factory.create();
    }
  }

  /** Collects mounts; each path at most once. */
  public static final class Builder {
    private final Map<String, Mount> mounts = new LinkedHashMap<>();

    private Builder() {}

    /**
     * Publishes {@code implementor} as the JAX-WS endpoint of {@code sei} at {@code path} with
     * {@code features}.
     */
    public <T> Builder endpoint(String path, Class<T> sei, T implementor, Feature... features) {
      return endpoint(path, sei, implementor, List.of(features), factory -> {});
    }

    /**
     * Publishes {@code implementor} as the JAX-WS endpoint of {@code sei} at {@code path} with
     * {@code features}; {@code customizer} then sets what else the endpoint needs (interceptors,
     * handlers, properties, service and endpoint names) on CXF's factory before it is created.
     *
     * @param path the servlet-relative address: starts with {@code /}, more than {@code /}, not
     *     already mounted
     */
    public <T> Builder endpoint(
        String path,
        Class<T> sei,
        T implementor,
        List<? extends Feature> features,
        Consumer<? super JaxWsServerFactoryBean> customizer) {
      checkPath(path);
      requireNonNull(sei, "sei");
      requireNonNull(implementor, "implementor");
      requireNonNull(customizer, "customizer");
      checkImplements(sei, implementor);
      mounts.put(
          path, new EndpointMount<>(path, sei, implementor, List.copyOf(features), customizer));
      return this;
    }

    /**
     * Serves JAX-RS {@code resources} (objects of classes annotated {@code @Path}, whose paths are
     * relative to {@code path}) with JAX-RS {@code providers} (message body readers and writers,
     * exception mappers, filters) at {@code path}. The resources are singletons: they serve
     * requests concurrently.
     *
     * @param path the servlet-relative address, e.g. {@code /api}: starts with {@code /}, more than
     *     {@code /}, not already mounted
     * @throws IllegalArgumentException if there is no resource, or a resource's class is not
     *     annotated {@code @Path}
     */
    public Builder jaxrs(String path, List<?> resources, List<?> providers) {
      checkPath(path);
      requireNonNull(resources, "resources");
      requireNonNull(providers, "providers");
      if (resources.isEmpty()) {
        throw new IllegalArgumentException("resources: [] (expected: at least one resource)");
      }
      for (Object resource : resources) {
        requireNonNull(resource, "resource");
        if (!resource.getClass().isAnnotationPresent(jakarta.ws.rs.Path.class)) {
          throw new IllegalArgumentException(
              "resources: "
                  + resource.getClass().getName()
                  + " (expected: a class annotated @jakarta.ws.rs.Path)");
        }
      }
      providers.forEach(p -> requireNonNull(p, "provider"));
      mounts.put(path, new JaxRsMount(path, List.copyOf(resources), List.copyOf(providers)));
      return this;
    }

    /**
     * Adds every mount of {@code other}.
     *
     * @throws IllegalArgumentException if one of its paths is already mounted here
     */
    public Builder add(CxfMounts other) {
      requireNonNull(other, "other");
      other.order.forEach(this::checkPath);
      mounts.putAll(other.mounts);
      return this;
    }

    /** The paths mounted so far. */
    Set<String> paths() {
      return mounts.keySet();
    }

    /** The mounts collected so far. */
    public CxfMounts build() {
      return new CxfMounts(mounts);
    }

    private void checkPath(String path) {
      requireNonNull(path, "path");
      if (!path.startsWith("/") || path.length() < 2) {
        throw new IllegalArgumentException(
            "path: '" + path + "' (expected: starts with '/', e.g. /service)");
      }
      if (mounts.containsKey(path)) {
        throw new IllegalArgumentException("path: " + path + " (expected: not already served)");
      }
    }
  }
}
