package io.wsqos.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceTest {

  private static final Option<Integer> PORT =
      Option.integer("port", 8090, 0, 65_535, "Port to listen on");
  private static final Option<String> JDBC_URL =
      Option.string("jdbc-url", "jdbc:h2:mem:x", "Database");
  private static final Option<Boolean> VERBOSE = Option.flag("verbose", "Say more");
  private static final Options OPTIONS = Options.of("cmd", "Does things.", PORT, JDBC_URL, VERBOSE);

  private static Source file(String... entries) {
    Properties properties = new Properties();
    for (int i = 0; i < entries.length; i += 2) {
      properties.setProperty(entries[i], entries[i + 1]);
    }
    return Source.properties("app.properties", properties);
  }

  private static Source env(String... entries) {
    Map<String, String> variables = new java.util.HashMap<>();
    for (int i = 0; i < entries.length; i += 2) {
      variables.put(entries[i], entries[i + 1]);
    }
    variables.put("PATH", "/usr/bin"); // without the prefix: not ours
    return Source.environment("APP_", variables);
  }

  @Test
  void commandLineBeatsEnvironmentBeatsFileBeatsDefault() {
    Arguments all =
        OPTIONS.parse(
            List.of(file("port", "1", "jdbc-url", "jdbc:file"), env("APP_PORT", "2")),
            "--port",
            "3");
    assertThat(all.get(PORT)).isEqualTo(3);
    assertThat(all.get(JDBC_URL)).isEqualTo("jdbc:file");
    assertThat(all.get(VERBOSE)).isFalse();

    assertThat(OPTIONS.parse(List.of(file("port", "1"), env("APP_PORT", "2"))).get(PORT))
        .isEqualTo(2);
    assertThat(OPTIONS.parse(List.of(file("port", "1"), env())).get(PORT)).isEqualTo(1);
    assertThat(OPTIONS.parse(List.of(file(), env())).get(PORT)).isEqualTo(8090);
    assertThat(OPTIONS.parse(List.of(file(), env("APP_VERBOSE", "true"))).get(VERBOSE)).isTrue();
    assertThat(OPTIONS.parse(List.of(env("APP_JDBC_URL", "jdbc:env"))).isSet(JDBC_URL)).isTrue();
  }

  @Test
  void aBadValueNamesWhereItWasWritten() {
    assertThatThrownBy(() -> OPTIONS.parse(List.of(env("APP_PORT", "x"))))
        .isInstanceOf(UsageException.class)
        .hasMessage("APP_PORT (--port): x (expected: 0..65535)");
    assertThatThrownBy(() -> OPTIONS.parse(List.of(file("port", "70000"))))
        .isInstanceOf(UsageException.class)
        .hasMessage("port in app.properties (--port): 70000 (expected: 0..65535)");
    assertThatThrownBy(() -> OPTIONS.parse(List.of(), "--port", "x"))
        .isInstanceOf(UsageException.class)
        .hasMessage("--port: x (expected: 0..65535)");
  }

  @Test
  void anEntryNamingNoOptionIsRefused() {
    assertThatThrownBy(() -> OPTIONS.parse(List.of(env("APP_PROT", "1"))))
        .isInstanceOf(UsageException.class)
        .hasMessageStartingWith("APP_PROT: unknown option (expected one of: --port, ");
    assertThatThrownBy(() -> OPTIONS.parse(List.of(file("prot", "1"))))
        .isInstanceOf(UsageException.class)
        .hasMessageStartingWith("prot in app.properties: unknown option");
  }

  @Test
  void aPropertiesFileIsReadAndAMissingOneNamed(@TempDir Path dir) throws IOException {
    Path config = dir.resolve("app.properties");
    Files.writeString(config, "# comment\nport = 4\n");
    assertThat(OPTIONS.parse(List.of(Source.propertiesFile(config))).get(PORT)).isEqualTo(4);

    Path missing = dir.resolve("missing.properties");
    assertThatThrownBy(() -> Source.propertiesFile(missing))
        .isInstanceOf(UsageException.class)
        .hasMessage(missing + ": no such file (expected: a properties file)");
  }

  @Test
  void aSecretsBadValueIsNotShown() {
    Option<Integer> pin = Option.integer("pin", null, 0, 9999, "A PIN").secret();
    Options options = Options.of("cmd", "Does things.", pin);

    assertThat(pin.isSecret()).isTrue();
    assertThatThrownBy(() -> options.parse(List.of(env("APP_PIN", "12345"))))
        .hasMessage("APP_PIN (--pin): (secret of 5 characters) (expected: 0..9999)");
    assertThatThrownBy(() -> options.parse(List.of(), "--pin", "x1234"))
        .hasMessage("--pin: (secret of 5 characters) (expected: 0..9999)");
    assertThatThrownBy(() -> options.parse("--pin", "1", "--pin", "2345"))
        .hasMessage("--pin: (secret of 4 characters) given again (expected: at most once)");
  }

  @Test
  void aSourceDoesNotShowItsValues() {
    assertThat(env("APP_JDBC_URL", "secret").toString()).doesNotContain("secret");
  }
}
