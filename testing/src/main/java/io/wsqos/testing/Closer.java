package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a test opened, closed after it in the reverse order of opening, so that what was opened
 * inside something else (a server in a network namespace, a process on a database) goes first.
 * Register one per test instance:
 *
 * <pre>{@code @RegisterExtension final Closer resources = new Closer();}</pre>
 *
 * <p>Every resource is closed even when one fails; the first failure is thrown after the others are
 * closed, with the later ones added to it as suppressed.
 */
public final class Closer implements AfterEachCallback {

  private final List<AutoCloseable> resources = new ArrayList<>();

  /** Adds {@code resource} to be closed after the test, before what was added earlier. */
  public <T extends AutoCloseable> T add(T resource) {
    resources.add(requireNonNull(resource, "resource"));
    return resource;
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    closeAll();
  }

  /** Closes what was added, the last added first, and forgets it. */
  public void closeAll() throws Exception {
    Exception first = null;
    for (int i = resources.size() - 1; i >= 0; i--) {
      try {
        resources.get(i).close();
      } catch (Exception e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    resources.clear();
    if (first != null) {
      throw first;
    }
  }
}
