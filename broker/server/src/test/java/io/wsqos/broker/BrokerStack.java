package io.wsqos.broker;

import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.app.BrokerApis;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.db.TestDatabase;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The broker's parts for an API test, as the launcher wires them: a registry on a fresh H2
 * database, a selector polling every 50 ms, a {@link BrokerService} with {@link #ADMIN_TOKEN}, and
 * one embedded server on port 0 serving REST and SOAP through {@link BrokerApis#mounts}. Closing it
 * closes them in the launcher's order.
 */
public final class BrokerStack implements AutoCloseable {

  /** The administrator's token of every stack. */
  public static final String ADMIN_TOKEN = "admin-token-0123456789abcdef";

  private final TestDatabase database;
  private final Registry registry;
  private final OfferSelector selector;
  private final BrokerService service;
  private final EmbeddedServer server;

  private BrokerStack(boolean openReads) {
    database = TestDatabase.h2();
    registry = Registry.builder().url(database.url(), database.user(), "").build();
    selector = OfferSelector.builder(registry).pollInterval(Duration.ofMillis(50)).build();
    service =
        BrokerService.builder(registry, selector)
            .adminToken(ADMIN_TOKEN)
            .openReads(openReads)
            .build();
    server =
        EmbeddedServer.builder().daemonThreads(true).mounts(BrokerApis.mounts(service)).start();
  }

  /** A stack whose reads are open to anyone. */
  public static BrokerStack start() {
    return new BrokerStack(true);
  }

  /** A stack whose reads take a token. */
  public static BrokerStack withClosedReads() {
    return new BrokerStack(false);
  }

  /**
   * A stack with open reads for a whole test class, registered as a static {@code
   * RegisterExtension} field: started before the class's {@code BeforeAll} methods, its tables
   * emptied before each test, closed after the class.
   */
  public static PerClass perClass() {
    return new PerClass();
  }

  /** The JUnit 5 extension of {@link #perClass()}. */
  public static final class PerClass
      implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

    private BrokerStack stack;

    private PerClass() {}

    /** The class's stack, once the class has started. */
    public BrokerStack stack() {
      if (stack == null) {
        throw new IllegalStateException("the stack starts before the class's BeforeAll methods");
      }
      return stack;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
      stack = start();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws SQLException {
      stack.emptyTables();
    }

    @Override
    public void afterAll(ExtensionContext context) throws SQLException {
      try (BrokerStack closing = stack) {
        stack = null;
      }
    }
  }

  public TestDatabase database() {
    return database;
  }

  public Registry registry() {
    return registry;
  }

  public OfferSelector selector() {
    return selector;
  }

  public BrokerService service() {
    return service;
  }

  public EmbeddedServer server() {
    return server;
  }

  /** The server's base address, {@code http://127.0.0.1:PORT}. */
  public String address() {
    return server.address();
  }

  /** The address of the REST API's base, {@code .../api}. */
  public String restAddress() {
    return server.address(BrokerApis.REST_PATH);
  }

  /** The address of the SOAP endpoint, {@code .../soap}. */
  public String soapAddress() {
    return server.address(BrokerApis.SOAP_PATH);
  }

  /**
   * Withdraws every provider and service, and with them every endpoint and offer, through the
   * service as the administrator, so that the change feed records it and the selections forget them
   * too; returns once the selections have.
   */
  public void emptyTables() throws SQLException {
    Caller admin = Caller.bearer(ADMIN_TOKEN);
    for (Page<Provider> page = service.providers(admin, 0, Page.MAX_LIMIT);
        !page.items().isEmpty();
        page = service.providers(admin, 0, Page.MAX_LIMIT)) {
      page.items().forEach(provider -> service.withdrawProvider(admin, provider.id()));
    }
    for (Page<Service> page = service.services(admin, 0, Page.MAX_LIMIT);
        !page.items().isEmpty();
        page = service.services(admin, 0, Page.MAX_LIMIT)) {
      page.items().forEach(withdrawn -> service.withdrawService(admin, withdrawn.id()));
    }
    selector.refresh();
  }

  @Override
  public void close() throws SQLException {
    // As the broker does: no watch keeps the server's stop waiting.
    selector.releaseWatches();
    try (database;
        registry;
        selector;
        server) {
      // Closed in reverse order of the resources: server, selector, registry, database.
    }
  }
}
