package io.wsqos.binding.internal;

import io.wsqos.binding.BindingAddress;
import io.wsqos.binding.BindingKind;
import java.lang.reflect.Method;
import java.util.List;
import org.apache.cxf.feature.Feature;

/** A client of the calibration probe over one remote binding. */
public final class ProbeClient implements AutoCloseable {

  /** The probe's one operation. */
  public static final Method ECHO;

  static {
    try {
      ECHO = Probe.class.getMethod("echo", List.class);
    } catch (NoSuchMethodException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final BindingKind kind;
  private final RemoteInvoker rmi;
  private final CxfInvoker soap;

  private ProbeClient(BindingKind kind, RemoteInvoker rmi, CxfInvoker soap) {
    this.kind = kind;
    this.rmi = rmi;
    this.soap = soap;
  }

  /**
   * Connects to the probe of {@code address} (RMI or SOAP).
   *
   * @throws io.wsqos.binding.BindingFailureException if it cannot be reached
   */
  public static ProbeClient connect(
      BindingAddress address,
      List<? extends Feature> features,
      int connectTimeoutMillis,
      long receiveTimeoutMillis) {
    return switch (address.kind()) {
      case RMI ->
          new ProbeClient(
              BindingKind.RMI,
              RmiInvoker.connect(Probe.class, address, connectTimeoutMillis).stub(),
              null);
      case SOAP ->
          new ProbeClient(
              BindingKind.SOAP,
              null,
              CxfInvoker.soap(
                  Probe.class,
                  address.uri() + Probe.SOAP_SUFFIX,
                  features,
                  connectTimeoutMillis,
                  receiveTimeoutMillis));
      default ->
          throw new IllegalArgumentException(
              "probe of " + address.kind() + " (expected: rmi or soap)");
    };
  }

  /**
   * Echoes {@code items} through the probe.
   *
   * @throws Exception whatever the binding throws
   */
  public Object echo(List<ProbeItem> items) throws Throwable {
    return kind == BindingKind.RMI
        ? rmi.invoke(Probe.RMI_OPERATION, new Object[] {items})
        : soap.invoke(ECHO, new Object[] {items});
  }

  @Override
  public void close() {
    if (soap != null) {
      soap.close();
    }
  }
}
