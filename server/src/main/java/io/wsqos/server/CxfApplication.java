package io.wsqos.server;

import static java.util.Objects.requireNonNull;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.bus.extension.ExtensionManagerBus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.logging.FaultListener;
import org.apache.cxf.transport.DestinationFactoryManager;
import org.apache.cxf.transport.http.DestinationRegistry;
import org.apache.cxf.transport.http.DestinationRegistryImpl;
import org.apache.cxf.transport.http.HTTPTransportFactory;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.apache.cxf.transport.servlet.ServletController;
import org.apache.cxf.transport.servlet.servicelist.ServiceListGeneratorServlet;

/**
 * {@link CxfMounts} published on a dedicated CXF {@link Bus} (never the default bus), served by one
 * {@link CXFNonSpringServlet} that the caller maps to {@code /*} in a servlet context: {@link
 * EmbeddedServer}'s own, or a servlet container's when the application is a WAR. A fault in any
 * endpoint is logged in one line (the stack trace at DEBUG). {@link #close()} destroys the
 * endpoints and shuts the bus down; the container must have stopped sending requests by then.
 *
 * <pre>{@code
 * CxfApplication cxf = CxfApplication.publish(mounts);
 * ServletRegistration.Dynamic servlet = context.addServlet("cxf", cxf.servlet());
 * servlet.setInitParameters(CxfApplication.SERVLET_INIT_PARAMETERS);
 * servlet.addMapping("/*");
 * }</pre>
 */
public final class CxfApplication implements AutoCloseable {

  /**
   * The init parameters to give {@link #servlet()}. CXF answers any path ending in {@code
   * /services} with its list of every endpoint; that would shadow an application's own resource (a
   * REST collection named services) and show the endpoints to anyone, so the list is hidden.
   */
  public static final Map<String, String> SERVLET_INIT_PARAMETERS =
      Map.of("hide-service-list-page", "true");

  /**
   * The default mode of CXF's WS-Policy engine on the application's bus: off unless an endpoint
   * carries a policy, since the engine works on every message of every endpoint.
   */
  public static final PolicyEngineMode DEFAULT_POLICY_ENGINE_MODE =
      PolicyEngineMode.WHEN_ENDPOINTS_CARRY_POLICY;

  private final Bus bus;
  private final DestinationRegistry registry;
  private final CXFNonSpringServlet servlet;
  private final CXFNonSpringServlet ownThreadsServlet;
  private final Map<String, Server> endpoints;
  private final AtomicBoolean closed = new AtomicBoolean();

  private CxfApplication(
      Bus bus,
      DestinationRegistry registry,
      CXFNonSpringServlet servlet,
      CXFNonSpringServlet ownThreadsServlet,
      Map<String, Server> endpoints) {
    this.bus = bus;
    this.registry = registry;
    this.servlet = servlet;
    this.ownThreadsServlet = ownThreadsServlet;
    this.endpoints = Map.copyOf(endpoints);
  }

  /**
   * Creates a dedicated bus and publishes {@code mounts} on it, with CXF's WS-Policy engine in the
   * {@link #DEFAULT_POLICY_ENGINE_MODE}; the endpoints are ready before the servlet sees a request.
   * With no mounts, the servlet answers every request with 404. On failure the bus is shut down and
   * nothing is left.
   */
  public static CxfApplication publish(CxfMounts mounts) {
    return publish(mounts, DEFAULT_POLICY_ENGINE_MODE);
  }

