package io.wsqos.benchmarks.jmh;

import com.github.luben.zstd.ZstdCompressCtx;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.Codec;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.payloads.SoapPayloads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
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
 * Compressing the seed's Table 4 message sizes (bookstore-like SOAP XML, generated
 * deterministically) through wsqos's streaming {@link Codec} and through the whole response path of
 * a server's {@link CompressionFeature}, next to the codec library used directly at its fastest (a
 * reused {@link Deflater} or {@link ZstdCompressCtx}, one shot over the whole array), and the JDK's
 * {@link GZIPOutputStream} (a fresh deflater per body) as most code uses it.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CodecBenchmark -f 1 -wi 3 -i 5 -w 1s -r
 * 1s}. Each operation compresses one body; the result is time per body.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CodecBenchmark {
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
  private CRC32 crc;
  private ZstdCompressCtx reusedZstd;
  private byte[] buffer;
  private final Sink sink = new Sink();
  private CompressionFeature feature;
  private List<Interceptor<Message>> responseInterceptors;
  private Map<String, List<String>> requestHeaders;

  @Setup(Level.Trial)
  public void setUp() {
    payload = SoapPayloads.ofSize(size);
    String[] parts = codec.split("-");
    coding = ContentCoding.fromToken(parts[0]).orElseThrow();
    level = Integer.parseInt(parts[1]);
    wsqos = Codec.of(coding, level);
    reusedDeflater = new Deflater(level, coding == ContentCoding.GZIP);
    crc = new CRC32();
    reusedZstd = new ZstdCompressCtx().setLevel(level).setChecksum(true);
    buffer = new byte[8192];
    feature =
        CompressionFeature.builder()
            .policy(CompressionPolicy.always())
            .codings(coding)
            .level(coding, level)
            .meterRegistry(new SimpleMeterRegistry())
            .build();
    InterceptorProvider provider = new AbstractBasicInterceptorProvider() {};
    feature.doInitializeProvider(provider, null);
    responseInterceptors = new ArrayList<>();
    for (Interceptor<? extends Message> interceptor : provider.getOutInterceptors()) {
      @SuppressWarnings("unchecked")
      Interceptor<Message> any = (Interceptor<Message>) interceptor;
      responseInterceptors.add(any);
    }
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
    sink.reset();
    try (OutputStream out = wsqos.compressingStream(sink)) {
      out.write(payload);
    }
    return sink.size();
  }

  /**
   * A server's response path with the feature, compressing every response: the feature's response
   * interceptors run on a fresh response message whose request accepted this coding, and the
   * envelope is then written to the stream they leave, in the blocks CXF's XML writer hands over,
   * and closed. Not included: serializing the envelope, and the {@code ServerAction} header the
   * interceptor adds to a SOAP message (this one is a plain message whose body is already
   * serialized), so a body under the feature's minimum goes out as it is, as on a server.
   */
  @Benchmark
  public int wsqosResponsePath() throws IOException {
    sink.reset();
    Message response = response();
    for (int i = 0; i < responseInterceptors.size(); i++) {
      responseInterceptors.get(i).handleMessage(response);
    }
    OutputStream out = response.getContent(OutputStream.class);
    for (int off = 0; off < payload.length; off += XML_WRITER_BLOCK_BYTES) {
      out.write(payload, off, Math.min(XML_WRITER_BLOCK_BYTES, payload.length - off));
    }
    out.close();
    return sink.size();
  }

  private Message response() {
    Message request = new MessageImpl();
    request.put(Message.PROTOCOL_HEADERS, requestHeaders);
    Message response = new MessageImpl();
    Exchange exchange = new ExchangeImpl();
    exchange.setInMessage(request);
    exchange.setOutMessage(response);
    response.setExchange(exchange);
    response.setContent(OutputStream.class, sink);
    return response;
  }

  /** The codec library used directly at its fastest: reused state, one shot over the array. */
  @Benchmark
  public int rawLibrary() throws IOException {
    sink.reset();
    if (coding == ContentCoding.ZSTD) {
      byte[] compressed = reusedZstd.compress(payload);
      sink.write(compressed);
      return sink.size();
    }
    Deflater deflater = reusedDeflater;
    deflater.reset();
    if (coding == ContentCoding.GZIP) {
      sink.write(GZIP_HEADER);
      crc.reset();
      crc.update(payload);
    }
    deflater.setInput(payload);
    deflater.finish();
    while (!deflater.finished()) {
      int n = deflater.deflate(buffer);
      sink.write(buffer, 0, n);
    }
    if (coding == ContentCoding.GZIP) {
      writeIntLittleEndian((int) crc.getValue());
      writeIntLittleEndian(payload.length);
    }
    return sink.size();
  }

  /**
   * The JDK's {@link GZIPOutputStream} (gzip codings only): a fresh deflater per body, as most code
   * compresses; against {@link #rawLibrary()} it shows what reusing the deflater saves.
   */
  @Benchmark
  public int jdkGzipOutputStreamFreshDeflater() throws IOException {
    sink.reset();
    if (coding != ContentCoding.GZIP) {
      return 0;
    }
    try (GZIPOutputStream out = new LeveledGzipOutputStream(sink, level)) {
      out.write(payload);
    }
    return sink.size();
  }

  private void writeIntLittleEndian(int v) {
    sink.write(v);
    sink.write(v >>> 8);
    sink.write(v >>> 16);
    sink.write(v >>> 24);
  }

  /** An unsynchronized, reusable byte sink. */
  static final class Sink extends ByteArrayOutputStream {
    Sink() {
      super(64 * 1024);
    }

    @Override
    public void write(int b) {
      if (count == buf.length) {
        buf = java.util.Arrays.copyOf(buf, buf.length * 2);
      }
      buf[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      if (count + len > buf.length) {
        buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, count + len));
      }
      System.arraycopy(b, off, buf, count, len);
      count += len;
    }

    @Override
    public void reset() {
      count = 0;
    }

    @Override
    public int size() {
      return count;
    }

    @Override
    public void close() {}
  }

  private static final class LeveledGzipOutputStream extends GZIPOutputStream {
    LeveledGzipOutputStream(OutputStream out, int level) throws IOException {
      super(out, 8192);
      def.setLevel(level);
    }
  }
}
