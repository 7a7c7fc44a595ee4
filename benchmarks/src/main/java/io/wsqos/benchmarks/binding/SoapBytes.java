package io.wsqos.benchmarks.binding;

import io.wsqos.core.io.CountingOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.AbstractFeature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * A client feature that counts the SOAP bytes a client writes and reads (the envelopes as they go
 * to and come from the HTTP conduit; HTTP's own headers are not seen here). It reads each response
 * whole before CXF parses it: for counting, not for a client that is timed.
 */
public final class SoapBytes extends AbstractFeature {
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong received = new AtomicLong();

  /** Envelope bytes written since the last {@link #reset()}. */
  public long sent() {
    return sent.get();
  }

  /** Envelope bytes read since the last {@link #reset()}. */
  public long received() {
    return received.get();
  }

  /** Starts counting from zero. */
  public void reset() {
    sent.set(0);
    received.set(0);
  }

  @Override
  protected void initializeProvider(InterceptorProvider provider, Bus bus) {
    provider.getOutInterceptors().add(new Counter(Phase.PRE_STREAM));
    provider.getInInterceptors().add(new Counter(Phase.RECEIVE));
  }

  private final class Counter extends AbstractPhaseInterceptor<Message> {
    Counter(String phase) {
      super(phase);
    }

    @Override
    public void handleMessage(Message message) {
      OutputStream out = message.getContent(OutputStream.class);
      InputStream in = message.getContent(InputStream.class);
      if (getPhase().equals(Phase.PRE_STREAM) && out != null) {
        message.setContent(OutputStream.class, new CountingOutputStream(out, sent::addAndGet));
      } else if (getPhase().equals(Phase.RECEIVE) && in != null) {
        try {
          byte[] body = in.readAllBytes();
          received.addAndGet(body.length);
          message.setContent(InputStream.class, new ByteArrayInputStream(body));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
  }
}
