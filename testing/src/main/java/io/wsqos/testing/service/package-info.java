/** The test service every module's tests publish, and hand-written requests to it. */
package io.wsqos.testing.service;
