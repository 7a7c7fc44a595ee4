/**
 * Offers that follow their provider's load: {@link io.wsqos.broker.adaptive.AdaptiveOffer} keeps
 * one offer in the broker in step with a {@link io.wsqos.core.load.LoadProbe} by an {@link
 * io.wsqos.broker.adaptive.OfferRule}, by default the first seed text's price rule.
 */
package io.wsqos.broker.adaptive;
