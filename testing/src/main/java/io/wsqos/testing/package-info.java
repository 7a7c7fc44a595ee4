/**
 * The shared test kit, used by every module's tests in test scope: CXF endpoints on embedded Jetty
 * at 127.0.0.1 port 0 and leak checks here, a database per test in {@code db}, the one test service
 * and hand-written requests to it in {@code service}, a refusing loopback port in {@code net}, and
 * {@link io.wsqos.testing.RawHttp} for requests exactly as framed on the wire, {@link
 * io.wsqos.testing.ZeepScript} for clients of a second SOAP stack (Python zeep), and {@link
 * io.wsqos.testing.Prerequisites} to skip a test whose tool or privilege is missing here, and fail
 * it under CI.
 */
package io.wsqos.testing;
