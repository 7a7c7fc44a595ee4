package io.wsqos.core.header;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import jakarta.jws.WebService;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A service's {@link ClientError} exception is logged as the client's fault (INFO, code {@code
 * Client}), as the caller gets it, not as a failure of the server (WARN): the baseline gives it its
 * code before the embedded server's fault listener logs it.
 */
class ClientErrorFaultLoggingTest {

  static final String NAMESPACE = "urn:wsqos:test:refusing";

  /** A service that refuses every request as the caller's error. */
  @WebService(targetNamespace = NAMESPACE)
  public interface Refusing {
    String refuse(String what) throws Refusal;
  }

  /** The caller's error. */
  @ClientError
  public static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    public Refusal(String message) {
      super(message);
    }
  }

  /** The implementation. */
  @WebService(
      endpointInterface = "io.wsqos.core.header.ClientErrorFaultLoggingTest$Refusing",
      targetNamespace = NAMESPACE)
  public static final class RefusingImpl implements Refusing {
    @Override
    public String refuse(String what) throws Refusal {
      throw new Refusal("no such thing: " + what);
    }
  }

  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
  private Logger listener;

  @BeforeEach
  void capture() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    listener = context.getLogger("io.wsqos.server.OneLineFaultListener");
    appender.setContext(context);
    appender.start();
    listener.addAppender(appender);
  }

  @AfterEach
  void stopCapturing() {
    listener.detachAppender(appender);
  }

  @Test
  void aServicesClientErrorIsLoggedAtInfoAsTheClientsFault() {
    try (TestServer server =
        TestServer.builder(Refusing.class, new RefusingImpl())
            .feature(new WsQosEndpointBaseline())
            .start()) {
      appender.list.clear();

      RawHttp.Response response =
          RawHttp.postXml(
              server.address(),
              ("<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/'>"
                      + "<soap:Body><r:refuse xmlns:r='"
                      + NAMESPACE
                      + "'><arg0>x</arg0></r:refuse></soap:Body></soap:Envelope>")
                  .getBytes(UTF_8));

      assertThat(response.text()).contains("<faultcode>soap:Client</faultcode>");
      List<ILoggingEvent> logged = List.copyOf(appender.list);
      assertThat(logged).hasSize(1);
      assertThat(logged.get(0).getLevel()).isEqualTo(Level.INFO);
      assertThat(logged.get(0).getFormattedMessage())
          .startsWith("Fault client at ")
          .endsWith("no such thing: x");
    }
  }
}
