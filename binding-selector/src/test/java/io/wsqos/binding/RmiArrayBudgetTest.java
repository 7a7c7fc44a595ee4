package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.wsqos.binding.internal.RemoteInvoker;
import java.io.InvalidClassException;
import java.lang.reflect.Method;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A stream of about 120 bytes that declares a huge array is refused by the RMI filter before the
 * JDK allocates the array, over a real RMI call to a real exported service (the default byte
 * budget); arrays that the budget can hold still arrive (a budget of 1 MiB).
 */
class RmiArrayBudgetTest {

  /** A service taking anything: its allow-list is then the JDK's classes alone. */
  public interface Sizes {
    /** The length of an array, the size of a collection or map, -1 otherwise. */
    int size(Object value);
  }

  static final class SizesImpl implements Sizes {
    @Override
    public int size(Object value) {
      if (value instanceof byte[] bytes) {
        return bytes.length;
      }
      if (value instanceof Object[] objects) {
        return objects.length;
      }
      if (value instanceof Collection<?> collection) {
        return collection.size();
      }
      return value instanceof Map<?, ?> map ? map.size() : -1;
    }
  }

  private static final long SMALL_BUDGET_BYTES = 1 << 20;
  private static final String SIZE = "size(java.lang.Object)";

  private final ListAppender<ILoggingEvent> refusals = new ListAppender<>();
  private Logger filterLog;
  private Publication defaultBudget;
  private Publication smallBudget;
  private Method invoke;

  @BeforeEach
  void export() throws Exception {
    filterLog = (Logger) LoggerFactory.getLogger("io.wsqos.binding.internal.StreamBudgetFilter");
    refusals.start();
    filterLog.addAppender(refusals);
    defaultBudget =
        BindingPublisher.builder(Sizes.class, new SizesImpl())
            .name("sizes")
            .rmi("127.0.0.1")
            .publish();
    smallBudget =
        BindingPublisher.builder(Sizes.class, new SizesImpl())
            .name("small")
            .rmi("127.0.0.1")
            .maxMessageBytes(SMALL_BUDGET_BYTES)
            .publish();
    invoke = RemoteInvoker.class.getMethod("invoke", String.class, Object[].class);
  }

  @AfterEach
  void unexport() {
    defaultBudget.close();
    smallBudget.close();
    filterLog.detachAppender(refusals);
  }

  @Test
  void aSmallStreamDeclaringAHugeArrayIsRefusedBeforeTheArrayIsAllocated() throws Exception {
    // 60 M longs would take 480 MB of heap: under the old limit (the 64 MiB budget taken as a
    // count of elements) the JDK allocated them before finding the stream empty.
    RawRmiCall call =
        RawRmiCall.to(stub(defaultBudget), invoke)
            .string(SIZE)
            .array(Object[].class, 1)
            .array(long[].class, 60_000_000);

    Throwable returned = call.send();

    assertThat(call.stream()).hasSizeLessThanOrEqualTo(130);
    assertRefused(returned);
    assertThat(warnings())
        .singleElement()
        .asString()
        .startsWith("rmi " + Sizes.class.getName() + ": argument refused: long[60000000] needs")
        .contains("needs 480000000 bytes");
  }

  @Test
  void aSmallStreamDeclaringAHugeHashMapIsRefusedBeforeItsTableIsAllocated() throws Exception {
    // 40 M mappings: HashMap's reader sizes its table to 2^26 entries and checks it first.
    RawRmiCall call =
        RawRmiCall.to(stub(defaultBudget), invoke)
            .string(SIZE)
            .array(Object[].class, 1)
            .hashMap(40_000_000);

    Throwable returned = call.send();

    assertThat(call.stream()).hasSizeLessThanOrEqualTo(200);
    assertRefused(returned);
    assertThat(warnings())
        .singleElement()
        .asString()
        .contains("java.util.Map$Entry[67108864] needs 536870912 bytes");
  }

  @Test
  void nestedArraysShareOneBudgetInsteadOfEachGettingAllOfIt() throws Exception {
    // Each declares 5 M references, 40 MB counted: one fits in the 64 MiB budget, two do not.
    RawRmiCall call =
        RawRmiCall.to(stub(defaultBudget), invoke)
            .string(SIZE)
            .array(Object[].class, 1)
            .array(Object[].class, 5_000_000)
            .array(Object[].class, 5_000_000);

    Throwable returned = call.send();

    assertRefused(returned);
    assertThat(warnings())
        .singleElement()
        .asString()
        .contains("java.lang.Object[5000000] needs 40000000 bytes")
        .contains("promised to arrays being read")
        .contains("at depth 3");
  }

  @Test
  void arraysTheBudgetCanHoldArrive() throws Exception {
    RemoteInvoker stub = stub(smallBudget);
    byte[] bytes = new byte[(int) SMALL_BUDGET_BYTES - 4096];
    List<Object> pairs = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      pairs.add(new long[] {i, i});
    }

    assertThat(stub.invoke(SIZE, new Object[] {bytes})).isEqualTo(bytes.length);
    assertThat(stub.invoke(SIZE, new Object[] {new Object[] {pairs, new long[1000]}})).isEqualTo(2);
    assertThat(stub.invoke(SIZE, new Object[] {new ArrayList<>(pairs)})).isEqualTo(5_000);
    assertThat(warnings()).isEmpty();
  }

  @Test
  void anArrayOverTheBudgetSentForRealIsRefused() throws Exception {
    RemoteInvoker stub = stub(smallBudget);
    byte[] bytes = new byte[(int) SMALL_BUDGET_BYTES + 1];

    Throwable thrown = catchThrowable(() -> stub.invoke(SIZE, new Object[] {bytes}));

    // The server answers as soon as it reads the array's header; the client may still be writing
    // the elements and see the connection closed instead of the answer.
    assertThat(thrown).isInstanceOf(RemoteException.class);
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(warnings())
                    .singleElement()
                    .asString()
                    .contains("byte[1048577] needs 1048577 bytes"));
  }

  private static RemoteInvoker stub(Publication publication) throws Exception {
    BindingAddress rmi = publication.descriptor().binding(BindingKind.RMI).orElseThrow();
    return (RemoteInvoker) LocateRegistry.getRegistry(rmi.host(), rmi.port()).lookup(rmi.name());
  }

  private List<String> warnings() {
    return refusals.list.stream()
        .filter(e -> e.getLevel() == Level.WARN)
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }

  static void assertRefused(Throwable thrown) {
    assertThat(thrown).isNotNull();
    Throwable cause = thrown;
    while (cause != null && !(cause instanceof InvalidClassException)) {
      cause = cause.getCause();
    }
    assertThat(cause).as("cause of %s", thrown).isNotNull().hasMessageContaining("REJECTED");
  }
}
