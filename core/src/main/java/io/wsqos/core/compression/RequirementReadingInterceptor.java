package io.wsqos.core.compression;

import io.wsqos.core.header.WsQosBlock;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.core.header.WsQosHeaders;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.binding.soap.interceptor.MustUnderstandInterceptor;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.Phase;

/**
 * Makes the request's WS-QoS blocks available to the response path ({@link WsQosHeaders#from}) when
 * no {@link WsQosHeaderInterceptor} has decoded them already, so that the compression feature works
 * without the header feature; with it, the blocks are decoded once, by it.
 */
final class RequirementReadingInterceptor extends AbstractSoapInterceptor {
  private static final Set<QName> UNDERSTOOD = Set.of(WsQosBlock.REQUIREMENT.qname());

  private final WsQosCodec codec;

  RequirementReadingInterceptor(WsQosCodec codec) {
    super(Phase.PRE_PROTOCOL);
    addAfter(MustUnderstandInterceptor.class.getName());
    addAfter(WsQosHeaderInterceptor.class.getName());
    this.codec = codec;
  }

  @Override
  public Set<QName> getUnderstoodHeaders() {
    return UNDERSTOOD;
  }

  @Override
  public void handleMessage(SoapMessage message) {
    if (MessageUtils.isRequestor(message) || message.get(WsQosHeaders.class) != null) {
      return;
    }
    message.put(WsQosHeaders.class, codec.read(message));
  }

  @Override
  public String toString() {
    return "CompressionFeature.RequirementReadingInterceptor";
  }
}
