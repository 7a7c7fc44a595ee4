/** Shared test fixtures. */
package io.wsqos.testing;
