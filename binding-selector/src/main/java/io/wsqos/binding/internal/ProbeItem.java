package io.wsqos.binding.internal;

import java.io.Serializable;
import java.util.Calendar;

/**
 * One item of a calibration probe: a string, a number and a date, the value types services commonly
 * carry (public fields: JAXB and Java serialization read them alike).
 */
public class ProbeItem implements Serializable {
  private static final long serialVersionUID = 1L;
  public String text;
  public long number;
  public Calendar when;
}
