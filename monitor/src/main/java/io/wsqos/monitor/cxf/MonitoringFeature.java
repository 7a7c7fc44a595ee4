package io.wsqos.monitor.cxf;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.FeatureLifecycle;
import io.wsqos.core.FeatureMeters;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosEndpointBaseline;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordListener;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * End-to-end QoS monitoring of SOAP exchanges, one feature for both sides:
 *
 * <pre>{@code
 * QosLog log = QosLog.builder(registry).listener(diagnosis).build();
 * MonitoringFeature monitoring =
 *     MonitoringFeature.builder().log(log).closing(rerouting, diagnosis).build();
 * clientFactory.getFeatures().add(monitoring);  // requester-side monitor: t1, t4
 * serverFactory.getFeatures().add(monitoring);  // provider-side monitor: t2, t3
 * bus.setFeatures(List.of(monitoring));         // or both, for every server and client of a bus
 * }</pre>
 *
 * <p><b>On a client</b> it stamps t1 into the WS-QoS {@code Timestamps} request header (WRITE
 * phase, just before CXF writes the headers), takes t4 as the response arrives (RECEIVE, first),
 * reads the provider's t2/t3 from the response (also from a SOAP fault), and emits one {@link
 * QosRecord} per exchange with outcome {@code SUCCESS}, {@code SOAP_FAULT}, {@code REFUSED}, {@code
 * TIMEOUT}, {@code HTTP_ERROR}, {@code TRANSPORT_ERROR} or {@code BUSY} (see {@link
 * ExchangeFailures#outcomeOf}). An exchange that never reached the provider still yields a record.
 *
 * <p><b>On a server</b> it stamps t2 as the request enters CXF (RECEIVE, first), t3 just before the
 * response's headers are written, returns t1 (echoed), t2 and t3 on the response and on SOAP
 * faults, and emits its own record once the response is sent. <b>On a bus</b> it does both, each
 * side on the exchanges of its own role.
 *
 * <p>Timestamps are microseconds since the epoch on a monotonic clock per JVM (the wall clock read
 * once, advanced by {@link System#nanoTime()}), so a wall-clock step never bends a difference; only
 * differences taken on one side are used. A forged or broken {@code Timestamps} block never fails
 * the call: the record is marked invalid and the logging manager counts it. Per exchange the
 * feature does O(1) work: no lock, no I/O, no logging; records go to the sink (the log's queue).
 * One-way operations yield no provider record (nothing is sent back).
 *
 * <p>Both sides install wsqos's one header interceptor ({@link WsQosHeaderInterceptor#install}),
 * which declares the {@code Timestamps} block understood and decodes it once for the monitor, and
 * counts invalid blocks in the {@link FeatureMeters registry} of the builder, else of the bus.
 *
 * <p><b>Lifecycle.</b> The feature owns the {@link Builder#log log} it is given and what it is told
 * to {@link Builder#closing close}: once every bus, server and client it was added to has gone (see
 * {@link FeatureLifecycle}), or at {@link #close()}, it closes those first, in the order given (the
 * rerouting, then the diagnosis), then its {@link Builder#tracer tracer}, and the log last, which
 * writes what it holds.
 */
public final class MonitoringFeature implements AbstractPortableFeature, AutoCloseable {

  private static final Logger logger = LoggerFactory.getLogger(MonitoringFeature.class);

  private final RequesterInterceptors requester;
  private final ProviderInterceptors provider;
  private final MeterRegistry meterRegistry;
  private final List<AutoCloseable> owned;
  private final FeatureLifecycle lifecycle;

  private MonitoringFeature(Builder builder) {
    MonitorContext context =
        new MonitorContext(
            new WsQosCodec(), MicrosClock.system(), builder.sink, Tracing.of(builder.tracer));
    requester = new RequesterInterceptors(context);
    provider = new ProviderInterceptors(context);
    meterRegistry = builder.meterRegistry;
    owned = List.copyOf(builder.owned);
    lifecycle = new FeatureLifecycle("MonitoringFeature", () -> {}, this::closeOwned);
  }

  /** Returns a builder; a sink ({@link Builder#log} or {@link Builder#listener}) is required. */
  public static Builder builder() {
    return new Builder();
  }

  /** Installs the provider-side monitor on {@code server}'s endpoint. */
  @Override
  public void initialize(Server server, Bus bus) {
    lifecycle.attach(server, bus);
    addProvider(server.getEndpoint(), bus);
  }

  /** Installs the requester-side monitor on {@code client}. */
  @Override
  public void initialize(Client client, Bus bus) {
    lifecycle.attach(client, bus);
    addRequester(client, bus);
  }

  /** Installs both sides on {@code bus}, for every server and client of it. */
  @Override
  public void initialize(Bus bus) {
    initialize(bus, bus);
  }

  /**
   * Installs both sides on {@code interceptorProvider}; the feature closes with {@code bus}
   * (without a bus, only by {@link #close()}).
   */
  @Override
  public void initialize(InterceptorProvider interceptorProvider, Bus bus) {
    if (bus != null) {
      lifecycle.attach(bus);
    }
    doInitializeProvider(interceptorProvider, bus);
  }

  /** Installs both sides: each acts only on the exchanges of its role. */
  @Override
  public void doInitializeProvider(InterceptorProvider interceptorProvider, Bus bus) {
    addProvider(interceptorProvider, bus);
    addRequester(interceptorProvider, bus);
  }

  private void addProvider(InterceptorProvider target, Bus bus) {
    WsQosHeaderInterceptor.install(target, FeatureMeters.registry(meterRegistry, bus));
    WsQosEndpointBaseline.install(target);
    target.getInInterceptors().addAll(provider.in);
    target.getOutInterceptors().addAll(provider.out);
    target.getOutFaultInterceptors().addAll(provider.out);
  }

  private void addRequester(InterceptorProvider target, Bus bus) {
    WsQosHeaderInterceptor.install(target, FeatureMeters.registry(meterRegistry, bus));
    target.getOutInterceptors().addAll(requester.out);
    target.getInInterceptors().addAll(requester.in);
    target.getInFaultInterceptors().addAll(requester.inFault);
  }

  private void closeOwned() {
    for (AutoCloseable resource : owned) {
      try {
        resource.close();
      } catch (Exception e) {
        // One that fails to close must not keep the others (the log last) open.
        logger.warn("{} failed to close {}", this, resource, e);
      }
    }
  }

  /**
   * Closes what the feature owns, in order (those given to {@link Builder#closing}, the tracer,
   * then the log), now rather than when the last bus, server or client it was added to goes.
   * Idempotent.
   */
  @Override
  public void close() {
    lifecycle.close();
  }

  @Override
  public String toString() {
    return "MonitoringFeature";
  }

  /** Configures a {@link MonitoringFeature}. */
  public static final class Builder {
    private Consumer<QosRecord> sink;
    private QosLog log;
    private final List<AutoCloseable> closing = new ArrayList<>();
    private final List<AutoCloseable> owned = new ArrayList<>();
    private MeterRegistry meterRegistry;
    private ExchangeTracer<?> tracer;

    private Builder() {}

    /**
     * Sends each record to {@code log}'s queue ({@link QosLog#record}). The feature owns the log:
     * it closes it last. For a log several features share, give each {@code listener(records ->
     * records.forEach(log::record))} and close the log yourself.
     */
    public Builder log(QosLog log) {
      requireNonNull(log, "log");
      this.log = log;
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
      log = null;
      sink = record -> listener.onRecords(List.of(record));
      return this;
    }

    /**
     * Hands the feature more to close, before its log and in the order given: what depends on the
     * log's records, such as a {@code ReroutingFeature} then the {@code Diagnosis} that feeds it.
     * Each must be idempotent to close, as wsqos's are. Default: nothing.
     */
    public Builder closing(AutoCloseable... resources) {
      requireNonNull(resources, "resources");
      for (AutoCloseable resource : resources) {
        closing.add(requireNonNull(resource, "resource"));
      }
      return this;
    }

    /**
     * Where the header interceptor counts invalid blocks ({@value
     * WsQosHeaderInterceptor#INVALID_COUNTER}). Default: the bus's, else Micrometer's global
     * registry ({@link FeatureMeters#registry}). The log's meters go to the log's own registry.
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * Follows each exchange with {@code tracer} from its first stamp to its record, e.g. {@code
     * wsqos-monitor-otel}'s OpenTelemetry spans. A tracer that is {@link AutoCloseable} is owned by
     * the feature: closed after those given to {@link #closing} and before the log. Default: none.
     */
    public Builder tracer(ExchangeTracer<?> tracer) {
      this.tracer = requireNonNull(tracer, "tracer");
      return this;
    }

    /**
     * Returns the feature; it can be added to any number of clients, servers and buses.
     *
     * @throws IllegalStateException if neither {@link #log} nor {@link #listener} was set
     */
    public MonitoringFeature build() {
      if (sink == null) {
        throw new IllegalStateException("sink: none (expected: log(QosLog) or listener(...))");
      }
      owned.clear();
      owned.addAll(closing);
      if (tracer instanceof AutoCloseable closeable) {
        owned.add(closeable);
      }
      if (log != null) {
        owned.add(log);
      }
      return new MonitoringFeature(this);
    }
  }
}
