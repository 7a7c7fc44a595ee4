package io.wsqos.broker.soap;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.BrokerException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.broker.service.OutageLog;
import io.wsqos.core.header.QosRequirement;
import jakarta.jws.WebService;
import java.util.Currency;
import java.util.List;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.apache.cxf.interceptor.OutFaultInterceptors;
import org.apache.cxf.phase.PhaseInterceptorChain;
import org.slf4j.LoggerFactory;

/**
 * The implementation of {@link BrokerPort}: each operation maps its request with {@link Wire},
 * calls the {@link BrokerService} as the request's {@link BearerCaller} and maps the answer, or the
 * service's typed error with {@link Faults}.
 */
@WebService(endpointInterface = "io.wsqos.broker.soap.BrokerPort")
@OutFaultInterceptors(classes = UnavailableStatusInterceptor.class)
final class BrokerEndpoint implements BrokerPort {

  private final BrokerService service;
  private final OutageLog outages =
      new OutageLog(
          LoggerFactory.getLogger(Faults.class), "A SOAP request", OutageLog.DEFAULT_INTERVAL);

  BrokerEndpoint(BrokerService service) {
    this.service = requireNonNull(service, "service");
  }

  @Override
  public ProviderToken registerProvider(String name)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.registration(service.registerProvider(caller(), name)));
  }

  @Override
  public ProviderInfo renameProvider(long id, String name)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.provider(service.renameProvider(caller(), id, name)));
  }

  @Override
  public void withdrawProvider(long id) throws BrokerClientFault, BrokerUnavailableFault {
    call(
        () -> {
          service.withdrawProvider(caller(), id);
          return null;
        });
  }

  @Override
  public ProviderToken rotateToken(long id) throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.registration(service.rotateToken(caller(), id)));
  }

  @Override
  public ServiceInfo registerService(QName portType, String wsdlLocation)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(
        () ->
            Wire.service(
                service.registerService(
                    caller(), portType, Wire.url("wsdlLocation", wsdlLocation))));
  }

  @Override
  public ServiceInfo updateService(long id, String wsdlLocation)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(
        () ->
            Wire.service(
                service.updateService(caller(), id, Wire.url("wsdlLocation", wsdlLocation))));
  }

  @Override
  public void withdrawService(long id) throws BrokerClientFault, BrokerUnavailableFault {
    call(
        () -> {
          service.withdrawService(caller(), id);
          return null;
        });
  }

  @Override
  public EndpointInfo registerEndpoint(
      long providerId, long serviceId, String address, List<String> bindings)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(
        () ->
            Wire.endpoint(
                service.registerEndpoint(
                    caller(),
                    providerId,
                    serviceId,
                    Wire.url("address", address),
                    Wire.bindings(bindings))));
  }

  @Override
  public EndpointInfo updateEndpoint(long id, String address, List<String> bindings)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(
        () ->
            Wire.endpoint(
                service.updateEndpoint(
                    caller(), id, Wire.url("address", address), Wire.bindings(bindings))));
  }

  @Override
  public void withdrawEndpoint(long id) throws BrokerClientFault, BrokerUnavailableFault {
    call(
        () -> {
          service.withdrawEndpoint(caller(), id);
          return null;
        });
  }

  @Override
  public OfferInfo publishOffer(long endpointId, OfferTermsInfo terms)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.offer(service.publishOffer(caller(), endpointId, Wire.terms(terms))));
  }

  @Override
  public OfferInfo updateOffer(long id, long version, OfferTermsInfo terms)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.offer(service.updateOffer(caller(), id, version, Wire.terms(terms))));
  }

  @Override
  public void withdrawOffer(long id, long version)
      throws BrokerClientFault, BrokerUnavailableFault {
    call(
        () -> {
          service.withdrawOffer(caller(), id, version);
          return null;
        });
  }

  @Override
  public ProviderInfo getProvider(long id) throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.provider(service.provider(caller(), id)));
  }

  @Override
  public ServiceInfo getService(long id) throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.service(service.service(caller(), id)));
  }

  @Override
  public EndpointInfo getEndpoint(long id) throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.endpoint(service.endpoint(caller(), id)));
  }

  @Override
  public OfferInfo getOffer(long id) throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.offer(service.offer(caller(), id)));
  }

  @Override
  public ProviderPage listProviders(long after, int limit)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.providers(service.providers(caller(), after, limit)));
  }

  @Override
  public ServicePage listServices(long after, int limit)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.services(service.services(caller(), after, limit)));
  }

  @Override
  public EndpointPage listEndpoints(long after, int limit)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.endpoints(service.endpoints(caller(), after, limit)));
  }

  @Override
  public OfferPage listOffers(long after, int limit)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(() -> Wire.offers(service.offers(caller(), after, limit)));
  }

  @Override
  public SelectResponse select(SelectRequest request)
      throws BrokerClientFault, BrokerUnavailableFault {
    return call(
        () -> {
          if (request == null) {
            throw new InvalidInputException("select", "select: missing (expected: a value)", null);
          }
          Caller caller = caller();
          QosRequirement requirement = Wire.requirement(request.requirement);
          Currency currency = Wire.currency("currency", request.currency);
          return Wire.selection(
              currency == null
                  ? service.select(caller, request.service, requirement)
                  : service.select(caller, request.service, requirement, currency));
        });
  }

  private static Caller caller() {
    return BearerCaller.of(PhaseInterceptorChain.getCurrentMessage());
  }

  private <T> T call(Supplier<T> operation) throws BrokerClientFault, BrokerUnavailableFault {
    try {
      return operation.get();
    } catch (BrokerException e) {
      throw Faults.raise(e, outages);
    }
  }

  @Override
  public String toString() {
    return "BrokerEndpoint[" + service + "]";
  }
}
