package io.wsqos.server;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.NanoTime;
import org.eclipse.jetty.util.component.Graceful;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Receives a request's whole body before the servlets see the request, so that no Jetty thread
 * waits for a slow client: CXF reads a body with blocking reads, and a thread blocked on a client
 * that sends a byte a second is a thread nobody else gets. The body is read as it arrives, without
 * a thread in between, into blocks of memory, within three limits: its size (413, before a byte is
 * read when {@code Content-Length} says so), the bytes of all bodies held at once (503 with {@code
 * Retry-After}), and the request timeout counted from the request's first byte (408). A refused
 * request's connection is closed after the answer. A request without a body goes straight on.
 *
 * <p>When the server stops, a request whose body is still arriving has reached no endpoint: it is
 * answered 503 at once rather than held until the stop timeout.
 */
final class RequestBodyLimits extends Handler.Wrapper implements Graceful {

  /**
   * Bodies up to this size may fill the whole in-flight budget; larger ones only three quarters of
   * it, so that small requests are still served while large ones are refused.
   */
  static final int SMALL_BODY_BYTES = 64 * 1024;

  /**
   * A body's first block: a client that sends a byte and stalls holds no more, whatever length it
   * announced.
   */
  private static final int FIRST_BLOCK_BYTES = 8 * 1024;

  /**
   * Every further block of a body. Fixed blocks rather than one growing array: no copy as a body
   * grows, and no array so large that the collector allocates it apart, with its last region mostly
   * empty.
   */
  private static final int BLOCK_BYTES = 64 * 1024;

  private final long maxBodyBytes;
  private final long maxInFlightBytes;
  private final long largeBodiesMaxInFlightBytes;
  private final long requestTimeoutNanos;
  private final AtomicLong inFlightBytes = new AtomicLong();

  /** The bodies that did not arrive with their head, which a stop refuses. */
  private final Set<Body> waiting = ConcurrentHashMap.newKeySet();

  private volatile boolean shutdown;

  RequestBodyLimits(
      Handler handler, long maxBodyBytes, long maxInFlightBytes, long requestTimeoutMillis) {
    super(handler);
    this.maxBodyBytes = maxBodyBytes;
    this.maxInFlightBytes = maxInFlightBytes;
    this.largeBodiesMaxInFlightBytes = maxInFlightBytes - maxInFlightBytes / 4;
    this.requestTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(requestTimeoutMillis);
  }

  /** The bytes of bodies held now (buffers allocated for requests not yet answered). */
  long inFlightBytes() {
    return inFlightBytes.get();
  }

  @Override
  protected void doStart() throws Exception {
    shutdown = false;
    super.doStart();
  }

  @Override
  public CompletableFuture<Void> shutdown() {
    shutdown = true;
    for (Body body : waiting) {
      body.stopping();
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    long length = request.getLength();
    if (length == 0
        || (length < 0 && !request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING))) {
      return super.handle(request, response, callback);
    }
    if (length > maxBodyBytes) {
      refuse(request, response, callback, HttpStatus.PAYLOAD_TOO_LARGE_413, tooLarge());
      return true;
    }
    new Body(request, response, callback, length).read();
    return true;
  }

  private String tooLarge() {
    return "request body over " + maxBodyBytes + " bytes";
  }

  /** Answers {@code status} and closes the connection: the rest of the body is not wanted. */
  private static void refuse(
      Request request, Response response, Callback callback, int status, String message) {
    response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    if (status == HttpStatus.SERVICE_UNAVAILABLE_503) {
      response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
    }
    Response.writeError(request, response, callback, status, message);
  }

  /**
   * One body being received. {@link #read} runs when bytes arrive and the timeout when the deadline
   * passes; both hold the lock, so exactly one of them ends the reading.
   */
  private final class Body implements Runnable {
    private final Request request;
    private final Response response;
    private final Callback callback;
    private final long length;
    private final List<byte[]> blocks = new ArrayList<>();
    private byte[] block;
    private int blockUsed;
    private long size;
    private long reserved;
    private boolean reading = true;
    private boolean released;
    private Scheduler.Task timeout;

    Body(Request request, Response response, Callback callback, long length) {
      this.request = request;
      this.response = response;
      this.callback = callback;
      this.length = length;
    }

    @Override
    public void run() {
      read();
    }

    void read() {
      Runnable next;
      synchronized (this) {
        next = readAvailable();
      }
      if (next != null) {
        next.run();
      }
    }

