package io.wsqos.broker.api;

/**
 * Why the broker refused or could not do what was asked: the subclasses say which, so that a caller
 * (and the broker's SOAP and REST layers) can answer each kind in its own way.
 */
public abstract class BrokerException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  BrokerException(String message, Throwable cause) {
    super(message, cause);
  }
}
