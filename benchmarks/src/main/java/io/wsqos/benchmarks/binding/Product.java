package io.wsqos.benchmarks.binding;

import java.io.Serializable;

/** One product found; fields a kind of product does not have are null. */
public class Product implements Serializable {
  private static final long serialVersionUID = 1L;
  public String asin;
  public String title;
  public String creator;
  public String publisher;
  public String listPrice;
  public String availability;
  public String address;
  public String rating;
  public Integer salesRank;
}
