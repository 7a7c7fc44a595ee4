package io.wsqos.monitor.cxf;

import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.core.io.CountingOutputStream;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.Validity;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
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
 * The requester-side monitor: t1 just before the request's header is written, t4 as the response
 * arrives, t2/t3 read from the response, one record per exchange whatever happened.
 */
final class RequesterInterceptors {

  private final MonitorContext context;
  final List<Interceptor<? extends Message>> out;
  final List<Interceptor<? extends Message>> in;
  final List<Interceptor<? extends Message>> inFault;

  RequesterInterceptors(MonitorContext context) {
    this.context = context;
    out = List.of(new Setup(), new CountRequest(), new StampT1());
    in = List.of(new StampT4(), new ReadResponseStamps(), new RecordSuccess());
    // The in-fault chain starts from a fresh message: t4 and t2/t3 were taken on the in chain
    // before CXF saw the fault (CheckFaultInterceptor, POST_PROTOCOL).
    inFault = List.of(new RecordFault());
  }

  private static RequesterExchange state(Exchange exchange) {
    return exchange == null ? null : exchange.get(RequesterExchange.class);
  }

  /** Records the exchange of {@code message} as failed by the exception its chain carries. */
  void emitFailure(Message message) {
    RequesterExchange state = state(message.getExchange());
    if (state != null) {
      emit(
          message.getExchange(),
          state,
          ExchangeFailures.outcomeOf(message.getContent(Exception.class)));
    }
  }

  void emit(Exchange exchange, RequesterExchange state, Outcome outcome) {
    if (!state.recorded.compareAndSet(false, true)) {
      return;
    }
    long now = context.clock().nowMicros();
    long t4 = state.t4 == QosRecord.ABSENT ? now : state.t4;
    // No t1: the exchange failed before its request was written, so it spent no time in transit.
    long t1 = state.t1 == QosRecord.ABSENT ? t4 : state.t1;
    String endpoint = state.endpoint;
    if (endpoint == null) {
      Message out = exchange.getOutMessage();
      Object address = out == null ? null : out.get(Message.ENDPOINT_ADDRESS);
      endpoint =
          address != null
              ? address.toString()
              : exchange.getEndpoint().getEndpointInfo().getAddress();
      if (endpoint == null) {
        // A client without an address (e.g. one whose rerouting has no candidate yet) fails
        // before sending: record it, and leave the caller CXF's own failure.
        endpoint = Names.UNKNOWN_ENDPOINT;
      }
    }
    QosRecord.Builder builder =
        QosRecord.builder(
                Names.service(exchange), Names.operation(exchange), endpoint, Side.REQUESTER)
            .recordedAt(MicrosClock.toInstant(now))
            .outcome(outcome)
            .t1(t1)
            .t2(state.t2)
            .t3(state.t3)
            .t4(t4)
            .sizes(
                state.requestBytes == null ? QosRecord.UNKNOWN_SIZE : state.requestBytes.count(),
                state.responseBytes == null ? QosRecord.UNKNOWN_SIZE : state.responseBytes.count());
    if (!state.headerValidity.isValid()) {
      builder.invalid(state.headerValidity);
    }
    QosRecord record = builder.build();
    context.sink().accept(record);
    context.tracing().end(record, exchange, state.traced);
  }

  /** First out phase: keeps the exchange's state and records an exchange the out chain failed. */
  private final class Setup extends AbstractPhaseInterceptor<Message> {
    Setup() {
      super(Phase.SETUP);
    }

    @Override
    public void handleMessage(Message message) {
      // Installed on a bus, the requester side also sees the servers' responses: not ours.
      if (!MessageUtils.isRequestor(message)) {
        return;
      }
      message.getExchange().put(RequesterExchange.class, new RequesterExchange());
    }

    @Override
    public void handleFault(Message message) {
      // The out chain unwinds: refused, reset, timed out, or a failure before sending. A SOAP
      // fault never comes here: it arrives on the in chain and is recorded there.
      emitFailure(message);
    }
  }

  /** Counts the request's bytes next to the conduit's stream, under any other wrapper. */
  private static final class CountRequest extends AbstractPhaseInterceptor<Message> {
    CountRequest() {
      super(Phase.PREPARE_SEND);
      addAfter(MessageSenderInterceptor.class.getName());
    }

    @Override
    public void handleMessage(Message message) {
      RequesterExchange state = state(message.getExchange());
      OutputStream stream = message.getContent(OutputStream.class);
      if (state != null && stream != null) {
        state.requestBytes = new CountingOutputStream(stream);
        message.setContent(OutputStream.class, state.requestBytes);
      }
    }
  }

