package io.wsqos.broker.service;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The receipts a selection gives a client, one per candidate: a MAC of the client's and the offer's
 * ids under the key the broker instances on one database share. A client sends an offer's receipt
 * with its report of what it measured of the offer, which proves the broker selected that offer for
 * that client; nobody else can make one, and a receipt for one client or offer is worth nothing for
 * another.
 */
final class Receipts {

  /** Bytes of the MAC a receipt keeps: 128 bits. */
  private static final int KEPT = 16;

  private final SecretKeySpec key;

  Receipts(byte[] key) {
    this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
  }

  /** The receipt of offer {@code offerId} for client {@code clientId}: 22 URL-safe characters. */
  String issue(long clientId, long offerId) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(clientId, offerId));
  }

  /** Whether {@code receipt} is the one of offer {@code offerId} for client {@code clientId}. */
  boolean valid(long clientId, long offerId, String receipt) {
    byte[] presented;
    try {
      presented = Base64.getUrlDecoder().decode(receipt);
    } catch (IllegalArgumentException e) {
      return false;
    }
    // Constant time, so that response times do not tell how much of a forgery was right.
    return MessageDigest.isEqual(presented, mac(clientId, offerId));
  }

  private byte[] mac(long clientId, long offerId) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      byte[] full = mac.doFinal((clientId + ":" + offerId).getBytes(StandardCharsets.US_ASCII));
      return Arrays.copyOf(full, KEPT);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
    }
  }
}
