package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import java.net.URI;
import javax.xml.namespace.QName;

/**
 * A service as clients know it: a WSDL port type, which several providers may implement, and the
 * WSDL that describes it. The port type is unique in the registry and is what selections name.
 *
 * @param id the registry's id, {@code >= 1}
 * @param portType the WSDL port type; its local part not blank, at most {@value
 *     #MAX_LOCAL_PART_CHARS} characters, its namespace at most {@value #MAX_NAMESPACE_CHARS}; no
 *     control characters
 * @param wsdlLocation an absolute {@code http} or {@code https} URL, at most {@value
 *     #MAX_URL_CHARS} characters
 */
public record Service(long id, QName portType, URI wsdlLocation) {

  /** The longest local part of a port type. */
  public static final int MAX_LOCAL_PART_CHARS = 200;

  /** The longest namespace of a port type. */
  public static final int MAX_NAMESPACE_CHARS = 1000;

  /** The longest WSDL location. */
  public static final int MAX_URL_CHARS = 2000;

  /** Checks every field; see the class Javadoc for the ranges. */
  public Service {
    Checks.atLeast("id", id, 1);
    checkPortType(portType);
    checkWsdlLocation(wsdlLocation);
  }

  /**
   * Returns {@code portType} if it is a valid port type.
   *
   * @throws io.wsqos.core.InvalidValueException naming the field and what was expected
   */
  public static QName checkPortType(QName portType) {
    requireNonNull(portType, "portType");
    Checks.text("portType.localPart", portType.getLocalPart(), MAX_LOCAL_PART_CHARS);
    Checks.printable("portType.namespace", portType.getNamespaceURI(), MAX_NAMESPACE_CHARS);
    return portType;
  }

  /**
   * Returns {@code wsdlLocation} if it is a valid WSDL location.
   *
   * @throws io.wsqos.core.InvalidValueException naming the field and what was expected
   */
  public static URI checkWsdlLocation(URI wsdlLocation) {
    return Checks.httpUrl("wsdlLocation", wsdlLocation, MAX_URL_CHARS);
  }
}
