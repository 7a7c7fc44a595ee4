package io.wsqos.monitor.jdbc.report;

import java.util.List;

/**
 * Which of the services in a database a {@code --service} names: the monitor records a service's
 * QName as {@code {namespace}localName}, which a user seldom types, so the local name alone matches
 * too when exactly one service has it.
 */
final class ServiceName {

  private ServiceName() {}

  /**
   * The services of {@code known} that {@code given} names: the one equal to it if there is one,
   * else every one whose local name is {@code given} (none, one, or several in other namespaces).
   */
  static List<String> matches(String given, List<String> known) {
    if (known.contains(given)) {
      return List.of(given);
    }
    return known.stream().filter(name -> localName(name).equals(given)).toList();
  }

  /** The local part of {@code {namespace}localName}, or the whole name without a namespace. */
  static String localName(String name) {
    int end = name.startsWith("{") ? name.indexOf('}') : -1;
    return end < 0 ? name : name.substring(end + 1);
  }
}
