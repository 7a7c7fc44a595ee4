package io.wsqos.binding;

/** The compatibility kit over CXF's local transport. */
class CxfLocalBindingTest extends BindingCompatibilityKit {
  @Override
  BindingKind kind() {
    return BindingKind.CXF_LOCAL;
  }
}
