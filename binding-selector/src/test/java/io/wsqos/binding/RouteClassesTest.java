package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouteClassesTest {

  /** The implementation; throws what a caller must see mapped. */
  static final class MixedImpl implements Mixed {
    @Override
    public long sum(int a, long b, short c, byte d, char e) {
      return a + b + c + d + e;
    }

    @Override
    public double scale(double x, float y, boolean negate) {
      return negate ? -x * y : x * y;
    }

    @Override
    public float half(float x) {
      return x / 2;
    }

    @Override
    public boolean any(boolean[] values) {
      for (boolean v : values) {
        if (v) {
          return true;
        }
      }
      return false;
    }

    @Override
    public void touch(List<String> seen, String value) {
      if (value == null) {
        throw new IllegalArgumentException("value: null");
      }
      seen.add(value);
    }

    @Override
    public String[] split(String text) throws IOException {
      if (text.isEmpty()) {
        throw new IOException("empty");
      }
      return text.split(",");
    }
  }

  @Test
  void onTheLocalBindingAPublicInterfaceIsImplementedByAGeneratedClass() throws Exception {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication =
            BindingPublisher.builder(Mixed.class, new MixedImpl()).local(local).publish();
        BindingProxy<Mixed> proxy =
            BindingProxy.builder(Mixed.class)
                .descriptor(publication.descriptor())
                .localRegistry(local)
                .build()) {
      Mixed mixed = proxy.service();
      List<String> seen = new ArrayList<>();

      assertThat(mixed.sum(1, 2L, (short) 3, (byte) 4, 'a')).isEqualTo(1 + 2 + 3 + 4 + 'a');
      assertThat(mixed.scale(1.5, 2f, true)).isEqualTo(-3.0);
      assertThat(mixed.half(3f)).isEqualTo(1.5f);
      assertThat(mixed.any(new boolean[] {false, true})).isTrue();
      mixed.touch(seen, "x");
      assertThat(mixed.split("a,b")).containsExactly("a", "b");
      assertThat(mixed.twice(3)).isEqualTo(6);

      assertThat(Proxy.isProxyClass(mixed.getClass())).isFalse();
      assertThat(mixed.getClass().isHidden()).isTrue();
      assertThat(seen).containsExactly("x");
      assertThat(mixed.toString())
          .isEqualTo(proxy.toString())
          .endsWith(" -> local wsqos-local:mixed]");
    }
  }

  @Test
  void theGeneratedClassMapsExceptionsAsEveryBindingDoes() {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication =
            BindingPublisher.builder(Mixed.class, new MixedImpl()).local(local).publish();
        BindingProxy<Mixed> proxy =
            BindingProxy.builder(Mixed.class)
                .descriptor(publication.descriptor())
                .localRegistry(local)
                .build()) {
      Mixed mixed = proxy.service();
      mixed.half(1f);

      assertThatThrownBy(() -> mixed.touch(new ArrayList<>(), null))
          .isInstanceOf(ServiceFailureException.class)
          .hasMessage("value: null");
      assertThatThrownBy(() -> mixed.split("")).isInstanceOf(IOException.class).hasMessage("empty");
    }
  }

  @Test
  void aClosedGeneratedProxyRefusesCalls() {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication =
        BindingPublisher.builder(Mixed.class, new MixedImpl()).local(local).publish()) {
      BindingProxy<Mixed> proxy =
          BindingProxy.builder(Mixed.class)
              .descriptor(publication.descriptor())
              .localRegistry(local)
              .build();
      Mixed mixed = proxy.service();
      mixed.half(1f);

      proxy.close();

      assertThatThrownBy(() -> mixed.half(1f))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageEndingWith("is closed");
    }
  }

  @Test
  void anInterfaceWhoseTypesAreNotAllPublicKeepsTheReflectiveProxy() {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication =
            BindingPublisher.builder(WithHiddenType.class, (WithHiddenType) s -> s.name)
                .local(local)
                .publish();
        BindingProxy<WithHiddenType> proxy =
            BindingProxy.builder(WithHiddenType.class)
                .descriptor(publication.descriptor())
                .localRegistry(local)
                .build()) {

      String name = proxy.service().name(new Secret("x"));

      assertThat(name).isEqualTo("x");
      assertThat(Proxy.isProxyClass(proxy.service().getClass())).isTrue();
    }
  }
}
