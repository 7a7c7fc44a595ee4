package io.wsqos.benchmarks.binding;

import java.io.Serializable;

/** One search result (public fields: JAXB and Java serialization read them alike). */
public class SearchResult implements Serializable {
  private static final long serialVersionUID = 1L;
  public String url;
  public String title;
  public String snippet;
  public String cachedSize;
  public int rank;
}