    /** Reads what has arrived; returns what to do next outside the lock, or null to wait. */
    private Runnable readAvailable() {
      while (reading) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          request.demand(this);
          startTimeout();
          return null;
        }
        if (Content.Chunk.isFailure(chunk)) {
          Throwable failure = chunk.getFailure();
          chunk.release();
          return failure instanceof TimeoutException
              ? end(HttpStatus.REQUEST_TIMEOUT_408, "request body not received in time")
              : end(failure);
        }
        ByteBuffer bytes = chunk.getByteBuffer();
        if (size + bytes.remaining() > maxBodyBytes) {
          chunk.release();
          return end(HttpStatus.PAYLOAD_TOO_LARGE_413, tooLarge());
        }
        if (!append(bytes)) {
          chunk.release();
          return end(HttpStatus.SERVICE_UNAVAILABLE_503, "too many request bodies at once");
        }
        boolean last = chunk.isLast();
        chunk.release();
        if (last) {
          reading = false;
          cancelTimeout();
          return this::dispatch;
        }
      }
      return null;
    }

    /** Copies {@code bytes} into the blocks, or says the budget has no room for them. */
    private boolean append(ByteBuffer bytes) {
      while (bytes.hasRemaining()) {
        if (block == null || blockUsed == block.length) {
          int capacity = nextBlockBytes(bytes.remaining());
          if (!reserve(capacity)) {
            return false;
          }
          block = new byte[capacity];
          blocks.add(block);
          blockUsed = 0;
        }
        int n = Math.min(bytes.remaining(), block.length - blockUsed);
        bytes.get(block, blockUsed, n);
        blockUsed += n;
        size += n;
      }
      return true;
    }

    private int nextBlockBytes(int arriving) {
      long left = (length > 0 ? length : maxBodyBytes) - size;
      int preferred = blocks.isEmpty() ? FIRST_BLOCK_BYTES : BLOCK_BYTES;
      return (int) Math.min(left, Math.max(preferred, Math.min(arriving, BLOCK_BYTES)));
    }

    /** Takes {@code more} bytes from the budget, or says there is no room. */
    private boolean reserve(int more) {
      long total = inFlightBytes.addAndGet(more);
      boolean large = length > SMALL_BODY_BYTES || reserved + more > SMALL_BODY_BYTES;
      long limit = large ? largeBodiesMaxInFlightBytes : maxInFlightBytes;
      // A body alone is admitted whatever the budget, so that one of the largest size always fits.
      if (total > limit && total != reserved + more) {
        inFlightBytes.addAndGet(-more);
        return false;
      }
      reserved += more;
      return true;
    }

    private void startTimeout() {
      if (timeout == null) {
        waiting.add(this);
        if (shutdown) {
          // A stop that began before this body was registered did not see it: refuse it here.
          request.getContext().execute(this::stopping);
        }
        long left = requestTimeoutNanos - NanoTime.since(request.getBeginNanoTime());
        timeout =
            request
                .getComponents()
                .getScheduler()
                .schedule(this::expire, Math.max(0, left), TimeUnit.NANOSECONDS);
      }
    }

    private void cancelTimeout() {
      if (timeout != null) {
        timeout.cancel();
        waiting.remove(this);
      }
    }

    /** The server is stopping: a body still arriving will not reach an endpoint. */
    void stopping() {
      Runnable next;
      synchronized (this) {
        next = reading ? end(HttpStatus.SERVICE_UNAVAILABLE_503, "server stopping") : null;
      }
      if (next != null) {
        next.run();
      }
    }

    private void expire() {
      Runnable next;
      synchronized (this) {
        next =
            reading
                ? end(HttpStatus.REQUEST_TIMEOUT_408, "request body not received in time")
                : null;
      }
      if (next != null) {
        next.run();
      }
    }

    private Runnable end(int status, String message) {
      reading = false;
      cancelTimeout();
      release();
      return () -> refuse(request, response, callback, status, message);
    }

    private Runnable end(Throwable failure) {
      reading = false;
      cancelTimeout();
      release();
      return () -> callback.failed(failure);
    }

    private synchronized void release() {
      if (!released) {
        released = true;
        inFlightBytes.addAndGet(-reserved);
        blocks.clear();
        block = null;
      }
    }

    private void dispatch() {
      List<ByteBuffer> body = new ArrayList<>(blocks.size());
      for (byte[] full : blocks) {
        body.add(ByteBuffer.wrap(full, 0, full == block ? blockUsed : full.length));
      }
      Callback done = Callback.from(callback, this::release);
      Request received = new ReceivedRequest(request, body);
      try {
        if (!RequestBodyLimits.super.handle(received, response, done)) {
          Response.writeError(received, response, done, HttpStatus.NOT_FOUND_404);
        }
      } catch (Throwable t) {
        Response.writeError(received, response, done, t);
      }
    }
  }

  /** The request with its body already received: one chunk per block, the last one last. */
  private static final class ReceivedRequest extends Request.Wrapper {
    private final List<ByteBuffer> body;
    private int next;

    ReceivedRequest(Request request, List<ByteBuffer> body) {
      super(request);
      this.body = body;
    }

    @Override
    public synchronized Content.Chunk read() {
      if (next >= body.size()) {
        return Content.Chunk.EOF;
      }
      ByteBuffer bytes = body.get(next++);
      return Content.Chunk.from(bytes, next == body.size());
    }

    @Override
    public void demand(Runnable demandCallback) {
      // The body is all here: whatever is demanded is available.
      getContext().execute(demandCallback);
    }

    @Override
    public synchronized boolean consumeAvailable() {
      next = body.size();
      return true;
    }
  }
}
