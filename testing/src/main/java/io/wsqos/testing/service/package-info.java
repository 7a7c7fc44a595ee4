/** The test service every module's tests publish. */
package io.wsqos.testing.service;
