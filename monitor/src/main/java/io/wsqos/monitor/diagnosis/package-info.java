/**
 * Diagnosis: rules evaluated over rolling windows of the records the logging manager sees, raising
 * {@link io.wsqos.monitor.diagnosis.Alarm}s when an endpoint degrades.
 */
package io.wsqos.monitor.diagnosis;
