package io.wsqos.benchmarks.binding;

import java.io.Serializable;

/** A geocoded address. */
public class Address implements Serializable {
  private static final long serialVersionUID = 1L;
  public String street;
  public String city;
  public String region;
  public String postalCode;
  public String country;
  public double latitude;
  public double longitude;
  public double confidence;
}
