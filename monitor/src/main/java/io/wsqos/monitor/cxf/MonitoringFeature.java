package io.wsqos.monitor.cxf;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosEndpointBaseline;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordListener;
import java.util.List;
import java.util.function.Consumer;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.interceptor.InterceptorProvider;

/**
 * End-to-end QoS monitoring of SOAP exchanges, one feature for both sides:
 *
 * <pre>{@code
 * QosLog log = QosLog.builder(registry).build();
 * MonitoringFeature monitoring = MonitoringFeature.builder().log(log).build();
 * clientFactory.getFeatures().add(monitoring);  // requester-side monitor: t1, t4
 * serverFactory.getFeatures().add(monitoring);  // provider-side monitor: t2, t3
 * }</pre>
 *
 * <p><b>On a client</b> it stamps t1 into the WS-QoS {@code Timestamps} request header (WRITE
 * phase, just before CXF writes the headers), takes t4 as the response arrives (RECEIVE, first),
 * reads the provider's t2/t3 from the response (also from a SOAP fault), and emits one {@link
 * QosRecord} per exchange with outcome {@code SUCCESS}, {@code SOAP_FAULT}, {@code REFUSED}, {@code
 * TIMEOUT}, {@code HTTP_ERROR} or {@code TRANSPORT_ERROR} (see {@link ExchangeFailures#outcomeOf}).
 * An exchange that never reached the provider still yields a record.
 *
 * <p><b>On a server</b> it stamps t2 as the request enters CXF (RECEIVE, first), t3 just before the
 * response's headers are written, returns t1 (echoed), t2 and t3 on the response and on SOAP
 * faults, and emits its own record once the response is sent.
 *
 * <p>Timestamps are microseconds since the epoch on a monotonic clock per JVM (the wall clock read
 * once, advanced by {@link System#nanoTime()}), so a wall-clock step never bends a difference; only
 * differences taken on one side are used. A forged or broken {@code Timestamps} block never fails
 * the call: the record is marked invalid and the logging manager counts it. Per exchange the
 * feature does O(1) work: no lock, no I/O, no logging; records go to the sink (the log's queue).
 * One-way operations yield no provider record (nothing is sent back).
 *
 * <p>Both sides install wsqos's one header interceptor ({@link WsQosHeaderInterceptor#install}),
 * which declares the {@code Timestamps} block understood and decodes it once for the monitor.
 */
public final class MonitoringFeature implements Feature {

  private final RequesterInterceptors requester;
  private final ProviderInterceptors provider;

  private MonitoringFeature(Builder builder) {
    MonitorContext context =
        new MonitorContext(new WsQosCodec(), MicrosClock.system(), builder.sink);
    requester = new RequesterInterceptors(context);
    provider = new ProviderInterceptors(context);
  }

  /** Returns a builder; a sink ({@link Builder#log} or {@link Builder#listener}) is required. */
  public static Builder builder() {
    return new Builder();
  }

  /** Installs the provider-side monitor on {@code server}'s endpoint. */
  @Override
  public void initialize(Server server, Bus bus) {
    InterceptorProvider endpoint = server.getEndpoint();
    WsQosHeaderInterceptor.install(endpoint, null);
    WsQosEndpointBaseline.install(endpoint);
    endpoint.getInInterceptors().addAll(provider.in);
    endpoint.getOutInterceptors().addAll(provider.out);
    endpoint.getOutFaultInterceptors().addAll(provider.out);
  }

  /** Installs the requester-side monitor on {@code client}. */
  @Override
  public void initialize(Client client, Bus bus) {
    WsQosHeaderInterceptor.install(client, null);
    client.getOutInterceptors().addAll(requester.out);
    client.getInInterceptors().addAll(requester.in);
    client.getInFaultInterceptors().addAll(requester.inFault);
  }

  /**
   * Not supported: a bare interceptor provider says neither client nor server. Add the feature to a
   * client or server factory instead.
   */
  @Override
  public void initialize(InterceptorProvider interceptorProvider, Bus bus) {
    throw new UnsupportedOperationException(
        "MonitoringFeature on " + interceptorProvider + " (expected: a client or a server)");
  }

  /** Not supported, for the same reason: add the feature to a client or server factory. */
  @Override
  public void initialize(Bus bus) {
    throw new UnsupportedOperationException(
        "MonitoringFeature on a bus (expected: a client or a server)");
  }

  @Override
  public String toString() {
    return "MonitoringFeature";
  }

  /** Configures a {@link MonitoringFeature}. */
  public static final class Builder {
    private Consumer<QosRecord> sink;

    private Builder() {}

    /** Sends each record to {@code log}'s queue ({@link QosLog#record}). */
    public Builder log(QosLog log) {
      requireNonNull(log, "log");
      sink = log::record;
      return this;
    }

    /**
     * Sends each record, on the request thread, to {@code listener} as a batch of one. The listener
     * must be quick and must not block (e.g. a test collecting records); use {@link #log} in
     * production.
     */
    public Builder listener(QosRecordListener listener) {
      requireNonNull(listener, "listener");
      sink = record -> listener.onRecords(List.of(record));
      return this;
    }

    /**
     * Returns the feature; it can be added to any number of clients and servers.
     *
     * @throws IllegalStateException if neither {@link #log} nor {@link #listener} was set
     */
    public MonitoringFeature build() {
      if (sink == null) {
        throw new IllegalStateException("sink: none (expected: log(QosLog) or listener(...))");
      }
      return new MonitoringFeature(this);
    }
  }
}
