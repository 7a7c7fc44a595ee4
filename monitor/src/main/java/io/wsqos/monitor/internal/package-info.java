/** Implementation of the monitor: storage and metrics. Not API: may change without notice. */
package io.wsqos.monitor.internal;
