package io.wsqos.broker.rest;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Answers {@code OPTIONS}, and a method the resource does not serve (405, whose {@code Allow} RFC
 * 9110 requires), with the methods the resource at the request's path serves: CXF's own answer
 * lists every method of the resource class, so {@code /select} would claim {@code DELETE}. The
 * paths and methods are read once from the resources' JAX-RS annotations; {@code HEAD} comes with
 * {@code GET}, and {@code OPTIONS} with every path.
 */
@Provider
final class AllowedMethods implements ContainerResponseFilter {

  /** A resource method's path template, as a pattern, and the methods served there. */
  private record Route(Pattern path, Set<String> methods) {}

  // {name} or {name: regex}, as JAX-RS writes a template's parameters.
  private static final Pattern PARAMETER =
      Pattern.compile("\\{\\s*\\w[\\w.-]*\\s*(?::\\s*([^}]*))?}");

  private final List<Route> routes;

  AllowedMethods(List<Object> resources) {
    Map<String, Set<String>> byTemplate = new LinkedHashMap<>();
    for (Object resource : resources) {
      Path root = resource.getClass().getAnnotation(Path.class);
      if (root == null) {
        continue;
      }
      for (Method method : resource.getClass().getMethods()) {
        String verb = httpMethod(method);
        if (verb != null) {
          Path path = method.getAnnotation(Path.class);
          String template = normalized(root.value() + "/" + (path == null ? "" : path.value()));
          byTemplate.computeIfAbsent(template, t -> new TreeSet<>()).add(verb);
        }
      }
    }
    List<Route> compiled = new ArrayList<>();
    byTemplate.forEach((template, methods) -> compiled.add(new Route(pattern(template), methods)));
    routes = List.copyOf(compiled);
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!HttpMethod.OPTIONS.equals(request.getMethod())
        && response.getStatus() != Response.Status.METHOD_NOT_ALLOWED.getStatusCode()) {
      return;
    }
    String path = normalized(request.getUriInfo().getPath());
    Set<String> allowed = new TreeSet<>();
    for (Route route : routes) {
      if (route.path().matcher(path).matches()) {
        allowed.addAll(route.methods());
      }
    }
    if (allowed.isEmpty()) {
      return;
    }
    if (allowed.contains(HttpMethod.GET)) {
      allowed.add(HttpMethod.HEAD);
    }
    allowed.add(HttpMethod.OPTIONS);
    response.getHeaders().putSingle(HttpHeaders.ALLOW, String.join(",", allowed));
  }

  private static String httpMethod(Method method) {
    for (Annotation annotation : method.getAnnotations()) {
      HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
      if (verb != null) {
        return verb.value();
      }
    }
    return null;
  }

  /** {@code /a/b}: one slash before each segment, none at the end. */
  private static String normalized(String path) {
    String joined = "/" + path.replaceAll("/+", "/").replaceAll("^/|/$", "");
    return joined.equals("/") ? "" : joined;
  }

  private static Pattern pattern(String template) {
    StringBuilder regex = new StringBuilder();
    Matcher parameter = PARAMETER.matcher(template);
    int last = 0;
    while (parameter.find()) {
      regex.append(Pattern.quote(template.substring(last, parameter.start())));
      regex
          .append('(')
          .append(parameter.group(1) == null ? "[^/]+" : parameter.group(1))
          .append(')');
      last = parameter.end();
    }
    regex.append(Pattern.quote(template.substring(last)));
    return Pattern.compile(regex.toString());
  }
}
