package io.wsqos.core.admission;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.TransportPriority;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Admission control in front of a Jetty 12 application, before any thread parses a body: a POST's
 * class is read from the start of its body ({@link AdmissionControl#classify}), then the request is
 * served, held without a thread until a permit frees (as Jetty's {@code QoSHandler} suspends
 * requests), or answered 503 with {@code Retry-After} and a {@code soap:Server} fault ({@link
 * Refusal}). Other methods pass untouched. In the embedded server it sits after the body has been
 * received ({@code EmbeddedServer.Builder.admission}), so reading the start costs no wait;
 * elsewhere it reads what has arrived and takes a header not yet arrived for best effort.
 *
 * <p>Jetty knows a client only by its address: with {@link
 * AdmissionControl.ClientIdentity#REMOTE_USER} every client here is unknown to the entitlement.
 */
public final class AdmissionHandler extends Handler.Wrapper {

  /** The most of a body's start read to find its header. */
  static final int MAX_PREFIX_BYTES = 16 * 1024;

  private final Map<String, AdmissionControl> byPath;
  private final AdmissionControl everyPath;

  private AdmissionHandler(AdmissionControl everyPath, Map<String, AdmissionControl> byPath) {
    this.everyPath = everyPath;
    this.byPath = byPath;
  }

  /** Every POST goes through {@code control}. */
  public static AdmissionHandler of(AdmissionControl control) {
    return new AdmissionHandler(requireNonNull(control, "control"), Map.of());
  }

  /**
   * A POST to a path of {@code byPath} (e.g. {@code /bookstore}, matched exactly) goes through that
   * path's control; a POST to any other path passes.
   */
  public static AdmissionHandler byPath(Map<String, AdmissionControl> byPath) {
    return new AdmissionHandler(null, Map.copyOf(byPath));
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    AdmissionControl control =
        everyPath != null ? everyPath : byPath.get(request.getHttpURI().getPath());
    if (control == null || !HttpMethod.POST.is(request.getMethod())) {
      return super.handle(request, response, callback);
    }
    Started started = Started.read(request);
    String clientId =
        control.clientIdentity() == AdmissionControl.ClientIdentity.REMOTE_ADDRESS
            ? Request.getRemoteAddr(request)
            : null;
    TransportPriority priority =
        control.classify(started.prefix, started.prefixLength, started.complete, clientId);
    Request replayed = started.replay(request);
    ExpiringWaiter waiter =
        new ExpiringWaiter(
            permit ->
                request.getContext().execute(() -> serve(replayed, response, callback, permit)),
            refusal -> {
              started.release();
              refuse(response, callback, refusal);
            });
    Admission admission = control.enter(priority, waiter);
    if (admission instanceof Admission.Admitted admitted) {
      serve(replayed, response, callback, admitted.permit());
    } else if (admission instanceof Admission.Refused refused) {
      started.release();
      refuse(response, callback, refused.refusal());
    } else if (admission instanceof Admission.Queued queued) {
      waiter.expireAfter(
          request.getComponents().getScheduler(),
          control.maxQueueTime(),
          () -> control.expire(queued.ticket()));
    }
    return true;
  }

  private void serve(Request request, Response response, Callback callback, Permit permit) {
    Callback done = Callback.from(callback, permit::release);
    try {
      if (!super.handle(request, response, done)) {
        Response.writeError(request, response, done, 404);
      }
    } catch (Throwable t) {
      Response.writeError(request, response, done, t);
    }
  }

  /** Answers a refusal as every adapter does: 503, {@code Retry-After}, a SOAP 1.1 fault. */
  static void refuse(Response response, Callback callback, Refusal refusal) {
    byte[] body = refusal.soapFault().getBytes(StandardCharsets.UTF_8);
    response.setStatus(Refusal.STATUS);
    response
        .getHeaders()
        .put(HttpHeader.RETRY_AFTER, Integer.toString(refusal.retryAfterSeconds()));
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, Refusal.CONTENT_TYPE);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  /** The chunks of a body read so far, and a copy of their start to classify. */
  private static final class Started {
    final List<Content.Chunk> chunks = new ArrayList<>(2);
    final byte[] prefix;
    int prefixLength;
    boolean complete;

    private Started(int capacity) {
      prefix = new byte[capacity];
    }

    static Started read(Request request) {
      long length = request.getLength();
      Started started =
          new Started((int) (length >= 0 ? Math.min(length, MAX_PREFIX_BYTES) : MAX_PREFIX_BYTES));
      while (started.prefixLength < started.prefix.length) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          break;
        }
        started.chunks.add(chunk);
        if (Content.Chunk.isFailure(chunk)) {
          break;
        }
        ByteBuffer bytes = chunk.getByteBuffer().duplicate();
        int n = Math.min(bytes.remaining(), started.prefix.length - started.prefixLength);
        bytes.get(started.prefix, started.prefixLength, n);
        started.prefixLength += n;
        if (chunk.isLast()) {
          started.complete = true;
          break;
        }
      }
      return started;
    }

    Request replay(Request request) {
      return chunks.isEmpty() ? request : new Replayed(request, chunks);
    }

    /** Gives back the chunks read, for a request that is refused and so never replayed. */
    void release() {
      chunks.forEach(Content.Chunk::release);
      chunks.clear();
    }
  }

  /** The request with the chunks read to classify it put back before the rest of its body. */
  private static final class Replayed extends Request.Wrapper {
    private final List<Content.Chunk> chunks;
    private int next;

    Replayed(Request request, List<Content.Chunk> chunks) {
      super(request);
      this.chunks = chunks;
    }

    @Override
    public synchronized Content.Chunk read() {
      if (next < chunks.size()) {
        return chunks.get(next++);
      }
      return super.read();
    }

    @Override
    public void demand(Runnable demandCallback) {
      boolean pending;
      synchronized (this) {
        pending = next < chunks.size();
      }
      if (pending) {
        getContext().execute(demandCallback);
      } else {
        super.demand(demandCallback);
      }
    }
  }
}
