package io.wsqos.core.compression;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.Checks;
import io.wsqos.core.FeatureLifecycle;
import io.wsqos.core.FeatureMeters;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosEndpointBaseline;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.core.load.LoadProbe;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.interceptor.InterceptorProvider;

/**
 * Dynamic compression for CXF SOAP servers and clients, as one feature: the client states a
 * preference in the WS-QoS {@code Requirement} header, the server's {@link CompressionPolicy}
 * decides by its load, and every response says in its WS-QoS {@code ServerAction} header and in
 * Micrometer counters what was done and why.
 *
 * <pre>{@code
 * serverFactory.getFeatures().add(CompressionFeature.builder().policy(policy).build());
 * clientFactory.getFeatures().add(CompressionFeature.builder().build());
 * }</pre>
 *
 * <p><b>Server.</b> The client's preference is its WS-QoS {@code Requirement}, or for clients that
 * send none, what its {@code Accept-Encoding} implies ({@link EncodingNegotiator}: no header means
 * no compression, {@code gzip} lets the server decide, {@code identity;q=0} asks for compression);
 * the coding is always negotiated from {@code Accept-Encoding} and the server's order of {@link
 * Builder#codings codings}. A response is held until it ends, up to {@value #MAX_MIN_BODY_BYTES}
 * bytes, and compressed in one call (a longer one is compressed as it streams out from there); a
 * response shorter than {@link Builder#minBodyBytes(int)} is sent as it is, with its {@code
 * ServerAction} corrected to {@code body-too-small} before its first byte leaves. SOAP faults are
 * sent uncompressed. Requests with a {@code Content-Encoding} are inflated within {@link
 * Builder#inflationLimits}: a bomb gets HTTP 413, an unsupported coding 415 and a truncated or
 * corrupt body HTTP 500, each with a SOAP Client fault saying why; the service is never invoked
 * with a body that did not inflate completely and correctly.
 *
 * <p><b>Client.</b> Requests carry a WS-QoS {@code Requirement} with the {@link
 * Builder#clientPreference client's preference} (as its {@link Builder#clientPolicy policy} adapts
 * it to the endpoint called, or, per call, the {@link CompressionPreference} in the request context
 * under {@link #PREFERENCE_PROPERTY}) and an {@code Accept-Encoding} listing the feature's codings;
 * compressed responses are inflated within the same limits, and a response that cannot be inflated
 * fails the call with an exception whose cause is the {@link InflationException}.
 *
 * <p><b>Where.</b> Add it to a server, a client, or a bus ({@code bus.setFeatures(...)}), where it
 * acts on every server and client of the bus, each interceptor on the side it belongs to. Its
 * counters go to the {@link FeatureMeters registry} of its builder, else of the bus.
 *
 * <p><b>Lifecycle.</b> The feature owns the codecs it creates, and the CPU probe when it made the
 * default policy; the probe starts when the feature is first added to a bus, server or client, and
 * both are released once every bus, server and client it was added to has gone ({@link
 * FeatureLifecycle}), or at {@link #close()}.
 */
public final class CompressionFeature implements AbstractPortableFeature, AutoCloseable {

  /**
   * The request-context key under which a client sets the preference of one call, a {@link
   * CompressionPreference}: {@code ((BindingProvider) port).getRequestContext().put(
   * CompressionFeature.PREFERENCE_PROPERTY, CompressionPreference.NONE)}.
   */
  public static final String PREFERENCE_PROPERTY = "io.wsqos.compression.preference";

  /**
   * Responses, tagged {@code action} ({@code compressed}, {@code skipped}), {@code reason} (a
   * {@link io.wsqos.core.header.SkipReason#token()}, or {@code none} when compressed) and {@code
   * codec} (a coding's token, or {@code none} when skipped). SOAP faults are not counted.
   */
  public static final String RESPONSES_COUNTER = "wsqos.compression.responses";

  /**
   * Bytes of compressed responses (the SOAP envelope), tagged {@code stage} ({@code before}, {@code
   * after}) and {@code codec}; {@code after/before} is the compression ratio.
   */
  public static final String RESPONSE_BYTES_COUNTER = "wsqos.compression.response.bytes";

  /**
   * Bodies with a {@code Content-Encoding} received (requests on a server, responses on a client),
   * tagged {@code outcome} ({@code inflated}, {@code rejected}), {@code reason} ({@code none}, or
   * the {@link InflationException.Reason} in lower case with dashes, e.g. {@code too-large}) and
   * {@code codec} (the coding's token; {@code none} when rejected).
   */
  public static final String REQUESTS_COUNTER = "wsqos.compression.requests";

