package io.wsqos.binding;

/** The compatibility kit over the soap binding. */
class SoapBindingTest extends BindingCompatibilityKit {
  @Override
  BindingKind kind() {
    return BindingKind.SOAP;
  }
}
