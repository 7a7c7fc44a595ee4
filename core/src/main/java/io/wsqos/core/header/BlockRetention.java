package io.wsqos.core.header;

/**
 * Where the WS-QoS blocks a wsqos endpoint or client receives end up, chosen once per endpoint or
 * client with {@link WsQosHeaderFeature.Builder#retention}. Either way each block is bounded to
 * {@value WsQos#MAX_BLOCK_CHARS} characters as it streams in, and {@link WsQosHeaders#from} gives
 * the decoded blocks.
 */
public enum BlockRetention {

  /**
   * The default: the three blocks are taken out of the XML stream before CXF reads the SOAP header,
   * so they are not in CXF's header list, and CXF builds no DOM for a header that held only them.
   */
  STREAMED,

  /**
   * The blocks stay in CXF's header list and in the envelope's DOM, for what reads the envelope as
   * a document: a JAX-WS {@code SOAPHandler}, SAAJ (a {@code Provider<SOAPMessage>}), WS-Security
   * (which may have signed them), or an interceptor of the application that reads CXF's header
   * list.
   */
  KEPT
}
