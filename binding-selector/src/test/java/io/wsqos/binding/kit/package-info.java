/** The compatibility kit's service: one interface, one implementation, run over every binding. */
package io.wsqos.binding.kit;
