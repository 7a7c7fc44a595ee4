package io.wsqos.broker.registry;

/**
 * Told by a registry's {@linkplain Registry#listen listening connection} of the writes committed
 * through any registry on its database and schema. Its methods run on the listening thread and must
 * return quickly.
 */
public interface CommitListener {

  /** A write committed registry version {@code version}. */
  void committed(long version);

  /**
   * The listening connection is open and listening, for the first time or again after it broke:
   * writes committed before may not have been told, so read the registry version now.
   */
  void listening();
}
