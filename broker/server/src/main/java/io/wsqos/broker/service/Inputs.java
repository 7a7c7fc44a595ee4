package io.wsqos.broker.service;

import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.Service;
import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;

/** The checks of a request's values, each failure an {@link InvalidInputException} naming it. */
final class Inputs {

  /** An XML NCName, in the letters and digits of any script: a WSDL port type's local part. */
  private static final Pattern NCNAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}._\\-]*");

  private Inputs() {}

  /** {@code value}, which the request must carry. */
  static <T> T required(String field, T value) {
    return checked("", () -> Checks.required(field, value));
  }

  /** {@code id} if it is a registry id. */
  static long id(String field, long id) {
    return checked("", () -> Checks.atLeast(field, id, 1));
  }

  /**
   * The result of {@code check}, a value's own check whose {@link InvalidValueException} names the
   * field; {@code prefix} (e.g. {@code terms}) is put before that name.
   */
  static <T> T checked(String prefix, Supplier<T> check) {
    try {
      return check.get();
    } catch (InvalidValueException e) {
      throw InvalidInputException.of(prefix, e);
    }
  }

  /**
   * {@code portType} if it is a WSDL port type a request may register or select: the registry's
   * limits, an NCName as local part and a URI (or nothing) as namespace.
   */
  static QName portType(String field, QName portType) {
    required(field, portType);
    checked("", () -> Service.checkPortType(portType));
    if (!NCNAME.matcher(portType.getLocalPart()).matches()) {
      throw InvalidInputException.of(
          Checks.invalidText(field + ".localPart", portType.getLocalPart(), "an XML NCName"));
    }
    String namespace = portType.getNamespaceURI();
    if (!namespace.isEmpty()) {
      try {
        if (!new URI(namespace).isAbsolute()) {
          throw new URISyntaxException(namespace, "not absolute");
        }
      } catch (URISyntaxException e) {
        throw InvalidInputException.of(
            new InvalidValueException(
                field + ".namespace", Checks.shown(namespace), "an absolute URI or nothing", e));
      }
    }
    return portType;
  }
}
