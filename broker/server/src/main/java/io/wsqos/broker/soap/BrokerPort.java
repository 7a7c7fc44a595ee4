package io.wsqos.broker.soap;

import io.wsqos.core.header.WsQosEndpointBaseline;
import io.wsqos.core.header.WsQosHeaderFeature;
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import java.util.List;
import javax.xml.namespace.QName;
import org.apache.cxf.feature.Features;

/**
 * The broker's SOAP API: SOAP 1.1, document/literal, in the namespace {@value
 * BrokerSoap#NAMESPACE}. Every operation goes through the {@link
 * io.wsqos.broker.service.BrokerService}: the caller's token comes from the HTTP header {@code
 * Authorization: Bearer <token>} of the POST, and a refusal is a {@link BrokerClientFault} ({@code
 * soap:Client}, its detail naming the kind of error and the field) or, when the registry's database
 * cannot answer, a {@link BrokerUnavailableFault} ({@code soap:Server}, HTTP 503). Operations take
 * their arguments as child elements of one element named after the operation, except {@link
 * #select}, whose element carries the client's {@code qos:Requirement}.
 */
// The WS-QoS header path: @ClientError faults and unparsable requests get soap:Client, answers are
// UTF-8, and the WSDL declares the WS-QoS schema that a select's Requirement follows.
@Features(classes = {WsQosHeaderFeature.class, WsQosEndpointBaseline.class})
@WebService(name = "Broker", targetNamespace = BrokerSoap.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL)
public interface BrokerPort {

  /** Registers a provider; administrator only. Returns its token, once. */
  @WebMethod(operationName = "registerProvider")
  @WebResult(name = "registration")
  ProviderToken registerProvider(@WebParam(name = "name") String name)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Renames a provider; administrator only. */
  @WebMethod(operationName = "renameProvider")
  @WebResult(name = "provider")
  ProviderInfo renameProvider(@WebParam(name = "id") long id, @WebParam(name = "name") String name)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Withdraws a provider with its endpoints and offers; administrator only. */
  @WebMethod(operationName = "withdrawProvider")
  void withdrawProvider(@WebParam(name = "id") long id)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Gives a provider a new token, and the old one stops working; administrator only. */
  @WebMethod(operationName = "rotateToken")
  @WebResult(name = "registration")
  ProviderToken rotateToken(@WebParam(name = "id") long id)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Registers the service of a WSDL port type; the administrator or a provider. */
  @WebMethod(operationName = "registerService")
  @WebResult(name = "service")
  ServiceInfo registerService(
      @WebParam(name = "portType") QName portType,
      @WebParam(name = "wsdlLocation") String wsdlLocation)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Moves the WSDL of a service; administrator only. */
  @WebMethod(operationName = "updateService")
  @WebResult(name = "service")
  ServiceInfo updateService(
      @WebParam(name = "id") long id, @WebParam(name = "wsdlLocation") String wsdlLocation)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Withdraws a service with every provider's endpoints for it; administrator only. */
  @WebMethod(operationName = "withdrawService")
  void withdrawService(@WebParam(name = "id") long id)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Registers where a provider serves a service; that provider or the administrator. */
  @WebMethod(operationName = "registerEndpoint")
  @WebResult(name = "endpoint")
  EndpointInfo registerEndpoint(
      @WebParam(name = "providerId") long providerId,
      @WebParam(name = "serviceId") long serviceId,
      @WebParam(name = "address") String address,
      @WebParam(name = "binding") List<String> bindings)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Changes an endpoint's address and bindings; its provider or the administrator. */
  @WebMethod(operationName = "updateEndpoint")
  @WebResult(name = "endpoint")
  EndpointInfo updateEndpoint(
      @WebParam(name = "id") long id,
      @WebParam(name = "address") String address,
      @WebParam(name = "binding") List<String> bindings)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Withdraws an endpoint with its offers; its provider or the administrator. */
  @WebMethod(operationName = "withdrawEndpoint")
  void withdrawEndpoint(@WebParam(name = "id") long id)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Publishes an offer for an endpoint; its provider or the administrator. */
  @WebMethod(operationName = "publishOffer")
  @WebResult(name = "offer")
  OfferInfo publishOffer(
      @WebParam(name = "endpointId") long endpointId,
      @WebParam(name = "terms") OfferTermsInfo terms)
      throws BrokerClientFault, BrokerUnavailableFault;

