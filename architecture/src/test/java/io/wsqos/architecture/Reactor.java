package io.wsqos.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The project as its poms declare it (the parent's modules, each module's artifact and its
 * dependencies on other modules) and the documents that describe it, read from the checkout this
 * module is built in.
 */
final class Reactor {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final String GROUP = "io.wsqos";
  private static final XPath XPATH = XPathFactory.newInstance().newXPath();

  private Reactor() {}

  /** Module directory to artifact id, sorted by directory. */
  static Map<String, String> artifacts() {
    Map<String, String> artifacts = new TreeMap<>();
    for (String module : list(pom("pom.xml"), "/project/modules/module")) {
      artifacts.put(module, text(pom(module + "/pom.xml"), "/project/artifactId"));
    }
    return artifacts;
  }

  /**
   * Module directory to the directories of the modules it depends on in compile scope (optional
   * ones included), sorted by directory; test, runtime and provided dependencies are left out.
   */
  static Map<String, Set<String>> compileDependencies() {
    Map<String, String> modules = new TreeMap<>();
    artifacts().forEach((directory, artifact) -> modules.put(artifact, directory));
    Map<String, Set<String>> dependencies = new TreeMap<>();
    for (String module : artifacts().keySet()) {
      Set<String> used = new LinkedHashSet<>();
      NodeList nodes = nodes(pom(module + "/pom.xml"), "/project/dependencies/dependency");
      for (int i = 0; i < nodes.getLength(); i++) {
        Element dependency = (Element) nodes.item(i);
        String group = child(dependency, "groupId");
        String scope = child(dependency, "scope");
        boolean ours = group.equals(GROUP) || group.equals("${project.groupId}");
        if (ours && (scope.isEmpty() || scope.equals("compile"))) {
          String artifact = child(dependency, "artifactId");
          String directory = modules.get(artifact);
          if (directory == null) {
            throw new AssertionError(module + "/pom.xml depends on " + artifact + ", no module");
          }
          used.add(directory);
        }
      }
      dependencies.put(module, used);
    }
    return dependencies;
  }

  /**
   * The artifacts a module's pom manages in its own {@code dependencyManagement}, each as {@code
   * groupId:artifactId}, followed by {@code :type} or {@code :classifier} where it sets one.
   */
  static Set<String> managed(String module) {
    Set<String> managed = new LinkedHashSet<>();
    NodeList nodes =
        nodes(pom(module + "/pom.xml"), "/project/dependencyManagement/dependencies/dependency");
    for (int i = 0; i < nodes.getLength(); i++) {
      Element dependency = (Element) nodes.item(i);
      StringBuilder coordinates =
          new StringBuilder(child(dependency, "groupId") + ":" + child(dependency, "artifactId"));
      for (String part : new String[] {"type", "classifier"}) {
        if (!child(dependency, part).isEmpty()) {
          coordinates.append(':').append(child(dependency, part));
        }
      }
      managed.add(coordinates.toString());
    }
    return managed;
  }

  /** The text of one element of a module's pom, by its path, e.g. {@code /project/version}. */
  static String value(String module, String path) {
    return text(pom(module + "/pom.xml"), path);
  }

  /** Whether a module's pom names {@code path}, e.g. {@code /project/parent}. */
  static boolean has(String module, String path) {
    return nodes(pom(module + "/pom.xml"), path).getLength() > 0;
  }

  /** A file of the checkout, by its path from the root. */
  static String read(String relative) {
    try {
      return Files.readString(ROOT.resolve(relative));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text from {@code heading} to the next heading of the same level. */
  static String section(String text, String heading) {
    int start = text.indexOf("\n" + heading + "\n");
    if (start < 0) {
      throw new AssertionError("no heading " + heading);
    }
    String level = heading.substring(0, heading.indexOf(' ') + 1);
    int end = text.indexOf("\n" + level, start + heading.length() + 1);
    return text.substring(start, end < 0 ? text.length() : end);
  }

  private static Document pom(String relative) {
    try {
      return DocumentBuilderFactory.newInstance()
          .newDocumentBuilder()
          .parse(ROOT.resolve(relative).toFile());
    } catch (Exception e) {
      throw new IllegalStateException("cannot read " + relative, e);
    }
  }

  private static NodeList nodes(Document document, String path) {
    try {
      return (NodeList) XPATH.evaluate(path, document, XPathConstants.NODESET);
    } catch (Exception e) {
      throw new IllegalStateException(path, e);
    }
  }

  private static Set<String> list(Document document, String path) {
    Set<String> values = new LinkedHashSet<>();
    NodeList nodes = nodes(document, path);
    for (int i = 0; i < nodes.getLength(); i++) {
      values.add(nodes.item(i).getTextContent().trim());
    }
    return values;
  }

  private static String text(Document document, String path) {
    Set<String> values = list(document, path);
    if (values.size() != 1) {
      throw new AssertionError(path + ": " + values);
    }
    return values.iterator().next();
  }

  /**
   * The trimmed text of {@code element}'s own child {@code name} (not an exclusion's), or empty.
   */
  private static String child(Element element, String name) {
    for (Node node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node.getNodeType() == Node.ELEMENT_NODE && node.getNodeName().equals(name)) {
        return node.getTextContent().trim();
      }
    }
    return "";
  }
}
