package io.wsqos.binding.internal;

import jakarta.jws.WebService;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.apache.cxf.jaxws.JaxWsClientFactoryBean;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.jaxws.binding.soap.JaxWsSoapBindingConfiguration;
import org.apache.cxf.jaxws.support.JaxWsServiceFactoryBean;

/**
 * Lets CXF's JAX-WS frontend serve and call an interface without {@code @WebService}: JAX-WS takes
 * only an annotated interface's methods as operations, so an unannotated one would publish a
 * service without any. Here its methods are operations as an annotated interface's would be; every
 * other choice (parameter names {@code arg0}.., wrapper elements, the namespace from the package)
 * stays JAX-WS's default, the same on the server and the client.
 */
public final class PlainInterfaces {

  private PlainInterfaces() {}

  /**
   * Lets {@code factory} serve {@code sei} when it has no {@code @WebService}; leaves it as it is
   * for an annotated one.
   */
  public static void configure(JaxWsServerFactoryBean factory, Class<?> sei) {
    if (!sei.isAnnotationPresent(WebService.class)) {
      JaxWsServiceFactoryBean service = new OperationsOf(sei);
      factory.setServiceFactory(service);
      // The SOAP binding's settings come from the service factory's too.
      factory.setBindingConfig(new JaxWsSoapBindingConfiguration(service));
    }
  }

  /** A client factory for {@code sei}, CXF's own for an annotated interface. */
  public static JaxWsProxyFactoryBean clientFactory(Class<?> sei) {
    if (sei.isAnnotationPresent(WebService.class)) {
      return new JaxWsProxyFactoryBean();
    }
    JaxWsClientFactoryBean client = new JaxWsClientFactoryBean();
    client.setServiceFactory(new OperationsOf(sei));
    return new JaxWsProxyFactoryBean(client);
  }

  /** CXF asks its configurations for every other method (e.g. the implementor's own). */
  private static final class OperationsOf extends JaxWsServiceFactoryBean {
    private final Class<?> sei;

    OperationsOf(Class<?> sei) {
      this.sei = sei;
    }

    @Override
    protected boolean isValidMethod(Method method) {
      Class<?> declaring = method.getDeclaringClass();
      if (declaring.isInterface()
          && declaring.isAssignableFrom(sei)
          && !Modifier.isStatic(method.getModifiers())
          && !method.isSynthetic()) {
        return true;
      }
      return super.isValidMethod(method);
    }
  }
}
