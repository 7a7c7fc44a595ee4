/**
 * The monitors as a CXF feature: {@link io.wsqos.monitor.cxf.MonitoringFeature} on a client stamps
 * t1 and t4 (requester-side monitor), on a server t2 and t3 (provider-side monitor); both emit one
 * {@link io.wsqos.monitor.QosRecord} per exchange.
 */
package io.wsqos.monitor.cxf;
