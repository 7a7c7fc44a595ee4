/** The tables' migrations and the insert; not API. */
package io.wsqos.monitor.jdbc.internal;
