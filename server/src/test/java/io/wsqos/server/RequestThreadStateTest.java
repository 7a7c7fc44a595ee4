package io.wsqos.server;

import static io.wsqos.server.EmbeddedServerTest.get;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.resource.ResourceManager;
import org.apache.cxf.resource.ResourceResolver;
import org.junit.jupiter.api.Test;

/** What a thread carries while it serves a CXF request, and what it is left with after. */
class RequestThreadStateTest {

  /** Answers the context class loader and the thread default bus that the request ran with. */
  @Path("/state")
  public static class State {
    final Map<String, Bus> busByThread = new ConcurrentHashMap<>();
    volatile ClassLoader loader;

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String state() {
      loader = Thread.currentThread().getContextClassLoader();
      busByThread.put(Thread.currentThread().getName(), BusFactory.getThreadDefaultBus(false));
      return "ok";
    }
  }

  @Test
  void eachRequestRunsWithTheContextClassLoaderThatPublishedTheApplication() throws Exception {
    State state = new State();
    ClassLoader original = Thread.currentThread().getContextClassLoader();
    try (URLClassLoader application = new URLClassLoader(new URL[0], original)) {
      Thread.currentThread().setContextClassLoader(application);
      EmbeddedServer server;
      try {
        server = EmbeddedServer.builder().jaxrs("/rest", List.of(state), List.of()).start();
      } finally {
        Thread.currentThread().setContextClassLoader(original);
      }
      try (server) {
        assertThat(get(server.address("/rest/state")).body()).isEqualTo("ok");

        assertThat(state.loader).isSameAs(application);
      }
    }
  }

  @Test
  void noRequestAsksTheBusResourcesForAClassLoader() throws Exception {
    AtomicInteger classLoaderLookups = new AtomicInteger();
    ResourceResolver counting =
        new ResourceResolver() {
          @Override
          public <T> T resolve(String name, Class<T> type) {
            if (type == ClassLoader.class) {
              classLoaderLookups.incrementAndGet();
            }
            return null;
          }

          @Override
          public InputStream getAsStream(String name) {
            return null;
          }
        };
    try (EmbeddedServer server =
        EmbeddedServer.builder().jaxrs("/rest", List.of(new State()), List.of()).start()) {
      server.bus().getExtension(ResourceManager.class).addResourceResolver(counting);

      for (int i = 0; i < 10; i++) {
        assertThat(get(server.address("/rest/state")).statusCode()).isEqualTo(200);
      }

      assertThat(classLoaderLookups).hasValue(0);
    }
  }

  @Test
  void theServersThreadsKeepItsBusAsTheirDefaultBetweenRequests() throws Exception {
    State state = new State();
    // What a plain request finds on a thread that served a CXF request before it.
    List<Object> foundAfterCxf = new CopyOnWriteArrayList<>();
    HttpServlet plain =
        new HttpServlet() {
          private static final long serialVersionUID = 1L;

          @Override
          protected void doGet(HttpServletRequest request, HttpServletResponse response) {
            if (state.busByThread.containsKey(Thread.currentThread().getName())) {
              Bus bus = BusFactory.getThreadDefaultBus(false);
              foundAfterCxf.add(bus == null ? "no bus" : bus);
            }
            response.setStatus(204);
          }
        };
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .jaxrs("/rest", List.of(state), List.of())
            .servlet("/plain", plain)
            .start()) {
      for (int i = 0; i < 50; i++) {
        assertThat(get(server.address("/rest/state")).statusCode()).isEqualTo(200);
        assertThat(get(server.address("/plain")).statusCode()).isEqualTo(204);
      }

      assertThat(state.busByThread.values()).containsOnly(server.bus());
      assertThat(foundAfterCxf).isNotEmpty().containsOnly(server.bus());
    }
  }
}