  /**
   * 1024. A short answer can grow when gzipped (the header and trailer outweigh what little
   * repeats); below about a kilobyte the response fits in one TCP segment either way, so
   * compressing it saves no round trip and costs CPU.
   */
  public static final int DEFAULT_MIN_BODY_BYTES = 1024;

  /** 64 KiB: the most a response is held back to find out whether it is too small to compress. */
  public static final int MAX_MIN_BODY_BYTES = 64 * 1024;

  /**
   * The default codings in server preference order: zstd first when zstd-jni is present (faster
   * than gzip at level 1 for a ratio at least as good on SOAP XML, see {@code CodecBenchmark}),
   * then gzip, which every HTTP client understands, then deflate.
   */
  public static final List<ContentCoding> DEFAULT_CODINGS =
      List.of(ContentCoding.ZSTD, ContentCoding.GZIP, ContentCoding.DEFLATE);

  /**
   * The default level of each coding: 1 for all. For a server that compresses only while it has CPU
   * to spare, the fastest level is the one that keeps peak throughput: on SOAP XML the higher gzip
   * levels cost several times the CPU for output only slightly smaller.
   */
  public static final int DEFAULT_LEVEL = 1;

  private final CompressionPolicy policy;
  private final StartedCpuProbe ownedProbe;
  private final List<Codec> ownedCodecs;
  private final MeterRegistry meterRegistry;
  private final EncodingNegotiator negotiator;
  private final Codec[] byCoding;
  private final Codec[] fastByCoding;
  private final int minBodyBytes;
  private final InflationLimits inflationLimits;
  private final WsQosCodec headerCodec = new WsQosCodec();
  // The interceptors that count, one pair per registry the feature was added with (almost always
  // one).
  private final Map<MeterRegistry, Counting> counting = new ConcurrentHashMap<>();
  private final InflationCheckInterceptor inflationCheck;
  private final InflationFaultInterceptor inflationFault;
  private final ClientPreferenceInterceptor clientOut;
  private final FeatureLifecycle lifecycle;

  private CompressionFeature(
      Builder builder, CompressionPolicy policy, StartedCpuProbe ownedProbe) {
    this.policy = policy;
    this.ownedProbe = ownedProbe;
    List<Codec> codecs = new ArrayList<>();
    Codec[] byCoding = new Codec[ContentCoding.values().length];
    Codec[] fastByCoding = new Codec[ContentCoding.values().length];
    List<ContentCoding> available = new ArrayList<>();
    for (ContentCoding coding : builder.codings) {
      if (!coding.isAvailable()) {
        continue;
      }
      int level = builder.levels.getOrDefault(coding, DEFAULT_LEVEL);
      Codec codec = Codec.of(coding, level);
      codecs.add(codec);
      byCoding[coding.ordinal()] = codec;
      if (level == coding.minLevel()) {
        fastByCoding[coding.ordinal()] = codec;
      } else {
        Codec fast = Codec.of(coding, coding.minLevel());
        codecs.add(fast);
        fastByCoding[coding.ordinal()] = fast;
      }
      available.add(coding);
    }
    if (available.isEmpty()) {
      throw new IllegalStateException(
          "codings: " + builder.codings + " (expected: at least one available in this JVM)");
    }
    this.ownedCodecs = List.copyOf(codecs);
    this.meterRegistry = builder.meterRegistry;
    this.negotiator = EncodingNegotiator.of(available);
    this.byCoding = byCoding;
    this.fastByCoding = fastByCoding;
    this.minBodyBytes = builder.minBodyBytes;
    this.inflationLimits = builder.inflationLimits;
    this.lifecycle = new FeatureLifecycle(toString(), this::start, this::release);
    if (meterRegistry != null) {
      // Every series exists, at 0, from the start in the registry the application gave.
      counting.put(meterRegistry, newCounting(meterRegistry));
    }
    this.inflationCheck = new InflationCheckInterceptor();
    this.inflationFault = new InflationFaultInterceptor();
    this.clientOut =
        new ClientPreferenceInterceptor(
            builder.clientPreference, builder.clientPolicy, available, headerCodec);
  }

