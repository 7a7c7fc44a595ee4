/**
 * The workloads of the binding-selection report (seed 002): search-, shopping-, map- and
 * financial-like operations on one service, published over every binding by the experiment that
 * reproduces its Table 1 and Figure 3.
 */
package io.wsqos.benchmarks.binding;
