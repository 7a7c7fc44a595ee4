package io.wsqos.benchmarks.jmh;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.proxy.DscpClientMarking;
import io.wsqos.server.EmbeddedServer;
import java.net.StandardProtocolFamily;
import java.util.concurrent.TimeUnit;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
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
 * A CXF client's round trip with a 3 KB request asking for {@code assured}, on loopback to a server
 * in this JVM, one thread: over CXF's own conduit (the JDK's {@code HttpClient}, unmarked) and over
 * {@link DscpClientMarking}'s conduit (Jetty's HTTP client, the request marked AF). What
 * client-side marking costs a caller per call, or saves; the server's work is the same in both.
 * Every request asks for {@code assured}, as a client's code would.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Benchmark)
public class ClientMarkingBenchmark {

  private static final QosRequirement ASSURED =
      QosRequirement.of(
          CompressionPreference.NONE,
          QosTerms.builder().transportPriority(TransportPriority.ASSURED).build());

  private final String symbol = "S".repeat(3000);
  private EmbeddedServer server;
  private DscpClientMarking marking;
  private QuoteService cxf;
  private QuoteService marked;

  @Setup(Level.Trial)
  public void setUp() {
    server =
        EmbeddedServer.builder()
            .protocolFamily(StandardProtocolFamily.INET)
            .daemonThreads(true)
            .endpoint("/quotes", QuoteService.class, new QuoteService.Quotes())
            .start();
    marking = DscpClientMarking.builder().protocolFamily(StandardProtocolFamily.INET).build();
    cxf = client();
    marked = client(marking.feature());
  }

  private QuoteService client(Feature... features) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(QuoteService.class);
    factory.setAddress(server.address() + "/quotes");
    for (Feature feature : features) {
      factory.getFeatures().add(feature);
    }
    QuoteService client = factory.create(QuoteService.class);
    WsQosCodec codec = new WsQosCodec();
    ClientProxy.getClient(client)
        .getOutInterceptors()
        .add(
            new AbstractPhaseInterceptor<Message>(Phase.SETUP) {
              @Override
              public void handleMessage(Message message) {
                codec.write((SoapMessage) message, ASSURED);
              }
            });
    return client;
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    ClientProxy.getClient(cxf).destroy();
    ClientProxy.getClient(marked).destroy();
    marking.close();
    server.close();
  }

  /** CXF's own conduit; the request leaves unmarked. */
  @Benchmark
  public double cxfConduit() {
    return cxf.price(symbol, 100);
  }

  /** The marking conduit; the request leaves marked AF. */
  @Benchmark
  public double markingConduit() {
    return marked.price(symbol, 100);
  }
}
