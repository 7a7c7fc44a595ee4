package io.wsqos.proxy;

import java.util.logging.Logger;
import org.apache.cxf.common.logging.LogUtils;
import org.apache.cxf.endpoint.AbstractConduitSelector;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.message.Message;
import org.apache.cxf.transport.Conduit;

/**
 * Sends every message of a client through its marking conduit, whatever address the message is for:
 * CXF's own selectors make a conduit of CXF's when a message's address does not match the conduit's
 * (a client moved to another provider), and that one would send it unmarked.
 */
final class MarkingConduitSelector extends AbstractConduitSelector {

  private final MarkingConduit conduit;

  MarkingConduitSelector(MarkingConduit conduit, Endpoint endpoint) {
    super(conduit);
    this.conduit = conduit;
    setEndpoint(endpoint);
  }

  private static final Logger LOG = LogUtils.getL7dLogger(MarkingConduitSelector.class);

  @Override
  protected Logger getLogger() {
    return LOG;
  }

  @Override
  public void prepare(Message message) {
    // The conduit exists already; it reads the message's address when it sends.
  }

  @Override
  public Conduit selectConduit(Message message) {
    message.put(Conduit.class, conduit);
    return conduit;
  }
}
