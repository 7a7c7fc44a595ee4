package io.wsqos.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.opentelemetry.api.OpenTelemetry;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.client.BrokerEndpointCandidates;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.jdbc.Database;
import io.wsqos.jdbc.JdbcPool;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.ExchangeTracer;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.diagnosis.AlarmListener;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.monitor.otel.OpenTelemetryTracer;
import io.wsqos.proxy.DscpMarkingFeature;
import java.net.URI;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.spring.boot.autoconfigure.CxfAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * wsqos's features on the application's CXF bus, each switched on by its {@code wsqos.*.enabled}
 * property: a feature on the bus serves every endpoint and client made on it, and closes when the
 * bus shuts down with the application context. Meters go to the application's {@link MeterRegistry}
 * (Actuator's), else Micrometer's global registry.
 */
@AutoConfiguration(
    after = CxfAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration"
    })
@ConditionalOnClass(Bus.class)
@ConditionalOnBean(Bus.class)
@EnableConfigurationProperties(WsQosProperties.class)
public class WsQosAutoConfiguration {

  private static final String OPENTELEMETRY_TRACER = "io.wsqos.monitor.otel.OpenTelemetryTracer";
  private static final String DSCP_MARKING_FEATURE = "io.wsqos.proxy.DscpMarkingFeature";
  private static final String BROKER_CLIENT = "io.wsqos.broker.client.BrokerClient";

