package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The bindings one service publishes (property P1 of the report), as served next to its WSDL. The
 * text form, UTF-8, one statement a line, blank lines and lines starting with {@code #} ignored:
 *
 * <pre>
 * wsqos-bindings 1
 * service io.example.Catalog
 * jvm 4711@host-a/2026-11-26T06:00:00.123Z
 * binding local wsqos-local:catalog
 * binding cxf-local local://catalog
 * binding rmi rmi://10.0.0.5:40123/catalog
 * binding soap /catalog
 * </pre>
 *
 * <p>The first statement is the format version; {@code service} is the Java interface's binary
 * name; {@code jvm} identifies the publishing JVM ({@link JvmIdentity}); each binding appears at
 * most once, in the publisher's order. A SOAP address may be relative: it is resolved against the
 * URL the descriptor was read from.
 *
 * @param service the service interface's binary name
 * @param jvm the identity of the JVM that publishes it
 * @param bindings the published bindings, at most one per kind, at least one
 */
public record ServiceDescriptor(String service, String jvm, List<BindingAddress> bindings) {

  /** The format version this class writes and reads. */
  public static final int FORMAT_VERSION = 1;

  /** The media type the descriptor is served with. */
  public static final String MEDIA_TYPE = "text/plain; charset=UTF-8";

  private static final Pattern JAVA_NAME =
      Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*");
  private static final Pattern JVM = Pattern.compile("[\\x21-\\x7e]{1,200}");

  /**
   * Checks every part.
   *
   * @throws IllegalArgumentException if the service is not a Java name, the JVM identity is blank
   *     or has spaces, or there is no binding or two of one kind
   */
  public ServiceDescriptor {
    requireNonNull(service, "service");
    requireNonNull(jvm, "jvm");
    bindings = List.copyOf(requireNonNull(bindings, "bindings"));
    if (!JAVA_NAME.matcher(service).matches()) {
      throw new IllegalArgumentException("service: '" + service + "' (expected: a Java name)");
    }
    if (!JVM.matcher(jvm).matches()) {
      throw new IllegalArgumentException(
          "jvm: '" + jvm + "' (expected: 1..200 printable characters, no spaces)");
    }
    if (bindings.isEmpty()) {
      throw new IllegalArgumentException("bindings: none (expected: at least one)");
    }
    Set<BindingKind> seen = EnumSet.noneOf(BindingKind.class);
    for (BindingAddress binding : bindings) {
      if (!seen.add(binding.kind())) {
        throw new IllegalArgumentException(
            "bindings: " + binding.kind() + " twice (expected: at most one of each kind)");
      }
    }
  }

  /** The address of {@code kind}, if the service publishes it. */
  public Optional<BindingAddress> binding(BindingKind kind) {
    return bindings.stream().filter(b -> b.kind() == kind).findFirst();
  }

  /** The kinds published, in the descriptor's order. */
  public Set<BindingKind> kinds() {
    Set<BindingKind> kinds = EnumSet.noneOf(BindingKind.class);
    bindings.forEach(b -> kinds.add(b.kind()));
    return kinds;
  }

  /** The text form, with every address as given (a SOAP address may be relative). */
  public String format() {
    return format(bindings);
  }

  /** The text form with the SOAP address written as a path only, to be resolved by the reader. */
  String formatRelative() {
    return format(
        bindings.stream()
            .map(b -> b.kind() == BindingKind.SOAP ? new RelativeSoap(b.uri().getRawPath()) : b)
            .toList());
  }

  private String format(List<?> lines) {
    StringBuilder text = new StringBuilder();
    text.append("wsqos-bindings ").append(FORMAT_VERSION).append('\n');
    text.append("service ").append(service).append('\n');
    text.append("jvm ").append(jvm).append('\n');
    for (Object line : lines) {
      text.append("binding ").append(line).append('\n');
    }
    return text.toString();
  }

  private record RelativeSoap(String path) {
    @Override
    public String toString() {
      return BindingKind.SOAP + " " + path;
    }
  }

  /**
   * Reads the text form.
   *
   * @param text the descriptor
   * @param base the URL it was read from, to resolve a relative SOAP address against; {@code null}
   *     when every address must be absolute
   * @param source what to call the text in error messages
   * @throws SyntaxException naming the line and the problem
   */
  public static ServiceDescriptor parse(String text, URI base, String source) {
    requireNonNull(text, "text");
    requireNonNull(source, "source");
    String service = null;
    String jvm = null;
    boolean versionSeen = false;
    List<BindingAddress> bindings = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      int number = i + 1;
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] words = line.split("\\s+");
      if (!versionSeen) {
        if (words.length != 2
            || !words[0].equals("wsqos-bindings")
            || !words[1].equals(String.valueOf(FORMAT_VERSION))) {
          throw new SyntaxException(
              source, number, "'" + line + "' (expected: wsqos-bindings " + FORMAT_VERSION + ")");
        }
        versionSeen = true;
        continue;
      }
      switch (words[0]) {
        case "service" -> {
          requireWords(source, number, words, 2, "service NAME");
          if (service != null) {
            throw new SyntaxException(source, number, "a second 'service' (expected: one)");
          }
          service = words[1];
        }
        case "jvm" -> {
          requireWords(source, number, words, 2, "jvm IDENTITY");
          if (jvm != null) {
            throw new SyntaxException(source, number, "a second 'jvm' (expected: one)");
          }
          jvm = words[1];
        }
        case "binding" -> {
          requireWords(source, number, words, 3, "binding KIND ADDRESS");
          bindings.add(binding(source, number, words[1], words[2], base));
        }
        default ->
            throw new SyntaxException(
                source,
                number,
                "unknown statement '" + words[0] + "' (expected: service, jvm or binding)");
      }
    }
    int end = lines.length;
    if (!versionSeen) {
      throw new SyntaxException(source, end, "empty (expected: wsqos-bindings " + FORMAT_VERSION);
    }
    if (service == null || jvm == null || bindings.isEmpty()) {
      throw new SyntaxException(
          source, end, "incomplete (expected: a service, a jvm and at least one binding)");
    }
    try {
      return new ServiceDescriptor(service, jvm, bindings);
    } catch (IllegalArgumentException e) {
      throw new SyntaxException(source, end, e.getMessage());
    }
  }

  private static BindingAddress binding(
      String source, int number, String kindToken, String address, URI base) {
    BindingKind kind =
        BindingKind.ofToken(kindToken)
            .orElseThrow(
                () ->
                    new SyntaxException(
                        source,
                        number,
                        "unknown binding '"
                            + kindToken
                            + "' (expected one of: "
                            + BindingKind.tokens()
                            + ")"));
    try {
      URI uri = new URI(address);
      if (!uri.isAbsolute()) {
        if (kind != BindingKind.SOAP || base == null || !address.startsWith("/")) {
          throw new SyntaxException(
              source,
              number,
              "relative address '"
                  + address
                  + "' (expected: absolute; only a SOAP path is resolved against the descriptor's URL)");
        }
        uri = base.resolve(uri);
      }
      return new BindingAddress(kind, uri);
    } catch (URISyntaxException e) {
      throw new SyntaxException(source, number, "address '" + address + "': " + e.getMessage());
    } catch (SyntaxException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new SyntaxException(source, number, e.getMessage());
    }
  }

  private static void requireWords(
      String source, int number, String[] words, int count, String expected) {
    if (words.length != count) {
      throw new SyntaxException(
          source, number, "'" + String.join(" ", words) + "' (expected: " + expected + ")");
    }
  }
}
