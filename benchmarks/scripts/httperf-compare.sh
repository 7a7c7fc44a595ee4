#!/usr/bin/env bash
# Checks the load driver against httperf (Debian package httperf): both offer the same request at the
# same rates, interleaved, to one bookstore JVM, and the script prints one table row per run:
#   benchmarks/scripts/httperf-compare.sh [DELAY_MS] [RATES] [REPS]
# DELAY_MS (default 20) is the bookstore's injected delay: httperf computes its median from 1 ms bins,
# so a latency of a few tenths of a millisecond cannot be compared with it to 10%; at 20 ms one bin
# is 5%. RATES default "200 500 1000", REPS default 2. Run from the repository root, after
#   ./mvnw -q -pl examples/bookstore,benchmarks -am package -DskipTests
set -euo pipefail
cd "$(dirname "$0")/../.."
delay_ms=${1:-20}
rates=${2:-200 500 1000}
reps=${3:-2}
measure_s=10
command -v httperf >/dev/null || { echo "httperf is not installed (apt-get install httperf)" >&2; exit 2; }

work=$(mktemp -d)
server_pid=
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

java -jar examples/bookstore/target/bookstore.jar --port 0 --delay-ms "$delay_ms" >"$work/server.out" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  grep -q 'listening at' "$work/server.out" && break
  sleep 0.2
done
url=$(sed -n 's/.*listening at \(http[^ ]*\).*/\1/p' "$work/server.out")
[[ -n "$url" ]] || { echo "the bookstore did not start:" >&2; cat "$work/server.out" >&2; exit 1; }
port=$(sed 's#http://[^:]*:\([0-9]*\)/.*#\1#' <<<"$url")

# One request, the same bytes for both tools: lite-1.xml on one line (httperf's session file syntax).
tr -d '\n' <examples/bookstore/requests/lite-1.xml | sed 's/>[[:space:]]*</></g' >"$work/lite-1.xml"
printf "/bookstore method=POST contents='%s'\n" "$(cat "$work/lite-1.xml")" >"$work/lite-1.wsesslog"

# Warm the server up (JIT) before the first measured run.
httperf --hog --server 127.0.0.1 --port "$port" \
  --add-header='Content-Type: text/xml; charset=UTF-8\nSOAPAction: ""\n' \
  --wsesslog=2000,0,"$work/lite-1.wsesslog" --rate=200 --timeout=5 >/dev/null 2>&1

echo "| rate | run | httperf replies/s | ours succeeded/s | httperf conn. time median / mean (ms) | ours service p50 / mean (ms) | median ratio ours/httperf |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for rep in $(seq 1 "$reps"); do
  for rate in $rates; do
    h=$(httperf --hog --server 127.0.0.1 --port "$port" \
      --add-header='Content-Type: text/xml; charset=UTF-8\nSOAPAction: ""\n' \
      --wsesslog=$((rate * measure_s)),0,"$work/lite-1.wsesslog" --rate="$rate" --timeout=5 2>&1)
    h_replies=$(sed -n 's/^Reply rate \[replies\/s\]: min [0-9.]* avg \([0-9.]*\).*/\1/p' <<<"$h")
    h_conn=$(sed -n 's/^Connection time \[ms\]: min [0-9.]* avg \([0-9.]*\) max [0-9.]* median \([0-9.]*\).*/\2 \/ \1/p' <<<"$h")
    h_median=${h_conn%% /*}
    out="$work/ours-$rate-$rep"
    java -Xms512m -Xmx512m -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar \
      io.wsqos.benchmarks.experiment.Experiments baseline-rate --url="$url" \
      --request="$work/lite-1.xml" --rates="$rate" --reps=1 --warmup=2 \
      --measure="$measure_s" --server-warmup=0 --pause-ms=0 --out="$out" >/dev/null 2>"$out.err" ||
      { cat "$out.err" >&2; exit 1; }
    # Columns of results.csv: throughput_per_s 14, service_mean_ms 20, service_p50_ms 21.
    read -r o_tput o_smean o_sp50 < <(awk -F, 'NR == 2 { print $14, $20, $21 }' "$out/results.csv")
    ratio=$(awk -v a="$o_sp50" -v b="$h_median" 'BEGIN { printf "%.3f", a / b }')
    echo "| $rate | $rep | $h_replies | $o_tput | $h_conn | $o_sp50 / $o_smean | $ratio |"
  done
done
