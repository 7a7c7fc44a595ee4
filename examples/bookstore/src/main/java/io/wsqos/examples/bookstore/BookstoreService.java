package io.wsqos.examples.bookstore;

import io.wsqos.core.header.WsQosEndpointBaseline;
import io.wsqos.core.header.WsQosHeaderFeature;
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import java.util.List;
import org.apache.cxf.feature.Features;

/**
 * The electronic book inventory service: a greeting, lite information for one book and heavy
 * information (descriptions, user reviews, similar books, hints) for several books, as SOAP 1.1
 * document/literal wrapped operations.
 */
// The WS-QoS header path on every bookstore endpoint and client, with or without other wsqos
// features (the headers are understood), and the endpoint baseline (faults carry soap:Client,
// answers are UTF-8, the WSDL declares the headers).
@Features(classes = {WsQosHeaderFeature.class, WsQosEndpointBaseline.class})
@WebService(name = "Bookstore", targetNamespace = BookstoreService.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL)
public interface BookstoreService {

  /** The XML namespace of the service's operations and types. */
  String NAMESPACE = "http://wsqos.io/ns/bookstore/1";

  /** The most books one {@link #getBookDetails} call may ask for. */
  int MAX_BOOKS_PER_DETAILS_REQUEST = 10;

  /** Returns the "Hello world!" greeting with the service's name and catalogue size. */
  @WebMethod(operationName = "hello")
  @WebResult(name = "greeting")
  Greeting hello();

  /**
   * Returns the lite information for one book: bibliographic data, price, stock, rating and a
   * summary.
   *
   * @param isbn an ISBN-13, with or without hyphens
   * @throws BookNotFoundFault if no book in the catalogue has this ISBN
   * @throws InvalidRequestFault if {@code isbn} is missing or not a valid ISBN-13
   */
  @WebMethod(operationName = "getBookInfo")
  @WebResult(name = "book")
  BookInfo getBookInfo(@WebParam(name = "isbn") String isbn)
      throws BookNotFoundFault, InvalidRequestFault;

  /**
   * Returns the heavy information for each requested book, in request order: the lite information
   * plus the full description, contents, user reviews, similar books and hints.
   *
   * @param isbns 1 to {@value #MAX_BOOKS_PER_DETAILS_REQUEST} ISBN-13s, with or without hyphens
   * @throws BookNotFoundFault if one of the ISBNs is not in the catalogue
   * @throws InvalidRequestFault if the list is empty, too long or holds an invalid ISBN-13
   */
  @WebMethod(operationName = "getBookDetails")
  @WebResult(name = "book")
  List<BookDetails> getBookDetails(@WebParam(name = "isbn") List<String> isbns)
      throws BookNotFoundFault, InvalidRequestFault;
}
