#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Read pcread's CSV (schema 1) on stdin and print the columns the older
tests pinned, under the names they used, so their exact-value assertions
keep checking the same numbers.  argv[1] is "i" when the run sampled (-i).

New name -> pinned name: event_count -> event (and start/pre/stop), the
saturated_counters list -> saturated, ack_count -> acks, record_position ->
record_pos, record_packet_count -> record_packets, elapsed_ns -> time_ns,
*_count_total -> *_total, saturated_total_counters -> total_saturated,
signal_index -> signal, signal -> name, one_count -> ones, sample_count ->
samples, period_count -> periods.  Columns the older output did not have
(type, device, chipset, host_ns, the boolean saturated, expressions, lag,
event_pct_note, set_age_ns, reprogrammed, a signal's aliases, a scan's interval, exactness and
seed)
are left out, and optional groups (quad, record, totals) only appear when
the older output would have had them."""
import csv
import sys

rows = list(csv.DictReader(sys.stdin))
sampled = len(sys.argv) > 1 and sys.argv[1] == "i"
if not rows:
    sys.exit(0)
cols = list(rows[0].keys())
ren = {"signal": "name", "signal_index": "signal", "one_count": "ones", "sample_count": "samples",
       "period_count": "periods", "elapsed_ns": "time_ns", "ack_count": "acks",
       "record_position": "record_pos", "record_packet_count": "record_packets",
       "saturated_total_counters": "total_saturated"}
for c in ("event", "start", "pre", "stop"):
    ren[c + "_count"] = c
    ren[c + "_count_total"] = c + "_total"
if rows[0]["type"] == "pc_counters":
    ren["saturated_counters"] = "saturated"
    drop = {"type", "device", "chipset", "host_ns", "saturated", "mmio_read_count", "lag_ns", "event_pct_note",
            "set_age_ns", "reprogrammed"}
    drop |= {c for c in cols if c.endswith("_expr")}
    if not sampled:
        drop |= {"sample", "elapsed_ns"} | {c for c in cols if c.endswith("_total") or c == "saturated_total_counters"}
    if not any(r["lost"] for r in rows):
        drop |= {"lost", "ack_count"}
    if not any(r["record_position"] for r in rows):
        drop |= {"record_position", "record_packet_count"}
else:
    drop = {"type", "device", "chipset"}
    if rows[0]["type"] == "pc_signal":
        drop |= {"aliases"}  # checked by the aliases' own test
        scan = any(r["active_pct"] for r in rows)
        drop |= {"value"} if scan else {"active_pct", "one_count", "sample_count"}
        # the scan's interval and seed (pcread --scan's sampling) are
        # checked in output_pcread.bats and by --scan's own tests
        drop |= {"active_pct_low", "active_pct_high", "exact", "seed"}
keep = [c for c in cols if c not in drop]
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow([ren.get(c, c) for c in keep])
for r in rows:
    w.writerow([r[c] for c in keep])
