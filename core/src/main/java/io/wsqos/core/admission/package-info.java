/**
 * Admission control by WS-QoS class: a concurrency limit that follows the measured latency, a
 * bounded queue served by class with a share held for each, and refusals as HTTP 503 with {@code
 * Retry-After} and a {@code soap:Server} fault. {@link io.wsqos.core.admission.AdmissionControl} is
 * the core; {@link io.wsqos.core.admission.AdmissionHandler} (Jetty 12, the embedded server) and
 * {@link io.wsqos.core.admission.AdmissionControlFeature} (CXF, any container) adapt it.
 */
package io.wsqos.core.admission;
