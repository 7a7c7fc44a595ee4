package io.wsqos.core.admission;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.FeatureLifecycle;
import io.wsqos.core.FeatureMeters;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.interceptor.InterceptorProvider;

/**
 * Admission control of a CXF service in any servlet container: the {@link AdmissionControl} core
 * run in CXF's first phase, before the body is parsed (the body's start is read for its class). A
 * request that waits holds its container thread; on the embedded server prefer {@link
 * AdmissionHandler}, which waits without one.
 *
 * <pre>{@code
 * factory.getFeatures().add(AdmissionControlFeature.of(AdmissionControl.builder()));
 * }</pre>
 *
 * <p>Added to a server endpoint, that endpoint has a control of its own; added to a bus, every
 * server endpoint of the bus shares one; on a client it does nothing. The meters go to the
 * builder's registry, else the bus's ({@link FeatureMeters}). The control closes (waiting requests
 * refused, meters removed) when the last bus or server it was added to goes ({@link
 * FeatureLifecycle}), or at {@link #close()}.
 */
public final class AdmissionControlFeature implements AbstractPortableFeature, AutoCloseable {

  private final AdmissionControl.Builder settings;
  private final FeatureLifecycle lifecycle;
  private final AdmissionInterceptor admission = new AdmissionInterceptor(this::control);
  private final PermitReleaseInterceptor afterSend = PermitReleaseInterceptor.afterSend();
  private final PermitReleaseInterceptor afterOneWay = PermitReleaseInterceptor.afterOneWay();
  private volatile AdmissionControl control;

  private AdmissionControlFeature(AdmissionControl.Builder settings) {
    this.settings = settings;
    this.lifecycle = new FeatureLifecycle("AdmissionControlFeature", () -> {}, this::stop);
  }

  /**
   * A feature whose control {@code settings} builds when the feature is first added (with the bus's
   * meter registry when the builder has none).
   */
  public static AdmissionControlFeature of(AdmissionControl.Builder settings) {
    return new AdmissionControlFeature(requireNonNull(settings, "settings"));
  }

  /** The control, once the feature has been added; null before, and after it closed. */
  public AdmissionControl control() {
    return control;
  }

  /** Admits {@code server}'s requests. */
  @Override
  public void initialize(Server server, Bus bus) {
    lifecycle.attach(server, bus);
    start(bus);
    doInitializeProvider(server.getEndpoint(), bus);
  }

  /** Does nothing: admission is a server's. */
  @Override
  public void initialize(Client client, Bus bus) {}

  /** Every server endpoint of {@code bus} shares one control; closes when the bus shuts down. */
  @Override
  public void initialize(Bus bus) {
    initialize(bus, bus);
  }

  @Override
  public void initialize(InterceptorProvider provider, Bus bus) {
    if (bus != null) {
      lifecycle.attach(bus);
    }
    start(bus);
    doInitializeProvider(provider, bus);
  }

  @Override
  public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
    provider.getInInterceptors().add(admission);
    provider.getInInterceptors().add(afterOneWay);
    provider.getOutInterceptors().add(afterSend);
    provider.getOutFaultInterceptors().add(afterSend);
  }

  private synchronized void start(Bus bus) {
    if (control == null) {
      if (!settings.hasMeterRegistry()) {
        settings.meterRegistry(FeatureMeters.registry(null, bus));
      }
      control = settings.build();
    }
  }

  private synchronized void stop() {
    if (control != null) {
      control.close();
      control = null;
    }
  }

  /** Closes the control now: waiting requests are refused, its meters removed. Idempotent. */
  @Override
  public void close() {
    lifecycle.close();
  }

  @Override
  public String toString() {
    return "AdmissionControlFeature{" + control + "}";
  }
}
