#!/usr/bin/env python3
"""Paired ratios of the run in this directory: for each connection mode, per repetition, the
server's CPU per response (without the JIT's) and the throughput of monitored-otel against
monitored and of each against plain; prints the median and range over the repetitions, and the
CPU per response by category (us) that monitored-otel adds to monitored."""
import csv, os, statistics, sys

here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
cpu = list(csv.DictReader(open(os.path.join(here, "cpu.csv"))))
res = list(csv.DictReader(open(os.path.join(here, "results.csv"))))
cats = [c for c in cpu[0] if c.startswith("cpu_ns_")]

def per_response(row, col=None):
    n = int(row["responses"])
    if col:
        return int(row[col]) / n / 1e3
    return sum(int(row[c]) for c in cats if c != "cpu_ns_jit") / n / 1e3

def fmt(values, digits=3):
    return "%.*f (%.*f-%.*f)" % (digits, statistics.median(values), digits, min(values), digits, max(values))

for suffix in ("", "-kept-alive"):
    names = {m: m + suffix for m in ("plain", "monitored", "monitored-otel")}
    by = {(r["variant"], r["repetition"]): r for r in cpu}
    tp = {(r["variant"], r["repetition"]): float(r["throughput_per_s"]) for r in res}
    reps = sorted({r["repetition"] for r in cpu if r["variant"] == names["monitored-otel"]}, key=int)
    if not reps:
        continue
    print("connections:", "kept alive" if suffix else "one per request", "- repetitions:", len(reps))
    for a, b in (("monitored-otel", "monitored"), ("monitored-otel", "plain"), ("monitored", "plain")):
        cr = [per_response(by[(names[a], k)]) / per_response(by[(names[b], k)]) for k in reps]
        tr = [tp[(names[a], k)] / tp[(names[b], k)] for k in reps]
        print("  %s / %s: CPU per response %s, throughput %s" % (a, b, fmt(cr), fmt(tr)))
    for m in ("plain", "monitored", "monitored-otel"):
        v = [per_response(by[(names[m], k)]) for k in reps]
        t = [tp[(names[m], k)] for k in reps]
        print("  %s: CPU per response %s us, throughput %s/s" % (m, fmt(v, 1), fmt(t, 0)))
    for c in cats:
        d = [per_response(by[(names["monitored-otel"], k)], c) - per_response(by[(names["monitored"], k)], c) for k in reps]
        print("  added by OpenTelemetry, %s: %s us" % (c[7:], fmt(d, 2)))
