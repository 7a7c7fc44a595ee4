/** The command-line report: Tables 2 and 3 from a monitor database. */
package io.wsqos.monitor.jdbc.report;
