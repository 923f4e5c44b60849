#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# ptime's machine output as a contract (hwpc-output(7)): every record kind
# against the schema, device identity, several devices, OpenMetrics, -o.

bats_require_minimum_version 1.5.0
load helpers

# The JSON and CSV of one ptime run, checked against the schema; the
# record types found are in $types.
both_formats() {
	local f=$BATS_TEST_TMPDIR/out
	ptime "$@" --format json >"$f.json" 2>"$f.err" || true
	check_schema json "$f.json"
	types=$(tail -n +2 "$f.json" | sed 's/^{"type":"\([a-z_]*\)".*/\1/' | sort -u | tr '\n' ' ')
	ptime "$@" --format csv >"$f.csv" 2>"$f.err" || true
	check_schema csv "$f.csv"
}

# OpenMetrics on stdin: the families, as "NAME TYPE" lines; fails when the
# exposition does not parse.
om_families() {
	/usr/bin/python3 -c 'import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families as p
for f in p(sys.stdin.read()):
    for s in f.samples:
        print(f.name, f.type, s.name, sorted(s.labels.items()), s.value)'
}

@test "schema: a read, -v, --alarm, -i, --measure, --wait-alarm" {
	vsim g84
	both_formats -d sim:g84
	check [ "$types" = "timer " ]
	both_formats -d sim:g84 -v
	check [ "$types" = "timer " ]
	both_formats -d sim:g84 --alarm +1000t
	check [ "$types" = "timer " ]
	both_formats -d sim:g84 -i 1ms -n 3
	check [ "$types" = "timer_sample " ]
	both_formats -d sim:g84 --measure 1ms -v
	check [ "$types" = "timer_rate " ]
	ptime -d sim:g84 --alarm +10t >/dev/null
	pcsim -d sim:g84 advance 1us
	both_formats -d sim:g84 --wait-alarm
	check [ "$types" = "timer_alarm " ]
	vsim tensix
	both_formats -d sim:tensix -v
	check [ "$types" = "timer " ]
}

@test "schema: -- COMMAND; its report on stderr, never in the command's stdout" {
	pcsim reset sim:g84
	run --separate-stderr ptime -d sim:g84 --format json -- sh -c 'echo out; echo more'
	check [ "$status" -eq 0 ]
	check [ "$output" = "$(printf 'out\nmore')" ]
	printf '%s\n' "$stderr" >"$BATS_TEST_TMPDIR/r.json"
	check_schema json "$BATS_TEST_TMPDIR/r.json"
	[[ "$stderr" == *'{"type":"timed_command","device":"sim:g84","chipset":"G84","command":"sh","status":0,'* ]]
	run --separate-stderr ptime -d sim:g84 --format csv -- sh -c 'echo out; exit 4'
	check [ "$status" -eq 4 ]
	check [ "$output" = "out" ]
	printf '%s\n' "$stderr" >"$BATS_TEST_TMPDIR/r.csv"
	check_schema csv "$BATS_TEST_TMPDIR/r.csv"
	# -o FILE: there, and nowhere else
	run --separate-stderr ptime -d sim:g84 --format json -o "$BATS_TEST_TMPDIR/o.json" -- echo hi
	check [ "$status" -eq 0 ]
	check [ "$output" = "hi" ]
	check [ -z "$stderr" ]
	check_schema json "$BATS_TEST_TMPDIR/o.json"
}

@test "identity: device and chipset in every record; text starts with the device" {
	vsim g84
	run -0 ptime -d sim:g84 --format json
	[[ "${lines[1]}" == '{"type":"timer","device":"sim:g84","chipset":"G84",'* ]]
	run -0 ptime -d sim:g84
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	run -0 ptime -d sim:g84 -i 1ms -n 1
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	# -v: the description is a key of its own, not the identity
	run -0 ptime -d sim:g84 -v --format json
	[[ "${lines[1]}" == '{"type":"timer","device":"sim:g84","chipset":"G84",'*'"description":"sim:G84 Tesla G84 '* ]]
}

