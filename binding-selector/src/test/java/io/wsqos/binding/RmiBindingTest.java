package io.wsqos.binding;

/** The compatibility kit over the rmi binding. */
class RmiBindingTest extends BindingCompatibilityKit {
  @Override
  BindingKind kind() {
    return BindingKind.RMI;
  }
}
