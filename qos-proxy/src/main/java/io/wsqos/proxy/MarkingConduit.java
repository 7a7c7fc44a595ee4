package io.wsqos.proxy;

import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.cxf.Bus;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.io.CacheAndWriteOutputStream;
import org.apache.cxf.message.Message;
import org.apache.cxf.service.model.EndpointInfo;
import org.apache.cxf.transport.http.Address;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transport.http.Headers;
import org.apache.cxf.transport.https.HttpsURLConnectionInfo;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.InputStreamResponseListener;
import org.eclipse.jetty.client.OutputStreamRequestContent;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Transport;

/**
 * A CXF HTTP conduit over Jetty's {@link HttpClient}, one client per transport priority class with
 * its connections marked with that class's DSCP ({@link MarkingClientConnector}): each request goes
 * out on a connection of the class its own {@code Requirement} header asks for, so its packets
 * carry that class's mark. CXF's own conduits (the JDK's {@code HttpClient}, {@code
 * HttpURLConnection}) give no access to their sockets. Plain {@code http} only.
 */
final class MarkingConduit extends HTTPConduit {

  private static final String ADDRESS = MarkingConduit.class.getName() + ".address";
  private static final String CLIENT = MarkingConduit.class.getName() + ".client";

  /** Set by Jetty itself, or meaningless across the hop. */
  private static final Set<String> NOT_COPIED =
      Set.of("content-type", "content-length", "transfer-encoding", "connection", "host");

  private final Clients clients;

  MarkingConduit(Bus bus, EndpointInfo endpoint, Clients clients) throws IOException {
    super(bus, endpoint, null);
    this.clients = clients;
  }

  @Override
  protected void setupConnection(Message message, Address address, HTTPClientPolicy policy)
      throws IOException {
    URI uri = address.getURI();
    if (!"http".equalsIgnoreCase(uri.getScheme())) {
      throw new IOException(
          "marking conduit: "
              + uri
              + " (expected: an http:// address; DSCP marking of CXF clients does not do TLS)");
    }
    if (message.get(Message.HTTP_REQUEST_METHOD) == null) {
      message.put(Message.HTTP_REQUEST_METHOD, "POST");
    }
    message.put(ADDRESS, address);
    message.put(CLIENT, clients.client(priority(message)));
  }

  private TransportPriority priority(Message message) {
    if (!(message instanceof SoapMessage soap)) {
      return TransportPriority.BEST_EFFORT;
    }
    HeaderBlock<QosRequirement> requirement =
        WsQosHeaders.from(soap).map(WsQosHeaders::requirement).orElse(HeaderBlock.absent());
    return requirement.isValid()
        ? requirement.value().get().terms().transportPriority()
        : TransportPriority.BEST_EFFORT;
  }

  @Override
  protected OutputStream createOutputStream(
      Message message, boolean needToCacheRequest, boolean isChunking, int chunkThreshold) {
    return new JettyOutputStream(message, needToCacheRequest, isChunking, chunkThreshold);
  }

  /** One exchange: the request body streams into Jetty's request as CXF writes it. */
  private final class JettyOutputStream extends WrappedOutputStream {
    private long contentLength = -1;
    private OutputStreamRequestContent content;
    private InputStreamResponseListener listener;
    private Response response;
    private InputStream body;

    JettyOutputStream(
        Message message, boolean needToCacheRequest, boolean isChunking, int chunkThreshold) {
      super(
          message,
          needToCacheRequest,
          isChunking,
          chunkThreshold,
          getConduitName(),
          ((Address) message.get(ADDRESS)).getURI());
    }

    @Override
    protected void setFixedLengthStreamingMode(int length) {
      contentLength = length;
    }

    @Override
    public void thresholdReached() {
      // A body of unknown length is sent chunked already: nothing changes at the threshold.
    }

    @Override
    protected void setProtocolHeaders() {
      // The request is built and sent in send(), once the length is known.
    }

    @Override
    protected void setupWrappedStream() throws IOException {
      OutputStream out = send(true).getOutputStream();
      if (cachingForRetransmission) {
        cachedStream = new CacheAndWriteOutputStream(out);
        wrappedStream = cachedStream;
      } else {
        wrappedStream = out;
      }
    }

    @Override
    protected void handleNoOutput() throws IOException {
      send(false).close();
    }

