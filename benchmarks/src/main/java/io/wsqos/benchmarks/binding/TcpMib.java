package io.wsqos.benchmarks.binding;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import java.util.List;

/**
 * The TCP group of MIB-II as a service, after the granularity comparison of seed 004: one counter
 * per call, all counters in one call, the whole connection table in one call, or its rows one call
 * each (after a call that lists their keys, as 004's one-object-per-connection variant first
 * retrieves the objects' references).
 */
@WebService(targetNamespace = "http://binding.benchmarks.wsqos.io/mib")
public interface TcpMib {

  /** One counter of the TCP group by its MIB-II name, e.g. {@code tcpActiveOpens}. */
  long counter(@WebParam(name = "name") String name);

  /** Every scalar of the TCP group. */
  TcpCounters counters();

  /** The whole connection table. */
  List<TcpConnection> connections();

  /** The keys of the connection table's rows. */
  List<String> connectionKeys();

  /** The row of {@code key}. */
  TcpConnection connection(@WebParam(name = "key") String key);
}
