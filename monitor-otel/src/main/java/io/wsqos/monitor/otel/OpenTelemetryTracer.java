package io.wsqos.monitor.otel;

import static java.util.Objects.requireNonNull;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.cxf.ExchangeTracer;
import io.wsqos.monitor.cxf.MonitoringFeature;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;

/**
 * The monitor's exchanges as OpenTelemetry spans and metrics, given to {@link
 * MonitoringFeature.Builder#tracer}, which then owns it:
 *
 * <pre>{@code
 * OpenTelemetryTracer tracer = OpenTelemetryTracer.builder().openTelemetry(openTelemetry).build();
 * MonitoringFeature monitoring = MonitoringFeature.builder().log(log).tracer(tracer).build();
 * }</pre>
 *
 * <p><b>Spans.</b> The requester's monitor makes a {@link SpanKind#CLIENT client} span from t1 to
 * t4, a child of the calling thread's current span if there is one, and sends its context in the
 * request's HTTP headers through the instance's propagators (W3C {@code traceparent} with the SDK's
 * defaults); the provider's monitor makes a {@link SpanKind#SERVER server} span from t2 to t3, a
 * child of the context the request carried. Spans are named {@code {service}/{operation}} with the
 * service's local name, carry the {@link WsQosAttributes wsqos.*} attributes and the RPC, server
 * and URL conventions' ({@code rpc.system=soap}, {@code rpc.service}, {@code rpc.method}, {@code
 * server.address}, {@code server.port}, {@code url.full} on the client, {@code error.type}), and
 * have an {@code ERROR} status, described by the outcome and the failure's message, for every
 * outcome but {@code SUCCESS}.
 *
 * <p><b>Metrics</b> (meter {@value #INSTRUMENTATION_SCOPE}): {@value #DURATION_METRIC}, a histogram
 * in seconds of the response time (requester) or the execution time (provider) of valid records,
 * and {@value #RECORDS_METRIC}, a counter of every record by outcome; both by {@code
 * wsqos.service}, {@code wsqos.operation} and {@code wsqos.side}.
 *
 * <p><b>Which OpenTelemetry.</b> The application's, given to {@link Builder#openTelemetry}, which
 * the application keeps and closes; else one the tracer builds and owns, with OTLP export
 * configured by the standard {@code OTEL_*} environment variables and system properties ({@code
 * OTEL_EXPORTER_OTLP_ENDPOINT}, {@code OTEL_SERVICE_NAME}, ...) and {@link Builder#settings}, and
 * closes (flushing what it holds) when it is closed. Nothing is registered globally.
 */
public final class OpenTelemetryTracer implements ExchangeTracer<Span>, AutoCloseable {

  /** The instrumentation scope of the spans and metrics. */
  public static final String INSTRUMENTATION_SCOPE = "io.wsqos.monitor";

  /** The duration histogram's name. */
  public static final String DURATION_METRIC = "wsqos.monitor.duration";

  /** The record counter's name. */
  public static final String RECORDS_METRIC = "wsqos.monitor.records";

  /** The name a provider's span has until its record names the operation. */
  static final String PROVISIONAL_NAME = "wsqos";

  private final Tracer tracer;
  private final TextMapPropagator propagator;
  private final RecordMetrics metrics;
  private final OpenTelemetrySdk owned;
  private final AtomicBoolean closed = new AtomicBoolean();

  private OpenTelemetryTracer(OpenTelemetry openTelemetry, OpenTelemetrySdk owned) {
    tracer = openTelemetry.getTracer(INSTRUMENTATION_SCOPE);
    propagator = openTelemetry.getPropagators().getTextMapPropagator();
    metrics = new RecordMetrics(openTelemetry.getMeter(INSTRUMENTATION_SCOPE));
    this.owned = owned;
  }

  /** Returns a builder; without {@link Builder#openTelemetry} it builds its own for OTLP. */
  public static Builder builder() {
    return new Builder();
  }