    /** Sends the request's head; its body is what is written to the returned content. */
    private OutputStreamRequestContent send(boolean hasBody) {
      HttpClient client = (HttpClient) outMessage.get(CLIENT);
      HTTPClientPolicy policy = getClient(outMessage);
      Headers headers = new Headers(outMessage);
      long length = hasBody ? contentLength : 0;
      content =
          new OutputStreamRequestContent(headers.determineContentType()) {
            @Override
            public long getLength() {
              return length;
            }
          };
      Request request =
          client
              .newRequest(url)
              .method(getMethod())
              .transport(clients.transport())
              .followRedirects(false)
              .body(content)
              .headers(
                  fields -> {
                    for (Map.Entry<String, List<String>> header : headers.headerMap().entrySet()) {
                      if (!NOT_COPIED.contains(
                          header.getKey().toLowerCase(java.util.Locale.ROOT))) {
                        header.getValue().forEach(value -> fields.add(header.getKey(), value));
                      }
                    }
                    if (!fields.contains(HttpHeader.USER_AGENT)) {
                      fields.put(HttpHeader.USER_AGENT, Headers.USER_AGENT);
                    }
                  });
      long receiveTimeout = determineReceiveTimeout(outMessage, policy);
      if (receiveTimeout > 0) {
        request.idleTimeout(receiveTimeout, TimeUnit.MILLISECONDS);
      }
      listener = new InputStreamResponseListener();
      response = null;
      body = null;
      request.send(listener);
      return content;
    }

    private Response response() throws IOException {
      if (response == null) {
        long timeout = determineReceiveTimeout(outMessage, getClient(outMessage));
        try {
          response =
              timeout > 0
                  ? listener.get(timeout, TimeUnit.MILLISECONDS)
                  : listener.get(1, TimeUnit.DAYS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted waiting for the response", e);
        } catch (TimeoutException e) {
          throw new java.net.SocketTimeoutException("no response within " + timeout + " ms");
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof TimeoutException) {
            // Jetty's idle timeout on the request may fire before the wait above ends: the same
            // receive timeout, reported as CXF's own conduits report it.
            throw new java.net.SocketTimeoutException(
                "no response within " + timeout + " ms (" + cause.getMessage() + ")");
          }
          throw cause instanceof IOException io ? io : new IOException(cause.toString(), cause);
        }
      }
      return response;
    }

    private InputStream body() throws IOException {
      response();
      if (body == null) {
        body = listener.getInputStream();
      }
      return body;
    }

    @Override
    protected int getResponseCode() throws IOException {
      return response().getStatus();
    }

    @Override
    protected String getResponseMessage() throws IOException {
      return response().getReason();
    }

    @Override
    protected void updateResponseHeaders(Message inMessage) throws IOException {
      Map<String, List<String>> fields = fields(response());
      Headers headers = new Headers(inMessage);
      headers.readFromConnection(fields);
      inMessage.put(Message.CONTENT_TYPE, response().getHeaders().get(HttpHeader.CONTENT_TYPE));
      cookies.readFromHeaders(headers);
    }

    private Map<String, List<String>> fields(Response response) {
      Map<String, List<String>> fields = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      for (HttpField field : response.getHeaders()) {
        fields.computeIfAbsent(field.getName(), name -> new ArrayList<>()).add(field.getValue());
      }
      return fields;
    }

    @Override
    protected void handleResponseAsync() throws IOException {
      handleResponseOnWorkqueue(true, false);
    }

    @Override
    protected void closeInputStream() throws IOException {
      body().close();
    }

    @Override
    protected boolean usingProxy() {
      return false;
    }

    @Override
    protected InputStream getInputStream() throws IOException {
      int status = getResponseCode();
      if ("HEAD".equals(getMethod())
          || status == HttpURLConnection.HTTP_NO_CONTENT
          || response().getHeaders().getLongField(HttpHeader.CONTENT_LENGTH) == 0) {
        body().close();
        return null;
      }
      return body();
    }

    @Override
    protected InputStream getPartialResponse() throws IOException {
      int status = getResponseCode();
      if (status != HttpURLConnection.HTTP_ACCEPTED && status != HttpURLConnection.HTTP_OK) {
        return null;
      }
      PushbackInputStream in = new PushbackInputStream(body());
      int first = in.read();
      if (first < 0) {
        return null;
      }
      in.unread(first);
      return in;
    }

    @Override
    protected HttpsURLConnectionInfo getHttpsURLConnectionInfo() {
      return null;
    }

    @Override
    protected void setupNewConnection(String newUrl) throws IOException {
      Address address;
      try {
        address = defaultAddress.getString().equals(newUrl) ? defaultAddress : new Address(newUrl);
      } catch (java.net.URISyntaxException e) {
        throw new IOException(e);
      }
      setupConnection(outMessage, address, getClient(outMessage));
      url = address.getURI();
    }

    @Override
    protected void retransmitStream() throws IOException {
      try (OutputStream out = send(true).getOutputStream()) {
        cachedStream.writeCacheTo(out);
      }
    }

    @Override
    protected void updateCookiesBeforeRetransmit() throws IOException {
      Headers headers = new Headers();
      headers.readFromConnection(fields(response()));
      cookies.readFromHeaders(headers);
    }
  }

  /** The Jetty client of each class, and how they open connections. */
  interface Clients {
    /** The client whose connections carry {@code priority}'s DSCP. */
    HttpClient client(TransportPriority priority);

    /** The transport every request uses (IPv4 channels, or the JDK's choice). */
    Transport transport();
  }
}
