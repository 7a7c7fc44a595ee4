/**
 * The shared test kit, used by every module's tests in test scope: CXF endpoints on embedded Jetty
 * at 127.0.0.1 port 0 and leak checks here, a database per test in {@code db}, the one test service
 * and hand-written requests to it in {@code service}, a refusing loopback port in {@code net}, and
 * {@link io.wsqos.testing.RawHttp} for requests exactly as framed on the wire, and {@link
 * io.wsqos.testing.ZeepScript} for clients of a second SOAP stack (Python zeep).
 */
package io.wsqos.testing;
