package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The configuration metadata the build generates, which IDEs complete the properties from, holds
 * every property of {@link WsQosProperties}, each with a description.
 */
class PropertiesMetadataTest {

  @Test
  void everyPropertyIsInTheMetadataWithADescription() throws Exception {
    JsonNode metadata =
        new ObjectMapper()
            .readTree(
                Path.of("target/classes/META-INF/spring-configuration-metadata.json").toFile());
    Map<String, String> described = new TreeMap<>();
    for (JsonNode property : metadata.get("properties")) {
      described.put(
          property.get("name").asText(),
          property.hasNonNull("description") ? property.get("description").asText() : "");
    }

    assertThat(described.keySet()).isEqualTo(propertiesOf(WsQosProperties.class, "wsqos"));
    assertThat(described).allSatisfy((name, description) -> assertThat(description).isNotBlank());
  }

  /** The properties a binder sees: each getter, recursing into the groups declared in the class. */
  private static TreeSet<String> propertiesOf(Class<?> type, String prefix) {
    TreeSet<String> names = new TreeSet<>();
    for (Method getter : type.getMethods()) {
      String name = getter.getName();
      if (getter.getDeclaringClass() == Object.class
          || Modifier.isStatic(getter.getModifiers())
          || getter.getParameterCount() != 0
          || !(name.startsWith("get") || name.startsWith("is"))) {
        continue;
      }
      String property = prefix + "." + kebab(name.substring(name.startsWith("is") ? 2 : 3));
      Class<?> returned = getter.getReturnType();
      if (!returned.isEnum() && returned.getName().startsWith(WsQosProperties.class.getName())) {
        names.addAll(propertiesOf(returned, property));
      } else {
        names.add(property);
      }
    }
    return names;
  }

  private static String kebab(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
  }
}
