package io.wsqos.server;

import java.util.Locale;
import javax.xml.namespace.QName;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.logging.FaultListener;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs each fault of an interceptor chain in one line (fault code, message, endpoint), the stack
 * only at DEBUG, and tells CXF not to log it again: CXF's own logging writes the whole stack trace
 * for every bad request, which lets a stream of malformed requests flood the log.
 *
 * <p>A fault the client caused ({@code soap:Client} or a {@code Sender} code) is logged at INFO,
 * others at WARN.
 */
final class OneLineFaultListener implements FaultListener {

  private static final Logger logger = LoggerFactory.getLogger(OneLineFaultListener.class);

  @Override
  public boolean faultOccurred(Exception exception, String description, Message message) {
    String code = code(exception);
    boolean clientsFault =
        code.toLowerCase(Locale.ROOT).contains("client")
            || code.toLowerCase(Locale.ROOT).contains("sender");
    String line = "Fault {} at {}: {}";
    String where = endpoint(message, description);
    String text = String.valueOf(exception.getMessage()).replace('\n', ' ');
    if (clientsFault) {
      logger.info(line, code, where, text);
    } else {
      logger.warn(line, code, where, text);
    }
    if (logger.isDebugEnabled()) {
      logger.debug("Stack of the fault at " + where, exception);
    }
    return false;
  }

  private static String code(Exception exception) {
    if (exception instanceof Fault fault) {
      QName code = fault.getFaultCode();
      if (code != null) {
        return code.getLocalPart();
      }
    }
    return exception.getClass().getSimpleName();
  }

  private static String endpoint(Message message, String description) {
    Exchange exchange = message == null ? null : message.getExchange();
    Endpoint endpoint = exchange == null ? null : exchange.getEndpoint();
    if (endpoint != null && endpoint.getEndpointInfo() != null) {
      return endpoint.getEndpointInfo().getAddress()
          + " ("
          + String.valueOf(description).strip()
          + ")";
    }
    return description;
  }
}
