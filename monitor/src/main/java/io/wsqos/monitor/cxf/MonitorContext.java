package io.wsqos.monitor.cxf;

import io.wsqos.core.header.WsQosCodec;
import io.wsqos.monitor.QosRecord;
import java.util.function.Consumer;

/** What every interceptor of one {@link MonitoringFeature} shares; immutable. */
record MonitorContext(
    WsQosCodec codec, MicrosClock clock, Consumer<QosRecord> sink, Tracing tracing) {}
