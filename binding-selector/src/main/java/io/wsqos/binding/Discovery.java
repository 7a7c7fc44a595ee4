package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Finds the facts of the environment for a service (section 3.2 of the report): whether it runs in
 * this JVM (its descriptor names this JVM and the service is in the {@link LocalRegistry}), on this
 * host (a binding's address is one of this machine's), and whether each remote binding's port
 * accepts a connection within the probe timeout, so that a firewall dropping packets shows as a
 * timeout rather than the operating system's minutes-long default. Results are cached per
 * descriptor until {@link #rediscover} is called.
 */
public final class Discovery {

  /** The default probe timeout: 500 ms, long for a LAN, short for a deployment step. */
  public static final long DEFAULT_PROBE_TIMEOUT_MILLIS = 500;

  private final Duration probeTimeout;
  private final LocalRegistry localRegistry;
  private final Clock clock;
  private final String jvm;
  private final ConcurrentMap<ServiceDescriptor, Environment> cache = new ConcurrentHashMap<>();

  private Discovery(Builder builder) {
    this.probeTimeout = builder.probeTimeout;
    this.localRegistry = builder.localRegistry;
    this.clock = builder.clock;
    this.jvm = JvmIdentity.current();
  }

  /** A builder with every default. */
  public static Builder builder() {
    return new Builder();
  }

  /** The probe timeout. */
  public Duration probeTimeout() {
    return probeTimeout;
  }

  /** The environment of {@code descriptor}'s service, from the cache when it was found before. */
  public Environment discover(ServiceDescriptor descriptor) {
    requireNonNull(descriptor, "descriptor");
    return cache.computeIfAbsent(descriptor, this::probe);
  }

  /** Probes again, replacing what the cache held for {@code descriptor}. */
  public Environment rediscover(ServiceDescriptor descriptor) {
    requireNonNull(descriptor, "descriptor");
    Environment environment = probe(descriptor);
    cache.put(descriptor, environment);
    return environment;
  }

  private Environment probe(ServiceDescriptor descriptor) {
    boolean sameJvm = jvm.equals(descriptor.jvm());
    boolean sameHost = sameJvm;
    Map<BindingKind, Reachability> reachability = new EnumMap<>(BindingKind.class);
    for (BindingAddress binding : descriptor.bindings()) {
      if (binding.kind().inJvm()) {
        reachability.put(binding.kind(), inJvm(binding, sameJvm));
      } else {
        sameHost |= isLocalAddress(binding.host());
        reachability.put(binding.kind(), probePort(binding));
      }
    }
    return new Environment(sameJvm, sameHost, reachability, clock.instant());
  }

  private Reachability inJvm(BindingAddress binding, boolean sameJvm) {
    if (!sameJvm) {
      return new Reachability(
          binding.kind(), Reachability.Outcome.NOT_IN_JVM, "published in another JVM");
    }
    if (localRegistry == null) {
      return new Reachability(
          binding.kind(), Reachability.Outcome.NOT_IN_JVM, "no local registry given");
    }
    boolean registered =
        binding.kind() == BindingKind.LOCAL
            ? localRegistry.contains(binding.name())
            : localRegistry.cxfBus(binding.name()).isPresent();
    return registered
        ? new Reachability(
            binding.kind(), Reachability.Outcome.IN_JVM, "registered as " + binding.name())
        : new Reachability(
            binding.kind(),
            Reachability.Outcome.NOT_IN_JVM,
            binding.name() + " not in the local registry");
  }

  private Reachability probePort(BindingAddress binding) {
    String where = binding.host() + ":" + binding.port();
    long timeout = probeTimeout.toMillis();
    InetAddress address;
    try {
      address = InetAddress.getByName(binding.host());
    } catch (UnknownHostException e) {
      return new Reachability(
          binding.kind(), Reachability.Outcome.UNRESOLVED, binding.host() + " does not resolve");
    }
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, binding.port()), (int) timeout);
      return new Reachability(
          binding.kind(), Reachability.Outcome.OPEN, where + " accepted a connection");
    } catch (SocketTimeoutException e) {
      return new Reachability(
          binding.kind(),
          Reachability.Outcome.TIMED_OUT,
          where + " did not answer within " + timeout + " ms");
    } catch (ConnectException e) {
      return new Reachability(
          binding.kind(), Reachability.Outcome.REFUSED, where + " refused the connection");
    } catch (NoRouteToHostException e) {
      return new Reachability(
          binding.kind(), Reachability.Outcome.UNREACHABLE, where + ": no route");
    } catch (IOException e) {
      return new Reachability(
          binding.kind(), Reachability.Outcome.UNREACHABLE, where + ": " + e.getMessage());
    }
  }

  private static boolean isLocalAddress(String host) {
    try {
      for (InetAddress address : InetAddress.getAllByName(host)) {
        if (address.isLoopbackAddress()
            || address.isAnyLocalAddress()
            || NetworkInterface.getByInetAddress(address) != null) {
          return true;
        }
      }
      return false;
    } catch (UnknownHostException | SocketException e) {
      return false;
    }
  }

  /** Configures a {@link Discovery}. */
  public static final class Builder {
    private Duration probeTimeout = Duration.ofMillis(DEFAULT_PROBE_TIMEOUT_MILLIS);
    private LocalRegistry localRegistry;
    private Clock clock = Clock.systemUTC();

    private Builder() {}

    /**
     * How long a port probe waits for the connection, 1 ms to 1 minute; default {@link
     * #DEFAULT_PROBE_TIMEOUT_MILLIS} ms.
     */
    public Builder probeTimeout(Duration timeout) {
      requireNonNull(timeout, "timeout");
      if (timeout.toMillis() < 1 || timeout.compareTo(Duration.ofMinutes(1)) > 0) {
        throw new IllegalArgumentException("probeTimeout: " + timeout + " (expected: 1 ms..1 min)");
      }
      this.probeTimeout = timeout;
      return this;
    }

    /** The registry in which in-JVM bindings are looked for; default none (no in-JVM binding). */
    public Builder localRegistry(LocalRegistry registry) {
      this.localRegistry = requireNonNull(registry, "registry");
      return this;
    }

    /** The clock that stamps discoveries; default the system's UTC clock. */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /** Builds the discovery. */
    public Discovery build() {
      return new Discovery(this);
    }
  }
}
