package io.wsqos.broker.rest;

/** The defaults of the REST API's parameters. */
final class RestDefaults {

  /** Rows per page when a listing names no {@code limit}. */
  static final int PAGE_LIMIT = 100;

  /** Seconds a client is asked to wait before it tries a write again while the database is down. */
  static final int RETRY_AFTER_SECONDS = 1;

  private RestDefaults() {}
}
