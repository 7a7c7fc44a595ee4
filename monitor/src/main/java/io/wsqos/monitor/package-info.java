/**
 * End-to-end QoS monitoring: a {@link io.wsqos.monitor.QosRecord} per exchange (t1..t4 and the
 * times derived from them), the {@link io.wsqos.monitor.QosLog} logging manager that keeps them off
 * the request thread, and {@link io.wsqos.monitor.QosAnalysis} reading them back as the seeds'
 * Tables 2 and 3.
 */
package io.wsqos.monitor;