  /**
   * {@link #publish(CxfMounts)} with CXF's WS-Policy engine in {@code policyEngine} mode on the
   * dedicated bus, applied once the endpoints are published.
   */
  public static CxfApplication publish(CxfMounts mounts, PolicyEngineMode policyEngine) {
    requireNonNull(mounts, "mounts");
    requireNonNull(policyEngine, "policyEngine");
    // A dedicated bus: shutting it down cannot affect other CXF users in the same JVM, and their
    // clients do not pick up this application's configuration.
    ExtensionManagerBus bus = new ExtensionManagerBus();
    undoDefaultBus(bus);
    try {
      bus.initialize();
      bus.setProperty(FaultListener.class.getName(), new OneLineFaultListener());
      // CXF makes this loader the context class loader of every request. Without it, CXF asks the
      // bus's resource resolvers for one on every request, which scans the class path under the
      // class loader's lock and finds none.
      bus.setExtension(applicationClassLoader(), ClassLoader.class);
      // One registry shared by the servlet and the bus's HTTP destination factory, so that a
      // relative address is served by this servlet whatever other HTTP transports (CXF's own Jetty
      // one) are on the class path. Registered on the bus rather than given to each endpoint, so
      // that the SOAP transport still describes the endpoint (its WSDL keeps its soap:address).
      DestinationRegistry registry = new DestinationRegistryImpl();
      HTTPTransportFactory transportFactory = new HTTPTransportFactory(registry);
      DestinationFactoryManager destinations = bus.getExtension(DestinationFactoryManager.class);
      for (String transportId : transportFactory.getTransportIds()) {
        destinations.registerDestinationFactory(transportId, transportFactory);
      }
      Map<String, Server> endpoints = mounts.publish(bus);
      policyEngine.apply(bus, endpoints.values());
      return new CxfApplication(
          bus,
          registry,
          new CXFNonSpringServlet(registry, bus),
          new OwnThreadsServlet(registry, bus, false),
          endpoints);
    } catch (RuntimeException | Error e) {
      try {
        bus.shutdown(true);
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * The servlet that serves every endpoint; map it to {@code /*}. It makes the bus the thread's
   * default CXF bus for each request and restores the thread's previous one after it, as a
   * container's threads, shared with other applications, need.
   */
  public Servlet servlet() {
    return servlet;
  }

  /**
   * The same servlet for a server whose request threads serve this application alone (they stop
   * with it): the bus stays the thread's default CXF bus between requests. CXF resets a thread
   * whose default was none on every request, and finding that thread a default again takes two
   * JVM-wide locks on the next one.
   */
  public Servlet servletForOwnThreads() {
    return ownThreadsServlet;
  }

  /**
   * {@link #servletForOwnThreads()}, which, when {@code unknownPathsAsErrors}, answers a path no
   * endpoint serves with {@code sendError(404)}, so that the container's error handler writes the
   * body, instead of CXF's own HTML page.
   */
  Servlet servletForOwnThreads(boolean unknownPathsAsErrors) {
    return unknownPathsAsErrors ? new OwnThreadsServlet(registry, bus, true) : ownThreadsServlet;
  }

  /** The dedicated bus; it is shut down by {@link #close()}. */
  public Bus bus() {
    return bus;
  }

  /** The CXF endpoint published at {@code path}, if there is one. */
  public Optional<Server> endpoint(String path) {
    return Optional.ofNullable(endpoints.get(requireNonNull(path, "path")));
  }

  /** The endpoints by path. */
  Map<String, Server> endpoints() {
    return endpoints;
  }

  /**
   * Destroys the endpoints, then shuts the bus down. Idempotent.
   *
   * @throws IllegalStateException if a part did not stop cleanly; the others are stopped anyway
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    List<RuntimeException> errors = new ArrayList<>();
    for (Server endpoint : endpoints.values()) {
      try {
        endpoint.destroy();
      } catch (RuntimeException e) {
        errors.add(e);
      }
    }
    try {
      bus.shutdown(true);
    } catch (RuntimeException e) {
      errors.add(e);
    }
    if (!errors.isEmpty()) {
      IllegalStateException failure =
          new IllegalStateException("CXF endpoints did not stop cleanly: " + endpoints.keySet());
      errors.forEach(failure::addSuppressed);
      throw failure;
    }
  }

  private static ClassLoader applicationClassLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : CxfApplication.class.getClassLoader();
  }

  /** Makes the bus the thread's default before CXF looks, so that CXF has nothing to restore. */
  private static final class OwnThreadsServlet extends CXFNonSpringServlet {
    private static final long serialVersionUID = 1L;

    private final transient Bus bus;
    private final transient DestinationRegistry registry;
    private final boolean unknownPathsAsErrors;

    OwnThreadsServlet(DestinationRegistry registry, Bus bus, boolean unknownPathsAsErrors) {
      super(registry, bus);
      this.bus = bus;
      this.registry = registry;
      this.unknownPathsAsErrors = unknownPathsAsErrors;
    }

    /** CXF's own controller, or, for unknown paths as errors, one that sends them as errors. */
    @Override
    protected ServletController createServletController(ServletConfig config) {
      if (!unknownPathsAsErrors) {
        return super.createServletController(config);
      }
      return new ServletController(
          registry, config, new ServiceListGeneratorServlet(registry, bus)) {
        @Override
        protected void generateNotFound(HttpServletRequest request, HttpServletResponse response)
            throws IOException {
          response.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
      };
    }

    @Override
    protected void invoke(HttpServletRequest request, HttpServletResponse response)
        throws ServletException {
      if (BusFactory.getThreadDefaultBus(false) != bus) {
        BusFactory.setThreadDefaultBus(bus);
      }
      super.invoke(request, response);
    }
  }

  /**
   * A new bus makes itself the JVM's and the thread's default when there is none yet; undo that, so
   * that code asking for the default bus never gets this application's, which dies with it.
   */
  private static void undoDefaultBus(Bus bus) {
    if (BusFactory.getThreadDefaultBus(false) == bus) {
      BusFactory.setThreadDefaultBus(null);
    }
    if (BusFactory.getDefaultBus(false) == bus) {
      BusFactory.setDefaultBus(null);
    }
  }

  @Override
  public String toString() {
    return "CxfApplication" + endpoints.keySet() + (closed.get() ? " closed" : "");
  }
}
