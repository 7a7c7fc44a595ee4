/**
 * End-to-end QoS monitoring: a {@link io.wsqos.monitor.QosRecord} per exchange (t1..t4 and the
 * times derived from them) and the {@link io.wsqos.monitor.QosLog} logging manager that keeps them
 * off the request thread and hands them to timers, listeners and a {@link
 * io.wsqos.monitor.QosRecordStore}. Storing them in a database and reading them back as the seeds'
 * Tables 2 and 3 is the {@code wsqos-monitor-jdbc} artifact's job ({@code io.wsqos.monitor.jdbc}).
 */
package io.wsqos.monitor;
