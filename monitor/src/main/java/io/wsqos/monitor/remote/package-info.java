/**
 * The logging manager as a web service: {@link io.wsqos.monitor.remote.QosLogEndpoint} serves a
 * {@link io.wsqos.monitor.QosLog} as {@link io.wsqos.monitor.remote.QosLogService}, and a log built
 * with {@code QosLog.builder(...).store(new RemoteRecordStore(address))} sends its batches there
 * through {@link io.wsqos.monitor.remote.RemoteRecordStore}, so that many requesters report to one
 * database.
 */
package io.wsqos.monitor.remote;
