#!/usr/bin/env bash
# Puts the monitor log's writer threads and H2's background writer, in every JVM on this machine,
# under Linux's SCHED_IDLE policy as they appear, until stopped (Ctrl-C). For experiments only:
# a SCHED_IDLE thread runs only on a core that nothing else wants, so a saturated JVM's log may
# stop being written at all (its queue then fills and drops).
#   benchmarks/sched-idle-writers.sh & benchmarks/run-experiment.sh monitoring-client ...; kill %1
# Thread names are matched on the kernel's 15-character comm: "wsqos-monitor-w" (the writer and
# its pool's threads) and "MVStore backgro". Needs chrt (util-linux); lowering a thread's own
# policy needs no privilege, changing another user's threads does.
set -euo pipefail
declare -A done
while true; do
  for comm in /proc/[0-9]*/task/[0-9]*/comm; do
    read -r name < "$comm" 2>/dev/null || continue
    case "$name" in
      wsqos-monitor-w* | MVStore*)
        tid=${comm%/comm}
        tid=${tid##*/}
        if [[ -z "${done[$tid]:-}" ]]; then
          chrt --idle --pid 0 "$tid" && echo "$(date +%T) SCHED_IDLE: thread $tid ($name)"
          done[$tid]=1
        fi
        ;;
    esac
  done
  sleep 2
done
