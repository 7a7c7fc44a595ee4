package io.wsqos.benchmarks.jmh;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.jdbc.JdbcPool;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordStore;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.namespace.QName;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.binding.soap.Soap11;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.ExchangeImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.Service;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The monitor's own costs per exchange. The requester-side and provider-side interceptors of {@link
 * MonitoringFeature} (the feature's own instances, from a JAX-WS client proxy and an endpoint it
 * initialised as a server's) on a fresh prepared CXF exchange, beside the same exchange through as
 * many empty interceptors; CXF's parsing and serializing, the transport and timers are not
 * measured. {@code buildAndRecord}: two request threads building a {@link QosRecord} and handing it
 * to {@link QosLog#record}, beside building it alone; the database takes records far slower than
 * JMH offers them, so this is mostly the drop path of a full queue (the teardown prints the
 * counts). {@code writerInsert}: the writer thread's cost per record of a {@value #BATCH}-record
 * batch, {@link QosLog}'s default, into an H2 file as the monitored benchmark server uses; on a
 * saturated server that CPU is taken from the request threads.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MonitorBenchmark {

  static final int BATCH = QosLog.DEFAULT_BATCH_SIZE;

  @Benchmark
  @Threads(2)
  public QosRecord baselineBuildRecord() {
    return Log.newRecord();
  }

  @Benchmark
  @Threads(2)
  public boolean buildAndRecord(Log log) {
    return log.log.record(Log.newRecord());
  }

  /** One JDBC batch in one transaction, per record. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  @Warmup(iterations = 3, time = 2)
  @Measurement(iterations = 5, time = 2)
  public void writerInsert(Writer writer) throws Exception {
    writer.store.write(writer.batch);
  }

  /** The log, draining into an in-memory H2 database. */
  @State(Scope.Benchmark)
  public static class Log {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private QosLog log;

    @Setup(Level.Trial)
    public void setUp() {
      String url = "jdbc:h2:mem:bench" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
      log =
          QosLog.builder(registry)
              .store(JdbcRecordStore.builder().url(url, "", "").build())
              .build();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      log.close();
      System.out.printf(
          "%nQosLog: written %.0f, dropped %.0f, lost %.0f%n",
          registry.get("wsqos.monitor.records.written").counter().count(),
          registry.get("wsqos.monitor.records.dropped").counter().count(),
          registry.get("wsqos.monitor.records.lost").counter().count());
    }

    static QosRecord newRecord() {
      Instant now = Instant.now();
      long t4 = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
      return QosRecord.builder(
              "Bookstore", "getBook", "http://127.0.0.1:8080/bookstore", Side.REQUESTER)
          .recordedAt(now)
          .t1(t4 - 900)
          .t2(1_000)
          .t3(1_400)
          .t4(t4)
          .sizes(300, 5_000)
          .build();
    }
  }

  /** The writer's store on an H2 file, through the pool {@link QosLog} makes for a JDBC URL. */
  @State(Scope.Benchmark)
  public static class Writer {
    private static final Instant START = Instant.parse("2026-11-23T00:00:00Z");
    private final List<QosRecord> batch = new ArrayList<>(BATCH);
    private long sequence;
    private Path dir;
    private HikariDataSource dataSource;
    private QosRecordStore store;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      dir = Files.createTempDirectory("wsqos-writer-bench");
      dataSource =
          JdbcPool.builder("jdbc:h2:file:" + dir.resolve("qos") + JdbcRecordStore.H2_LOG_SETTINGS)
              .maxPoolSize(2)
              .build();
      store = JdbcRecordStore.builder().dataSource(dataSource).build();
    }

    /**
     * A batch later in time than the last, so that rows land at the index's end as real records do;
     * per invocation is fine where one invocation takes milliseconds.
     */
    @Setup(Level.Invocation)
    public void nextBatch() {
      batch.clear();
      for (int i = 0; i < BATCH; i++, sequence++) {
        batch.add(
            QosRecord.builder(
                    "{http://wsqos.io/examples/bookstore}BookstoreService",
                    "getBookInfo",
                    "http://127.0.0.1:8080/bookstore",
                    Side.PROVIDER)
                .recordedAt(START.plusNanos(sequence * 200_000L))
                .t1(1_700_000_000_000_000L + sequence * 200L)
                .t2(5_000 + i)
                .t3(5_300 + i + i % 7 * 10)
                .sizes(420, 3_300)
                .build());
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      dataSource.close();
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  /** The requester's exchange with six empty interceptors: the floor the monitor is added to. */
  @Benchmark
  public Object baselineRequesterExchange(Exchanges x) {
    return x.requesterExchange(x.empty, x.empty);
  }

  /** The requester's exchange through the requester-side monitor's six interceptors. */
  @Benchmark
  public Object requesterMonitor(Exchanges x) {
    x.requesterExchange(x.requesterOut, x.requesterIn);
    return x.last;
  }

  /** The provider's exchange with four empty interceptors. */
  @Benchmark
  public Object baselineProviderExchange(Exchanges x) {
    return x.providerExchange(x.empty.subList(0, 1), x.empty);
  }

  /** The provider's exchange through the provider-side monitor's four interceptors. */
  @Benchmark
  public Object providerMonitor(Exchanges x) {
    x.providerExchange(x.providerIn, x.providerOut);
    return x.last;
  }

  /**
   * A client's and a server's endpoint with the monitor's interceptors, prepared messages, and the
   * record the listener was last handed. The response's Timestamps block has no t1 echo, so no echo
   * is compared.
   */
  @State(Scope.Thread)
  public static class Exchanges {
    private static final String ADDRESS = "http://127.0.0.1:9/bookstore";

    private Bus bus;
    private Endpoint endpoint;
    private BindingOperationInfo operation;
    private List<Interceptor<Message>> requesterOut;
    private List<Interceptor<Message>> requesterIn;
    private List<Interceptor<Message>> providerIn;
    private List<Interceptor<Message>> providerOut;
    private final List<Interceptor<Message>> empty = List.of(new Empty(), new Empty(), new Empty());
    private List<Header> requestHeaders;
    private List<Header> responseHeaders;
    private final byte[] noBytes = new byte[0];
    private final OutputStream discard = OutputStream.nullOutputStream();
    private QosRecord last;

    @Setup(Level.Trial)
    public void setUp() {
      bus = BusFactory.newInstance().createBus();
      MonitoringFeature feature =
          MonitoringFeature.builder().listener(records -> last = records.get(0)).build();

      Client client = client(feature);
      endpoint = client.getEndpoint();
      operation =
          endpoint.getBinding().getBindingInfo().getOperations().stream()
              .filter(o -> o.getName().getLocalPart().equals("getBookInfo"))
              .findFirst()
              .orElseThrow();
      requesterOut = ours(client.getOutInterceptors());
      requesterIn = ours(client.getInInterceptors());

      // The provider side: only a server's endpoint's interceptor lists are used, so a second
      // client's endpoint stands in for it and nothing is started.
      Endpoint providerEndpoint = client(null).getEndpoint();
      Server server =
          (Server)
              Proxy.newProxyInstance(
                  Server.class.getClassLoader(),
                  new Class<?>[] {Server.class},
                  (proxy, method, args) -> {
                    if (method.getName().equals("getEndpoint")) {
                      return providerEndpoint;
                    }
                    throw new UnsupportedOperationException(method.getName());
                  });
      feature.initialize(server, bus);
      providerIn = ours(providerEndpoint.getInInterceptors());
      providerOut = ours(providerEndpoint.getOutInterceptors());
      if (requesterOut.size() != 3
          || requesterIn.size() != 3
          || providerIn.size() != 1
          || providerOut.size() != 3) {
        throw new IllegalStateException(
            "monitor interceptors: "
                + List.of(requesterOut, requesterIn, providerIn, providerOut)
                + " (expected: 3 requester out, 3 in; 1 provider in, 3 out)");
      }
      WsQosCodec codec = new WsQosCodec();
      long t1 = 1_700_000_000_000_000L;
      requestHeaders = headers(codec, MonitoringTimestamps.EMPTY.withT1(t1));
      responseHeaders =
          headers(codec, MonitoringTimestamps.EMPTY.withT2(t1 + 100).withT3(t1 + 400));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      bus.shutdown(false);
    }

    private Exchange requesterExchange(
        List<Interceptor<Message>> out, List<Interceptor<Message>> in) {
      Exchange exchange = newExchange();
      SoapMessage request = outbound(exchange);
      request.put(Message.ENDPOINT_ADDRESS, ADDRESS);
      handle(out, request);
      SoapMessage response = inbound(exchange, responseHeaders);
      handle(in, response);
      return exchange;
    }

    private Exchange providerExchange(
        List<Interceptor<Message>> in, List<Interceptor<Message>> out) {
      Exchange exchange = newExchange();
      SoapMessage request = inbound(exchange, requestHeaders);
      handle(in, request);
      SoapMessage response = outbound(exchange);
      handle(out, response);
      return exchange;
    }

    private static void handle(List<Interceptor<Message>> chain, Message message) {
      for (int i = 0; i < chain.size(); i++) {
        chain.get(i).handleMessage(message);
      }
    }

    private SoapMessage inbound(Exchange exchange, List<Header> headers) {
      SoapMessage message = newMessage(exchange);
      exchange.setInMessage(message);
      message.put(Header.HEADER_LIST, headers);
      message.setContent(InputStream.class, new ByteArrayInputStream(noBytes));
      return message;
    }

    private SoapMessage outbound(Exchange exchange) {
      SoapMessage message = newMessage(exchange);
      exchange.setOutMessage(message);
      message.setContent(OutputStream.class, discard);
      return message;
    }

    private Exchange newExchange() {
      Exchange exchange = new ExchangeImpl();
      exchange.put(Endpoint.class, endpoint);
      exchange.put(Service.class, endpoint.getService());
      exchange.put(BindingOperationInfo.class, operation);
      return exchange;
    }

    private static SoapMessage newMessage(Exchange exchange) {
      SoapMessage message = new SoapMessage(new MessageImpl());
      message.setVersion(Soap11.getInstance());
      message.setExchange(exchange);
      return message;
    }

    private Client client(MonitoringFeature feature) {
      JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
      factory.setBus(bus);
      factory.setServiceClass(BookstoreService.class);
      factory.setServiceName(new QName(BookstoreService.NAMESPACE, "BookstoreService"));
      factory.setEndpointName(new QName(BookstoreService.NAMESPACE, "BookstorePort"));
      factory.setAddress(ADDRESS);
      if (feature != null) {
        factory.getFeatures().add(feature);
      }
      return ClientProxy.getClient(factory.create());
    }

    @SuppressWarnings("unchecked")
    private static List<Interceptor<Message>> ours(List<Interceptor<? extends Message>> chain) {
      List<Interceptor<Message>> ours = new ArrayList<>();
      for (Interceptor<? extends Message> i : chain) {
        if (i.getClass().getName().startsWith("io.wsqos.monitor.cxf.")) {
          ours.add((Interceptor<Message>) i);
        }
      }
      return List.copyOf(ours);
    }

    private static List<Header> headers(WsQosCodec codec, MonitoringTimestamps timestamps) {
      SoapMessage message = new SoapMessage(new MessageImpl());
      message.setVersion(Soap11.getInstance());
      codec.write(message, timestamps);
      return List.copyOf(message.getHeaders());
    }

    /** An interceptor that does nothing: what a chain slot costs. */
    private static final class Empty extends AbstractPhaseInterceptor<Message> {
      Empty() {
        super(Phase.PRE_PROTOCOL);
      }

      @Override
      public void handleMessage(Message message) {}
    }
  }
}
