package io.wsqos.core;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.apache.cxf.Bus;
import org.apache.cxf.buslifecycle.BusLifeCycleListener;
import org.apache.cxf.buslifecycle.BusLifeCycleManager;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.ClientLifeCycleListener;
import org.apache.cxf.endpoint.ClientLifeCycleManager;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.endpoint.ServerLifeCycleListener;
import org.apache.cxf.endpoint.ServerLifeCycleManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a wsqos feature starts and closes, bound to the buses, servers and clients it is added to:
 * the first {@code attach} starts what the feature owns (its threads, pools, files), and once every
 * bus, server and client it was attached to has gone, it closes them, with no call from the user.
 *
 * <p>A bus has gone when it has shut down ({@link BusLifeCycleListener#postShutdown}, after its
 * servers stopped); a server when it stops ({@link ServerLifeCycleListener#stopServer}, which
 * {@link Server#destroy()} does first), or its bus shuts down; a client when it is destroyed
 * ({@link ClientLifeCycleListener#clientDestroyed}) or its bus shuts down. {@link #close()} closes
 * by hand, at once, whatever is still attached; it is idempotent. A feature attached again after it
 * closed starts again. Attaching, closing and the listeners are synchronized: none of it is on a
 * request path.
 */
public final class FeatureLifecycle implements AutoCloseable {

  private static final Logger logger = LoggerFactory.getLogger(FeatureLifecycle.class);

  private enum State {
    NEW,
    OPEN,
    CLOSED
  }

  private final String owner;
  private final Runnable start;
  private final Runnable stop;
  private final Map<Bus, Watcher> watchers = new IdentityHashMap<>();
  private State state = State.NEW;

  /**
   * A lifecycle that runs {@code start} at the first attach (and at the first attach after a close)
   * and {@code stop} when the last attachment has gone or at {@link #close()}; {@code stop} also
   * runs at a {@link #close()} before any attach, so it must cope with a {@code start} never run.
   *
   * @param owner names the feature in log lines
   */
  public FeatureLifecycle(String owner, Runnable start, Runnable stop) {
    this.owner = Checks.notBlank("owner", owner);
    this.start = requireNonNull(start, "start");
    this.stop = requireNonNull(stop, "stop");
  }

  /** Binds the feature to {@code bus}: it closes when the bus shuts down. */
  public void attach(Bus bus) {
    requireNonNull(bus, "bus");
    hold(bus, bus);
  }

  /**
   * Binds the feature to {@code bus}, as {@link #attach(Bus)}, and hands {@code onNewClient} each
   * client made on the bus from now until the feature closes: the way a feature that acts on
   * clients, not on interceptor chains, reaches the clients of a bus it was added to.
   */
  public synchronized void attach(Bus bus, Consumer<Client> onNewClient) {
    requireNonNull(onNewClient, "onNewClient");
    attach(bus);
    watchers.get(bus).clientHooks.add(onNewClient);
  }

  /** Binds the feature to {@code server}: it closes when the server stops or its bus shuts down. */
  public void attach(Server server, Bus bus) {
    hold(requireNonNull(server, "server"), requireNonNull(bus, "bus"));
  }

  /**
   * Binds the feature to {@code client}: it closes when the client is destroyed or its bus shuts
   * down.
   */
  public void attach(Client client, Bus bus) {
    hold(requireNonNull(client, "client"), requireNonNull(bus, "bus"));
  }

  private synchronized void hold(Object holder, Bus bus) {
    if (state != State.OPEN) {
      start.run();
      state = State.OPEN;
    }
    watchers.computeIfAbsent(bus, Watcher::new).holders.add(holder);
  }

  /** Whether the feature is started and attached to a bus, server or client not gone yet. */
  public synchronized boolean isOpen() {
    return state == State.OPEN;
  }

  /**
   * Closes what the feature owns now, whatever it is still attached to, and stops watching its
   * buses. Idempotent.
   */
  @Override
  public synchronized void close() {
    if (state == State.CLOSED) {
      return;
    }
    state = State.CLOSED;
    for (Watcher watcher : new ArrayList<>(watchers.values())) {
      watcher.unregister();
    }
    watchers.clear();
    stop.run();
  }

  /** One holder on {@code watcher}'s bus has gone; with {@code busGone}, all of them. */
  private synchronized void gone(Watcher watcher, Object holder, boolean busGone) {
    if (watchers.get(watcher.bus) != watcher) {
      return;
    }
    if (busGone) {
      watcher.holders.clear();
    } else if (!watcher.holders.remove(holder)) {
      return;
    }
    if (!watcher.holders.isEmpty()) {
      return;
    }
    watchers.remove(watcher.bus);
    watcher.unregister();
    if (watchers.isEmpty() && state == State.OPEN) {
      logger.debug("Closing {}: nothing it was added to is left", owner);
      close();
    }
  }

  @Override
  public String toString() {
    return "FeatureLifecycle{" + owner + ", " + state + '}';
  }

  /** Listens, on one bus, for the end of the bus and of the servers and clients attached on it. */
  private final class Watcher
      implements BusLifeCycleListener, ServerLifeCycleListener, ClientLifeCycleListener {
    final Bus bus;
    final Set<Object> holders = Collections.newSetFromMap(new IdentityHashMap<>());
    final List<Consumer<Client>> clientHooks = new CopyOnWriteArrayList<>();

    Watcher(Bus bus) {
      this.bus = bus;
      BusLifeCycleManager busManager = bus.getExtension(BusLifeCycleManager.class);
      if (busManager != null) {
        busManager.registerLifeCycleListener(this);
      }
      ServerLifeCycleManager servers = bus.getExtension(ServerLifeCycleManager.class);
      if (servers != null) {
        servers.registerListener(this);
      }
      ClientLifeCycleManager clients = bus.getExtension(ClientLifeCycleManager.class);
      if (clients != null) {
        clients.registerListener(this);
      }
    }

    void unregister() {
      // A bus shutting down may have dropped its extensions already: nothing is left to tell.
      BusLifeCycleManager busManager = bus.getExtension(BusLifeCycleManager.class);
      if (busManager != null) {
        busManager.unregisterLifeCycleListener(this);
      }
      ServerLifeCycleManager servers = bus.getExtension(ServerLifeCycleManager.class);
      if (servers != null) {
        servers.unRegisterListener(this);
      }
      ClientLifeCycleManager clients = bus.getExtension(ClientLifeCycleManager.class);
      if (clients != null) {
        clients.unRegisterListener(this);
      }
    }

    @Override
    public void initComplete() {}

    @Override
    public void preShutdown() {}

    @Override
    public void postShutdown() {
      gone(this, bus, true);
    }

    @Override
    public void startServer(Server server) {}

    @Override
    public void stopServer(Server server) {
      gone(this, server, false);
    }

    @Override
    public void clientCreated(Client client) {
      for (Consumer<Client> hook : clientHooks) {
        hook.accept(client);
      }
    }

    @Override
    public void clientDestroyed(Client client) {
      gone(this, client, false);
    }
  }
}
