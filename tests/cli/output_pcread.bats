#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcread's machine output as a contract (hwpc-output(7)): every PCOUNTER
# record kind against the schema, device identity, several devices at once,
# OpenMetrics parsed by a real parser, -o written atomically.

bats_require_minimum_version 1.5.0
load helpers

# The JSON and CSV of one pcread run, checked against the schema; the
# record types found are in $types.
both_formats() {
	local f=$BATS_TEST_TMPDIR/out
	pcread "$@" --format json >"$f.json" 2>"$f.err" || true
	check_schema json "$f.json"
	types=$(tail -n +2 "$f.json" | sed 's/^{"type":"\([a-z_]*\)".*/\1/' | sort -u | tr '\n' ' ')
	pcread "$@" --format csv >"$f.csv" 2>"$f.err" || true
	check_schema csv "$f.csv"
}

# OpenMetrics on stdin, parsed: "FAMILY TYPE SAMPLE LABELS VALUE" lines.
# (A quad domain's totals count the sets an --ack read took: each once.)
om_samples() {
	/usr/bin/python3 -c 'import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families as p
for f in p(sys.stdin.read()):
    for s in f.samples:
        print(f.name, f.type, s.name, ",".join("%s=%s" % kv for kv in sorted(s.labels.items())), s.value)'
}

quad_g84() {
	vsim g84 "pchz=1M${1:+,$1}"
	pcsim -d "sim:g84${1:+,$1}" signal core_a 0x10 periodic period=4 duty=1
	pcsetup -d "sim:g84${1:+,$1}" -D core_a --mode quad --event 0x10 >/dev/null
	pcsim -d "sim:g84${1:+,$1}" advance --cycles 100 --domain core_a >/dev/null
	pcsim -d "sim:g84${1:+,$1}" pulse pm_trigger >/dev/null
	pcsim -d "sim:g84${1:+,$1}" advance --cycles 1 --domain core_a >/dev/null
}

@test "schema: counters (one-shot, -i, --expr, -v, record mode), -f sets, --signals, --scan, --decode" {
	quad_g84
	both_formats -d sim:g84
	check [ "$types" = "pc_counters " ]
	both_formats -d sim:g84 -D core_a -i 1ms -n 3 --expr -v
	check [ "$types" = "pc_counters " ]
	jq -e 'select(.type=="pc_counters")|(.saturated|type)=="boolean" and (.event_count|type)=="number" and (.host_ns_dec|type)=="string"' \
		"$BATS_TEST_TMPDIR/out.json" >/dev/null
	both_formats -d sim:g84 -D core_a --signals
	check [ "$types" = "pc_signal " ]
	both_formats -d sim:g84 -D core_a --scan 1ms
	check [ "$types" = "pc_signal " ]
	both_formats -d sim:g84 --decode 'CTRL[1]=0x111'
	check [ "$types" = "reg_decode " ]
	printf 'domain core_a\nset a\nevent 0x10\nset b\nevent 0x11\n' >"$BATS_TEST_TMPDIR/r.setup"
	both_formats -d sim:g84 -f "$BATS_TEST_TMPDIR/r.setup" -i 100us -n 2
	check [ "$types" = "pc_set_count " ]
	pcsim -d sim:g84 reg 'STOP_SRC[2]=0x23' 'CTRL[2]=2' 'RECORD_LIMIT[2]=0x2000' 'RECORD_START[2]=0x1000' >/dev/null
	both_formats -d sim:g84 -D core_b
	jq -e 'select(.type=="pc_counters")|.mode=="RECORD" and (.record_position_hex|startswith("0x"))' \
		"$BATS_TEST_TMPDIR/out.json" >/dev/null
}

@test "identity: every record names the device and chipset; text says it once" {
	quad_g84
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --format json
	check [ "$(jq -c 'select(.type=="pc_counters")|[.device,.chipset,.domain]' <<<"$output")" = '["sim:g84","G84","core_a"]' ]
	run -0 --separate-stderr pcread -d sim:g84 -D core_a
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	check [ "$(grep -c '^device:' <<<"$output")" -eq 1 ]
	run -0 --separate-stderr pcread --decode 'CTRL[1]=0x111' --chip G84 --format json
	check [ "$(jq -c 'select(.type=="reg_decode")|[.device,.chipset]' <<<"$output")" = '[null,"G84"]' ]
}

