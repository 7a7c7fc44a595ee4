package io.wsqos.spring.boot;

import static io.wsqos.spring.boot.PropertyChecks.check;
import static io.wsqos.spring.boot.PropertyChecks.invalid;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.diagnosis.AlarmListener;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.diagnosis.DiagnosisRule;
import io.wsqos.monitor.diagnosis.NetworkLossRule;
import io.wsqos.monitor.reconfiguration.EndpointProbe;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import io.wsqos.spring.boot.PropertyChecks.Property;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds the monitor's diagnosis and rerouting from {@code wsqos.monitor.diagnosis.*} and {@code
 * wsqos.monitor.rerouting.*} with the monitor's builders, which check every value; a value they
 * refuse fails the start-up naming its property.
 */
final class MonitorParts {

  static final String DIAGNOSIS = "wsqos.monitor.diagnosis.";
  static final String REROUTING = "wsqos.monitor.rerouting.";

  private MonitorParts() {}

  /** The diagnosis, its alarms to {@code listeners}; nothing runs until the first records. */
  static Diagnosis diagnosis(
      WsQosProperties.Monitor monitor, MeterRegistry meters, List<AlarmListener> listeners) {
    WsQosProperties.Monitor.Diagnosis settings = monitor.getDiagnosis();
    if (!monitor.isEnabled()) {
      throw invalid(
          DIAGNOSIS + "enabled",
          true,
          "needs wsqos.monitor.enabled=true: the diagnosis judges the monitor's records");
    }
    Diagnosis.Builder builder = Diagnosis.builder(meters);
    check(DIAGNOSIS + "window", settings.getWindow(), () -> builder.window(settings.getWindow()));
    check(DIAGNOSIS + "side", settings.getSide(), () -> builder.side(settings.getSide()));
    check(
        DIAGNOSIS + "max-samples-per-window",
        settings.getMaxSamplesPerWindow(),
        () -> builder.maxSamplesPerWindow(settings.getMaxSamplesPerWindow()));
    List<DiagnosisRule> rules = rules(settings);
    if (rules.isEmpty()) {
      throw invalid(
          DIAGNOSIS + "p95-response-time.enabled",
          false,
          "every rule of wsqos.monitor.diagnosis is off (expected: at least one on, or"
              + " wsqos.monitor.diagnosis.enabled=false)");
    }
    rules.forEach(builder::rule);
    listeners.forEach(builder::listener);
    return builder.build();
  }

  private static List<DiagnosisRule> rules(WsQosProperties.Monitor.Diagnosis settings) {
    List<DiagnosisRule> rules = new ArrayList<>();
    WsQosProperties.Monitor.Diagnosis.P95ResponseTime p95 = settings.getP95ResponseTime();
    if (p95.isEnabled()) {
      String p = DIAGNOSIS + "p95-response-time.";
      rules.add(
          check(
              () ->
                  DiagnosisRule.p95ResponseTimeAbove(
                      p95.getThreshold(), p95.getConsecutiveWindows()),
              new Property("threshold", p + "threshold", p95.getThreshold()),
              new Property(
                  "consecutiveWindows", p + "consecutive-windows", p95.getConsecutiveWindows())));
    }
    WsQosProperties.Monitor.Diagnosis.Availability availability = settings.getAvailability();
    if (availability.isEnabled()) {
      String p = DIAGNOSIS + "availability.";
      rules.add(
          check(
              () ->
                  DiagnosisRule.availabilityBelow(
                      availability.getFloor(),
                      availability.getMinRequests(),
                      availability.getConsecutiveWindows()),
              new Property("floor", p + "floor", availability.getFloor()),
              new Property("minRequests", p + "min-requests", availability.getMinRequests()),
              new Property(
                  "consecutiveWindows",
                  p + "consecutive-windows",
                  availability.getConsecutiveWindows())));
    }
    WsQosProperties.Monitor.Diagnosis.Communication communication = settings.getCommunication();
    if (communication.isEnabled()) {
      String p = DIAGNOSIS + "communication.";
      rules.add(
          check(
              () ->
                  DiagnosisRule.communicationDominates(
                      communication.getMinShare(),
                      communication.getMinMeanResponse(),
                      communication.getConsecutiveWindows()),
              new Property("minShare", p + "min-share", communication.getMinShare()),
              new Property(
                  "minMeanResponse", p + "min-mean-response", communication.getMinMeanResponse()),
              new Property(
                  "consecutiveWindows",
                  p + "consecutive-windows",
                  communication.getConsecutiveWindows())));
    }
    WsQosProperties.Monitor.Diagnosis.NetworkLoss loss = settings.getNetworkLoss();
    if (loss.isEnabled()) {
      String p = DIAGNOSIS + "network-loss.";
      NetworkLossRule.Builder builder = NetworkLossRule.builder();
      check(p + "min-rto", loss.getMinRto(), () -> builder.minRto(loss.getMinRto()));
      check(p + "min-loss", loss.getMinLoss(), () -> builder.minLoss(loss.getMinLoss()));
      check(
          p + "min-exchanges",
          loss.getMinExchanges(),
          () -> builder.minExchanges(loss.getMinExchanges()));
      check(
          p + "consecutive-windows",
          loss.getConsecutiveWindows(),
          () -> builder.consecutiveWindows(loss.getConsecutiveWindows()));
      rules.add(builder.build());
    }
    return rules;
  }

