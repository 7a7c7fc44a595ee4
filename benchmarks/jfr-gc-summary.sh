#!/usr/bin/env bash
# Summarises the young collections in JDK Flight Recorder files of ParallelGC JVMs, one line each:
#   benchmarks/jfr-gc-summary.sh server.jfr [more.jfr ...]
# Record with --server-jvm-opt=-XX:StartFlightRecording=filename=F.jfr,settings=profile,dumponexit=true
# (one variant per run: JDK 17 does not expand %p in the file name, so two servers would share F).
set -euo pipefail
printf '| recording | young GCs | pause mean ms | p50 | p90 | max | survivors after GC (median) | old gen after the middle / last GC | old gen growth per GC, second half |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
for f in "$@"; do
  pauses=$(jfr print --events jdk.YoungGarbageCollection "$f" |
    awk '$1 == "duration" { v = $3; if ($4 == "s") v *= 1000; print v }' | sort -n |
    awk '{ a[NR] = $1; s += $1 } END { if (NR) printf "%d | %.2f | %.2f | %.2f | %.2f", NR, s / NR, a[int((NR + 1) * 0.5)], a[int(NR * 0.9)], a[NR] }')
  # After each GC: old generation used (MB) and survivor space used (kB), from jdk.PSHeapSummary.
  heap=$(jfr print --events jdk.PSHeapSummary "$f" | awk '
    function mb(v, u) { return u == "MB" ? v : u == "kB" ? v / 1024 : u == "GB" ? v * 1024 : v / 1048576 }
    /when = "After GC"/ { after = 1; next }
    /when = "Before GC"/ { after = 0; next }
    after && /oldObjectSpace = \{/ { old = 1 }
    after && /fromSpace = \{/ { from = 1 }
    after && old && $1 == "used" { o[++n] = mb($3, $4); old = 0 }
    after && from && $1 == "used" { s[++m] = mb($3, $4) * 1024; from = 0 }
    END {
      asort(s)
      # The second half only: the first holds the start-up of the JVM (classes, caches, warm-up).
      h = int(n / 2)
      if (n > 3) printf "%.0f kB | %.1f / %.1f MB | %.3f MB", s[int((m + 1) / 2)], o[h], o[n], (o[n] - o[h]) / (n - h)
    }')
  printf '| %s | %s | %s |\n' "$(basename "$f")" "$pauses" "$heap"
done
