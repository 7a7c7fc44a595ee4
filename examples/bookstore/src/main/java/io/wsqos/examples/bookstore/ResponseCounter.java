package io.wsqos.examples.bookstore;

import java.util.concurrent.atomic.LongAdder;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Counts the responses and faults an endpoint sent, whatever else is installed, so that the count
 * is the same work in every variant of an experiment (one {@link LongAdder} increment at the end of
 * the out and out-fault chains). Server endpoints only.
 */
final class ResponseCounter implements Feature {
  final LongAdder responses = new LongAdder();
  final LongAdder faults = new LongAdder();

  @Override
  public void initialize(Server server, Bus bus) {
    server.getEndpoint().getOutInterceptors().add(new Count(responses));
    server.getEndpoint().getOutFaultInterceptors().add(new Count(faults));
  }

  @Override
  public void initialize(Client client, Bus bus) {
    throw new UnsupportedOperationException("ResponseCounter on a client");
  }

  @Override
  public void initialize(InterceptorProvider interceptorProvider, Bus bus) {
    throw new UnsupportedOperationException("ResponseCounter on " + interceptorProvider);
  }

  @Override
  public void initialize(Bus bus) {
    throw new UnsupportedOperationException("ResponseCounter on a bus");
  }

  private static final class Count extends AbstractPhaseInterceptor<Message> {
    private final LongAdder adder;

    Count(LongAdder adder) {
      super(Phase.PREPARE_SEND_ENDING);
      this.adder = adder;
    }

    @Override
    public void handleMessage(Message message) {
      adder.increment();
    }
  }
}
