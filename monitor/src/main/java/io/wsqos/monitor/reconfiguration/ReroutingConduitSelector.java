package io.wsqos.monitor.reconfiguration;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.overload.ProviderBusyException;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.cxf.ExchangeFailures;
import java.io.Closeable;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.cxf.endpoint.ConduitSelector;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.endpoint.Retryable;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.transport.Conduit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wraps a client's conduit selector: points each call at the policy's current endpoint before the
 * chain runs, reports transport failures to the policy when the call completes, and resends a
 * failed call of an operation declared idempotent to the next endpoint (CXF's {@link Retryable},
 * the mechanism of its own failover feature). Any other failed call is never resent.
 */
final class ReroutingConduitSelector implements ConduitSelector, Closeable {

  private static final Logger logger = LoggerFactory.getLogger(ReroutingConduitSelector.class);

  /** Key of a held call's {@link ProviderBusyException} in its request message. */
  private static final String HELD = ReroutingConduitSelector.class.getName() + ".held";

  /** Fails a call {@link #prepare} held back, before anything is sent (CXF ignores its throws). */
  static final AbstractPhaseInterceptor<Message> HOLD =
      new AbstractPhaseInterceptor<>(Phase.SETUP) {
        @Override
        public void handleMessage(Message message) {
          if (message.remove(HELD) instanceof ProviderBusyException held) {
            throw new Fault(held);
          }
        }
      };

  /** Key of a {@link Retry} in the invocation context, which outlives the exchange's retries. */
  private static final String RETRY_KEY = ReroutingConduitSelector.class.getName() + ".retry";

  private final ConduitSelector delegate;
  private final ReroutingPolicy policy;
  private final Set<String> idempotentOperations;
  private final int maxRetries;
  private final MeterRegistry registry;

  ReroutingConduitSelector(
      ConduitSelector delegate,
      ReroutingPolicy policy,
      Set<String> idempotentOperations,
      int maxRetries,
      MeterRegistry registry) {
    this.delegate = delegate;
    this.policy = policy;
    this.idempotentOperations = Set.copyOf(idempotentOperations);
    this.maxRetries = maxRetries;
    this.registry = registry;
  }

  /** Whether this selector follows {@code policy}. */
  boolean routes(ReroutingPolicy policy) {
    return this.policy == policy;
  }

  /**
   * Runs before the out chain: sets the message's address from the policy's volatile field (or, on
   * a retry, the endpoint {@link #complete} chose). O(1), no lock.
   */
  @Override
  public void prepare(Message message) {
    String address = policy.current();
    BusyState busy = policy.busy();
    if (busy != null && address != null) {
      // Something answered busy: one clock read, then a walk of the few candidates, no lock.
      BusyState.Route route = busy.route(address, policy.clock().instant());
      if (route instanceof BusyState.Send send) {
        address = send.endpoint();
      } else if (route instanceof BusyState.Hold hold) {
        message.put(HELD, new ProviderBusyException(hold.endpoint(), hold.remaining(), true));
        registry.counter("wsqos.monitor.calls.held", "service", policy.service()).increment();
      }
    }
    if (!idempotentOperations.isEmpty()) {
      Map<String, Object> context = invocationContext(message);
      if (context != null) {
        Retry retry = (Retry) context.get(RETRY_KEY);
        if (retry != null) {
          address = retry.target;
        } else if (address != null && isIdempotentAndSynchronous(message.getExchange())) {
          List<?> params = message.getContent(List.class);
          if (params != null) {
            context.put(
                RETRY_KEY,
                new Retry(message.getExchange().getBindingOperationInfo(), params.toArray()));
          }
        }
      }
    }
    if (address != null) {
      message.put(Message.ENDPOINT_ADDRESS, address);
    }
    delegate.prepare(message);
  }

  @Override
  public Conduit selectConduit(Message message) {
    return delegate.selectConduit(message);
  }

