package io.wsqos.examples.bookstore;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.wsqos.monitor.Side;
import io.wsqos.monitor.jdbc.QosAnalysis;
import io.wsqos.monitor.jdbc.report.QosReport;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * {@code GET /qos/report}: the monitor's Table 2 (performance) and Table 3 (response-time
 * distribution) as {@link QosReport} prints them, over every record of the log. Query parameters:
 * {@code side=provider|requester} (default provider: the bookstore's own records) and {@code
 * service=NAME}.
 */
final class QosReportServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  private final transient DataSource dataSource;

  QosReportServlet(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String sideParameter = Optional.ofNullable(request.getParameter("side")).orElse("provider");
    if (!sideParameter.equals("provider") && !sideParameter.equals("requester")) {
      response.sendError(
          HttpServletResponse.SC_BAD_REQUEST,
          "side: " + sideParameter + " (expected: provider or requester)");
      return;
    }
    Side side = Side.valueOf(sideParameter.toUpperCase(Locale.ROOT));
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(text, true, UTF_8)) {
      QosReport.report(
          new QosAnalysis(dataSource),
          side,
          Optional.ofNullable(request.getParameter("service")),
          Optional.empty(),
          Optional.empty(),
          out,
          out);
    } catch (SQLException e) {
      log("QoS report failed", e);
      response.sendError(
          HttpServletResponse.SC_SERVICE_UNAVAILABLE, "the monitor's database: " + e.getMessage());
      return;
    }
    response.setContentType("text/plain; charset=UTF-8");
    response.getOutputStream().write(text.toByteArray());
  }
}
