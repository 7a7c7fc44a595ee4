package io.wsqos.binding.internal;

import static java.util.Objects.requireNonNull;

import java.io.ObjectInputFilter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RMI binding's filter around its JEP 290 allow-list: it also refuses an array before the JDK
 * allocates it unless what is left of the stream's byte budget could hold it, and logs each refusal
 * as one WARN line naming the class, the array length or the limit that was passed.
 *
 * <p>The JDK allocates an array, and the table of a {@code HashMap} or the backing array of an
 * {@code ArrayList} it reads, from the length the stream declares, before any element arrives. So
 * an array's elements are counted against the budget when it is declared: at least one byte each
 * for {@code byte[]} and {@code boolean[]}, two for {@code char[]} and {@code short[]}, four for
 * {@code int[]} and {@code float[]}, eight for {@code long[]}, {@code double[]} and arrays of
 * references (what a reference takes on the heap without compressed references). Arrays whose
 * elements are still being read have promised their remaining bytes, so arrays nested in arrays
 * share one budget instead of each getting all of it: whatever a stream declares, what is allocated
 * ahead of its elements stays within the bytes it may still send.
 *
 * <p>One instance serves every call to an exported object, concurrently; the JDK calls it on the
 * thread that reads the stream, so the arrays being read are kept per thread. A callback at depth
 * {@code d} means every array declared at depth {@code d} or deeper has been read, which also
 * clears what a stream that failed half-way left behind once the thread reads its next call.
 */
final class StreamBudgetFilter implements ObjectInputFilter {

  /**
   * Bytes each element of an array of references counts for: a reference's size on a heap without
   * compressed references, so that such an array never takes more heap than the budget it used.
   */
  static final int REFERENCE_ELEMENT_BYTES = 8;

  private static final Logger LOG = LoggerFactory.getLogger(StreamBudgetFilter.class);

  private final String service;
  private final ObjectInputFilter allowList;
  private final long maxBytes;
  private final long maxDepth;
  private final long maxReferences;
  private final ThreadLocal<OpenArrays> open;

  /**
   * @param service names the exported service in log lines
   * @param allowList the JEP 290 pattern filter, which also checks depth, references and bytes
   * @param maxBytes the stream's byte budget
   * @param maxDepth the allow-list's depth limit, named in log lines
   * @param maxReferences the allow-list's reference limit, named in log lines
   */
  StreamBudgetFilter(
      String service,
      ObjectInputFilter allowList,
      long maxBytes,
      int maxDepth,
      long maxReferences) {
    this.service = requireNonNull(service, "service");
    this.allowList = requireNonNull(allowList, "allowList");
    this.maxBytes = maxBytes;
    this.maxDepth = maxDepth;
    this.maxReferences = maxReferences;
    this.open = ThreadLocal.withInitial(() -> new OpenArrays(maxDepth + 1));
  }

  @Override
  public Status checkInput(FilterInfo info) {
    OpenArrays arrays = open.get();
    arrays.closeFrom(info.depth());
    Status status = allowList.checkInput(info);
    if (status == Status.REJECTED) {
      refuse(info, limitPassed(info));
      return Status.REJECTED;
    }
    Class<?> type = info.serialClass();
    long length = info.arrayLength();
    if (type != null && type.isArray() && length >= 0) {
      long needed = length * elementBytes(type.getComponentType());
      long promised = arrays.promised(info.streamBytes());
      long left = maxBytes - info.streamBytes() - promised;
      if (needed > left) {
        refuse(
            info,
            type.getComponentType().getName()
                + "["
                + length
                + "] needs "
                + needed
                + " bytes, "
                + Math.max(0, left)
                + " of the "
                + maxBytes
                + "-byte budget left ("
                + promised
                + " promised to arrays being read)");
        return Status.REJECTED;
      }
      arrays.open(info.depth(), needed, info.streamBytes());
    }
    return status;
  }

  /** The fewest bytes an element of an array of {@code component} counts for. */
  static int elementBytes(Class<?> component) {
    if (component == byte.class || component == boolean.class) {
      return 1;
    }
    if (component == char.class || component == short.class) {
      return 2;
    }
    if (component == int.class || component == float.class) {
      return 4;
    }
    return REFERENCE_ELEMENT_BYTES; // long, double, and references
  }

  private String limitPassed(FilterInfo info) {
    if (info.depth() > maxDepth) {
      return "depth " + info.depth() + " over the limit " + maxDepth;
    }
    if (info.references() > maxReferences) {
      return info.references() + " references over the limit " + maxReferences;
    }
    if (info.streamBytes() > maxBytes) {
      return info.streamBytes() + " bytes over the budget " + maxBytes;
    }
    Class<?> type = info.serialClass();
    if (type == null) {
      return "refused by the allow-list";
    }
    Class<?> element = type;
    while (element.isArray()) {
      element = element.getComponentType();
    }
    return "class "
        + element.getName()
        + (element == type ? "" : " (in " + type.getName() + ")")
        + " is not on the allow-list";
  }

  private void refuse(FilterInfo info, String reason) {
    LOG.warn(
        "rmi {}: argument refused: {} (at depth {}, {} references, {} bytes read)",
        service,
        reason,
        info.depth(),
        info.references(),
        info.streamBytes());
  }

  /** The arrays of one stream whose elements are still being read, outermost first. */
  private static final class OpenArrays {
    private final long[] depth;
    private final long[] needed;
    private final long[] start;
    private int size;

    OpenArrays(long capacity) {
      int n = (int) Math.min(capacity, 1 << 16);
      depth = new long[n];
      needed = new long[n];
      start = new long[n];
    }

    void closeFrom(long callbackDepth) {
      while (size > 0 && depth[size - 1] >= callbackDepth) {
        size--;
      }
    }

    /** Bytes the open arrays still expect, given that {@code streamBytes} have been read. */
    long promised(long streamBytes) {
      long sum = 0;
      for (int i = 0; i < size; i++) {
        sum += Math.max(0, needed[i] - (streamBytes - start[i]));
      }
      return sum;
    }

    void open(long arrayDepth, long arrayBytes, long streamBytes) {
      if (size == depth.length) {
        return; // deeper than the allow-list's limit: refused by it on the next callback
      }
      depth[size] = arrayDepth;
      needed[size] = arrayBytes;
      start[size] = streamBytes;
      size++;
    }
  }
}
