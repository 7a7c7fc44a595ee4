/**
 * The electronic book inventory service of the seeds (section 7.1, Table 4): a JAX-WS service on
 * CXF whose responses range from a 209-byte greeting to 50 kB of details for five books, and the
 * embedded Jetty launcher that serves it.
 *
 * <p>The schema types live in the service namespace with unqualified local elements, the default of
 * JAX-WS code-first services.
 */
@XmlSchema(namespace = BookstoreService.NAMESPACE)
package io.wsqos.examples.bookstore;

import jakarta.xml.bind.annotation.XmlSchema;
