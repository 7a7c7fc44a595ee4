/**
 * The load probe: a load figure between 0 and 1 (the latest sample and its average over a window),
 * sampled off the request thread and read per request as a plain field.
 */
package io.wsqos.core.load;
