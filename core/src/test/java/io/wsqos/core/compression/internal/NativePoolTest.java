package io.wsqos.core.compression.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class NativePoolTest {
  private final AtomicInteger made = new AtomicInteger();
  private final AtomicInteger resets = new AtomicInteger();
  private final List<Object> ended = new ArrayList<>();
  private final NativePool<Object> pool =
      new NativePool<>(
          2,
          () -> new Object[] {made.incrementAndGet()},
          o -> resets.incrementAndGet(),
          ended::add);

  @Test
  void releasedObjectIsResetAndReused() {
    Object first = pool.acquire();

    pool.release(first);
    Object second = pool.acquire();

    assertThat(second).isSameAs(first);
    assertThat(made).hasValue(1);
    assertThat(resets).hasValue(1);
  }

  @Test
  void objectsBeyondCapacityAreEndedOnRelease() {
    Object a = pool.acquire();
    Object b = pool.acquire();
    Object c = pool.acquire();

    pool.release(a);
    pool.release(b);
    pool.release(c);

    assertThat(pool.idleCount()).isEqualTo(2);
    assertThat(ended).containsExactly(c);
  }

  @Test
  void closeEndsIdleObjectsAndObjectsReleasedLater() {
    Object a = pool.acquire();
    Object b = pool.acquire();
    pool.release(a);

    pool.close();
    pool.release(b);

    assertThat(ended).containsExactly(a, b);
    assertThat(pool.idleCount()).isZero();
  }

  @Test
  void objectWhoseResetFailsIsEndedNotKept() {
    NativePool<Object> failing =
        new NativePool<>(
            2,
            Object::new,
            o -> {
              throw new IllegalStateException("broken");
            },
            ended::add);
    Object a = failing.acquire();

    failing.release(a);

    assertThat(ended).containsExactly(a);
    assertThat(failing.idleCount()).isZero();
  }
}