@test "several devices: -d twice, each sample reads both, then waits; a bad one exits 5" {
	quad_g84 "state=$BATS_TEST_TMPDIR/a.st"
	vsim nv40 pchz=1M
	run -0 --separate-stderr pcread -d "sim:g84,state=$BATS_TEST_TMPDIR/a.st" -d sim:nv40 -D 0 -i 1ms -n 2 --format json
	check [ "$(jq -r 'select(.type=="pc_counters")|"\(.sample) \(.device) \(.domain)"' <<<"$output" | tr '\n' ';')" = \
		"0 sim:g84 host;0 sim:nv40 host;1 sim:g84 host;1 sim:nv40 host;" ]
	# the same chip twice: the names keep state= to tell them apart
	vsim g84 pchz=1M
	run -0 --separate-stderr pcread -d "sim:g84,state=$BATS_TEST_TMPDIR/a.st" -d sim:g84 -D core_a --format json
	check [ "$(jq -r 'select(.type=="pc_counters")|.device' <<<"$output" | sort -u | wc -l)" -eq 2 ]
	[[ "$output" == *'"device":"sim:g84,state='*'/a.st"'* ]]
	# text: a device column
	run -0 --separate-stderr pcread -d "sim:g84,state=$BATS_TEST_TMPDIR/a.st" -d sim:nv40 -D 0
	[[ "${lines[0]}" == "device "* ]]
	# one bad among good: reported, the others read, exit 5
	run --separate-stderr pcread -d sim:nv40 -d sim:nosuch -D 0 --format json
	check [ "$status" -eq 5 ]
	[[ "$stderr" == *"sim:nosuch"* ]]
	check [ "$(jq -r 'select(.type=="pc_counters")|.device' <<<"$output")" = "sim:nv40" ]
	# modes that read one device say so
	run -2 pcread -d sim:nv40 -d sim:g84 --watch 'CTRL[0]'
	check [ "$output" = "pcread: --watch takes one device (-d given 2 times)" ]
}

@test "openmetrics: parsed by prometheus_client; _total counters, labels, HELP/TYPE the same every run, # EOF" {
	quad_g84
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --ack --format openmetrics
	check [ "${lines[-1]}" = "# EOF" ]
	grep '^#' <<<"$output" >"$BATS_TEST_TMPDIR/meta1"
	om_samples <<<"$output" >"$BATS_TEST_TMPDIR/s"
	grep -q '^hwpc_pc_counters_event_count counter hwpc_pc_counters_event_count_total chipset=G84,device=sim:g84,domain=core_a 25$' "$BATS_TEST_TMPDIR/s"
	grep -q '^hwpc_pc_counters_saturated gauge hwpc_pc_counters_saturated chipset=G84,device=sim:g84,domain=core_a 0$' "$BATS_TEST_TMPDIR/s"
	pcsim -d sim:g84 advance --cycles 50 --domain core_a >/dev/null
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --ack --format openmetrics
	grep '^#' <<<"$output" >"$BATS_TEST_TMPDIR/meta2"
	check cmp "$BATS_TEST_TMPDIR/meta1" "$BATS_TEST_TMPDIR/meta2"
	# -i: the latest value of each series, one exposition
	run -0 --separate-stderr pcread -d sim:g84 -D core_a -i 1ms -n 3 --format openmetrics
	check [ "$(grep -c '^hwpc_pc_counters_cycles_total' <<<"$output")" -eq 1 ]
	om_samples <<<"$output" >/dev/null
}

@test "-o FILE for a textfile collector: written whole under a temporary name, then renamed" {
	quad_g84
	d=$BATS_TEST_TMPDIR/textfile
	mkdir "$d"
	run -0 --separate-stderr pcread -d sim:g84 --format openmetrics -o "$d/hwpc.prom"
	check [ "$(ls -A "$d")" = "hwpc.prom" ]
	check [ "$(tail -n 1 "$d/hwpc.prom")" = "# EOF" ]
	om_samples <"$d/hwpc.prom" >/dev/null
	# a failing run leaves the file as it was
	cp "$d/hwpc.prom" "$BATS_TEST_TMPDIR/before"
	run -2 pcread -d sim:g84 -D nosuch --format openmetrics -o "$d/hwpc.prom"
	check cmp "$d/hwpc.prom" "$BATS_TEST_TMPDIR/before"
	check [ "$(ls -A "$d")" = "hwpc.prom" ]
}

