package io.wsqos.broker.soap;

import io.wsqos.broker.api.BrokerException;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.broker.service.OutageLog;

/** The one mapping from the broker's typed errors to the SOAP API's faults. */
final class Faults {

  static final String INVALID_INPUT = "invalid-input";
  static final String UNAUTHENTICATED = "unauthenticated";
  static final String FORBIDDEN = "forbidden";
  static final String NOT_FOUND = "not-found";
  static final String DUPLICATE = "duplicate";
  static final String VERSION_CONFLICT = "version-conflict";
  static final String REGISTRY_UNAVAILABLE = "registry-unavailable";

  // The database's own message may name hosts, tables and the pool: it goes to the log, and the
  // client gets this text instead.
  static final String UNAVAILABLE_MESSAGE = RegistryUnavailableException.CLIENT_MESSAGE;

  private Faults() {}

  /**
   * Throws the fault for {@code error}; never returns. A database outage goes to {@code outages},
   * with the database's own text.
   */
  static BrokerClientFault raise(BrokerException error, OutageLog outages)
      throws BrokerClientFault, BrokerUnavailableFault {
    if (error instanceof RegistryUnavailableException) {
      outages.refused(error.getMessage());
      throw new BrokerUnavailableFault(
          UNAVAILABLE_MESSAGE,
          new FaultDetail(REGISTRY_UNAVAILABLE, null, UNAVAILABLE_MESSAGE, true, null));
    }
    String message = error.getMessage();
    FaultDetail detail;
    if (error instanceof InvalidInputException e) {
      String field = e.field().isEmpty() ? null : e.field();
      detail = new FaultDetail(INVALID_INPUT, field, message, false, null);
    } else if (error instanceof UnauthenticatedException) {
      detail = new FaultDetail(UNAUTHENTICATED, null, message, false, null);
    } else if (error instanceof ForbiddenException) {
      detail = new FaultDetail(FORBIDDEN, null, message, false, null);
    } else if (error instanceof NotFoundException) {
      detail = new FaultDetail(NOT_FOUND, null, message, false, null);
    } else if (error instanceof DuplicateException) {
      detail = new FaultDetail(DUPLICATE, null, message, false, null);
    } else if (error instanceof VersionConflictException e) {
      detail = new FaultDetail(VERSION_CONFLICT, null, message, false, e.currentVersion());
    } else {
      throw error; // a kind this API does not know yet: a server error
    }
    throw new BrokerClientFault(message, detail);
  }
}
