package io.wsqos.benchmarks.binding;

import io.wsqos.core.io.CountingOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.AbstractFeature;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * A client feature that counts the SOAP bytes a client writes and reads (the envelopes as they go
 * to and come from the HTTP conduit; HTTP's own headers are not seen here).
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
    provider.getOutInterceptors().add(new Out());
    provider.getInInterceptors().add(new In());
  }

  private final class Out extends AbstractPhaseInterceptor<Message> {
    Out() {
      super(Phase.PRE_STREAM);
    }

    @Override
    public void handleMessage(Message message) throws Fault {
      OutputStream out = message.getContent(OutputStream.class);
      if (out != null) {
        message.setContent(
            OutputStream.class, new CountingOutputStream(out, count -> sent.addAndGet(count)));
      }
    }
  }

  private final class In extends AbstractPhaseInterceptor<Message> {
    In() {
      super(Phase.RECEIVE);
    }

    @Override
    public void handleMessage(Message message) throws Fault {
      InputStream in = message.getContent(InputStream.class);
      if (in != null) {
        message.setContent(
            InputStream.class,
            new FilterInputStream(in) {
              @Override
              public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                  received.incrementAndGet();
                }
                return b;
              }

              @Override
              public int read(byte[] buffer, int off, int len) throws IOException {
                int n = super.read(buffer, off, len);
                if (n > 0) {
                  received.addAndGet(n);
                }
                return n;
              }
            });
      }
    }
  }
}
