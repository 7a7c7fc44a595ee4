package io.wsqos.testing.db;

import static java.util.Objects.requireNonNull;

import java.util.function.Consumer;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fresh {@link TestDatabase} for every test, migrated before it and dropped after it:
 *
 * <pre>{@code
 * @RegisterExtension
 * final TestDatabaseExtension database =
 *     TestDatabaseExtension.of(TestDatabase.Kind.H2).migratedBy(ds -> new Store(ds).migrate());
 * }</pre>
 */
public final class TestDatabaseExtension implements BeforeEachCallback, AfterEachCallback {

  private final TestDatabase.Kind kind;
  private final Consumer<DataSource> migration;
  private TestDatabase database;

  private TestDatabaseExtension(TestDatabase.Kind kind, Consumer<DataSource> migration) {
    this.kind = kind;
    this.migration = migration;
  }

  /** A database of {@code kind}, left empty. */
  public static TestDatabaseExtension of(TestDatabase.Kind kind) {
    return new TestDatabaseExtension(requireNonNull(kind, "kind"), dataSource -> {});
  }

  /** The same extension, running {@code migration} on each new database before the test. */
  public TestDatabaseExtension migratedBy(Consumer<DataSource> migration) {
    return new TestDatabaseExtension(kind, requireNonNull(migration, "migration"));
  }

  /**
   * The current test's database.
   *
   * @throws IllegalStateException outside a test
   */
  public TestDatabase database() {
    if (database == null) {
      throw new IllegalStateException("no database outside a test");
    }
    return database;
  }

  @Override
  public void beforeEach(ExtensionContext context) throws Exception {
    TestDatabase created = TestDatabase.of(kind);
    try {
      database = created.migrated(migration);
    } catch (RuntimeException e) {
      try (created) {
        throw e;
      }
    }
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    try (TestDatabase closing = database) {
      database = null;
    }
  }
}