  /** The compression feature of {@code wsqos.compression.*}. */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "wsqos.compression", name = "enabled", havingValue = "true")
  public CompressionFeature wsqosCompressionFeature(
      WsQosProperties properties, ObjectProvider<MeterRegistry> registry) {
    WsQosProperties.Compression compression = properties.getCompression();
    CompressionFeature.Builder builder =
        CompressionFeature.builder()
            .meterRegistry(registryOf(registry))
            .clientPreference(compression.getClientPreference());
    PropertyChecks.check(
        "wsqos.compression.min-body-bytes",
        compression.getMinBodyBytes(),
        () -> builder.minBodyBytes(compression.getMinBodyBytes()));
    switch (compression.getPolicy()) {
      case ALWAYS -> builder.policy(CompressionPolicy.always());
      case NEVER -> builder.policy(CompressionPolicy.never());
      case LOAD_AWARE -> {} // the builder's default: the CPU probe the feature owns
    }
    return builder.build();
  }

  /**
   * The monitoring feature of {@code wsqos.monitor.*}, which owns its log and its store, and closes
   * the rerouting and the diagnosis (the application's own, if it declares them) before its log.
   * Made after the application's own database initialization (Flyway, Liquibase, SQL scripts),
   * since its store adds its tables to the application's database when it writes there.
   */
  @Bean
  @ConditionalOnMissingBean
  @DependsOnDatabaseInitialization
  @ConditionalOnProperty(prefix = "wsqos.monitor", name = "enabled", havingValue = "true")
  public MonitoringFeature wsqosMonitoringFeature(
      WsQosProperties properties,
      ObjectProvider<MeterRegistry> registry,
      ObjectProvider<DataSource> dataSource,
      ObjectProvider<Diagnosis> diagnosis,
      ObjectProvider<ReroutingFeatures> rerouting,
      ObjectProvider<ExchangeTracer<?>> tracer) {
    WsQosProperties.Monitor monitor = properties.getMonitor();
    if (monitor.getOpentelemetry().isEnabled()
        && !ClassUtils.isPresent(OPENTELEMETRY_TRACER, getClass().getClassLoader())) {
      throw PropertyChecks.invalid(
          "wsqos.monitor.opentelemetry.enabled",
          true,
          "needs io.wsqos:wsqos-monitor-otel on the class path");
    }
    JdbcRecordStore.Builder store = JdbcRecordStore.builder();
    DataSource applications = monitor.isUseDataSource() ? dataSource.getIfUnique() : null;
    if (monitor.getJdbcUrl() != null && !monitor.getJdbcUrl().isBlank()) {
      PropertyChecks.check(
          "wsqos.monitor.jdbc-url",
          monitor.getJdbcUrl(),
          () -> store.url(monitor.getJdbcUrl(), monitor.getJdbcUser(), monitor.getJdbcPassword()));
      requireDriver(monitor.getJdbcUrl());
    } else if (applications != null) {
      store.dataSource(applications);
    }
    MeterRegistry meters = registryOf(registry);
    QosLog.Builder log = QosLog.builder(meters);
    PropertyChecks.check(
        "wsqos.monitor.flush-interval",
        monitor.getFlushInterval(),
        () -> log.flushInterval(monitor.getFlushInterval()));
    PropertyChecks.check(
        "wsqos.monitor.store-interval",
        monitor.getStoreInterval(),
        () -> log.storeInterval(monitor.getStoreInterval()));
    Diagnosis judging = diagnosis.getIfUnique();
    if (judging != null) {
      log.listener(judging);
    }
    List<AutoCloseable> closing = new ArrayList<>();
    rerouting.ifUnique(closing::add);
    if (judging != null) {
      closing.add(judging);
    }
    MonitoringFeature.Builder feature =
        MonitoringFeature.builder()
            .log(log.store(store.build()).build())
            .closing(closing.toArray(AutoCloseable[]::new))
            .meterRegistry(meters);
    tracer.ifUnique(feature::tracer);
    return feature.build();
  }

  /**
   * The diagnosis of {@code wsqos.monitor.diagnosis.*}, fed by the monitor's log, its alarms to the
   * rerouting of {@code wsqos.monitor.rerouting.*} when that is on. Its thread starts with the
   * first records and stops with the context.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "wsqos.monitor.diagnosis", name = "enabled", havingValue = "true")
  public Diagnosis wsqosDiagnosis(
      WsQosProperties properties,
      ObjectProvider<MeterRegistry> registry,
      ObjectProvider<ReroutingFeatures> rerouting) {
    List<AlarmListener> listeners = new ArrayList<>();
    rerouting.ifUnique(listeners::add);
    return MonitorParts.diagnosis(properties.getMonitor(), registryOf(registry), listeners);
  }

  /**
   * The rerouting of {@code wsqos.monitor.rerouting.*}: a {@code ReroutingFeature} per service,
   * each on the bus, its candidates from the properties or from the broker. Probe threads start
   * with the first client of their service and stop with the context.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "wsqos.monitor.rerouting", name = "enabled", havingValue = "true")
  public ReroutingFeatures wsqosReroutingFeatures(
      WsQosProperties properties,
      ObjectProvider<MeterRegistry> registry,
      ObjectProvider<EndpointCandidates> candidates) {
    return MonitorParts.rerouting(
        properties.getMonitor().getRerouting(), registryOf(registry), candidates.getIfUnique());
  }

  /**
   * Fails the start when no JDBC driver on the class path accepts {@code jdbcUrl}, naming the
   * property and the artifact to add, before the store's pool tries it.
   */
  private static void requireDriver(String jdbcUrl) {
    try {
      DriverManager.getDriver(jdbcUrl);
    } catch (SQLException noDriver) {
      String artifact =
          switch (Database.ofUrl(jdbcUrl)) {
            case POSTGRESQL -> "org.postgresql:postgresql";
            case H2 -> "com.h2database:h2";
            case OTHER -> "the database's JDBC driver";
          };
      // The value shown is redacted: a URL may carry a password.
      throw PropertyChecks.invalid(
          "wsqos.monitor.jdbc-url",
          JdbcPool.redacted(jdbcUrl),
          "no JDBC driver on the class path accepts it: add " + artifact + " to the application");
    }
  }

  /** {@code wsqos.dscp.*}: present only when {@code wsqos-qos-proxy} is on the class path. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = DSCP_MARKING_FEATURE)
  @ConditionalOnProperty(prefix = "wsqos.dscp", name = "enabled", havingValue = "true")
  static class Dscp {

    /**
     * Marks each response with the DSCP of the class its request asked for, within the entitlement.
     */
    @Bean
    @ConditionalOnMissingBean
    DscpMarkingFeature wsqosDscpMarkingFeature(
        WsQosProperties properties, ObjectProvider<MeterRegistry> registry) {
      return DscpMarkingFeature.builder()
          .entitlement(PriorityEntitlement.everyone(properties.getDscp().getEntitlement()))
          .meterRegistry(registryOf(registry))
          .build();
    }
  }

  /**
   * {@code wsqos.dscp.enabled=true} without {@code wsqos-qos-proxy}: fails the start naming both,
   * rather than leaving responses unmarked without a word.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnMissingClass(DSCP_MARKING_FEATURE)
  @ConditionalOnProperty(prefix = "wsqos.dscp", name = "enabled", havingValue = "true")
  static class DscpWithoutQosProxy {

    DscpWithoutQosProxy() {
      throw PropertyChecks.invalid(
          "wsqos.dscp.enabled", true, "needs io.wsqos:wsqos-qos-proxy on the class path");
    }
  }

  /**
   * {@code wsqos.monitor.opentelemetry.*}: present only when {@code wsqos-monitor-otel} is on the
   * class path.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = OPENTELEMETRY_TRACER)
  @ConditionalOnProperty(
      prefix = "wsqos.monitor.opentelemetry",
      name = "enabled",
      havingValue = "true")
  static class OpenTelemetryTracing {

    /**
     * The monitor's records as spans and metrics through the application's {@code OpenTelemetry}
     * bean, else through one built from the {@code OTEL_*} settings; the monitoring feature owns
     * it.
     */
    @Bean
    @ConditionalOnMissingBean(ExchangeTracer.class)
    OpenTelemetryTracer wsqosOpenTelemetryTracer(ObjectProvider<OpenTelemetry> openTelemetry) {
      OpenTelemetryTracer.Builder builder = OpenTelemetryTracer.builder();
      openTelemetry.ifUnique(builder::openTelemetry);
      return builder.build();
    }
  }

  /** {@code wsqos.broker.*}: present only when {@code wsqos-broker-api} is on the class path. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = BROKER_CLIENT)
  @ConditionalOnProperty(prefix = "wsqos.broker", name = "url")
  static class Broker {

    /** The broker's REST client, for the application to register, offer and select. */
    @Bean
    @ConditionalOnMissingBean
    BrokerClient wsqosBrokerClient(WsQosProperties properties) {
      WsQosProperties.Broker broker = properties.getBroker();
      BrokerClient.Builder builder =
          PropertyChecks.check(
              "wsqos.broker.url",
              broker.getUrl(),
              () -> BrokerClient.builder(URI.create(broker.getUrl().strip())));
      PropertyChecks.check(
          "wsqos.broker.request-timeout",
          broker.getRequestTimeout(),
          () -> builder.requestTimeout(broker.getRequestTimeout()));
      if (broker.getToken() != null && !broker.getToken().isBlank()) {
        builder.token(broker.getToken());
      }
      return builder.build();
    }

    /**
     * The broker's selections as core's {@code EndpointCandidates}, for a {@code ReroutingFeature}
     * of the application; closed with the context.
     */
    @Bean
    @ConditionalOnMissingBean(EndpointCandidates.class)
    BrokerEndpointCandidates wsqosBrokerEndpointCandidates(BrokerClient client) {
      return BrokerEndpointCandidates.builder(client).build();
    }
  }

  /**
   * {@code wsqos.broker.url} without {@code wsqos-broker-api}: fails the start naming both, rather
   * than leaving the application without its broker client without a word.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnMissingClass(BROKER_CLIENT)
  @ConditionalOnProperty(prefix = "wsqos.broker", name = "url")
  static class BrokerWithoutBrokerApi {

    BrokerWithoutBrokerApi(WsQosProperties properties) {
      throw PropertyChecks.invalid(
          "wsqos.broker.url",
          properties.getBroker().getUrl(),
          "needs io.wsqos:wsqos-broker-api on the class path");
    }
  }

  /**
   * Warns of each {@code wsqos.*} key that no property has, before any bean is made: a misspelt key
   * is otherwise ignored without a word, or shows only as the failure it causes.
   */
  @Bean
  public static BeanFactoryPostProcessor wsqosUnknownProperties(Environment environment) {
    return beanFactory -> UnknownProperties.warn(environment);
  }

  /** Puts the features above, and the optional ones, on the application's bus. */
  @Bean
  public static WsQosBusFeatures wsqosBusFeatures(
      ObjectProvider<MeterRegistry> registry,
      ObjectProvider<Feature> features,
      ObjectProvider<ReroutingFeatures> rerouting) {
    return new WsQosBusFeatures(registry, features, rerouting);
  }

  static MeterRegistry registryOf(ObjectProvider<MeterRegistry> registry) {
    MeterRegistry unique = registry.getIfUnique();
    return unique != null ? unique : Metrics.globalRegistry;
  }
}
