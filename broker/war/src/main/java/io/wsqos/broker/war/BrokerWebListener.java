package io.wsqos.broker.war;

import io.wsqos.broker.app.BrokerApis;
import io.wsqos.broker.app.BrokerOptions;
import io.wsqos.broker.app.BrokerParts;
import io.wsqos.cli.Arguments;
import io.wsqos.server.CxfApplication;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker as a web application in any Jakarta Servlet 6 container. At context start it reads
 * {@link BrokerOptions} (the environment's {@code WSQOS_BROKER_*} variables over a properties file
 * named by the context parameter {@value #CONFIG_PARAMETER} or by {@code WSQOS_BROKER_CONFIG}),
 * builds the same {@link BrokerParts} as the executable jar, and registers CXF's servlet at {@code
 * /*} serving the same {@link BrokerApis} mounts (REST under {@code /api}, SOAP at {@code /soap})
 * and, unless turned off, the metrics servlet at {@code /metrics}; all paths are under the WAR's
 * context path. The options {@code host}, {@code port} and the server's limits ({@code
 * request-timeout}, {@code idle-timeout}, {@code max-request-body-bytes}, {@code
 * max-in-flight-body-bytes}) are the container's business and are not read. A bad option or an
 * unreachable database fails the context's start with one logged line naming the cause. At context
 * stop, after the container has stopped the servlets, it destroys the endpoints, then stops the
 * selector, then closes the registry.
 */
public final class BrokerWebListener implements ServletContextListener {

  /** The context parameter naming a properties file of the broker's options. */
  public static final String CONFIG_PARAMETER = "wsqos.broker.config";

  private static final Logger logger = LoggerFactory.getLogger(BrokerWebListener.class);

  // Set by contextInitialized and cleared by contextDestroyed, which the container calls in turn
  // on one thread; the instance is the container's, one per deployed context.
  private BrokerParts parts;
  private CxfApplication cxf;

  /** The container's constructor. */
  public BrokerWebListener() {}

  /**
   * The broker's options from {@code environment} and the properties file that {@code
   * configParameter} (the context parameter, if set and not blank) or the environment names.
   *
   * @throws io.wsqos.cli.UsageException naming the option and where its bad value was written
   */
  static Arguments arguments(String configParameter, Map<String, String> environment) {
    String[] args =
        configParameter == null || configParameter.isBlank()
            ? new String[0]
            : new String[] {"--" + BrokerOptions.CONFIG.name(), configParameter.strip()};
    return BrokerOptions.parse(args, environment);
  }

  @Override
  public void contextInitialized(ServletContextEvent event) {
    ServletContext context = event.getServletContext();
    Arguments arguments;
    try {
      arguments = arguments(context.getInitParameter(CONFIG_PARAMETER), System.getenv());
    } catch (IllegalArgumentException e) {
      logger.error("The broker could not start: {}", e.getMessage());
      throw e;
    }
    BrokerParts built;
    try {
      built = BrokerParts.build(arguments);
    } catch (RuntimeException e) {
      logger.error("The broker could not start: {}", e.getMessage());
      throw e;
    }
    try {
      cxf = CxfApplication.publish(built.apis());
      ServletRegistration.Dynamic servlet = context.addServlet("wsqos-broker-cxf", cxf.servlet());
      servlet.setInitParameters(CxfApplication.SERVLET_INIT_PARAMETERS);
      servlet.setLoadOnStartup(1);
      // Watches of selections are answered asynchronously.
      servlet.setAsyncSupported(true);
      servlet.addMapping("/*");
      context
          .addServlet("wsqos-broker-ready", built.readinessServlet())
          .addMapping(BrokerApis.READY_PATH);
      Optional<Servlet> metrics = built.metricsServlet();
      if (metrics.isPresent()) {
        context
            .addServlet("wsqos-broker-metrics", metrics.get())
            .addMapping(BrokerApis.METRICS_PATH);
      }
      parts = built;
      logStarted(context.getContextPath(), metrics.isPresent());
    } catch (RuntimeException | Error e) {
      closeInOrder(e, cxf, built);
      cxf = null;
      throw e;
    }
  }

  private void logStarted(String contextPath, boolean metrics) {
    logger.info(
        "Broker started: REST {}{}, OpenAPI {}{}, SOAP {}{}?wsdl, ready {}{}{}",
        contextPath,
        BrokerApis.REST_PATH,
        contextPath,
        BrokerApis.OPENAPI_PATH,
        contextPath,
        BrokerApis.SOAP_PATH,
        contextPath,
        BrokerApis.READY_PATH,
        metrics ? ", metrics " + contextPath + BrokerApis.METRICS_PATH : "");
    parts
        .generatedAdminToken()
        .ifPresent(
            token ->
                logger.warn(
                    "Administrator's token (new at every start; set WSQOS_BROKER_ADMIN_TOKEN to"
                        + " keep one): {}",
                    token));
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    if (parts == null) {
      return;
    }
    IllegalStateException failure = new IllegalStateException("broker did not stop cleanly");
    closeInOrder(failure, cxf, parts);
    cxf = null;
    parts = null;
    if (failure.getSuppressed().length > 0) {
      logger.warn("The broker did not stop cleanly", failure);
    } else {
      logger.info("Broker stopped");
    }
  }

  /**
   * Closes the {@code parts} that are not null, in order, adding their failures to {@code failure}.
   */
  private static void closeInOrder(Throwable failure, AutoCloseable... parts) {
    for (AutoCloseable part : parts) {
      if (part == null) {
        continue;
      }
      try {
        part.close();
      } catch (Exception e) {
        failure.addSuppressed(e);
      }
    }
  }
}
