package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.wsqos.binding.internal.RemoteInvoker;
import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The RMI binding's allow-list refuses what the service's types do not name. */
class RmiFilterTest {

  private static final String ECHO = "echo(java.lang.String)";

  /** A gadget-style class: its readObject would run attacker-chosen code on the server. */
  static final class Gadget implements Serializable {
    private static final long serialVersionUID = 1L;
    // Counts deserializations in this test JVM: the server is in it too.
    static final AtomicInteger READS = new AtomicInteger();

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
      in.defaultReadObject();
      READS.incrementAndGet();
    }
  }

  private final ListAppender<ILoggingEvent> refusals = new ListAppender<>();
  private Logger filterLog;
  private Publication publication;
  private RemoteInvoker stub;

  @BeforeEach
  void export() throws Exception {
    filterLog = (Logger) LoggerFactory.getLogger("io.wsqos.binding.internal.StreamBudgetFilter");
    refusals.start();
    filterLog.addAppender(refusals);
    publication =
        BindingPublisher.builder(Catalog.class, new CatalogImpl())
            .name("filtered")
            .rmi("127.0.0.1")
            .publish();
    BindingAddress rmi = publication.descriptor().binding(BindingKind.RMI).orElseThrow();
    // The raw stub, as an attacker who found the registry would use it.
    stub = (RemoteInvoker) LocateRegistry.getRegistry(rmi.host(), rmi.port()).lookup(rmi.name());
    Gadget.READS.set(0);
  }

  @AfterEach
  void unexport() {
    publication.close();
    filterLog.detachAppender(refusals);
  }

  @Test
  void anArgumentOfTheInterfacesTypesIsAccepted() throws Exception {
    assertThat(stub.invoke(ECHO, new Object[] {"plain"})).isEqualTo("plain");
  }

  @Test
  void aClassOutsideTheAllowListIsRejectedBeforeItsReadObjectRuns() {
    Throwable thrown = catchThrowable(() -> stub.invoke(ECHO, new Object[] {new Gadget()}));

    assertRejected(thrown);
    assertThat(Gadget.READS).hasValue(0);
    assertThat(refusals.list)
        .singleElement()
        .satisfies(
            line -> {
              assertThat(line.getLevel()).isEqualTo(Level.WARN);
              assertThat(line.getFormattedMessage())
                  .isEqualTo(
                      "rmi io.wsqos.binding.kit.Catalog: argument refused: class "
                          + Gadget.class.getName()
                          + " is not on the allow-list (at depth 2, "
                          + line.getArgumentArray()[3]
                          + " references, "
                          + line.getArgumentArray()[4]
                          + " bytes read)");
            });
  }

  @Test
  void aGadgetInsideAnAllowedCollectionIsRejectedToo() {
    List<Object> list = new ArrayList<>();
    list.add("harmless");
    list.add(new Gadget());

    Throwable thrown = catchThrowable(() -> stub.invoke(ECHO, new Object[] {list}));

    assertRejected(thrown);
    assertThat(Gadget.READS).hasValue(0);
    assertThat(refusals.list)
        .singleElement()
        .extracting(ILoggingEvent::getFormattedMessage)
        .asString()
        .contains("class " + Gadget.class.getName() + " is not on the allow-list (at depth 3");
  }

  @Test
  void anObjectNestedDeeperThanTheLimitIsRefusedNamingTheDepth() {
    Object nested = "bottom";
    for (int i = 0; i < 70; i++) {
      nested = new Object[] {nested};
    }
    Object[] args = {nested};

    Throwable thrown = catchThrowable(() -> stub.invoke(ECHO, args));

    assertRejected(thrown);
    assertThat(refusals.list)
        .singleElement()
        .extracting(ILoggingEvent::getFormattedMessage)
        .asString()
        .contains("argument refused: depth 65 over the limit 64");
  }

  @Test
  void theFilterAllowsTheArgumentTypesOnly() {
    String pattern =
        io.wsqos.binding.internal.SerialFilters.pattern(Catalog.class, List.of(), 1 << 20);

    assertThat(pattern)
        .contains("io.wsqos.binding.kit.Item;", "java.util.GregorianCalendar;")
        // The fault bean travels from server to client only: the server never reads one.
        .doesNotContain("NotFoundInfo", "Gadget")
        .startsWith("maxdepth=64;maxrefs=349525;maxbytes=1048576;")
        .doesNotContain("maxarray")
        .endsWith(";!*");
  }

  @Test
  void aLargeBudgetStillCapsTheObjectsAStreamMayCreate() {
    String pattern =
        io.wsqos.binding.internal.SerialFilters.pattern(
            Catalog.class, List.of(), BindingPublisher.DEFAULT_MAX_MESSAGE_BYTES);

    assertThat(pattern).startsWith("maxdepth=64;maxrefs=4000000;maxbytes=67108864;");
  }

  private static void assertRejected(Throwable thrown) {
    assertThat(thrown).isInstanceOf(ServerException.class);
    assertThat(thrown.getCause()).isInstanceOf(UnmarshalException.class);
    assertThat(thrown.getCause().getCause())
        .asInstanceOf(InstanceOfAssertFactories.throwable(InvalidClassException.class))
        .hasMessageContaining("REJECTED");
  }
}
