package io.wsqos.core.header;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The tiny service the end-to-end header tests publish. */
@WebService(targetNamespace = QosEchoService.NAMESPACE)
public interface QosEchoService {

  String NAMESPACE = "http://wsqos.io/ns/test/qos-echo";

  String echo(@WebParam(name = "text") String text);
}
