package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The parameter space the {@link Predictor} votes over (section 5.2 of the report): string lengths,
 * shares of null values, array and collection sizes, binary sizes, and the largest plausible
 * message. Without hints it is the report's space; each hint narrows one dimension.
 *
 * @param maxMessageBytes points whose estimate exceeds this are not plausible and do not vote
 * @param stringLengths average string lengths, in characters
 * @param nullShares the share of nullable values (objects, not primitives) that are null, 0..1
 * @param arraySizes elements per array or collection
 * @param binaryBytes bytes per {@code byte[]}
 */
public record Hints(
    long maxMessageBytes,
    List<Integer> stringLengths,
    List<Double> nullShares,
    List<Integer> arraySizes,
    List<Integer> binaryBytes) {

  /** The report's bound without hints: 300 KB. */
  public static final long DEFAULT_MAX_MESSAGE_BYTES = 300 * 1024;

  /** Checks every value. */
  public Hints {
    if (maxMessageBytes < 1) {
      throw new IllegalArgumentException(
          "maxMessageBytes: " + maxMessageBytes + " (expected: >= 1)");
    }
    stringLengths = nonEmpty("stringLengths", stringLengths);
    nullShares = nonEmpty("nullShares", nullShares);
    arraySizes = nonEmpty("arraySizes", arraySizes);
    binaryBytes = nonEmpty("binaryBytes", binaryBytes);
    stringLengths.forEach(v -> atLeast("stringLengths", v, 0));
    arraySizes.forEach(v -> atLeast("arraySizes", v, 0));
    binaryBytes.forEach(v -> atLeast("binaryBytes", v, 0));
    for (double share : nullShares) {
      if (!(share >= 0 && share <= 1)) {
        throw new IllegalArgumentException("nullShares: " + share + " (expected: 0..1)");
      }
    }
  }

  /**
   * No hint: strings of 5 to 75 characters, 0% to 90% nulls, arrays of 2, 5 and 10, binaries of 1.5
   * KB to 45 KB, messages up to {@link #DEFAULT_MAX_MESSAGE_BYTES}.
   */
  public static Hints none() {
    return new Hints(
        DEFAULT_MAX_MESSAGE_BYTES,
        List.of(5, 15, 25, 35, 45, 55, 65, 75),
        List.of(0.0, 0.3, 0.6, 0.9),
        List.of(2, 5, 10),
        List.of(1536, 15 * 1024, 45 * 1024));
  }

  /** Hint A: the largest plausible message, in bytes. */
  public Hints withMaxMessageBytes(long bytes) {
    return new Hints(bytes, stringLengths, nullShares, arraySizes, binaryBytes);
  }

  /** Hint B: the measured average string length. */
  public Hints withStringLength(int characters) {
    return new Hints(maxMessageBytes, List.of(characters), nullShares, arraySizes, binaryBytes);
  }

  /** Hint C: the measured share of nulls, taken as a range of plus and minus ten points. */
  public Hints withNullShare(double share) {
    if (!(share >= 0 && share <= 1)) {
      throw new IllegalArgumentException("nullShare: " + share + " (expected: 0..1)");
    }
    List<Double> shares = new ArrayList<>();
    for (double s : new double[] {share - 0.1, share, share + 0.1}) {
      if (s >= 0 && s <= 1) {
        shares.add(s);
      }
    }
    return new Hints(maxMessageBytes, stringLengths, shares, arraySizes, binaryBytes);
  }

  /** The measured array or collection sizes. */
  public Hints withArraySizes(int... sizes) {
    return new Hints(
        maxMessageBytes,
        stringLengths,
        nullShares,
        IntStream.of(sizes).boxed().toList(),
        binaryBytes);
  }

  /** The measured binary sizes. */
  public Hints withBinaryBytes(int... sizes) {
    return new Hints(
        maxMessageBytes,
        stringLengths,
        nullShares,
        arraySizes,
        IntStream.of(sizes).boxed().toList());
  }

  /** Every point of the space. */
  public List<Point> points() {
    List<Point> points = new ArrayList<>();
    for (int s : stringLengths) {
      for (double n : nullShares) {
        for (int a : arraySizes) {
          for (int b : binaryBytes) {
            points.add(new Point(s, n, a, b));
          }
        }
      }
    }
    return points;
  }

  /**
   * One point of the space.
   *
   * @param stringLength characters per string
   * @param nullShare share of nullable values that are null
   * @param arraySize elements per array or collection
   * @param binaryBytes bytes per {@code byte[]}
   */
  public record Point(int stringLength, double nullShare, int arraySize, int binaryBytes) {}

  private static <T> List<T> nonEmpty(String name, List<T> values) {
    requireNonNull(values, name);
    if (values.isEmpty()) {
      throw new IllegalArgumentException(name + ": empty (expected: at least one value)");
    }
    return List.copyOf(values);
  }

  private static void atLeast(String name, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: >= " + min + ")");
    }
  }
}
