package io.wsqos.spring.boot;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.monitor.Side;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /**
     * The longest a record waits for its batch to fill before the batch reaches the meters and the
     * diagnosis; it is stored up to {@code store-interval} later.
     */
    private Duration flushInterval = Duration.ofMillis(200);

    /**
     * The longest a record waits, once its batch reached the meters and the diagnosis, before it is
     * stored (and counted in {@code wsqos.monitor.records.written}); 0..1 min, 0 storing each batch
     * at once.
     */
    private Duration storeInterval = Duration.ofSeconds(5);

    private final Diagnosis diagnosis = new Diagnosis();

    private final Rerouting rerouting = new Rerouting();

    private final Opentelemetry opentelemetry = new Opentelemetry();

    /** Rules over rolling windows of the records, raising alarms ({@code Diagnosis}). */
    public Diagnosis getDiagnosis() {
      return diagnosis;
    }

    /** Moving the application's CXF clients to another provider ({@code ReroutingFeature}). */
    public Rerouting getRerouting() {
      return rerouting;
    }

    /** The records as OpenTelemetry spans and metrics ({@code wsqos-monitor-otel}). */
    public Opentelemetry getOpentelemetry() {
      return opentelemetry;
    }

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

    public Duration getStoreInterval() {
      return storeInterval;
    }

    public void setStoreInterval(Duration storeInterval) {
      this.storeInterval = storeInterval;
    }

    /**
     * {@code wsqos.monitor.diagnosis.*}: the monitor's {@code Diagnosis}, fed by the records of
     * {@code wsqos.monitor.*}, with its default rules; each rule can be switched off or given other
     * thresholds. The defaults are the {@code Diagnosis} builder's.
     */
    public static class Diagnosis {
      /** Whether the records are diagnosed; needs `wsqos.monitor.enabled`. */
      private boolean enabled;

      /** How long each window lasts; 10 ms..1 h. */
      private Duration window = Duration.ofSeconds(10); // Diagnosis.DEFAULT_WINDOW_MILLIS

      /**
       * Whose records are judged: the application's clients (requester) or endpoints (provider).
       */
      private Side side = Side.REQUESTER;

      /** The most time samples kept per endpoint and window; 1..10,000,000. */
      private int maxSamplesPerWindow = 100_000; // Diagnosis.DEFAULT_MAX_SAMPLES_PER_WINDOW

      private final P95ResponseTime p95ResponseTime = new P95ResponseTime();
      private final Availability availability = new Availability();
      private final Communication communication = new Communication();
      private final NetworkLoss networkLoss = new NetworkLoss();

      public boolean isEnabled() {
        return enabled;
      }

      public void setEnabled(boolean enabled) {
        this.enabled = enabled;
      }

      public Duration getWindow() {
        return window;
      }

      public void setWindow(Duration window) {
        this.window = window;
      }

      public Side getSide() {
        return side;
      }

      public void setSide(Side side) {
        this.side = side;
      }

      public int getMaxSamplesPerWindow() {
        return maxSamplesPerWindow;
      }

      public void setMaxSamplesPerWindow(int maxSamplesPerWindow) {
        this.maxSamplesPerWindow = maxSamplesPerWindow;
      }

      /** The rule on the 95th percentile of response time. */
      public P95ResponseTime getP95ResponseTime() {
        return p95ResponseTime;
      }

      /** The rule on availability (succeeded / requests). */
      public Availability getAvailability() {
        return availability;
      }

      /** The rule on communication's share of response time. */
      public Communication getCommunication() {
        return communication;
      }

      /** The rule on retransmission timeouts in communication time (a lossy path). */
      public NetworkLoss getNetworkLoss() {
        return networkLoss;
      }

      /** {@code DiagnosisRule.p95ResponseTimeAbove}. */
      public static class P95ResponseTime {
        /** Whether an endpoint whose p95 response time is above `threshold` raises an alarm. */
        private boolean enabled = true;

        /** The p95 response time above which a window is bad; above 0. */
        private Duration threshold = Duration.ofSeconds(1); // DEFAULT_P95_THRESHOLD_MILLIS

        /** Bad windows in a row that raise the p95 alarm; 1..1000. */
        private int consecutiveWindows = 3; // Diagnosis.DEFAULT_CONSECUTIVE_WINDOWS

        public boolean isEnabled() {
          return enabled;
        }

        public void setEnabled(boolean enabled) {
          this.enabled = enabled;
        }

        public Duration getThreshold() {
          return threshold;
        }

        public void setThreshold(Duration threshold) {
          this.threshold = threshold;
        }

        public int getConsecutiveWindows() {
          return consecutiveWindows;
        }

        public void setConsecutiveWindows(int consecutiveWindows) {
          this.consecutiveWindows = consecutiveWindows;
        }
      }

      /** {@code DiagnosisRule.availabilityBelow}. */
      public static class Availability {
        /** Whether an endpoint whose availability is below `floor` raises an alarm. */
        private boolean enabled = true;

        /** The availability below which a window is bad; above 0, at most 1. */
        private double floor = 0.9; // Diagnosis.DEFAULT_AVAILABILITY_FLOOR

        /** The fewest requests in a window for the availability rule to judge it; 1 or more. */
        private long minRequests = 10; // Diagnosis.DEFAULT_MIN_REQUESTS

        /** Bad windows in a row that raise the availability alarm; 1..1000. */
        private int consecutiveWindows = 3; // Diagnosis.DEFAULT_CONSECUTIVE_WINDOWS

        public boolean isEnabled() {
          return enabled;
        }

        public void setEnabled(boolean enabled) {
          this.enabled = enabled;
        }

        public double getFloor() {
          return floor;
        }

        public void setFloor(double floor) {
          this.floor = floor;
        }

        public long getMinRequests() {
          return minRequests;
        }

        public void setMinRequests(long minRequests) {
          this.minRequests = minRequests;
        }

        public int getConsecutiveWindows() {
          return consecutiveWindows;
        }

        public void setConsecutiveWindows(int consecutiveWindows) {
          this.consecutiveWindows = consecutiveWindows;
        }
      }

      /** {@code DiagnosisRule.communicationDominates}. */
      public static class Communication {
        /** Whether an endpoint whose response time is mostly communication raises an alarm. */
        private boolean enabled = true;

        /** The communication share of mean response time at which a window is bad; (0, 1]. */
        private double minShare = 0.8; // Diagnosis.DEFAULT_COMMUNICATION_SHARE

        /** The least mean response time for the communication rule to judge a window. */
        private Duration minMeanResponse =
            Duration.ofMillis(100); // Diagnosis.DEFAULT_MIN_MEAN_RESPONSE_MILLIS

        /** Bad windows in a row that raise the communication alarm; 1..1000. */
        private int consecutiveWindows = 3; // Diagnosis.DEFAULT_CONSECUTIVE_WINDOWS

        public boolean isEnabled() {
          return enabled;
        }

        public void setEnabled(boolean enabled) {
          this.enabled = enabled;
        }

        public double getMinShare() {
          return minShare;
        }

        public void setMinShare(double minShare) {
          this.minShare = minShare;
        }

        public Duration getMinMeanResponse() {
          return minMeanResponse;
        }

        public void setMinMeanResponse(Duration minMeanResponse) {
          this.minMeanResponse = minMeanResponse;
        }

        public int getConsecutiveWindows() {
          return consecutiveWindows;
        }

        public void setConsecutiveWindows(int consecutiveWindows) {
          this.consecutiveWindows = consecutiveWindows;
        }
      }

      /** {@code NetworkLossRule}. */
      public static class NetworkLoss {
        /** Whether a path whose communication times cluster at retransmission timeouts alarms. */
        private boolean enabled = true;

        /** The TCP's smallest retransmission timeout on the paths (Linux's); 1 ms..10 s. */
        private Duration minRto = Duration.ofMillis(200); // DEFAULT_MIN_RTO_MILLIS

        /** The estimated segment loss from which a window is bad; 0..1. */
        private double minLoss = 0.005; // NetworkLossRule.DEFAULT_MIN_LOSS

        /** The fewest exchanges in a window for the network-loss rule to judge it; 1 or more. */
        private int minExchanges = 30; // NetworkLossRule.DEFAULT_MIN_EXCHANGES

        /** Bad windows in a row that raise the network-loss alarm; 1..1000. */
        private int consecutiveWindows = 3; // Diagnosis.DEFAULT_CONSECUTIVE_WINDOWS

        public boolean isEnabled() {
          return enabled;
        }

        public void setEnabled(boolean enabled) {
          this.enabled = enabled;
        }

        public Duration getMinRto() {
          return minRto;
        }

        public void setMinRto(Duration minRto) {
          this.minRto = minRto;
        }

        public double getMinLoss() {
          return minLoss;
        }

        public void setMinLoss(double minLoss) {
          this.minLoss = minLoss;
        }

        public int getMinExchanges() {
          return minExchanges;
        }

        public void setMinExchanges(int minExchanges) {
          this.minExchanges = minExchanges;
        }

        public int getConsecutiveWindows() {
          return consecutiveWindows;
        }

        public void setConsecutiveWindows(int consecutiveWindows) {
          this.consecutiveWindows = consecutiveWindows;
        }
      }
    }

    /**
     * {@code wsqos.monitor.rerouting.*}: one {@code ReroutingFeature} per service on the bus, which
     * moves the application's clients of that service among its candidates on a transport failure
     * and on the diagnosis's alarms. The defaults are the {@code ReroutingFeature} builder's.
     */
    public static class Opentelemetry {
      /**
       * Whether each record also leaves as an OpenTelemetry span and in two metrics, through the
       * application's OpenTelemetry bean (else one built from the OTEL_* settings); needs
       * io.wsqos:wsqos-monitor-otel.
       */
      private boolean enabled;

      public boolean isEnabled() {
        return enabled;
      }

      public void setEnabled(boolean enabled) {
        this.enabled = enabled;
      }
    }

    public static class Rerouting {
      /** Whether the application's CXF clients are rerouted among their services' candidates. */
      private boolean enabled;

      /**
       * Where the candidates come from: `candidates` (static) or the broker of `wsqos.broker.url`.
       */
      private Source source = Source.STATIC;

      /**
       * Per service (a port type's or service's local name, or `[{namespace}local]`), its endpoint
       * addresses, best first: `candidates.EchoService=http://a/echo,http://b/echo`.
       */
      private Map<String, List<String>> candidates = new LinkedHashMap<>();

      /** With `source=broker`: the port types to reroute, each as `{namespace}local`. */
      private List<String> services = new ArrayList<>();

      /** The least time between two switches other than leaving a down endpoint; 1 ms..1 h. */
      private Duration cooldown = Duration.ofSeconds(30); // DEFAULT_COOLDOWN_MILLIS

      /** The time between two probes of the endpoints left behind; 10 ms..1 h. */
      private Duration probeInterval = Duration.ofSeconds(5); // DEFAULT_PROBE_INTERVAL_MILLIS

      /**
       * How long a probe (`GET ?wsdl`) may take before the endpoint counts as unfit; 1 ms..1 min.
       */
      private Duration probeTimeout = Duration.ofSeconds(2); // DEFAULT_PROBE_TIMEOUT_MILLIS

      /** Operations (local names) safe to resend to the next endpoint; default none. */
      private List<String> idempotent = new ArrayList<>();

      /** The most resends of one idempotent call; 1..16. */
      private int maxRetries = 1; // ReroutingFeature.DEFAULT_MAX_RETRIES

      /**
       * Whether a network-loss alarm moves the clients off that path; by default they stay (the
       * provider is not to blame).
       */
      private boolean rerouteOnNetworkLoss; // DEFAULT_REROUTE_ON_NETWORK_LOSS

      public boolean isEnabled() {
        return enabled;
      }

      public void setEnabled(boolean enabled) {
        this.enabled = enabled;
      }

      public Source getSource() {
        return source;
      }

      public void setSource(Source source) {
        this.source = source;
      }

      public Map<String, List<String>> getCandidates() {
        return candidates;
      }

      public void setCandidates(Map<String, List<String>> candidates) {
        this.candidates = candidates;
      }

      public List<String> getServices() {
        return services;
      }

      public void setServices(List<String> services) {
        this.services = services;
      }

      public Duration getCooldown() {
        return cooldown;
      }

      public void setCooldown(Duration cooldown) {
        this.cooldown = cooldown;
      }

      public Duration getProbeInterval() {
        return probeInterval;
      }

      public void setProbeInterval(Duration probeInterval) {
        this.probeInterval = probeInterval;
      }

      public Duration getProbeTimeout() {
        return probeTimeout;
      }

      public void setProbeTimeout(Duration probeTimeout) {
        this.probeTimeout = probeTimeout;
      }

      public List<String> getIdempotent() {
        return idempotent;
      }

      public void setIdempotent(List<String> idempotent) {
        this.idempotent = idempotent;
      }

      public int getMaxRetries() {
        return maxRetries;
      }

      public boolean isRerouteOnNetworkLoss() {
        return rerouteOnNetworkLoss;
      }

      public void setRerouteOnNetworkLoss(boolean rerouteOnNetworkLoss) {
        this.rerouteOnNetworkLoss = rerouteOnNetworkLoss;
      }

      public void setMaxRetries(int maxRetries) {
        this.maxRetries = maxRetries;
      }

      /** Where the rerouting's candidates come from. */
      public enum Source {
        /** The addresses of {@code wsqos.monitor.rerouting.candidates}. */
        STATIC,
        /** The broker's selections ({@code BrokerEndpointCandidates}); needs the broker's URL. */
        BROKER
      }
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
