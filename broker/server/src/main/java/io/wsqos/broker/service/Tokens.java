package io.wsqos.broker.service;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Makes the providers' secret tokens and hashes tokens for storage and comparison.
 *
 * <p>A plain SHA-256 is adequate for these tokens, unlike for passwords: a token is 256 random
 * bits, so there is no dictionary to try and a brute force of the hash is hopeless; a slow, salted
 * hash would only put its cost on every request.
 */
final class Tokens {

  /** Random bytes per token: 256 bits, twice the 128 the broker promises. */
  static final int TOKEN_BYTES = 32;

  private final SecureRandom random = new SecureRandom();

  /** A new token: {@value #TOKEN_BYTES} random bytes in URL-safe Base64 without padding. */
  String newToken() {
    byte[] bytes = new byte[TOKEN_BYTES];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The random source tokens are made from, for other secrets the broker makes. */
  SecureRandom random() {
    return random;
  }

  /** The SHA-256 of {@code token}'s UTF-8 bytes. */
  static byte[] sha256(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** {@code hash} in lowercase hex, as the registry stores it. */
  static String hex(byte[] hash) {
    return HexFormat.of().formatHex(hash);
  }
}
