package io.wsqos.broker.registry;

import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.jdbc.Jdbc;
import io.wsqos.jdbc.JdbcMigrations;
import io.wsqos.testing.db.TestDatabase;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The registry's one migration, on new and existing databases, and its tables' column lists. */
class RegistrySchemaTest {

  @Test
  void aRegistryBuiltAgainOnAnH2FileItMadeKeepsEverything(@TempDir Path directory) {
    String url = "jdbc:h2:file:" + directory.resolve("broker");
    Offer offer;
    long version;
    try (Registry registry = Registry.builder().url(url, "", "").build()) {
      Provider acme = registry.registerProvider("Acme", "a".repeat(64));
      long service =
          registry
              .registerService(
                  new QName("http://wsqos.io/examples", "Bookstore"),
                  URI.create("http://127.0.0.1:8080/bookstore?wsdl"))
              .id();
      long endpoint =
          registry
              .registerEndpoint(
                  acme.id(),
                  service,
                  URI.create("http://127.0.0.1:8080/bookstore"),
                  Set.of(Binding.SOAP_1_1),
                  ANY)
              .id();
      offer = registry.publishOffer(endpoint, terms(), ANY);
      version = registry.version();
    }

    try (Registry again = Registry.builder().url(url, "", "").build()) {

      assertThat(again.version()).isEqualTo(version);
      assertThat(again.offers(0, 10).items()).containsExactly(offer);
      assertThat(again.tokenHashes().providerIds()).containsOnlyKeys("a".repeat(64));
      assertThat(again.snapshot().candidates()).hasSize(1);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aDatabaseOfTheMigrationsBeforeTheSquashIsRefusedNamingItAndLeftAsItWas(
      TestDatabase.Kind kind, @TempDir Path migrations) throws Exception {
    // The history an earlier broker left: its V1 and V2 by name (the content is not read).
    Files.writeString(
        migrations.resolve("V1__broker_registry.sql"), "CREATE TABLE earlier_one (id INT);");
    Files.writeString(
        migrations.resolve(EarlierSchema.EARLIER_SCRIPT), "CREATE TABLE earlier_two (id INT);");
    try (TestDatabase database = TestDatabase.of(kind)) {
      JdbcMigrations.migrate(
          database.dataSource(), "filesystem:" + migrations, Registry.HISTORY_TABLE);
      long history = historyRows(database);

      assertThatThrownBy(() -> Registry.builder().url(database.url(), database.user(), "").build())
          .isInstanceOf(IllegalStateException.class)
          .hasMessage(
              "the database "
                  + database.url()
                  + " holds the registry of an earlier development version of the broker, whose"
                  + " migrations were squashed since: start on a fresh database (for an H2 file,"
                  + " delete its .mv.db file); nothing was changed");

      assertThat(historyRows(database)).isEqualTo(history);
      try (Connection c = database.connect()) {
        assertThat(columns(c, "broker_registry_version")).isEmpty();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void eachRowClassReadsColumnsItsMigratedTableHas(TestDatabase.Kind kind) throws Exception {
    try (TestDatabase database = TestDatabase.of(kind)) {
      Registry.builder().url(database.url(), database.user(), "").build().close();

      try (Connection c = database.connect()) {
        assertThat(OfferRows.COLUMNS.names())
            .containsExactlyInAnyOrderElementsOf(columns(c, "broker_offer"));
        assertThat(EndpointRows.COLUMNS.names())
            .containsExactlyInAnyOrderElementsOf(columns(c, "broker_endpoint"));
        assertThat(ServiceRows.COLUMNS.names())
            .containsExactlyInAnyOrderElementsOf(columns(c, "broker_service"));
        // The token hash is read apart, into memory, never with a provider.
        assertThat(columns(c, "broker_provider"))
            .containsExactlyInAnyOrderElementsOf(
                concat(ProviderRows.COLUMNS.names(), "token_hash"));
      }
    }
  }

  private static long historyRows(TestDatabase database) throws SQLException {
    try (Connection c = database.connect()) {
      return Jdbc.queryLong(c, "SELECT COUNT(*) FROM \"" + Registry.HISTORY_TABLE + "\"");
    }
  }

  private static List<String> concat(List<String> names, String name) {
    List<String> all = new ArrayList<>(names);
    all.add(name);
    return all;
  }

  /** The columns of {@code table} in the connection's schema, in lower case. */
  private static List<String> columns(Connection c, String table) throws SQLException {
    List<String> columns = new ArrayList<>();
    for (String name : List.of(table, table.toUpperCase(java.util.Locale.ROOT))) {
      try (ResultSet r = c.getMetaData().getColumns(c.getCatalog(), c.getSchema(), name, null)) {
        while (r.next()) {
          columns.add(r.getString("COLUMN_NAME").toLowerCase(java.util.Locale.ROOT));
        }
      }
    }
    return columns;
  }

  private static OfferTerms terms() {
    return OfferTerms.builder()
        .price("0.10", "EUR")
        .maxResponseTimeMillis(200)
        .availability(0.99)
        .throughputPerSecond(50)
        .build();
  }
}
