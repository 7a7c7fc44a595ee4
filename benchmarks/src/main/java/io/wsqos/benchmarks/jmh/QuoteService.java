package io.wsqos.benchmarks.jmh;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The binding benchmarks' service: one small call, a string and an int in, a double out. */
@WebService(targetNamespace = "http://jmh.benchmarks.wsqos.io/")
public interface QuoteService {

  /** The price of {@code quantity} units of {@code symbol}. */
  double price(@WebParam(name = "symbol") String symbol, @WebParam(name = "quantity") int quantity);

  /** The implementation: a little arithmetic on its arguments, so that the call is not folded. */
  final class Quotes implements QuoteService {
    @Override
    public double price(String symbol, int quantity) {
      return symbol.length() * 1.25 + quantity;
    }
  }
}