  /** Returns a builder whose settings start at their documented defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The policy deciding for {@code compress} and {@code server-decides} clients. */
  public CompressionPolicy policy() {
    return policy;
  }

  /** Compresses {@code server}'s responses and inflates its requests. */
  @Override
  public void initialize(Server server, Bus bus) {
    lifecycle.attach(server, bus);
    addServerInterceptors(server.getEndpoint(), counting(bus));
  }

  /** Sends {@code client}'s preference and inflates its responses. */
  @Override
  public void initialize(Client client, Bus bus) {
    lifecycle.attach(client, bus);
    addClientInterceptors(client, counting(bus));
  }

  /** Acts on every server and client of {@code bus}; closes when the bus shuts down. */
  @Override
  public void initialize(Bus bus) {
    initialize(bus, bus);
  }

  /**
   * On a bus or another shared provider both sides are installed; each interceptor acts only on the
   * side it belongs to. The feature closes when {@code bus} shuts down (without a bus, only by
   * {@link #close()}).
   */
  @Override
  public void initialize(InterceptorProvider provider, Bus bus) {
    if (bus != null) {
      lifecycle.attach(bus);
    }
    doInitializeProvider(provider, bus);
  }

  /** Installs both sides on {@code provider}. */
  @Override
  public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
    Counting sides = counting(bus);
    addServerInterceptors(provider, sides);
    addClientInterceptors(provider, sides);
  }

  private Counting counting(Bus bus) {
    MeterRegistry registry = FeatureMeters.registry(meterRegistry, bus);
    return counting.computeIfAbsent(registry, this::newCounting);
  }

  private Counting newCounting(MeterRegistry registry) {
    CompressionMetrics metrics = new CompressionMetrics(registry);
    return new Counting(
        registry,
        new ServerCompressionInterceptor(
            policy, negotiator, byCoding, fastByCoding, minBodyBytes, headerCodec, metrics),
        new InflatingInterceptor(byCoding, inflationLimits, metrics));
  }

  private void addServerInterceptors(InterceptorProvider provider, Counting sides) {
    WsQosHeaderInterceptor.install(provider, sides.registry);
    WsQosEndpointBaseline.install(provider);
    provider.getInInterceptors().add(sides.inflating);
    provider.getInInterceptors().add(inflationCheck);
    provider.getOutInterceptors().add(sides.serverOut);
    provider.getOutFaultInterceptors().add(inflationFault);
  }

  private void addClientInterceptors(InterceptorProvider provider, Counting sides) {
    WsQosHeaderInterceptor.install(provider, sides.registry);
    provider.getOutInterceptors().add(clientOut);
    provider.getInInterceptors().add(sides.inflating);
    provider.getInInterceptors().add(inflationCheck);
    provider.getInFaultInterceptors().add(sides.inflating);
    provider.getInFaultInterceptors().add(inflationCheck);
  }

  private void start() {
    if (ownedProbe != null) {
      ownedProbe.start();
    }
  }

  private void release() {
    for (Codec codec : ownedCodecs) {
      codec.close();
    }
    if (ownedProbe != null) {
      ownedProbe.close();
    }
  }

  /**
   * Frees the codecs' pooled state and stops the CPU probe if the feature started it, now rather
   * than when the last bus, server or client it was added to goes. Idempotent; servers and clients
   * still using the feature keep working, with codecs that no longer pool their state.
   */
  @Override
  public void close() {
    lifecycle.close();
  }

  @Override
  public String toString() {
    return "CompressionFeature{policy=" + policy + ", codecs=" + ownedCodecs + '}';
  }

  /** The interceptors that count, for one registry. */
  private record Counting(
      MeterRegistry registry,
      ServerCompressionInterceptor serverOut,
      InflatingInterceptor inflating) {}

  /** Configures a {@link CompressionFeature}. Every setting has a default; all are validated. */
  public static final class Builder {
    private CompressionPolicy policy;
    private List<ContentCoding> codings = DEFAULT_CODINGS;
    private final Map<ContentCoding, Integer> levels = new EnumMap<>(ContentCoding.class);
    private int minBodyBytes = DEFAULT_MIN_BODY_BYTES;
    private InflationLimits inflationLimits = InflationLimits.defaults();
    private MeterRegistry meterRegistry;
    private CompressionPreference clientPreference = CompressionPreference.SERVER_DECIDES;
    private ClientPreferencePolicy clientPolicy = ClientPreferencePolicy.configured();

    private Builder() {}

    /**
     * The server's decision for {@code compress} and {@code server-decides} clients. Default:
     * {@link CompressionPolicy#loadAware(LoadProbe)} on a {@link LoadProbe#cpu() CPU probe} the
     * feature starts when it is first added to a bus, server or client and stops when it closes
     * (threshold 80%, hysteresis 5 points).
     */
    public Builder policy(CompressionPolicy policy) {
      this.policy = requireNonNull(policy, "policy");
      return this;
    }

    /**
     * The codings offered and accepted, in server preference order (ties between codings a client
     * accepts equally go to the earlier one). Codings not available in this JVM (zstd without
     * zstd-jni) are left out at {@link #build()}. Default: {@link #DEFAULT_CODINGS} (zstd, gzip,
     * deflate).
     */
    public Builder codings(ContentCoding... codings) {
      return codings(List.of(codings));
    }

    /** Like {@link #codings(ContentCoding...)}; not empty, no coding twice. */
    public Builder codings(List<ContentCoding> codings) {
      requireNonNull(codings, "codings");
      if (codings.isEmpty()) {
        throw new InvalidValueException("codings", "[]", "at least one coding");
      }
      if (codings.stream().distinct().count() != codings.size()) {
        throw new InvalidValueException("codings", codings.toString(), "each coding at most once");
      }
      codings.forEach(c -> requireNonNull(c, "codings element"));
      this.codings = List.copyOf(codings);
      return this;
    }

    /**
     * The level {@code coding} compresses at, within {@link ContentCoding#minLevel()}..{@link
     * ContentCoding#maxLevel()}. Default: {@link #DEFAULT_LEVEL} for every coding. A policy's
     * {@link CompressionPolicy.Decision#COMPRESS_FAST} always uses the coding's minimum level.
     */
    public Builder level(ContentCoding coding, int level) {
      requireNonNull(coding, "coding");
      coding.checkLevel(level);
      levels.put(coding, level);
      return this;
    }

    /**
     * Responses whose SOAP envelope is shorter than this many bytes are sent uncompressed and
     * reported as {@code body-too-small}. Default {@value #DEFAULT_MIN_BODY_BYTES}; 0..{@value
     * #MAX_MIN_BODY_BYTES} (0 compresses every response the policy allows).
     */
    public Builder minBodyBytes(int minBodyBytes) {
      Checks.inRange("minBodyBytes", minBodyBytes, 0, MAX_MIN_BODY_BYTES);
      this.minBodyBytes = minBodyBytes;
      return this;
    }

    /**
     * The bounds for inflating compressed requests (server) and responses (client). Default: {@link
     * InflationLimits#defaults()} (16 MiB, ratio 100 past the first 64 KiB).
     */
    public Builder inflationLimits(InflationLimits inflationLimits) {
      this.inflationLimits = requireNonNull(inflationLimits, "inflationLimits");
      return this;
    }

    /**
     * Where the counters go ({@value #RESPONSES_COUNTER}, {@value #RESPONSE_BYTES_COUNTER}, {@value
     * #REQUESTS_COUNTER}). Default: the bus's, else Micrometer's global registry ({@link
     * FeatureMeters#registry}).
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * The preference a client sends with every call, unless the call's request context holds
     * another under {@link #PREFERENCE_PROPERTY}. Default {@link
     * CompressionPreference#SERVER_DECIDES}. Ignored on servers.
     */
    public Builder clientPreference(CompressionPreference clientPreference) {
      this.clientPreference = requireNonNull(clientPreference, "clientPreference");
      return this;
    }

    /**
     * Decides per call, from the endpoint called, the preference a client sends instead of {@link
     * #clientPreference}: e.g. {@link EndpointPreferences}, which asks a lossy path to compress.
     * Default {@link ClientPreferencePolicy#configured()}. Ignored on servers.
     */
    public Builder clientPolicy(ClientPreferencePolicy clientPolicy) {
      this.clientPolicy = requireNonNull(clientPolicy, "clientPolicy");
      return this;
    }

    /**
     * Returns the feature. It can be added to any number of servers and clients.
     *
     * @throws IllegalStateException if none of the codings is available in this JVM
     */
    public CompressionFeature build() {
      if (policy != null) {
        return new CompressionFeature(this, policy, null);
      }
      StartedCpuProbe probe = new StartedCpuProbe();
      return new CompressionFeature(this, CompressionPolicy.loadAware(probe), probe);
    }
  }
}
