package io.wsqos.monitor.cxf;

import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.io.CountingOutputStream;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.OptionalLong;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.SoapOutInterceptor;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.MessageSenderInterceptor;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * The provider-side monitor: t2 as the request enters CXF, t3 just before the response's header is
 * written, t1 echoed with t2/t3 on the response and on faults, one record per answered exchange.
 */
final class ProviderInterceptors {

  private final MonitorContext context;
  final List<Interceptor<? extends Message>> in;

  /** Installed on the out chain and the out-fault chain alike. */
  final List<Interceptor<? extends Message>> out;

  ProviderInterceptors(MonitorContext context) {
    this.context = context;
    in = List.of(new StampT2());
    out =
        List.of(
            new CountResponse(),
            new StampT3(),
            new RecordAnswered(MessageSenderInterceptor.MessageSenderEndingInterceptor.class));
  }

  private static ProviderExchange state(Exchange exchange) {
    return exchange == null ? null : exchange.get(ProviderExchange.class);
  }

  private static boolean isFault(Message message) {
    Exchange exchange = message.getExchange();
    return message == exchange.getOutFaultMessage();
  }

  /**
   * t2 at the first interceptor of the first phase (RECEIVE): the earliest moment CXF hands us the
   * request (Jetty has parsed the HTTP request line and headers; the body still streams in, so
   * reading and parsing it counts as execution, as the provider's work it is). Nothing earlier is
   * reachable from a CXF feature without a Jetty handler.
   */
  private final class StampT2 extends AbstractPhaseInterceptor<Message> {
    StampT2() {
      super(Phase.RECEIVE);
      getBefore().add("*");
    }

    @Override
    public void handleMessage(Message message) {
      // Installed on a bus, the provider side also sees the clients' responses: not ours.
      if (MessageUtils.isRequestor(message)) {
        return;
      }
      ProviderExchange state = new ProviderExchange();
      state.t2 = context.clock().nowMicros();
      InputStream stream = message.getContent(InputStream.class);
      if (stream != null) {
        state.requestBytes = new CountingInputStream(stream);
        message.setContent(InputStream.class, state.requestBytes);
      }
      message.getExchange().put(ProviderExchange.class, state);
      state.traced = context.tracing().start(Side.PROVIDER, state.t2, message);
    }
  }

  /** Counts the response's bytes next to the destination's stream. */
  private static final class CountResponse extends AbstractPhaseInterceptor<Message> {
    CountResponse() {
      super(Phase.PREPARE_SEND);
      addAfter(MessageSenderInterceptor.class.getName());
    }

    @Override
    public void handleMessage(Message message) {
      ProviderExchange state = state(message.getExchange());
      OutputStream stream = message.getContent(OutputStream.class);
      if (state != null && stream != null) {
        state.responseBytes = new CountingOutputStream(stream);
        message.setContent(OutputStream.class, state.responseBytes);
      }
    }
  }

  /**
   * t3, as late as it can be taken and still travel: just before SoapOutInterceptor (WRITE) writes
   * the headers; marshalling the response body then counts as communication time.
   */
  private final class StampT3 extends AbstractPhaseInterceptor<Message> {
    StampT3() {
      super(Phase.WRITE);
      addBefore(SoapOutInterceptor.class.getName());
    }

    @Override
    public void handleMessage(Message message) {
      ProviderExchange state = state(message.getExchange());
      if (state == null || !(message instanceof SoapMessage soap)) {
        return;
      }
      Message request = message.getExchange().getInMessage();
      if (request != null) {
        HeaderBlock<MonitoringTimestamps> block = ReadTimestamps.of(request);
        if (block.isInvalid()) {
          state.headerValidity = ReadTimestamps.validityOf(block.problem().orElseThrow());
        } else {
          OptionalLong t1 =
              block.value().map(MonitoringTimestamps::t1).orElse(OptionalLong.empty());
          state.t1 = t1.orElse(QosRecord.ABSENT);
        }
      }
      state.outcome = isFault(message) ? Outcome.SOAP_FAULT : Outcome.SUCCESS;
      state.t3 = context.clock().nowMicros();
      MonitoringTimestamps reply =
          new MonitoringTimestamps(
              state.t1 == QosRecord.ABSENT ? OptionalLong.empty() : OptionalLong.of(state.t1),
              OptionalLong.of(state.t2),
              OptionalLong.of(state.t3),
              OptionalLong.empty());
      context.codec().write(soap, reply);
    }
  }

  /** After the response stream is closed: the record, with the response's size. */
  private final class RecordAnswered extends AbstractPhaseInterceptor<Message> {
    RecordAnswered(Class<?> after) {
      super(Phase.PREPARE_SEND_ENDING);
      addAfter(after.getName());
    }

    @Override
    public void handleMessage(Message message) {
      Exchange exchange = message.getExchange();
      ProviderExchange state = state(exchange);
      if (state == null || state.t3 == QosRecord.ABSENT) {
        return;
      }
      if (!state.recorded.compareAndSet(false, true)) {
        return;
      }
      long now = context.clock().nowMicros();
      QosRecord.Builder builder =
          QosRecord.builder(
                  Names.service(exchange),
                  Names.operation(exchange),
                  exchange.getEndpoint().getEndpointInfo().getAddress(),
                  Side.PROVIDER)
              .recordedAt(MicrosClock.toInstant(now))
              .outcome(state.outcome)
              .t1(state.t1)
              .t2(state.t2)
              .t3(state.t3)
              .sizes(
                  state.requestBytes == null ? QosRecord.UNKNOWN_SIZE : state.requestBytes.count(),
                  state.responseBytes == null
                      ? QosRecord.UNKNOWN_SIZE
                      : state.responseBytes.count());
      if (!state.headerValidity.isValid()) {
        builder.invalid(state.headerValidity);
      }
      QosRecord record = builder.build();
      context.sink().accept(record);
      context.tracing().end(record, exchange, state.traced);
    }
  }
}
