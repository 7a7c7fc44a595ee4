package io.wsqos.benchmarks.binding;

import java.io.Serializable;

/** A product query: one interface for every kind of search, so most fields are null. */
public class ItemQuery implements Serializable {
  private static final long serialVersionUID = 1L;
  public String searchIndex;
  public String keywords;
  public String title;
  public String author;
  public String artist;
  public String actor;
  public String director;
  public String publisher;
  public String manufacturer;
  public String brand;
  public String city;
  public String cuisine;
  public String sort;
  public Integer page;
  public Integer minimumPrice;
  public Integer maximumPrice;
}
