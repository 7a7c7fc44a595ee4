package io.wsqos.benchmarks.binding;

import java.io.Serializable;

/** One row of MIB-II's tcpConnTable: state and both endpoints. */
public class TcpConnection implements Serializable {
  private static final long serialVersionUID = 1L;
  public String tcpConnState;
  public String tcpConnLocalAddress;
  public int tcpConnLocalPort;
  public String tcpConnRemAddress;
  public int tcpConnRemPort;
}
