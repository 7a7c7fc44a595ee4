package io.wsqos.binding;

/** A public interface with a parameter type that is not: no generated class can name it. */
public interface WithHiddenType {
  String name(Secret secret);
}

/** Package-private. */
final class Secret {
  final String name;

  Secret(String name) {
    this.name = name;
  }
}
