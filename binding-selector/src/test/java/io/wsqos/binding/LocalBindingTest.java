package io.wsqos.binding;

/** The compatibility kit over the local binding. */
class LocalBindingTest extends BindingCompatibilityKit {
  @Override
  BindingKind kind() {
    return BindingKind.LOCAL;
  }
}
