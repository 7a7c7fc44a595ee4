package io.wsqos.binding.kit;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The service the compatibility kit runs over every binding. */
@WebService(targetNamespace = Catalog.NAMESPACE)
public interface Catalog {

  String NAMESPACE = "http://kit.binding.wsqos.io/";

  /** The item {@code sku}; {@link NotFoundException} when there is none. */
  Item find(@WebParam(name = "sku") String sku) throws NotFoundException;

  /** {@code count} items whose titles start with {@code query}. */
  List<Item> search(@WebParam(name = "query") String query, @WebParam(name = "count") int count);

  /** {@code text} as given, null included. */
  String echo(@WebParam(name = "text") String text);

  /** {@code at} moved by {@code days}; null for null. */
  Calendar shift(@WebParam(name = "at") Calendar at, @WebParam(name = "days") int days);

  /** {@code item} as the service received it, with its title upper-cased. */
  Item save(@WebParam(name = "item") Item item);

  /** {@code tags} trimmed and lower-cased, duplicates dropped; empty for null. */
  Set<String> normalize(@WebParam(name = "tags") Set<String> tags);

  /** {@code stock} with {@code added} more of each item; empty for null. */
  Map<String, Integer> restock(
      @WebParam(name = "stock") Map<String, Integer> stock, @WebParam(name = "added") int added);

  /** Throws an exception the interface does not declare, with {@code message}. */
  int fail(@WebParam(name = "message") String message);
}
