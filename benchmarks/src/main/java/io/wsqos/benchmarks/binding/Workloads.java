package io.wsqos.benchmarks.binding;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import java.util.List;

/**
 * One service with the report's workloads: Google's search (short strings, a few numbers), Amazon's
 * item search (a query of many optional fields, mostly null), MapPoint's address search and map
 * (strings and doubles; binary), and the financial transfer (strings, calendars and decimals,
 * request and response of equal size).
 */
@WebService(targetNamespace = "http://binding.benchmarks.wsqos.io/")
public interface Workloads {

  /** {@code results} results for {@code query}. */
  List<SearchResult> search(
      @WebParam(name = "query") String query, @WebParam(name = "results") int results);

  /** The products matching the fields of {@code query} that are set. */
  List<Product> itemSearch(@WebParam(name = "query") ItemQuery query);

  /** The addresses matching {@code address}. */
  List<Address> findAddress(@WebParam(name = "address") String address);

  /** A map image of {@code bytes} bytes around a point. */
  byte[] getMap(
      @WebParam(name = "latitude") double latitude,
      @WebParam(name = "longitude") double longitude,
      @WebParam(name = "bytes") int bytes);

  /** {@code entries} booked: the same entries with their settlement date. */
  List<LedgerEntry> post(@WebParam(name = "entries") List<LedgerEntry> entries);
}
