package io.wsqos.benchmarks.binding;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.Calendar;

/** One money transfer between banks: strings, calendars and a decimal. */
public class LedgerEntry implements Serializable {
  private static final long serialVersionUID = 1L;
  public String account;
  public String counterparty;
  public String currency;
  public String reference;
  public String memo;
  public Calendar booked;
  public Calendar valued;
  public Calendar settled;
  public BigDecimal amount;
}
