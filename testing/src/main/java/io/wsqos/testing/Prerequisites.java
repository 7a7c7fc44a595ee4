package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Skips a test whose prerequisite is missing here (a tool such as tshark, curl or socat, python3
 * with zeep, the capabilities to make network namespaces), saying why; under CI it fails the test
 * instead, because {@code .ci/run} installs every such prerequisite and a skip there would hide
 * that a test never ran. CI is a {@value #CI_VARIABLE} environment variable set to anything but
 * empty, {@code false} or {@code 0} (CI services set {@code CI=true}).
 *
 * <p>Use it only for what {@code .ci/run} provides. What no CI machine can be given (a kernel
 * without a feature) stays a JUnit assumption, a skip everywhere.
 *
 * <pre>{@code
 * Prerequisites.assume(NetworkNamespace.unavailableReason("tc"));
 * Prerequisites.assume(onPath("curl"), "'curl' is not installed");
 * try {
 *   return FirewalledNetwork.create();
 * } catch (IllegalStateException e) {
 *   return Prerequisites.abort("network namespaces cannot be made here: " + e.getMessage());
 * }
 * }</pre>
 */
public final class Prerequisites {

  /** The environment variable that says the tests run under CI. */
  public static final String CI_VARIABLE = "CI";

  private final boolean ci;

  private Prerequisites(boolean ci) {
    this.ci = ci;
  }

  /** Prerequisites as {@code environment} (a map like {@link System#getenv()}) says. */
  static Prerequisites of(Map<String, String> environment) {
    String value = requireNonNull(environment, "environment").get(CI_VARIABLE);
    if (value == null) {
      return new Prerequisites(false);
    }
    String flag = value.strip().toLowerCase(Locale.ROOT);
    return new Prerequisites(!flag.isEmpty() && !flag.equals("false") && !flag.equals("0"));
  }

  private static Prerequisites here() {
    return of(System.getenv());
  }

  /** Whether this JVM runs under CI, where a missing prerequisite fails the test. */
  public static boolean inCi() {
    return here().ci;
  }

  /**
   * Returns if {@code met}; otherwise skips the calling test with {@code reason}, or fails it under
   * CI.
   *
   * @param reason what is missing and, where it helps, how to install it
   */
  public static void assume(boolean met, String reason) {
    here().check(met, reason);
  }

  /**
   * Returns if {@code missing} is empty; otherwise skips the calling test with its reason, or fails
   * it under CI. Fits the {@code unavailableReason} checks of the kit, such as {@link
   * io.wsqos.testing.net.NetworkNamespace#unavailableReason}.
   */
  public static void assume(Optional<String> missing) {
    requireNonNull(missing, "missing");
    if (missing.isPresent()) {
      here().missing(missing.get());
    }
  }

  /**
   * Skips the calling test with {@code reason}, or fails it under CI; never returns. Declared to
   * return anything so that a method can end with {@code return Prerequisites.abort(...)}.
   */
  public static <V> V abort(String reason) {
    return here().missing(reason);
  }

  void check(boolean met, String reason) {
    requireNonNull(reason, "reason");
    if (!met) {
      missing(reason);
    }
  }

  <V> V missing(String reason) {
    requireNonNull(reason, "reason");
    if (ci) {
      throw new AssertionFailedError(
          "prerequisite missing under CI ("
              + CI_VARIABLE
              + " is set), where .ci/run installs it: "
              + reason);
    }
    throw new TestAbortedException(
        reason + " (skipped here; with " + CI_VARIABLE + "=true this fails)");
  }
}
