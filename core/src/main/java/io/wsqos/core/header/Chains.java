package io.wsqos.core.header;

import java.util.List;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.PhaseInterceptor;

/** Lookups in an interceptor provider's chains, for installing an interceptor once. */
final class Chains {

  private Chains() {}

  /** Whether {@code chain} holds an interceptor with {@code id}. */
  static boolean contains(List<Interceptor<? extends Message>> chain, String id) {
    return find(chain, id) != null;
  }

  /** The interceptor of {@code chain} with {@code id}, or null. */
  static Interceptor<? extends Message> find(
      List<Interceptor<? extends Message>> chain, String id) {
    for (Interceptor<? extends Message> interceptor : chain) {
      if (interceptor instanceof PhaseInterceptor<?> phased && id.equals(phased.getId())) {
        return interceptor;
      }
    }
    return null;
  }
}
