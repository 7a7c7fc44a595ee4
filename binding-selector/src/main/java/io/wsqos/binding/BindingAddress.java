package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.util.regex.Pattern;

/**
 * Where one binding of a service is reached. The address's form depends on the kind: {@code
 * wsqos-local:NAME} (in a {@link LocalRegistry}), {@code local://NAME} (CXF's local transport),
 * {@code rmi://HOST:PORT/NAME} (an RMI registry) and {@code http://HOST:PORT/PATH} (SOAP).
 *
 * @param kind the binding
 * @param uri its address, absolute
 */
public record BindingAddress(BindingKind kind, URI uri) {

  /** The names a local or RMI address may carry: what a lookup accepts and nothing more. */
  static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");

  /**
   * Checks the address's form for its kind.
   *
   * @throws IllegalArgumentException naming the part that does not fit
   */
  public BindingAddress {
    requireNonNull(kind, "kind");
    requireNonNull(uri, "uri");
    switch (kind) {
      case LOCAL -> {
        requireScheme(uri, "wsqos-local");
        requireName(uri, uri.getSchemeSpecificPart());
      }
      case CXF_LOCAL -> {
        requireScheme(uri, "local");
        requireName(uri, uri.getAuthority() == null ? "" : uri.getAuthority());
      }
      case RMI -> {
        requireScheme(uri, "rmi");
        requireHostAndPort(uri);
        if (uri.getPort() < 0) {
          throw new IllegalArgumentException("address: " + uri + " (expected: a port in 1..65535)");
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        requireName(uri, path.startsWith("/") ? path.substring(1) : path);
      }
      case SOAP -> {
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
          throw new IllegalArgumentException(
              "soap address: " + uri + " (expected: an http or https URL)");
        }
        requireHostAndPort(uri);
      }
    }
  }

  /** The address of a local binding registered as {@code name}. */
  public static BindingAddress local(String name) {
    return new BindingAddress(BindingKind.LOCAL, URI.create("wsqos-local:" + name));
  }

  /** The address of a CXF local-transport endpoint named {@code name}. */
  public static BindingAddress cxfLocal(String name) {
    return new BindingAddress(BindingKind.CXF_LOCAL, URI.create("local://" + name));
  }

  /** The address of an object bound as {@code name} in the RMI registry at {@code host:port}. */
  public static BindingAddress rmi(String host, int port, String name) {
    return new BindingAddress(
        BindingKind.RMI, URI.create("rmi://" + uriHost(host) + ":" + port + "/" + name));
  }

  /** The address of a SOAP endpoint. */
  public static BindingAddress soap(URI url) {
    return new BindingAddress(BindingKind.SOAP, url);
  }

  /** The name a local, CXF-local or RMI binding is registered under; for SOAP, the URL's path. */
  public String name() {
    return switch (kind) {
      case LOCAL -> uri.getSchemeSpecificPart();
      case CXF_LOCAL -> uri.getAuthority();
      case RMI -> uri.getPath().substring(1);
      case SOAP -> uri.getPath();
    };
  }

  /** The host of a remote binding (RMI, SOAP); empty for an in-JVM one. */
  public String host() {
    return kind.inJvm() ? "" : stripBrackets(uri.getHost());
  }

  /** The port of a remote binding (RMI, SOAP; an http URL without one means 80); -1 in-JVM. */
  public int port() {
    if (kind.inJvm()) {
      return -1;
    }
    if (uri.getPort() >= 0) {
      return uri.getPort();
    }
    return "https".equals(uri.getScheme()) ? 443 : 80;
  }

  @Override
  public String toString() {
    return kind + " " + uri;
  }

  private static void requireScheme(URI uri, String scheme) {
    if (!scheme.equals(uri.getScheme())) {
      throw new IllegalArgumentException(
          "address: " + uri + " (expected: scheme '" + scheme + ":')");
    }
  }

  private static void requireName(URI uri, String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "address: "
              + uri
              + " (expected: a name of letters, digits, '.', '_' and '-', found '"
              + name
              + "')");
    }
  }

  private static void requireHostAndPort(URI uri) {
    if (uri.getHost() == null || uri.getHost().isEmpty()) {
      throw new IllegalArgumentException("address: " + uri + " (expected: a host)");
    }
    if (uri.getPort() == 0 || uri.getPort() > 65_535) {
      throw new IllegalArgumentException("address: " + uri + " (expected: a port in 1..65535)");
    }
    if (uri.getUserInfo() != null || uri.getQuery() != null || uri.getFragment() != null) {
      throw new IllegalArgumentException(
          "address: " + uri + " (expected: no user information, query or fragment)");
    }
  }

  private static String uriHost(String host) {
    return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  private static String stripBrackets(String host) {
    return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
  }
}
