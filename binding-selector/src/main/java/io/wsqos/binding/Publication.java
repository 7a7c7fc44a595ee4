package io.wsqos.binding;

import io.wsqos.binding.internal.CxfLocalEndpoint;
import io.wsqos.binding.internal.RmiExport;
import io.wsqos.server.EmbeddedServer;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/** A service published by {@link BindingPublisher}; {@link #close()} withdraws every binding. */
public final class Publication implements AutoCloseable {
  private final ServiceDescriptor descriptor;
  private final URI descriptorUrl;
  private final Parts parts;
  private final AtomicBoolean closed = new AtomicBoolean();

  Publication(ServiceDescriptor descriptor, URI descriptorUrl, Parts parts) {
    this.descriptor = descriptor;
    this.descriptorUrl = descriptorUrl;
    this.parts = parts;
  }

  /** The descriptor, every address absolute. */
  public ServiceDescriptor descriptor() {
    return descriptor;
  }

  /** Where the descriptor is served, when SOAP is published. */
  public Optional<URI> descriptorUrl() {
    return Optional.ofNullable(descriptorUrl);
  }

  /** The server SOAP is published on, when it is. */
  public Optional<EmbeddedServer> server() {
    return Optional.ofNullable(parts.server);
  }

  /**
   * Withdraws every binding: the server stops, RMI objects are unexported and their listening
   * sockets closed (the port refuses connections moments later, once RMI's accept thread has
   * woken), local names are removed. Idempotent.
   *
   * @throws IllegalStateException if a part did not stop cleanly; the others are stopped anyway
   */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      parts.close();
    }
  }

  @Override
  public String toString() {
    return "Publication" + descriptor.bindings() + (closed.get() ? " closed" : "");
  }

  /** What a publication started, so that a failed or closed one stops all of it. */
  static final class Parts {
    final String name;
    LocalRegistry localRegistry;
    LocalRegistry cxfLocalRegistry;
    CxfLocalEndpoint cxfLocal;
    RmiExport rmi;
    EmbeddedServer server;

    Parts(String name) {
      this.name = name;
    }

    void close() {
      List<RuntimeException> errors = new ArrayList<>();
      run(
          errors,
          () -> {
            if (server != null) {
              server.close();
            }
          });
      run(
          errors,
          () -> {
            if (rmi != null) {
              rmi.close();
            }
          });
      run(
          errors,
          () -> {
            if (cxfLocalRegistry != null) {
              cxfLocalRegistry.unregister(name);
            }
            if (cxfLocal != null) {
              cxfLocal.close();
            }
          });
      run(
          errors,
          () -> {
            if (localRegistry != null) {
              localRegistry.unregister(name);
            }
          });
      if (!errors.isEmpty()) {
        IllegalStateException failure =
            new IllegalStateException("publication did not stop cleanly: " + name);
        errors.forEach(failure::addSuppressed);
        throw failure;
      }
    }

    private static void run(List<RuntimeException> errors, Runnable step) {
      try {
        step.run();
      } catch (RuntimeException e) {
        errors.add(e);
      }
    }
  }
}
