package io.wsqos.spring.boot;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.TransportPriority;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code wsqos.*} properties: each group switches one wsqos feature on for every CXF endpoint
 * and client of the application's bus. Everything is off until its {@code enabled} is true.
 */
@ConfigurationProperties("wsqos")
public class WsQosProperties {

  private final Compression compression = new Compression();
  private final Monitor monitor = new Monitor();
  private final Dscp dscp = new Dscp();
  private final Broker broker = new Broker();

  /** Load-aware response compression ({@code CompressionFeature}). */
  public Compression getCompression() {
    return compression;
  }

  /** QoS monitoring of every exchange ({@code MonitoringFeature} and its log). */
  public Monitor getMonitor() {
    return monitor;
  }

  /** DiffServ marking of responses by the transport priority a request asks for. */
  public Dscp getDscp() {
    return dscp;
  }

  /** The Web Service Broker the application talks to. */
  public Broker getBroker() {
    return broker;
  }

  /** {@code wsqos.compression.*}. */
  public static class Compression {
    /** Whether responses are compressed (and clients ask for compressed responses). */
    private boolean enabled;

    /** When a server compresses a response its client accepts compressed. */
    private Policy policy = Policy.LOAD_AWARE;

    /** What the application's clients ask of the servers they call. */
    private CompressionPreference clientPreference = CompressionPreference.SERVER_DECIDES;

    /** A smaller response body is sent as it is. */
    private int minBodyBytes =
        1024; // CompressionFeature.DEFAULT_MIN_BODY_BYTES, as a literal for the metadata

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public Policy getPolicy() {
      return policy;
    }

    public void setPolicy(Policy policy) {
      this.policy = policy;
    }

    public CompressionPreference getClientPreference() {
      return clientPreference;
    }

    public void setClientPreference(CompressionPreference clientPreference) {
      this.clientPreference = clientPreference;
    }

    public int getMinBodyBytes() {
      return minBodyBytes;
    }

    public void setMinBodyBytes(int minBodyBytes) {
      this.minBodyBytes = minBodyBytes;
    }

    /** The server's decision. */
    public enum Policy {
      /** Compress while the system CPU load is under 80 % (sampled every 200 ms). */
      LOAD_AWARE,
      /** Compress every response whose client accepts it. */
      ALWAYS,
      /** Compress nothing (responses say so in their {@code ServerAction}). */
      NEVER
    }
  }

  /** {@code wsqos.monitor.*}. */
  public static class Monitor {
    /** Whether every exchange is timed (t1..t4) and recorded. */
    private boolean enabled;

    /**
     * Where the records go: a JDBC URL (H2 or PostgreSQL). Unset: the application's DataSource if
     * it has one (and {@code use-data-source} is true), else an H2 file {@code ./wsqos-monitor}.
     */
    private String jdbcUrl;

    /** The user for {@code jdbc-url}. */
    private String jdbcUser = "";

    /** The password for {@code jdbc-url}. */
    private String jdbcPassword = "";

    /** Whether the records go to the application's DataSource when no {@code jdbc-url} is set. */
    private boolean useDataSource = true;

    /** The longest a batch of records waits before it is written. */
    private Duration flushInterval = Duration.ofMillis(200);

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public String getJdbcUrl() {
      return jdbcUrl;
    }

    public void setJdbcUrl(String jdbcUrl) {
      this.jdbcUrl = jdbcUrl;
    }

    public String getJdbcUser() {
      return jdbcUser;
    }

    public void setJdbcUser(String jdbcUser) {
      this.jdbcUser = jdbcUser;
    }

    public String getJdbcPassword() {
      return jdbcPassword;
    }

    public void setJdbcPassword(String jdbcPassword) {
      this.jdbcPassword = jdbcPassword;
    }

    public boolean isUseDataSource() {
      return useDataSource;
    }

    public void setUseDataSource(boolean useDataSource) {
      this.useDataSource = useDataSource;
    }

    public Duration getFlushInterval() {
      return flushInterval;
    }

    public void setFlushInterval(Duration flushInterval) {
      this.flushInterval = flushInterval;
    }
  }

  /** {@code wsqos.dscp.*}; needs {@code io.wsqos:wsqos-qos-proxy}. */
  public static class Dscp {
    /** Whether responses are marked with the DSCP of the transport priority asked for. */
    private boolean enabled;

    /** The highest transport priority any client is granted; higher requests are clamped. */
    private TransportPriority entitlement = TransportPriority.ASSURED;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public TransportPriority getEntitlement() {
      return entitlement;
    }

    public void setEntitlement(TransportPriority entitlement) {
      this.entitlement = entitlement;
    }
  }

  /** {@code wsqos.broker.*}; needs {@code io.wsqos:wsqos-broker-api}. */
  public static class Broker {
    /** The broker's base URL, e.g. {@code http://broker:8090}; unset, no broker client. */
    private String url;

    /** The bearer token of the application's provider account, for writes. */
    private String token;

    /** The longest one request to the broker may take. */
    private Duration requestTimeout = Duration.ofSeconds(5);

    public String getUrl() {
      return url;
    }

    public void setUrl(String url) {
      this.url = url;
    }

    public String getToken() {
      return token;
    }

    public void setToken(String token) {
      this.token = token;
    }

    public Duration getRequestTimeout() {
      return requestTimeout;
    }

    public void setRequestTimeout(Duration requestTimeout) {
      this.requestTimeout = requestTimeout;
    }
  }
}
