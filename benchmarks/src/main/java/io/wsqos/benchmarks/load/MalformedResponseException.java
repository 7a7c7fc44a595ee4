package io.wsqos.benchmarks.load;

import java.io.IOException;

/** The server's bytes are not an HTTP/1.x response the driver can delimit. */
final class MalformedResponseException extends IOException {
  private static final long serialVersionUID = 1L;

  MalformedResponseException(String message) {
    super(message);
  }
}