  /** Runs when a call ends, failed or not; only a failure does more than delegate. */
  @Override
  public void complete(Exchange exchange) {
    Message out = exchange.getOutMessage();
    Exception outFailure = out == null ? null : out.getContent(Exception.class);
    Exception failure = outFailure != null ? outFailure : exchange.get(Exception.class);
    if (failure != null && out != null) {
      Outcome outcome = ExchangeFailures.outcomeOf(failure);
      Object address = out.get(Message.ENDPOINT_ADDRESS);
      // Only an I/O failure (refused, reset, timed out, an HTTP error status) says the endpoint is
      // at fault; a failure of the client's own chain (e.g. marshalling) would follow the call. A
      // busy answer is not one (BUSY): the policy heard of it already and is not told again.
      boolean transport =
          ExchangeFailures.isTransportFailure(outcome) && ioCauseOf(failure) instanceof IOException;
      if (transport && address != null) {
        String failed = address.toString();
        policy.onTransportFailure(failed, outcome + " at " + failed + ": " + failure);
        // CXF resends only a failure of the out chain: a failure found later is thrown as is.
        if (outFailure != null && resend(exchange, out, outFailure, failed)) {
          return;
        }
      }
    }
    delegate.complete(exchange);
  }

  /** Resends an idempotent call to an endpoint it has not tried; true if it did. */
  private boolean resend(Exchange exchange, Message out, Exception failure, String failed) {
    Map<String, Object> context = invocationContext(out);
    Retry retry = context == null ? null : (Retry) context.get(RETRY_KEY);
    Retryable retryable = exchange.get(Retryable.class);
    if (retry == null || retryable == null) {
      return false;
    }
    if (retry.tried == null) {
      retry.tried = new HashSet<>();
    }
    retry.tried.add(failed);
    String next = policy.current();
    if (retry.attempts >= maxRetries || next == null || retry.tried.contains(next)) {
      return false;
    }
    retry.attempts++;
    retry.target = next;
    String operation = retry.operation.getName().getLocalPart();
    logger.debug(
        "Resending idempotent {} of {} from {} to {}", operation, policy.service(), failed, next);
    // As CXF's FailoverTargetSelector does: clear the failure and run the call again on this same
    // exchange, so that the caller's pending processResult reads the new outcome.
    Exception exchangeFailure = (Exception) exchange.remove(Exception.class.getName());
    out.setContent(Exception.class, null);
    exchange.clear();
    try {
      retryable.invoke(retry.operation, retry.params, context, exchange);
      retried(operation, "success");
    } catch (Exception e) {
      // The caller sees the first failure, with the resend's as suppressed on its I/O cause: the
      // JAX-WS proxy rethrows that cause in its own exception, not the fault wrapping it.
      ioCauseOf(failure).addSuppressed(e);
      out.setContent(Exception.class, failure);
      if (exchangeFailure != null) {
        exchange.put(Exception.class, exchangeFailure);
      }
      retried(operation, "failure");
    }
    return true;
  }

  /** The first {@link IOException} in the cause chain, or {@code failure} itself if none. */
  private static Throwable ioCauseOf(Exception failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IOException) {
        return t;
      }
    }
    return failure;
  }

  private void retried(String operation, String result) {
    registry
        .counter(
            "wsqos.monitor.retries",
            "service",
            policy.service(),
            "operation",
            operation,
            "result",
            result)
        .increment();
  }

  /** Only a synchronous call is resent: CXF's Retryable runs the call again on this thread. */
  private boolean isIdempotentAndSynchronous(Exchange exchange) {
    BindingOperationInfo operation = exchange == null ? null : exchange.getBindingOperationInfo();
    return operation != null
        && exchange.isSynchronous()
        && idempotentOperations.contains(operation.getName().getLocalPart());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> invocationContext(Message message) {
    Object context = message.get(Message.INVOCATION_CONTEXT);
    return context instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
  }

  @Override
  public Endpoint getEndpoint() {
    return delegate.getEndpoint();
  }

  @Override
  public void setEndpoint(Endpoint endpoint) {
    delegate.setEndpoint(endpoint);
  }

  /** Closes the wrapped selector's conduits, as the client's destroy expects. */
  @Override
  public void close() throws IOException {
    if (delegate instanceof Closeable closeable) {
      closeable.close();
    }
  }

  /** One idempotent call's resend state; lives in its invocation context, one thread at a time. */
  private static final class Retry {
    final BindingOperationInfo operation;
    final Object[] params;

    /** The endpoints this call failed on; made on its first failure, most calls never fail. */
    Set<String> tried;

    int attempts;
    String target;

    Retry(BindingOperationInfo operation, Object[] params) {
      this.operation = operation;
      this.params = params;
    }
  }
}
