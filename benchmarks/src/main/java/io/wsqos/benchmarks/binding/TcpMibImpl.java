package io.wsqos.benchmarks.binding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fixed values, as 004 hard-wired its counters and its 40 connections to measure the infrastructure
 * alone; immutable after construction.
 */
public final class TcpMibImpl implements TcpMib {
  private final TcpCounters counters = new TcpCounters();
  private final Map<String, TcpConnection> rows = new LinkedHashMap<>();

  /** A table of {@code connections} rows. */
  public TcpMibImpl(int connections) {
    counters.tcpRtoAlgorithm = 4;
    counters.tcpRtoMin = 200;
    counters.tcpRtoMax = 120_000;
    counters.tcpMaxConn = -1;
    counters.tcpActiveOpens = 1_204_331;
    counters.tcpPassiveOpens = 88_212;
    counters.tcpAttemptFails = 1_203;
    counters.tcpEstabResets = 4_410;
    counters.tcpCurrEstab = connections;
    counters.tcpInSegs = 98_311_207;
    counters.tcpOutSegs = 101_877_530;
    counters.tcpRetransSegs = 30_117;
    counters.tcpInErrs = 12;
    counters.tcpOutRsts = 9_982;
    for (int i = 0; i < connections; i++) {
      TcpConnection row = new TcpConnection();
      row.tcpConnState = "established";
      row.tcpConnLocalAddress = "192.168.10." + (i % 250 + 1);
      row.tcpConnLocalPort = 1024 + i;
      row.tcpConnRemAddress = "10.0." + (i / 250) + "." + (i % 250 + 2);
      row.tcpConnRemPort = 80;
      rows.put(
          row.tcpConnLocalAddress
              + "."
              + row.tcpConnLocalPort
              + "."
              + row.tcpConnRemAddress
              + "."
              + row.tcpConnRemPort,
          row);
    }
  }

  @Override
  public long counter(String name) {
    return switch (name) {
      case "tcpActiveOpens" -> counters.tcpActiveOpens;
      case "tcpPassiveOpens" -> counters.tcpPassiveOpens;
      case "tcpCurrEstab" -> counters.tcpCurrEstab;
      case "tcpInSegs" -> counters.tcpInSegs;
      case "tcpOutSegs" -> counters.tcpOutSegs;
      default -> throw new IllegalArgumentException("no such counter: " + name);
    };
  }

  @Override
  public TcpCounters counters() {
    return counters;
  }

  @Override
  public List<TcpConnection> connections() {
    return new ArrayList<>(rows.values());
  }

  @Override
  public List<String> connectionKeys() {
    return new ArrayList<>(rows.keySet());
  }

  @Override
  public TcpConnection connection(String key) {
    TcpConnection row = rows.get(key);
    if (row == null) {
      throw new IllegalArgumentException("no such connection: " + key);
    }
    return row;
  }
}