  /** Starts the exchange's span at t1 (client) or t2 (server) and propagates or adopts context. */
  @Override
  public Span start(Side side, long startMicros, Message message) {
    if (side == Side.REQUESTER) {
      Context parent = Context.current();
      Span span = startSpan(SpanKind.CLIENT, parent, startMicros, message);
      propagator.inject(parent.with(span), message, HttpHeaderCarrier.INSTANCE);
      return span;
    }
    Context parent = propagator.extract(Context.current(), message, HttpHeaderCarrier.INSTANCE);
    return startSpan(SpanKind.SERVER, parent, startMicros, message);
  }

  private Span startSpan(SpanKind kind, Context parent, long startMicros, Message message) {
    return tracer
        .spanBuilder(kind == SpanKind.CLIENT ? clientName(message.getExchange()) : PROVISIONAL_NAME)
        .setSpanKind(kind)
        .setParent(parent)
        .setStartTimestamp(startMicros, TimeUnit.MICROSECONDS)
        .startSpan();
  }

  /**
   * The client span's name from the start, for samplers that read it: a requester knows its
   * operation before it sends (a provider learns it only from the request's body).
   */
  private static String clientName(Exchange exchange) {
    if (exchange == null
        || exchange.getService() == null
        || exchange.getService().getName() == null
        || exchange.getBindingOperationInfo() == null) {
      return PROVISIONAL_NAME;
    }
    return exchange.getService().getName().getLocalPart()
        + "/"
        + exchange.getBindingOperationInfo().getName().getLocalPart();
  }

  /** Completes the span with the record, ends it at t4 or t3, and counts the record. */
  @Override
  public void end(QosRecord record, Exchange exchange, Span started) {
    Span span = started;
    if (span == null) {
      // Failed before its first stamp: the record's t1 is its t4, a span of no length.
      span =
          tracer
              .spanBuilder(Spans.name(record.service(), record.operation()))
              .setSpanKind(record.side() == Side.REQUESTER ? SpanKind.CLIENT : SpanKind.SERVER)
              .setStartTimestamp(record.t1Micros(), TimeUnit.MICROSECONDS)
              .startSpan();
    }
    Spans.finish(span, record, exchange);
    metrics.record(record);
  }

  /** Closes the OpenTelemetry the tracer built, exporting what it holds; else nothing. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true) && owned != null) {
      owned.close();
    }
  }

  @Override
  public String toString() {
    return "OpenTelemetryTracer";
  }

  /** Configures an {@link OpenTelemetryTracer}. */
  public static final class Builder {
    private OpenTelemetry openTelemetry;
    private final Map<String, String> settings = new LinkedHashMap<>();

    private Builder() {}

    /**
     * Uses the application's {@code openTelemetry} (its tracer, meter and propagators), which the
     * tracer never closes. Default: one built for OTLP, see {@link #settings}.
     */
    public Builder openTelemetry(OpenTelemetry openTelemetry) {
      this.openTelemetry = requireNonNull(openTelemetry, "openTelemetry");
      return this;
    }

    /**
     * Settings of the OpenTelemetry the tracer builds when none is given, by their system-property
     * names (e.g. {@code otel.exporter.otlp.endpoint}, {@code otel.service.name}, {@code
     * otel.metric.export.interval}); each overrides the environment's. Default: none, so the
     * environment and the SDK's defaults decide (OTLP over HTTP to {@code http://localhost:4318});
     * the log exporter is off unless set.
     */
    public Builder settings(Map<String, String> settings) {
      requireNonNull(settings, "settings");
      settings.forEach(
          (key, value) ->
              this.settings.put(requireNonNull(key, "key"), requireNonNull(value, key)));
      return this;
    }

    /**
     * Returns the tracer.
     *
     * @throws IllegalStateException if both an OpenTelemetry and settings were given (settings
     *     apply only to the one the tracer builds)
     */
    public OpenTelemetryTracer build() {
      if (openTelemetry != null) {
        if (!settings.isEmpty()) {
          throw new IllegalStateException(
              "settings: " + settings.keySet() + " (expected: none with openTelemetry(...))");
        }
        return new OpenTelemetryTracer(openTelemetry, null);
      }
      OpenTelemetrySdk sdk = OtlpSdk.build(settings);
      return new OpenTelemetryTracer(sdk, sdk);
    }
  }
}
