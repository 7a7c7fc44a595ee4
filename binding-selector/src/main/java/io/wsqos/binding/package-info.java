/**
 * Deployment-time binding selection (the Blue Pencil report, seed 002): one Java service interface
 * published over several bindings ({@link io.wsqos.binding.BindingPublisher}), described by a
 * {@link io.wsqos.binding.ServiceDescriptor} served next to the WSDL, and a {@link
 * io.wsqos.binding.BindingProxy} that chooses among them at first use from the facts {@link
 * io.wsqos.binding.Discovery} finds, the ordered {@link io.wsqos.binding.PolicyRules} and the
 * message-size {@link io.wsqos.binding.Predictor}.
 */
package io.wsqos.binding;
