package io.wsqos.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResponseParserTest {

  private final ResponseParser parser = new ResponseParser();

  private static ByteBuffer bytes(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** Feeds one byte at a time: every state must survive a split anywhere. */
  private boolean feedByteByByte(String s) throws MalformedResponseException {
    boolean done = false;
    for (byte b : s.getBytes(StandardCharsets.ISO_8859_1)) {
      assertThat(done).as("complete before the last byte").isFalse();
      done = parser.feed(ByteBuffer.wrap(new byte[] {b}));
    }
    return done;
  }

  @Test
  void completesAContentLengthResponseAtItsLastByte() throws Exception {
    String response = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello";

    boolean done = feedByteByByte(response);

    assertThat(done).isTrue();
    assertThat(parser.status()).isEqualTo(200);
    assertThat(parser.reusable()).isTrue();
  }

  @Test
  void tellsACompressedResponseFromAnIdentityOne() throws Exception {
    ResponseParser identity = new ResponseParser();

    parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 1\r\n\r\nx"));
    identity.feed(
        bytes("HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\nContent-Length: 1\r\n\r\nx"));

    assertThat(parser.contentEncoded()).isTrue();
    assertThat(identity.contentEncoded()).isFalse();
  }

  @Test
  void tellsABusyAnswersRetryAfterAndForgetsItOnReset() throws Exception {
    ResponseParser dated = new ResponseParser();

    parser.feed(
        bytes("HTTP/1.1 503 Service Unavailable\r\nRetry-After: 2\r\nContent-Length: 0\r\n\r\n"));
    dated.feed(
        bytes(
            "HTTP/1.1 503 Service Unavailable\r\nRetry-After: Wed, 21 Oct 2015 07:28:00 GMT\r\n"
                + "Content-Length: 0\r\n\r\n"));
    boolean busy = parser.retryAfter();
    parser.reset();
    parser.feed(bytes("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n"));

    assertThat(busy).isTrue();
    assertThat(dated.retryAfter()).isFalse();
    assertThat(parser.retryAfter()).isFalse();
  }

  @Test
  void forgetsTheContentEncodingOnReset() throws Exception {
    parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Encoding: zstd\r\nContent-Length: 0\r\n\r\n"));

    parser.reset();
    parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"));

    assertThat(parser.contentEncoded()).isFalse();
  }

  @Test
  void leavesBytesAfterTheResponseInTheBuffer() throws Exception {
    ByteBuffer buffer = bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokNEXT");

    boolean done = parser.feed(buffer);

    assertThat(done).isTrue();
    assertThat(buffer.remaining()).isEqualTo(4);
  }

  @Test
  void completesAChunkedResponseWithExtensionsAndTrailers() throws Exception {
    String response =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "a;name=value\r\n0123456789\r\n1\r\nx\r\n0\r\nX-Trailer: t\r\n\r\n";

    boolean done = feedByteByByte(response);

    assertThat(done).isTrue();
    assertThat(parser.reusable()).isTrue();
  }

  @Test
  void doesNotCompleteAChunkedResponseBeforeItsLastChunk() throws Exception {
    boolean done =
        parser.feed(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"));

    assertThat(done).isFalse();
    assertThat(parser.endOfStream()).isFalse();
  }

  @Test
  void completesABodyDelimitedByCloseOnlyAtEndOfStream() throws Exception {
    boolean done = parser.feed(bytes("HTTP/1.0 200 OK\r\n\r\nsome body"));

    assertThat(done).isFalse();
    assertThat(parser.endOfStream()).isTrue();
    assertThat(parser.reusable()).isFalse();
  }

  @Test
  void skipsAnInterimContinueResponse() throws Exception {
    boolean done =
        parser.feed(bytes("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"));

    assertThat(done).isTrue();
    assertThat(parser.status()).isEqualTo(204);
  }

  @Test
  void connectionCloseMakesAResponseNotReusable() throws Exception {
    parser.feed(bytes("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"));

    assertThat(parser.reusable()).isFalse();
  }

  @Test
  void findsASoapFaultInA500Body() throws Exception {
    String body = OpenLoopDriverTest.SOAP_FAULT;

    parser.feed(bytes(body));

    assertThat(parser.status()).isEqualTo(500);
    assertThat(parser.hasSoapFault()).isTrue();
  }

  @Test
  void findsNoSoapFaultInAPlain500Body() throws Exception {
    parser.feed(bytes("HTTP/1.1 500 Oops\r\nContent-Length: 4\r\n\r\noops"));

    assertThat(parser.hasSoapFault()).isFalse();
  }

  @Test
  void resetParsesTheNextResponseOnTheSameConnection() throws Exception {
    parser.feed(bytes("HTTP/1.1 500 Oops\r\nContent-Length: 4\r\n\r\noops"));
    parser.reset();

    boolean done = parser.feed(bytes("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"));

    assertThat(done).isTrue();
    assertThat(parser.status()).isEqualTo(201);
    assertThat(parser.hasSoapFault()).isFalse();
  }

  @Test
  void rejectsAStatusLineThatIsNotHttp() {
    assertThatThrownBy(() -> parser.feed(bytes("SSH-2.0-OpenSSH\r\n")))
        .isInstanceOf(MalformedResponseException.class)
        .hasMessage("bad status line 'SSH-2.0-OpenSSH'");
  }

  @Test
  void rejectsABadChunkSize() {
    assertThatThrownBy(
            () -> parser.feed(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")))
        .isInstanceOf(MalformedResponseException.class)
        .hasMessage("bad chunk size 'zz'");
  }
}
