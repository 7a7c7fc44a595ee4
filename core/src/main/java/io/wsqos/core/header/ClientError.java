package io.wsqos.core.header;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a service exception (a JAX-WS {@code @WebFault}) as the caller's error: on an endpoint with
 * any wsqos feature it is sent with the fault code {@code soap:Client} (SOAP 1.1) or {@code
 * soap:Sender} (SOAP 1.2) instead of JAX-WS's default {@code soap:Server}, so that a client knows
 * that sending the same request again will fail the same way.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ClientError {}
