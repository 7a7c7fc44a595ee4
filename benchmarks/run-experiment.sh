#!/usr/bin/env bash
# Runs one load experiment from the repository root:
#   benchmarks/run-experiment.sh NAME [--option value ...]
#   benchmarks/run-experiment.sh NAME --help        (its options and their defaults)
#   benchmarks/run-experiment.sh --markdown > benchmarks/EXPERIMENTS.md
# NAME: baseline-rate, baseline-requesters, driver-limit, compression-rate, compression-requesters,
# slow-client, packet-loss, slow-links, monitoring-requesters, monitoring-client, broker-rate,
# broker-requesters, diffserv-rate, diffserv-share, binding-workloads, binding-granularity,
# adaptive-offers, overload, monitor-store, codec-paired (see EXPERIMENTS.md).
# Builds the bookstore and benchmarks jars first if they are missing (REBUILD=1 forces it).
# Results go to benchmarks/results/NAME/ (results.csv, report.md, *.png) unless --out is given.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${REBUILD:-0}" == 1 || ! -f examples/bookstore/target/bookstore.jar || ! -f benchmarks/target/benchmarks.jar ]]; then
  ./mvnw -B -q -pl examples/bookstore,benchmarks -am package -DskipTests
fi
exec java -Xms512m -Xmx512m -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar \
  io.wsqos.benchmarks.experiment.Experiments "$@"
