package io.wsqos.core.compression.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.InvalidValueException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A bounded, lock-free pool of objects holding native memory (deflaters, inflaters, zstd contexts).
 *
 * <p>{@link #acquire()} never blocks: it takes an idle object or makes a new one. {@link
 * #release(Object)} resets the object and keeps it if a slot is free; otherwise, or once the pool
 * is closed, it ends the object so that its native memory is freed now rather than by a cleaner
 * later.
 */
public final class NativePool<T> implements AutoCloseable {
  private final AtomicReferenceArray<T> slots;
  private final Supplier<T> factory;
  private final Consumer<T> reset;
  private final Consumer<T> end;
  private volatile boolean closed;

  /**
   * @param capacity the most idle objects kept
   * @param factory makes a new object, ready for use
   * @param reset makes a used object ready for the next use
   * @param end frees an object's native memory
   */
  public NativePool(int capacity, Supplier<T> factory, Consumer<T> reset, Consumer<T> end) {
    if (capacity < 1) {
      throw new InvalidValueException("capacity", Integer.toString(capacity), ">= 1");
    }
    this.slots = new AtomicReferenceArray<>(capacity);
    this.factory = requireNonNull(factory, "factory");
    this.reset = requireNonNull(reset, "reset");
    this.end = requireNonNull(end, "end");
  }

  /** An idle object from the pool, or a new one when none is idle. */
  public T acquire() {
    int n = slots.length();
    int start = startIndex(n);
    for (int i = 0; i < n; i++) {
      int index = (start + i) % n;
      T candidate = slots.get(index);
      if (candidate != null && slots.compareAndSet(index, candidate, null)) {
        return candidate;
      }
    }
    return factory.get();
  }

  /** Resets {@code object} and keeps it for reuse, or ends it if the pool is full or closed. */
  public void release(T object) {
    requireNonNull(object, "object");
    boolean usable;
    try {
      reset.accept(object);
      usable = true;
    } catch (RuntimeException e) {
      usable = false;
    }
    if (usable && !closed) {
      int n = slots.length();
      int start = startIndex(n);
      for (int i = 0; i < n; i++) {
        int index = (start + i) % n;
        if (slots.get(index) == null && slots.compareAndSet(index, null, object)) {
          // close() may have drained the slots between our check and the set: take it back.
          if (closed && slots.compareAndSet(index, object, null)) {
            end.accept(object);
          }
          return;
        }
      }
    }
    end.accept(object);
  }

  /** The number of idle objects held now (for tests and metrics). */
  public int idleCount() {
    int count = 0;
    for (int i = 0; i < slots.length(); i++) {
      if (slots.get(i) != null) {
        count++;
      }
    }
    return count;
  }

  /** Ends every idle object; objects released later are ended at once. */
  @Override
  public void close() {
    closed = true;
    for (int i = 0; i < slots.length(); i++) {
      T idle = slots.getAndSet(i, null);
      if (idle != null) {
        end.accept(idle);
      }
    }
  }

  private static int startIndex(int n) {
    // Spread threads over the slots so that they rarely contend for the same one.
    return (int) (Thread.currentThread().getId() % n);
  }
}
