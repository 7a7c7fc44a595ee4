package io.wsqos.benchmarks.jmh;

import com.github.luben.zstd.ZstdCompressCtx;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.benchmarks.experiment.Experiment;
import io.wsqos.benchmarks.experiment.OptionValues;
import io.wsqos.benchmarks.experiment.Run;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.cli.Option;
import io.wsqos.core.compression.Codec;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.payloads.SoapPayloads;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.apache.cxf.interceptor.AbstractBasicInterceptorProvider;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.ExchangeImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The seed's Table 4 sized SOAP bodies compressed through our streaming {@link Codec} and through a
 * server's whole {@link CompressionFeature} response path, beside the codec library used directly
 * at its fastest (reused state, one shot) and the JDK's {@link GZIPOutputStream}; time per body. It
 * is also the experiment {@code codec-paired}, which times these sides in alternating 5 ms batches
 * in one JVM, since separate JMH runs minutes apart on a busy machine differ by more than the
 * effect measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CodecBenchmark implements Experiment {
  /** The block size in which CXF's XML writer (Woodstox) passes a serialized envelope on. */
  private static final int XML_WRITER_BLOCK_BYTES = 4000;

  private static final byte[] GZIP_HEADER = {
    0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, (byte) 0xff
  };

  /** Table 4 of the seed: the sizes of the bookstore messages. */
  @Param({"209", "3366", "16055", "28153", "36049", "50205"})
  public int size;

  /** Coding and level, e.g. {@code gzip-6}. */
  @Param({"gzip-1", "gzip-6", "deflate-6", "zstd-1", "zstd-3"})
  public String codec;

  private byte[] payload;
  private ContentCoding coding;
  private int level;
  private Codec wsqos;
  private Deflater reusedDeflater;
  private final CRC32 crc = new CRC32();
  private ZstdCompressCtx reusedZstd;
  private final byte[] buffer = new byte[8192];
  private final Sink sink = new Sink();
  private CompressionFeature feature;
  private final List<Interceptor<Message>> responseInterceptors = new ArrayList<>();
  private Map<String, List<String>> requestHeaders;

  @Setup(Level.Trial)
  @SuppressWarnings("unchecked")
  public void setUp() {
    payload = SoapPayloads.ofSize(size);
    String[] parts = codec.split("-");
    coding = ContentCoding.fromToken(parts[0]).orElseThrow();
    level = Integer.parseInt(parts[1]);
    wsqos = Codec.of(coding, level);
    reusedDeflater = new Deflater(level, coding == ContentCoding.GZIP);
    reusedZstd = new ZstdCompressCtx().setLevel(level).setChecksum(true);
    feature =
        CompressionFeature.builder()
            .policy(CompressionPolicy.always())
            .codings(coding)
            .level(coding, level)
            .meterRegistry(new SimpleMeterRegistry())
            .build();
    InterceptorProvider provider = new AbstractBasicInterceptorProvider() {};
    feature.doInitializeProvider(provider, null);
    provider.getOutInterceptors().forEach(i -> responseInterceptors.add((Interceptor<Message>) i));
    requestHeaders = Map.of("Accept-Encoding", List.of(coding.token()));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    wsqos.close();
    feature.close();
    reusedDeflater.end();
    reusedZstd.close();
  }

  /** The wsqos streaming wrapper with its pooled state: what the interceptor will do. */
  @Benchmark
  public int wsqosStream() throws IOException {
    sink.count = 0;
    try (OutputStream out = wsqos.compressingStream(sink)) {
      out.write(payload);
    }
    return sink.count;
  }

  /**
   * The feature's response interceptors on a fresh response whose request accepted this coding,
   * then the body written in the blocks CXF's XML writer hands over, and closed. Not included:
   * serializing the envelope and the {@code ServerAction} header (the message is not a SOAP one),
   * so a body under the feature's minimum goes out as it is, as on a server.
   */
  @Benchmark
  public int wsqosResponsePath() throws IOException {
    sink.count = 0;
    Message request = new MessageImpl();
    request.put(Message.PROTOCOL_HEADERS, requestHeaders);
    Message response = new MessageImpl();
    Exchange exchange = new ExchangeImpl();
    exchange.setInMessage(request);
    exchange.setOutMessage(response);
    response.setExchange(exchange);
    response.setContent(OutputStream.class, sink);
    for (int i = 0; i < responseInterceptors.size(); i++) {
      responseInterceptors.get(i).handleMessage(response);
    }
    OutputStream out = response.getContent(OutputStream.class);
    for (int off = 0; off < payload.length; off += XML_WRITER_BLOCK_BYTES) {
      out.write(payload, off, Math.min(XML_WRITER_BLOCK_BYTES, payload.length - off));
    }
    out.close();
    return sink.count;
  }

  /** The codec library used directly at its fastest: reused state, one shot over the array. */
  @Benchmark
  public int rawLibrary() throws IOException {
    sink.count = 0;
    if (coding == ContentCoding.ZSTD) {
      sink.write(reusedZstd.compress(payload));
      return sink.count;
    }
    reusedDeflater.reset();
    if (coding == ContentCoding.GZIP) {
      sink.write(GZIP_HEADER);
      crc.reset();
      crc.update(payload);
    }
    reusedDeflater.setInput(payload);
    reusedDeflater.finish();
    while (!reusedDeflater.finished()) {
      sink.write(buffer, 0, reusedDeflater.deflate(buffer));
    }
    if (coding == ContentCoding.GZIP) {
      for (int v : new int[] {(int) crc.getValue(), payload.length}) {
        for (int shift = 0; shift < 32; shift += 8) {
          sink.write(v >>> shift);
        }
      }
    }
    return sink.count;
  }

  /**
   * The JDK's {@link GZIPOutputStream} (gzip codings only): a fresh deflater per body, as most code
   * compresses; against {@link #rawLibrary()} it shows what reusing the deflater saves.
   */
  @Benchmark
  public int jdkGzipOutputStreamFreshDeflater() throws IOException {
    sink.count = 0;
    if (coding != ContentCoding.GZIP) {
      return 0;
    }
    try (GZIPOutputStream out =
        new GZIPOutputStream(sink, 8192) {
          {
            def.setLevel(level);
          }
        }) {
      out.write(payload);
    }
    return sink.count;
  }

  /** An unsynchronized, reusable byte sink. */
  private static final class Sink extends OutputStream {
    private byte[] buf = new byte[64 * 1024];
    private int count;

    @Override
    public void write(int b) {
      ensure(1);
      buf[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      ensure(len);
      System.arraycopy(b, off, buf, count, len);
      count += len;
    }

    private void ensure(int more) {
      if (count + more > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, count + more));
      }
    }
  }

  // The experiment codec-paired.

  private static final List<String> SIDES = List.of("raw", "stream", "path", "fresh");
  private static final long BATCH_NANOS = 5_000_000;

  /** The body sizes of every codec's rows: the bookstore's requests and responses. */
  private static final int[] SIZES = {209, 3366, 16055, 28153, 36049, 50205};

  /** Per row, the warm-up's 3,000 rounds of the three sides, for the estimate only. */
  private static final Duration ROW_WARMUP = Duration.ofSeconds(4);

  static final Option<List<String>> CODECS =
      Option.list(
          "codecs",
          List.of("gzip-1", "gzip-6", "zstd-1", "zstd-3"),
          "codings and levels, e.g. zstd-1,gzip-1 (gzip, deflate or zstd; any level)");
  static final Option<Integer> ROUNDS =
      Option.integer("rounds", 41, 1, 10_000, "rounds of alternating 5 ms batches per size");

  /** Where the paired sides' results go, so that the JIT cannot drop their work. */
  private volatile long blackhole;

  @Override
  public String name() {
    return "codec-paired";
  }

  @Override
  public List<Option<?>> options() {
    return List.of(CODECS, ROUNDS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    int rows = options.get(CODECS).size() * SIZES.length;
    Duration rounds = Duration.ofNanos(BATCH_NANOS * SIDES.size() * options.get(ROUNDS));
    return rounds.plus(ROW_WARMUP).multipliedBy(rows);
  }

  @Override
  public void run(Run run) throws IOException {
    int rounds = run.get(ROUNDS);
    List<String> columns = new ArrayList<>(List.of("codec", "bytes", "compressed_ratio"));
    SIDES.forEach(side -> columns.add(side + "_us"));
    SIDES.stream().skip(1).forEach(side -> columns.add(side + "_over_raw"));
    Table table = Table.of(columns);
    for (String codec : run.get(CODECS)) {
      for (int size : SIZES) {
        CodecBenchmark b = new CodecBenchmark();
        b.codec = codec;
        b.size = size;
        b.setUp();
        try {
          table.row(b.paired(rounds));
          run.progress().println(String.join(" ", table.rows().get(table.rows().size() - 1)));
        } finally {
          b.tearDown();
        }
      }
    }
    table.writeCsv(run.out().resolve("results.csv"));
    run.writeReport(
        "Codecs: our streams and response path against the raw library, paired",
        List.of(rounds + " rounds per codec and size, the sides in an order rotated each round"),
        List.of(Report.section("Per codec and size", "", table)));
  }

  /** One row: the sides timed in {@code rounds} rounds, their order rotated each round. */
  private List<String> paired(int rounds) throws IOException {
    int sides = coding == ContentCoding.GZIP ? 4 : 3;
    for (int i = 0; i < 3000; i++) {
      blackhole += rawLibrary() + wsqosStream() + wsqosResponsePath();
    }
    long probe = System.nanoTime();
    for (int i = 0; i < 100; i++) {
      blackhole += rawLibrary();
    }
    int batch = (int) Math.max(1, BATCH_NANOS * 100 / Math.max(1, System.nanoTime() - probe));
    double[][] times = new double[sides][rounds];
    double[][] ratios = new double[sides][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < sides; k++) {
        int side = (r + k) % sides;
        times[side][r] = microsPerBody(batch, side);
      }
      for (int side = 0; side < sides; side++) {
        ratios[side][r] = times[side][r] / times[0][r];
      }
    }
    List<String> row = new ArrayList<>(List.of(codec, Integer.toString(size)));
    row.add(Table.fixed(wsqosStream() / (double) size, 3));
    for (int side = 0; side < SIDES.size(); side++) {
      row.add(side < sides ? Table.fixed(Summary.of(times[side]).median(), 2) : "");
    }
    for (int side = 1; side < SIDES.size(); side++) {
      row.add(side < sides ? Table.fixed(Summary.of(ratios[side]).median(), 3) : "");
    }
    return row;
  }

  private double microsPerBody(int batch, int side) throws IOException {
    long start = System.nanoTime();
    long s = 0;
    for (int i = 0; i < batch; i++) {
      s +=
          switch (side) {
            case 0 -> rawLibrary();
            case 1 -> wsqosStream();
            case 2 -> wsqosResponsePath();
            default -> jdkGzipOutputStreamFreshDeflater();
          };
    }
    long elapsed = System.nanoTime() - start;
    blackhole += s;
    return elapsed / 1000.0 / batch;
  }
}