  /**
   * Replaces an offer's terms, read at {@code version}; its provider or the administrator. Of two
   * concurrent updates of one version, one wins and the other gets a {@code version-conflict}
   * fault.
   */
  @WebMethod(operationName = "updateOffer")
  @WebResult(name = "offer")
  OfferInfo updateOffer(
      @WebParam(name = "id") long id,
      @WebParam(name = "version") long version,
      @WebParam(name = "terms") OfferTermsInfo terms)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** Withdraws an offer, read at {@code version}; its provider or the administrator. */
  @WebMethod(operationName = "withdrawOffer")
  void withdrawOffer(@WebParam(name = "id") long id, @WebParam(name = "version") long version)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** One provider. */
  @WebMethod(operationName = "getProvider")
  @WebResult(name = "provider")
  ProviderInfo getProvider(@WebParam(name = "id") long id)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** One service. */
  @WebMethod(operationName = "getService")
  @WebResult(name = "service")
  ServiceInfo getService(@WebParam(name = "id") long id)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** One endpoint. */
  @WebMethod(operationName = "getEndpoint")
  @WebResult(name = "endpoint")
  EndpointInfo getEndpoint(@WebParam(name = "id") long id)
      throws BrokerClientFault, BrokerUnavailableFault;

  /** One offer. */
  @WebMethod(operationName = "getOffer")
  @WebResult(name = "offer")
  OfferInfo getOffer(@WebParam(name = "id") long id)
      throws BrokerClientFault, BrokerUnavailableFault;

  /**
   * The providers with an id above {@code after} (0 for the first page), at most {@code limit}
   * (1..1000).
   */
  @WebMethod(operationName = "listProviders")
  @WebResult(name = "page")
  ProviderPage listProviders(
      @WebParam(name = "after") long after, @WebParam(name = "limit") int limit)
      throws BrokerClientFault, BrokerUnavailableFault;

  /**
   * The services with an id above {@code after} (0 for the first page), at most {@code limit}
   * (1..1000).
   */
  @WebMethod(operationName = "listServices")
  @WebResult(name = "page")
  ServicePage listServices(
      @WebParam(name = "after") long after, @WebParam(name = "limit") int limit)
      throws BrokerClientFault, BrokerUnavailableFault;

  /**
   * The endpoints with an id above {@code after} (0 for the first page), at most {@code limit}
   * (1..1000).
   */
  @WebMethod(operationName = "listEndpoints")
  @WebResult(name = "page")
  EndpointPage listEndpoints(
      @WebParam(name = "after") long after, @WebParam(name = "limit") int limit)
      throws BrokerClientFault, BrokerUnavailableFault;

  /**
   * The offers with an id above {@code after} (0 for the first page), at most {@code limit}
   * (1..1000).
   */
  @WebMethod(operationName = "listOffers")
  @WebResult(name = "page")
  OfferPage listOffers(@WebParam(name = "after") long after, @WebParam(name = "limit") int limit)
      throws BrokerClientFault, BrokerUnavailableFault;

  /**
   * The offers for a service that meet the client's {@code qos:Requirement}, best first, in the
   * request's currency or the broker's default; answered from the broker's memory, also while its
   * database is unreachable ({@code mayBeStale} then says so).
   */
  @WebMethod(operationName = "select")
  @SOAPBinding(parameterStyle = SOAPBinding.ParameterStyle.BARE)
  @WebResult(name = "selectResponse", targetNamespace = BrokerSoap.NAMESPACE, partName = "result")
  SelectResponse select(
      @WebParam(name = "select", targetNamespace = BrokerSoap.NAMESPACE, partName = "request")
          SelectRequest request)
      throws BrokerClientFault, BrokerUnavailableFault;
}
