package io.wsqos.core.admission;

import io.wsqos.core.header.TransportPriority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Admits a server's request in CXF's first phase, before anything parses its body: reads the start
 * of the body for its class, then takes a permit, waits for one (on this thread, up to the
 * control's queue time), or answers the refusal itself and ends the chain. The permit is released
 * by {@link PermitReleaseInterceptor} when the response has been sent.
 */
final class AdmissionInterceptor extends AbstractPhaseInterceptor<Message> {

  private static final String HTTP_REQUEST = "HTTP.REQUEST";
  private static final String HTTP_RESPONSE = "HTTP.RESPONSE";

  private final Supplier<AdmissionControl> control;

  AdmissionInterceptor(Supplier<AdmissionControl> control) {
    super(Phase.RECEIVE);
    this.control = control;
  }

  @Override
  public void handleMessage(Message message) {
    AdmissionControl admission = control.get();
    if (admission == null || MessageUtils.isRequestor(message)) {
      return;
    }
    InputStream in = message.getContent(InputStream.class);
    TransportPriority priority = TransportPriority.BEST_EFFORT;
    if (in != null) {
      priority = classify(admission, message, in);
    }
    Permit permit = permit(admission, priority, message);
    if (permit != null) {
      message.getExchange().put(Permit.class, permit);
    }
  }

  /** A one-way request whose chain failed sends no fault, which would have released the permit. */
  @Override
  public void handleFault(Message message) {
    if (message.getExchange().isOneWay()) {
      Permit permit = message.getExchange().remove(Permit.class);
      if (permit != null) {
        permit.release();
      }
    }
  }

  private static TransportPriority classify(
      AdmissionControl admission, Message message, InputStream in) {
    byte[] prefix = new byte[AdmissionHandler.MAX_PREFIX_BYTES];
    int length = 0;
    boolean complete = false;
    try {
      while (length < prefix.length) {
        int n = in.read(prefix, length, prefix.length - length);
        if (n < 0) {
          complete = true;
          break;
        }
        length += n;
      }
    } catch (IOException e) {
      throw new Fault(e);
    }
    message.setContent(
        InputStream.class,
        complete
            ? new ByteArrayInputStream(prefix, 0, length)
            : new SequenceInputStream(new ByteArrayInputStream(prefix, 0, length), in));
    return admission.classify(prefix, length, complete, clientId(admission, message));
  }

  private static String clientId(AdmissionControl admission, Message message) {
    if (!(message.get(HTTP_REQUEST) instanceof HttpServletRequest http)) {
      return null;
    }
    return admission.clientIdentity() == AdmissionControl.ClientIdentity.REMOTE_ADDRESS
        ? http.getRemoteAddr()
        : http.getRemoteUser();
  }

  /** A permit, or null when the request was refused (and answered, and its chain ended). */
  private static Permit permit(
      AdmissionControl admission, TransportPriority priority, Message message) {
    CompletableFuture<Object> later = new CompletableFuture<>();
    Admission decision =
        admission.enter(
            priority,
            new Admission.Waiter() {
              @Override
              public void admitted(Permit permit) {
                later.complete(permit);
              }

              @Override
              public void refused(Refusal refusal) {
                later.complete(refusal);
              }
            });
    Object outcome;
    if (decision instanceof Admission.Admitted admitted) {
      outcome = admitted.permit();
    } else if (decision instanceof Admission.Refused refused) {
      outcome = refused.refusal();
    } else {
      outcome = await(admission, ((Admission.Queued) decision).ticket(), later);
    }
    if (outcome instanceof Permit permit) {
      return permit;
    }
    refuse(message, (Refusal) outcome);
    return null;
  }

  private static Object await(
      AdmissionControl admission, Ticket ticket, CompletableFuture<Object> later) {
    try {
      return later.get(admission.maxQueueTime().toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      admission.expire(ticket);
      return later.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      admission.expire(ticket);
      return later.join();
    } catch (ExecutionException e) {
      throw new Fault(e.getCause());
    }
  }

  private static void refuse(Message message, Refusal refusal) {
    message.getInterceptorChain().abort();
    message.getExchange().setOneWay(true);
    if (!(message.get(HTTP_RESPONSE) instanceof HttpServletResponse http)) {
      throw new Fault(new IllegalStateException(refusal.faultString()));
    }
    byte[] body = refusal.soapFault().getBytes(StandardCharsets.UTF_8);
    http.setStatus(Refusal.STATUS);
    http.setHeader("Retry-After", Integer.toString(refusal.retryAfterSeconds()));
    http.setContentType(Refusal.CONTENT_TYPE);
    http.setContentLength(body.length);
    try {
      http.getOutputStream().write(body);
      http.flushBuffer();
    } catch (IOException e) {
      // The client has gone: nobody is left to tell.
    }
  }
}