  /**
   * t1, as late as it can be taken and still travel: SoapOutInterceptor (WRITE) writes the
   * envelope's headers before the body is marshalled, so the header must be in place by then.
   * Marshalling the body and the bytes on the wire count as communication time.
   */
  private final class StampT1 extends AbstractPhaseInterceptor<Message> {
    StampT1() {
      super(Phase.WRITE);
      addBefore(SoapOutInterceptor.class.getName());
    }

    @Override
    public void handleMessage(Message message) {
      RequesterExchange state = state(message.getExchange());
      if (state == null || !(message instanceof SoapMessage soap)) {
        return;
      }
      Object address = message.get(Message.ENDPOINT_ADDRESS);
      if (address != null) {
        state.endpoint = address.toString();
      }
      state.t1 = context.clock().nowMicros();
      state.traced = context.tracing().start(Side.REQUESTER, state.t1, message);
      context.codec().write(soap, MonitoringTimestamps.EMPTY.withT1(state.t1));
    }
  }

  /** t4, first thing on the response: before any other RECEIVE interceptor wraps the stream. */
  private final class StampT4 extends AbstractPhaseInterceptor<Message> {
    StampT4() {
      super(Phase.RECEIVE);
      getBefore().add("*");
    }

    @Override
    public void handleMessage(Message message) {
      long t4 = context.clock().nowMicros();
      RequesterExchange state = state(message.getExchange());
      if (state == null) {
        return;
      }
      state.t4 = t4;
      InputStream stream = message.getContent(InputStream.class);
      if (stream != null) {
        state.responseBytes = new CountingInputStream(stream);
        message.setContent(InputStream.class, state.responseBytes);
      }
    }
  }

  /**
   * Reads the provider's t2/t3 once CXF has parsed the headers (ReadHeadersInterceptor, READ) and
   * before it diverts a fault to the in-fault chain (CheckFaultInterceptor, POST_PROTOCOL).
   */
  private final class ReadResponseStamps extends AbstractPhaseInterceptor<Message> {
    ReadResponseStamps() {
      super(Phase.PRE_PROTOCOL);
      addAfter(WsQosHeaderInterceptor.ID);
    }

    @Override
    public void handleMessage(Message message) {
      RequesterExchange state = state(message.getExchange());
      if (state == null) {
        return;
      }
      HeaderBlock<MonitoringTimestamps> block = ReadTimestamps.of(message);
      if (block.isInvalid()) {
        state.headerValidity = ReadTimestamps.validityOf(block.problem().orElseThrow());
        return;
      }
      MonitoringTimestamps stamps = block.value().orElse(null);
      if (stamps == null) {
        return;
      }
      if (stamps.t1().isPresent() && stamps.t1().getAsLong() != state.t1) {
        // The echo is not what we sent: the block was forged or belongs to another call.
        state.headerValidity = Validity.MALFORMED_TIMESTAMP;
        return;
      }
      state.t2 = stamps.t2().orElse(QosRecord.ABSENT);
      state.t3 = stamps.t3().orElse(QosRecord.ABSENT);
    }
  }

  /** The response was read and was not a fault: emit after unmarshalling, sizes complete. */
  private final class RecordSuccess extends AbstractPhaseInterceptor<Message> {
    RecordSuccess() {
      super(Phase.PRE_INVOKE);
    }

    @Override
    public void handleMessage(Message message) {
      RequesterExchange state = state(message.getExchange());
      if (state != null) {
        emit(message.getExchange(), state, Outcome.SUCCESS);
      }
    }

    @Override
    public void handleFault(Message message) {
      // The response could not be read (e.g. unmarshalling failed after our stamp).
      emitFailure(message);
    }
  }

  /**
   * The in-fault chain: a SOAP fault from the provider, or (CXF's client out-fault observer) a
   * transport failure handed over from the out chain.
   */
  private final class RecordFault extends AbstractPhaseInterceptor<Message> {
    RecordFault() {
      super(Phase.PRE_INVOKE);
    }

    @Override
    public void handleMessage(Message message) {
      Exchange exchange = message.getExchange();
      RequesterExchange state = state(exchange);
      if (state == null) {
        return;
      }
      Exception failure = message.getContent(Exception.class);
      if (failure == null) {
        failure = exchange.get(Exception.class);
      }
      Outcome outcome = ExchangeFailures.outcomeOf(failure);
      if (state.t4 != QosRecord.ABSENT
          && outcome != Outcome.BUSY
          && !ExchangeFailures.isTransportFailure(outcome)) {
        outcome = Outcome.SOAP_FAULT;
      }
      emit(exchange, state, outcome);
    }
  }
}
