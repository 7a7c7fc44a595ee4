package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's property table is the configuration metadata the build generates from {@link
 * WsQosProperties}: every property, its default and its description, and none other.
 */
class ReadmePropertiesTest {

  private static final Pattern ROW =
      Pattern.compile(
          "^\\| `(wsqos\\.[^`]+)` \\| (?:`([^`]*)`)? *\\| (.*) \\|$", Pattern.MULTILINE);

  @Test
  void theReadmeTableIsTheGeneratedMetadata() throws Exception {
    JsonNode metadata =
        new ObjectMapper()
            .readTree(
                Path.of("target/classes/META-INF/spring-configuration-metadata.json").toFile());
    Map<String, String> generated = new TreeMap<>();
    for (JsonNode property : metadata.get("properties")) {
      String name = property.get("name").asText();
      String value =
          property.hasNonNull("defaultValue") ? property.get("defaultValue").asText() : "";
      String description =
          property.get("description").asText().replaceAll("\\{@code ([^}]*)}", "`$1`");
      generated.put(name, value + " | " + description);
    }
    Map<String, String> documented = new TreeMap<>();
    Matcher row = ROW.matcher(Files.readString(Path.of("README.md")));
    while (row.find()) {
      documented.put(
          row.group(1), (row.group(2) == null ? "" : row.group(2)) + " | " + row.group(3));
    }

    assertThat(documented).isEqualTo(generated);
  }
}