@test "several devices: the same chip with two state files, two chips; each read, sampled, measured, set" {
	a="sim:g84,state=$BATS_TEST_TMPDIR/a.st"
	b="sim:g84,state=$BATS_TEST_TMPDIR/b.st"
	pcsim reset "$a,clock=virtual"
	pcsim reset "$b,clock=virtual"
	pcsim -d "$b" advance 1ms
	run -0 ptime -d "$a" -d "$b" --format json
	check [ "${#lines[@]}" -eq 3 ]
	# names keep state= so the records can be told apart
	[[ "${lines[1]}" == '{"type":"timer","device":"'"$a"'","chipset":"G84","raw":0,'* ]]
	[[ "${lines[2]}" == '{"type":"timer","device":"sim:g84'*'","chipset":"G84","raw":864000,'* ]]
	d1=${lines[1]#*\"device\":\"}
	d2=${lines[2]#*\"device\":\"}
	check [ "${d1%%\"*}" != "${d2%%\"*}" ]
	vsim nv40
	run -0 ptime -d sim:g84,state="$BATS_TEST_TMPDIR/a.st" -d sim:nv40 -i 1ms -n 2 --format json
	check_schema json <(printf '%s\n' "$output")
	check [ "${#lines[@]}" -eq 5 ]
	[[ "${lines[1]}" == '{"type":"timer_sample","device":"sim:g84","chipset":"G84","sample":0,'* ]]
	[[ "${lines[2]}" == '{"type":"timer_sample","device":"sim:nv40","chipset":"NV40","sample":0,'* ]]
	[[ "${lines[3]}" == '{"type":"timer_sample","device":"sim:g84","chipset":"G84","sample":1,'* ]]
	# each virtual clock moved by the interval
	[[ "${lines[4]}" == '{"type":"timer_sample","device":"sim:nv40","chipset":"NV40","sample":1,"elapsed_ns":1000000,'* ]]
	# text: a device column
	run -0 ptime -d "$a" -d sim:nv40 -i 1ms -n 1
	[[ "${lines[0]}" == "device "*" sample "* ]]
	run -0 ptime -d "$a" -d sim:nv40 --measure 1ms --format csv
	[[ "${lines[1]}" == "timer_rate,sim:g84,G84,0.001000,27000,27000000.000,27000000.000,0.000,38.037,,"* ]]
	[[ "${lines[2]}" == "timer_rate,sim:nv40,NV40,0.001000,100000,100000000.000,100000000.000,0.000,11.000,,"* ]]
	# a setting applies to each device
	run -0 ptime -d "$a" -d "$b" --set-ratio 1/3 --format csv
	[[ "${lines[1]}" == timer,*,9000000.000,* ]]
	[[ "${lines[2]}" == timer,*,9000000.000,* ]]
}

@test "one bad device among good ones: exit 5, the others' records whole, the bad one named" {
	vsim g84
	vsim tensix
	run --separate-stderr ptime -d sim:g84 -d sim:nv99 --format json
	check [ "$status" -eq 5 ]
	[[ "$stderr" == *"sim:nv99"* ]]
	check [ "${#lines[@]}" -eq 2 ]
	[[ "${lines[1]}" == '{"type":"timer","device":"sim:g84",'* ]]
	# a device that fails after opening: --set-ratio on a timer without PTIMER
	run --separate-stderr ptime -d sim:g84 -d sim:tensix --set-ratio 1/2 --format csv
	check [ "$status" -eq 5 ]
	check [ "$stderr" = "ptime: sim:tensix: --set-ratio: TENSIX has no PTIMER; its Tensix wall clock has no clock ratio, source or alarm" ]
	check [ "${#lines[@]}" -eq 2 ]
	[[ "${lines[1]}" == timer,sim:g84,G84,* ]]
	# all of them bad: the failure's own status
	run ptime -d sim:zz98 -d sim:zz99
	check [ "$status" -eq 2 ]
	run ptime -d all -d sim:g84
	check [ "$status" -eq 2 ]
}

@test "openmetrics: parses, counters and gauges, HELP and TYPE stable, # EOF last" {
	vsim g84
	vsim nv40
	run -0 ptime -d sim:g84 -d sim:nv40 --format openmetrics
	check [ "${lines[-1]}" = "# EOF" ]
	fams=$(printf '%s\n' "$output" | om_families)
	[[ "$fams" == *"hwpc_timer_ticks counter hwpc_timer_ticks_total [('chipset', 'G84'), ('device', 'sim:g84')] 0"* ]]
	[[ "$fams" == *"hwpc_timer_tick_hz gauge hwpc_timer_tick_hz [('chipset', 'NV40'), ('device', 'sim:nv40')] 100000000"* ]]
	first=$(grep '^#' <<<"$output")
	pcsim -d sim:g84 advance 1ms
	run -0 ptime -d sim:g84 -d sim:nv40 --format openmetrics
	check [ "$(grep '^#' <<<"$output")" = "$first" ]
	[[ "$output" == *'hwpc_timer_ticks_total{device="sim:g84",chipset="G84"} 27000'* ]]
	# --measure: gauges; lag_ns is left out where the device cannot lag
	run -0 ptime -d sim:g84 --measure 1ms --format openmetrics
	fams=$(printf '%s\n' "$output" | om_families)
	[[ "$fams" == *"hwpc_timer_rate_measured_hz gauge"*"27000000"* ]]
	[[ "$fams" == *"hwpc_timer_rate_error_ppm gauge"* ]]
	check [ "${lines[-1]}" = "# EOF" ]
	# -i: the latest value of each series
	run -0 ptime -d sim:g84 -i 1ms -n 3 --format openmetrics
	check [ "$(grep -c '^hwpc_timer_sample_ticks_total' <<<"$output")" -eq 1 ]
	om=$output
	# the last sample's: a read now (the virtual clock stands still) agrees
	run -0 ptime -d sim:g84 --format openmetrics
	now=$(grep '^hwpc_timer_ticks_total' <<<"$output")
	[[ "$om" == *"hwpc_timer_sample_ticks_total{device=\"sim:g84\",chipset=\"G84\"} ${now##* }"$'\n'* ]]
	printf '%s\n' "$om" | om_families >/dev/null
	# -- COMMAND (one that moves the virtual clock: one that does not is
	# warned of, on the same stderr)
	run --separate-stderr ptime -d sim:g84 --format openmetrics -- pcsim -d sim:g84 advance 1ms
	printf '%s\n' "$stderr" | om_families | grep -q '^hwpc_timed_command_host_ns gauge'
}

@test "-o FILE: atomic; no temporary file left; the old file kept on failure; -i rewrites it" {
	vsim g84
	f=$BATS_TEST_TMPDIR/d/t.prom
	mkdir "$BATS_TEST_TMPDIR/d"
	run -0 ptime -d sim:g84 --format openmetrics -o "$f"
	check [ "$(tail -n 1 "$f")" = "# EOF" ]
	check [ "$(ls "$BATS_TEST_TMPDIR/d")" = "t.prom" ]
	cp "$f" "$BATS_TEST_TMPDIR/before"
	run ptime -d sim:nv99 --format openmetrics -o "$f"
	check [ "$status" -eq 2 ]
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	run ptime -d sim:g84 --measure 1ms --source-hz 1 --set-ratio 0/1 --force -o "$f"
	check [ "$status" -eq 1 ]
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	check [ "$(ls "$BATS_TEST_TMPDIR/d")" = "t.prom" ]
	# -i with -o: the file holds the latest sample's exposition, whole
	run -0 ptime -d sim:g84 -i 1ms -n 3 --format openmetrics -o "$f"
	check [ "$(grep -c '^hwpc_timer_sample_ticks_total' "$f")" -eq 1 ]
	check [ "$(tail -n 1 "$f")" = "# EOF" ]
	om_families <"$f" | grep -q 'hwpc_timer_sample_ticks_total'
	check [ "$(ls "$BATS_TEST_TMPDIR/d")" = "t.prom" ]
	# JSON to -o as well
	run -0 ptime -d sim:g84 --format json -o "$BATS_TEST_TMPDIR/d/t.json"
	check_schema json "$BATS_TEST_TMPDIR/d/t.json"
}