@test "-i with OpenMetrics and -o: the file is replaced after every sample, whole each time" {
	pcsim reset sim:g84 >/dev/null
	d=$BATS_TEST_TMPDIR/textfile
	mkdir "$d"
	# samples for a minute: the test waits for what it checks (the first
	# sample, a replacement), then ends the run itself, as a textfile
	# exporter's user would
	pcread -d sim:g84 -D core_a -i 100ms -n 600 --format openmetrics -o "$d/hwpc.prom" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	# after the first sample, before the last: the file is there already
	wait_until 60 [ -f "$d/hwpc.prom" ]
	check kill -0 "$pid"
	check [ "$(tail -n 1 "$d/hwpc.prom")" = "# EOF" ]
	om_samples <"$d/hwpc.prom" >/dev/null
	# the next sample replaces it, whole (the file's time tells: inode
	# numbers are reused, and the counts here stay 0)
	local first
	first=$(stat -c %y "$d/hwpc.prom")
	# (a function: wait_until's arguments are expanded once, when it is
	# called, so a $(stat) among them would never change)
	mtime_not() { [ "$(stat -c %y "$1")" != "$2" ]; }
	wait_until 60 mtime_not "$d/hwpc.prom" "$first"
	check [ "$(tail -n 1 "$d/hwpc.prom")" = "# EOF" ]
	kill -TERM "$pid"
	wait "$pid"
	check [ "$(ls -A "$d")" = "hwpc.prom" ]
	check [ "$(grep -c '^hwpc_pc_counters_cycles_total' "$d/hwpc.prom")" -eq 1 ]
	om_samples <"$d/hwpc.prom" >/dev/null
}

@test "several devices: --signals, --scan, -f and --reg read each device in turn on one stream" {
	vsim g84 "state=$BATS_TEST_TMPDIR/a.st"
	vsim nv40
	two=(-d "sim:g84,state=$BATS_TEST_TMPDIR/a.st" -d sim:nv40)
	both_formats "${two[@]}" -D 0 --signals
	check [ "$types" = "pc_signal " ]
	check [ "$(jq -r 'select(.type=="pc_signal")|.chipset' "$BATS_TEST_TMPDIR/out.json" | uniq | tr '\n' ' ')" = "G84 NV40 " ]
	check [ "$(grep -c '^type,' "$BATS_TEST_TMPDIR/out.csv")" -eq 1 ]
	both_formats "${two[@]}" -D 0 --scan 100us
	check [ "$(jq -r 'select(.type=="pc_signal")|.chipset' "$BATS_TEST_TMPDIR/out.json" | uniq | tr '\n' ' ')" = "G84 NV40 " ]
	both_formats "${two[@]}" --reg 'CTRL[0]'
	check [ "$(jq -r 'select(.type=="reg_value")|.chipset' "$BATS_TEST_TMPDIR/out.json" | tr '\n' ' ')" = "G84 NV40 " ]
	# rotation: each device's sets, one device after the other
	vsim g84 "state=$BATS_TEST_TMPDIR/b.st"
	printf 'domain core_a\nset a\nevent 0x10\nset b\nevent 0x11\n' >"$BATS_TEST_TMPDIR/r.setup"
	both_formats -d "sim:g84,state=$BATS_TEST_TMPDIR/a.st" -d "sim:g84,state=$BATS_TEST_TMPDIR/b.st" \
		-f "$BATS_TEST_TMPDIR/r.setup" -i 100us -n 2
	check [ "$types" = "pc_set_count " ]
	check [ "$(jq -r 'select(.type=="pc_set_count")|.device' "$BATS_TEST_TMPDIR/out.json" | uniq | wc -l)" -eq 2 ]
	# text: a device column, one header
	run -0 --separate-stderr pcread "${two[@]}" -D 0 --signals
	[[ "${lines[0]}" == "device "* ]]
	run -2 pcread -d sim:g84 -d sim:nv40 --format trace
	check [ "$output" = "pcread: --format trace takes one device (-d given 2 times)" ]
}

@test "lag_ns: in every counter record, null on a virtual clock" {
	vsim g84
	run -0 --separate-stderr pcread -d sim:g84 -D core_a -i 1ms -n 2 --format json
	check [ "$(jq -c 'select(.type=="pc_counters")|[has("lag_ns"), .lag_ns]' <<<"$output" | sort -u)" = '[true,null]' ]
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --format json
	check [ "$(jq -c 'select(.type=="pc_counters")|[has("lag_ns"), .lag_ns, .host_ns]' <<<"$output")" = '[true,null,null]' ]
}
