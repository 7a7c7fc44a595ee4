/**
 * Compression of SOAP messages: content codings, streaming compression, bounded inflation and
 * {@code Accept-Encoding} negotiation.
 *
 * <h2>The pieces</h2>
 *
 * <ul>
 *   <li>{@link io.wsqos.core.compression.ContentCoding}: gzip, deflate (zlib; raw deflate accepted
 *       when inflating) and zstd (only when the optional zstd-jni is on the classpath: see {@link
 *       io.wsqos.core.compression.ContentCoding#isAvailable()}), with their level ranges.
 *   <li>{@link io.wsqos.core.compression.Codec}: one coding at one level, with bounded lock-free
 *       pools of deflaters, inflaters and zstd contexts. Its compressing stream writes compressed
 *       bytes as the body is written (one 8 KiB buffer, never the whole body); its inflating stream
 *       checks {@link io.wsqos.core.compression.InflationLimits} while inflating and throws {@link
 *       io.wsqos.core.compression.InflationException} with a reason.
 *   <li>{@link io.wsqos.core.compression.EncodingNegotiator}: parses {@code Accept-Encoding}
 *       without allocating and returns a shared {@link io.wsqos.core.compression.Negotiation}: the
 *       client's implied {@link io.wsqos.core.compression.CompressionPreference} and the coding.
 * </ul>
 *
 * <h2>How the CXF feature will use them (not written yet)</h2>
 *
 * <p>The server's out-interceptor runs before the message is marshalled (CXF's {@code PRE_STREAM}
 * phase). It takes the client's preference from the WS-QoS requirement header if present, otherwise
 * from {@code negotiate(Accept-Encoding)}, asks the policy (one volatile read of the load probe's
 * sampled value, no allocation) whether to compress, and if so sets {@code Content-Encoding} and
 * {@code Vary: Accept-Encoding} and replaces the message's {@code OutputStream} with {@code
 * codec.compressingStream(original)}, so that the body is compressed as CXF streams it out. The
 * "body too small" rule needs the first bytes before deciding: the wrapper holds back up to the
 * threshold (a few hundred bytes) and writes them uncompressed, without {@code Content-Encoding},
 * if the body ends below it. The outcome (compressed with codec X, or skipped and why) goes into
 * the WS-QoS response header and the Micrometer counters.
 *
 * <p>The in-interceptor ({@code RECEIVE} phase) looks at {@code Content-Encoding}: an unknown or
 * unavailable coding is answered with 415 before the service runs; otherwise it replaces the
 * message's {@code InputStream} with {@code codec.inflatingStream(original, limits)}. Because the
 * limits are enforced while the parser reads, an {@link
 * io.wsqos.core.compression.InflationException} surfaces during unmarshalling, before the service
 * is invoked; the fault handling maps {@code Kind.BOMB} to 413 (or a SOAP Client fault), {@code
 * Kind.MALFORMED} to a Client fault and {@code Kind.UNSUPPORTED} to 415. The client side installs
 * the same pair mirrored: it advertises the codings it can inflate in {@code Accept-Encoding} and
 * inflates responses with the same bounds.
 */
package io.wsqos.core.compression;