  /**
   * One rerouting feature per service: those of {@code candidates} ({@code source=static}), or the
   * port types of {@code services} among {@code broker}'s selections ({@code source=broker}).
   *
   * @param broker the broker's candidates, {@code null} when there is no broker client
   */
  static ReroutingFeatures rerouting(
      WsQosProperties.Monitor.Rerouting settings, MeterRegistry meters, EndpointCandidates broker) {
    EndpointCandidates candidates;
    List<String> services;
    switch (settings.getSource()) {
      case STATIC -> {
        Map<String, List<String>> byService = settings.getCandidates();
        if (byService.isEmpty()) {
          throw invalid(
              REROUTING + "candidates",
              "",
              "no service (expected: candidates.<service>=<address>,<address>, best first)");
        }
        byService.forEach(MonitorParts::checkAddresses);
        candidates =
            check(REROUTING + "candidates", byService, () -> EndpointCandidates.of(byService));
        services = List.copyOf(byService.keySet());
      }
      case BROKER -> {
        if (broker == null) {
          throw invalid(
              REROUTING + "source",
              "broker",
              "needs wsqos.broker.url, and io.wsqos:wsqos-broker-api on the class path");
        }
        services = settings.getServices();
        if (services.isEmpty()) {
          throw invalid(
              REROUTING + "services",
              "",
              "none (expected: the port types to reroute, each as {namespace}local)");
        }
        services.forEach(MonitorParts::checkPortType);
        candidates = broker;
      }
      default -> throw new IllegalStateException("source: " + settings.getSource());
    }
    EndpointProbe probe =
        check(
            REROUTING + "probe-timeout",
            settings.getProbeTimeout(),
            () -> EndpointProbe.wsdl(settings.getProbeTimeout()));
    List<ReroutingFeature> features = new ArrayList<>();
    for (String service : services) {
      ReroutingFeature.Builder builder =
          check(
              REROUTING + "services",
              service,
              () -> ReroutingFeature.builder(candidates, service, meters));
      builder.probe(probe);
      check(
          REROUTING + "cooldown",
          settings.getCooldown(),
          () -> builder.cooldown(settings.getCooldown()));
      check(
          REROUTING + "probe-interval",
          settings.getProbeInterval(),
          () -> builder.probeInterval(settings.getProbeInterval()));
      check(
          REROUTING + "idempotent",
          settings.getIdempotent(),
          () -> builder.idempotent(settings.getIdempotent().toArray(String[]::new)));
      check(
          REROUTING + "max-retries",
          settings.getMaxRetries(),
          () -> builder.maxRetries(settings.getMaxRetries()));
      builder.rerouteOnNetworkLoss(settings.isRerouteOnNetworkLoss());
      features.add(builder.build());
    }
    return new ReroutingFeatures(features);
  }

  private static void checkAddresses(String service, List<String> addresses) {
    for (String address : addresses) {
      URI uri = null;
      try {
        uri = URI.create(address.strip());
      } catch (IllegalArgumentException notAUri) {
        // Reported below with what was expected.
      }
      String scheme = uri == null ? null : uri.getScheme();
      if (scheme == null
          || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
          || uri.getHost() == null) {
        throw invalid(
            REROUTING + "candidates." + service,
            addresses,
            "'" + address + "' (expected: an absolute http or https URL)");
      }
    }
  }

  private static void checkPortType(String service) {
    int end = service.indexOf('}');
    if (!service.startsWith("{") || end < 2 || end == service.length() - 1) {
      throw invalid(
          REROUTING + "services",
          service,
          "'" + service + "' (expected: a port type as {namespace}local, as the broker names it)");
    }
  }
}
