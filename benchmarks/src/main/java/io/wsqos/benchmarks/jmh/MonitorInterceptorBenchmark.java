package io.wsqos.benchmarks.jmh;

import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.cxf.MonitoringFeature;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The monitor's own work per exchange: the requester-side and provider-side interceptors of {@link
 * MonitoringFeature} (the feature's own instances, from a JAX-WS client proxy and an endpoint it
 * initialised as a server's) on a fresh prepared CXF exchange, beside the same exchange through as
 * many empty interceptors. The record goes to a field ({@link QosLogBenchmark} measures the
 * hand-off to the log); CXF's parsing and serializing, the transport, timers and the database are
 * not measured. The response's Timestamps block has no t1 echo, so no echo is compared.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class MonitorInterceptorBenchmark {

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
    responseHeaders = headers(codec, MonitoringTimestamps.EMPTY.withT2(t1 + 100).withT3(t1 + 400));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    bus.shutdown(false);
  }

  /** The requester's exchange with six empty interceptors: the floor the monitor is added to. */
  @Benchmark
  public Object baselineRequesterExchange() {
    return requesterExchange(empty, empty);
  }

  /** The requester's exchange through the requester-side monitor's six interceptors. */
  @Benchmark
  public Object requesterMonitor() {
    requesterExchange(requesterOut, requesterIn);
    return last;
  }

  /** The provider's exchange with four empty interceptors. */
  @Benchmark
  public Object baselineProviderExchange() {
    return providerExchange(empty.subList(0, 1), empty);
  }

  /** The provider's exchange through the provider-side monitor's four interceptors. */
  @Benchmark
  public Object providerMonitor() {
    providerExchange(providerIn, providerOut);
    return last;
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

  private Exchange providerExchange(List<Interceptor<Message>> in, List<Interceptor<Message>> out) {
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
