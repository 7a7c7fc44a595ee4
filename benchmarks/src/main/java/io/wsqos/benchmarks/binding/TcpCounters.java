package io.wsqos.benchmarks.binding;

import java.io.Serializable;

/** The scalars of MIB-II's TCP group (RFC 1213), 14 attributes. */
public class TcpCounters implements Serializable {
  private static final long serialVersionUID = 1L;
  public int tcpRtoAlgorithm;
  public int tcpRtoMin;
  public int tcpRtoMax;
  public int tcpMaxConn;
  public long tcpActiveOpens;
  public long tcpPassiveOpens;
  public long tcpAttemptFails;
  public long tcpEstabResets;
  public long tcpCurrEstab;
  public long tcpInSegs;
  public long tcpOutSegs;
  public long tcpRetransSegs;
  public long tcpInErrs;
  public long tcpOutRsts;
}
