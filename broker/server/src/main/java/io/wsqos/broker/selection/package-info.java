/**
 * Selection of offers by a client's requirement: {@link io.wsqos.broker.selection.OfferSelector}
 * answers from an immutable in-memory index of the registry that a background thread keeps in step
 * with the database, ranking by a replaceable {@link io.wsqos.broker.selection.SelectionPolicy} and
 * spreading ties with a {@link io.wsqos.broker.selection.TieBreaker}.
 */
package io.wsqos.broker.selection;
