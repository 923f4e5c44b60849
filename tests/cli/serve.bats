#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcread --serve, the Prometheus exporter (pcread(1), SERVING), against the
# real thing: Debian's Prometheus scraping two simulated GPUs on loopback,
# prometheus_client's parsers, node_exporter's textfile collector.  Every
# server is started here on 127.0.0.1 and stopped by teardown.

bats_require_minimum_version 1.5.0
load helpers
load serve_helpers

teardown() {
	stop_servers
	if [ -f "$BATS_TEST_TMPDIR/nobody_home" ]; then
		rm -rf "$(cat "$BATS_TEST_TMPDIR/nobody_home")"
	fi
}

# Two realtime simulated GPUs, a domain of each counting in quad mode, its
# sets swapped by PGRAPH's PM_TRIGGER (pcsetup's default swap on both).
two_gpus() {
	G0=sim:g84,state=$BATS_TEST_TMPDIR/gpu0.st
	G1=sim:nv40,state=$BATS_TEST_TMPDIR/gpu1.st
	pcsim reset "$G0" >/dev/null
	pcsim reset "$G1" >/dev/null
	pcsetup -d "$G0" -D core_a --mode quad --event 1 >/dev/null
	pcsetup -d "$G1" -D core --mode quad --event 1 >/dev/null
}

# A domain's clock as the simulator runs it, in Hz.
clock_hz() {
	pcsim -d "$1" show --format json | jq -r --arg d "$2" 'select(.type == "sim_pc_domain" and .domain == $d) | .clock_hz'
}

# An exposition on stdin, parsed by prometheus_client (om: its OpenMetrics
# parser, text: its Prometheus text parser): "FAMILY TYPE SAMPLE LABELS
# VALUE" lines, the value as a float ("1.0").
parsed() {
	/usr/bin/python3 -c 'import sys
if sys.argv[1] == "om":
    from prometheus_client.openmetrics.parser import text_string_to_metric_families as p
else:
    from prometheus_client.parser import text_string_to_metric_families as p
for f in p(sys.stdin.read()):
    for s in f.samples:
        print(f.name, f.type, s.name, ",".join("%s=%s" % kv for kv in sorted(s.labels.items())), float(s.value),
              *(["%.3f" % float(s.timestamp)] if len(sys.argv) > 2 and s.timestamp is not None else []))' "$@"
}

# Prometheus has 8 samples of the series in the last 8 s.
scraped_8s() {
	[ "$(prom_value "count_over_time($1[8s])")" -ge 8 ] 2>/dev/null
}

# $output starts with $1.
starts() {
	[ "${output#"$1"}" != "$output" ]
}

# An instant query's value is $2.
prom_is() {
	[ "$(prom_value "$1")" = "$2" ]
}

# An instant query's value is above $2.
prom_above() {
	awk -v a="$(prom_value "$1")" -v b="$2" 'BEGIN { exit !(a != "" && a + 0 > b + 0) }'
}

@test "Prometheus scraping two simulated GPUs: rate() of a domain's cycles is its clock within 2 %" {
	two_gpus
	# --timestamps: each sample is stamped with its read, not with the
	# scrape's start (a loaded machine reads late and unevenly)
	start_serve -d "$G0" -d "$G1" --ack --trigger --timestamps
	start_prometheus
	local g84='hwpc_pc_counters_cycles_total{device="sim:g84",domain="core_a"}'
	local nv40='hwpc_pc_counters_cycles_total{device="sim:nv40",domain="core"}'
	until_ok scraped_8s "$g84"
	until_ok scraped_8s "$nv40"
	for s in "$g84 $G0 core_a" "$nv40 $G1 core"; do
		set -- $s
		rate=$(prom_value "rate($1[8s])")
		hz=$(clock_hz "$2" "$3")
		echo "rate($1[8s]) = $rate, clock $hz Hz, lag $(prom_value 'hwpc_serve_device_lag_ns')" >&2
		check awk -v r="$rate" -v hz="$hz" 'BEGIN { e = r / hz - 1; exit !(hz > 0 && e < 0.02 && e > -0.02) }'
	done
	# every counter began when the exporter first read its domain
	check prom_above 'hwpc_pc_counters_cycles_created{device="sim:g84",domain="core_a"}' 1.7e9
	check prom_is 'up{job="hwpc"}' 1
}

@test "--timestamps: a domain's samples carry the time of the read that gave them (OpenMetrics: seconds, Prometheus text: ms)" {
	two_gpus
	start_serve -d "$G0" -d "$G1" --ack --trigger --timestamps
	local t0 t1
	t0=$(date +%s.%N)
	scrape 'application/openmetrics-text;version=1.0.0'
	t1=$(date +%s.%N)
	parsed om ts <<<"$BODY" >"$BATS_TEST_TMPDIR/om"
	# a counter's _total and _created have its read's time, between the
	# scrape's start and end; the exporter's own samples have none
	check awk -v a="$t0" -v b="$t1" '$3 == "hwpc_pc_counters_cycles_total" { n++ }
		$1 == "hwpc_pc_counters_cycles" && (NF != 6 || $6 < a - 0.001 || $6 > b + 0.001) { exit 1 }
		$3 ~ /^hwpc_serve_/ && NF != 5 { exit 1 } END { exit n < 2 }' "$BATS_TEST_TMPDIR/om"
	scrape ''
	parsed text ts <<<"$BODY" >"$BATS_TEST_TMPDIR/text"
	check awk '$3 == "hwpc_pc_counters_cycles_total" { n++; if (NF != 6) exit 1 } END { exit n < 2 }' "$BATS_TEST_TMPDIR/text"
	# the Prometheus format's are whole milliseconds
	check grep -Eq '^hwpc_pc_counters_cycles_total\{device="sim:g84",chipset="G84",domain="core_a"\} [0-9]+ [0-9]{13}$' <<<"$BODY"
	# without --timestamps, none
	run -2 pcread -d "$G0" --timestamps
	check [ "$output" = "pcread: --timestamps needs --serve" ]
}

@test "Prometheus: a device whose state is removed goes down (up 0, its series end); the other keeps its series" {
	two_gpus
	start_serve -d "$G0" -d "$G1" --ack --trigger -i 200ms
	start_prometheus
	until_ok prom_is 'hwpc_serve_device_up{device="sim:g84"}' 1
	until_ok prom_is 'hwpc_serve_device_up{device="sim:nv40"}' 1
	until_ok prom_above 'hwpc_pc_counters_cycles_total{device="sim:g84",domain="core_a"}' 0
	rm "$BATS_TEST_TMPDIR/gpu0.st"
	until_ok prom_is 'hwpc_serve_device_up{device="sim:g84"}' 0
	# its domains' series end (Prometheus marks them stale), the other's go on
	until_ok prom_is 'count(hwpc_pc_counters_cycles_total{device="sim:g84"})' ""
	check prom_is 'hwpc_serve_device_up{device="sim:nv40"}' 1
	before=$(prom_value 'hwpc_pc_counters_cycles_total{device="sim:nv40",domain="core"}')
	until_ok prom_above 'hwpc_pc_counters_cycles_total{device="sim:nv40",domain="core"}' "$before"
	check prom_above 'hwpc_serve_device_failure_count_total{device="sim:g84"}' 0
	check grep -q '^pcread: sim:g84: reported down: .*simulator state .*gpu0.st was removed$' "$SERVE_ERR"
}

@test "--serve: OpenMetrics when Accept asks for it, Prometheus text otherwise, both parsed; counters with _created; 404, 405" {
	two_gpus
	start_serve -d "$G0" -d "$G1" --ack --trigger
	scrape 'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1'
	check [ "$CODE" = 200 ]
	check [ "$CTYPE" = "application/openmetrics-text; version=1.0.0; charset=utf-8" ]
	check [ "$(tail -n 1 <<<"$BODY")" = "# EOF" ]
	parsed om <<<"$BODY" >"$BATS_TEST_TMPDIR/om"
	check grep -q '^hwpc_pc_counters_cycles counter hwpc_pc_counters_cycles_total chipset=G84,device=sim:g84,domain=core_a ' "$BATS_TEST_TMPDIR/om"
	check grep -q '^hwpc_pc_counters_cycles counter hwpc_pc_counters_cycles_created chipset=NV40,device=sim:nv40,domain=core ' "$BATS_TEST_TMPDIR/om"
	check grep -q '^hwpc_serve_device_up gauge hwpc_serve_device_up chipset=NV40,device=sim:nv40 1.0$' "$BATS_TEST_TMPDIR/om"
	check grep -q '^hwpc_serve_scrape_count counter hwpc_serve_scrape_count_total  1.0$' "$BATS_TEST_TMPDIR/om"
	# curl's Accept (*/*): the Prometheus text format
	scrape ''
	check [ "$CODE" = 200 ]
	check [ "$CTYPE" = "text/plain; version=0.0.4; charset=utf-8" ]
	check grep -q '^# TYPE hwpc_pc_counters_cycles_total counter$' <<<"$BODY"
	check grep -vq '^# EOF' <<<"$BODY"
	parsed text <<<"$BODY" >"$BATS_TEST_TMPDIR/text"
	check grep -q '^hwpc_pc_counters_cycles counter hwpc_pc_counters_cycles_total chipset=G84,device=sim:g84,domain=core_a ' "$BATS_TEST_TMPDIR/text"
	check grep -q '^hwpc_pc_counters_cycles_created gauge hwpc_pc_counters_cycles_created chipset=G84,device=sim:g84,domain=core_a ' "$BATS_TEST_TMPDIR/text"
	check grep -q '^hwpc_serve_scrape_count counter hwpc_serve_scrape_count_total  2.0$' "$BATS_TEST_TMPDIR/text"
	# the counts go on: a later scrape counts more cycles
	a=$(sample 'hwpc_pc_counters_cycles_total{device="sim:g84",chipset="G84",domain="core_a"}')
	until_ok eval 'scrape ""; [ "$(sample "hwpc_pc_counters_cycles_total{device=\"sim:g84\",chipset=\"G84\",domain=\"core_a\"}")" -gt "$a" ]'
	scrape '' "${URL%/metrics}/"
	check [ "$CODE" = 404 ]
	scrape '' "${URL}x"
	check [ "$CODE" = 404 ]
	run -0 curl -sS -o /dev/null -w '%{http_code}' -X POST "$URL"
	check [ "$output" = 405 ]
}

@test "--serve without --ack opens the devices read-only: a quad domain's counts are left out, a single one's count" {
	two_gpus
	pcsetup -d "$G0" -D core_b --mode single --pre 1 --start 1 --event 1 >/dev/null
	start_serve -d "$G0"
	scrape ''
	check [ "$(sample 'hwpc_serve_device_up{device="sim:g84",chipset="G84"}')" = 1 ]
	check [ -z "$(sample 'hwpc_pc_counters_cycles_total{device="sim:g84",chipset="G84",domain="core_a"}')" ]
	check [ -n "$(sample 'hwpc_pc_counters_event_pct{device="sim:g84",chipset="G84",domain="core_a"}')" ]
	a=$(sample 'hwpc_pc_counters_cycles_total{device="sim:g84",chipset="G84",domain="core_b"}')
	until_ok eval 'scrape ""; [ "$(sample "hwpc_pc_counters_cycles_total{device=\"sim:g84\",chipset=\"G84\",domain=\"core_b\"}")" -gt "$a" ]'
	# nothing was written: the quad set latched by pcsetup is still unacked
	run -0 pcread -d "$G0" -D core_a --format json
	check [ "$(jq -r 'select(.type == "pc_counters") | .state' <<<"$output")" = VALID ]
}

@test "--serve: a device that hangs is reported down after --timeout, the other served; it comes back; SIGTERM exits 0" {
	two_gpus
	start_serve -d "$G0" -d "$G1" --ack --trigger --timeout 1s
	hold_lock "$BATS_TEST_TMPDIR/gpu1.st"
	scrape ''
	check [ "$CODE" = 200 ]
	check [ "$(sample 'hwpc_serve_device_up{device="sim:nv40",chipset="NV40"}')" = 0 ]
	check [ "$(sample 'hwpc_serve_device_up{device="sim:g84",chipset="G84"}')" = 1 ]
	check [ -n "$(sample 'hwpc_pc_counters_cycles_total{device="sim:g84",chipset="G84",domain="core_a"}')" ]
	check [ -z "$(sample 'hwpc_pc_counters_cycles_total{device="sim:nv40",chipset="NV40",domain="core"}')" ]
	check [ "$(sample 'hwpc_serve_scrape_duration_ns')" -ge 1000000000 ]
	check grep -q '^pcread: sim:nv40: reported down: no answer within --timeout 1 s' "$SERVE_ERR"
	# not waited for again until its read returns
	scrape ''
	check [ "$(sample 'hwpc_serve_device_up{device="sim:nv40",chipset="NV40"}')" = 0 ]
	check [ "$(sample 'hwpc_serve_scrape_duration_ns')" -lt 1000000000 ]
	kill "$LOCKER"
	until_ok eval 'scrape ""; [ "$(sample "hwpc_serve_device_up{device=\"sim:nv40\",chipset=\"NV40\"}")" = 1 ]'
	check grep -q '^pcread: sim:nv40: answers again$' "$SERVE_ERR"
	kill -TERM "$SERVE_PID"
	wait "$SERVE_PID"
}

@test "--serve: SIGTERM while a device hangs inside a read still exits 0" {
	two_gpus
	start_serve -d "$G0" -d "$G1" --ack --trigger --timeout 1s
	hold_lock "$BATS_TEST_TMPDIR/gpu1.st"
	scrape ''
	check [ "$(sample 'hwpc_serve_device_up{device="sim:nv40",chipset="NV40"}')" = 0 ]
	kill -TERM "$SERVE_PID"
	wait "$SERVE_PID"
}

@test "--serve: concurrent scrapes are each answered whole" {
	two_gpus
	start_serve -d "$G0" -d "$G1" --ack --trigger
	for i in 1 2 3 4 5 6 7 8; do
		curl -sS --max-time 60 -H 'Accept: application/openmetrics-text' -o "$BATS_TEST_TMPDIR/c$i" \
			-w '%{http_code}\n' "$URL" >"$BATS_TEST_TMPDIR/code$i" 3>&- &
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p"; done
	for i in 1 2 3 4 5 6 7 8; do
		check [ "$(cat "$BATS_TEST_TMPDIR/code$i")" = 200 ]
		check [ "$(tail -n 1 "$BATS_TEST_TMPDIR/c$i")" = "# EOF" ]
		parsed om <"$BATS_TEST_TMPDIR/c$i" | grep -q '^hwpc_serve_device_up gauge hwpc_serve_device_up chipset=G84,device=sim:g84 1.0$'
	done
	# each was a scrape of its own
	scrape ''
	check [ "$(sample hwpc_serve_scrape_count_total)" = 9 ]
}

@test "--serve: bad input: a port in use or not allowed is exit 1 naming it, a bad ADDR or PORT exit 2" {
	pcsim reset sim:g84 >/dev/null
	start_serve -d sim:g84
	local addr=${URL#http://}
	addr=${addr%/metrics}
	run -1 pcread -d sim:g84 --serve "$addr"
	check [ "$output" = "pcread: --serve $addr: cannot listen: Address already in use" ]
	run -1 pcread -d sim:g84 --serve 192.0.2.1:9400
	check [ "$output" = "pcread: --serve 192.0.2.1:9400: cannot listen: Cannot assign requested address" ]
	run -2 pcread -d sim:g84 --serve nosuch:9400
	check [ "$output" = "pcread: --serve 'nosuch:9400': bad address 'nosuch' (a numeric IPv4 address, or IPv6 in brackets: [::1]:9400)" ]
	run -2 pcread -d sim:g84 --serve :9400
	check starts "pcread: --serve ':9400': an empty address "
	run -2 pcread -d sim:g84 --serve 70000
	check starts "pcread: --serve '70000': "
	check [ "${#lines[@]}" -eq 1 ]
	run -2 pcread -d sim:g84 --serve 9400 --format json
	check starts "pcread: --serve and --format cannot be combined"
	run -2 pcread -d sim:g84 --serve 9400 --trigger
	check starts "pcread: --trigger with --serve needs --ack"
	# a chip with no register known to fire PM_TRIGGER is not served
	pcsim reset sim:nv30 >/dev/null
	run -2 pcread -d sim:nv30 --serve 127.0.0.1:0 --ack --trigger
	check starts "pcread: sim:nv30: not served: no public document names a register that fires PM_TRIGGER on NV30"
}

@test "--serve: a device that cannot be served is reported and left out; the others are served" {
	two_gpus
	pcsim reset "sim:nv30,state=$BATS_TEST_TMPDIR/gpu2.st" >/dev/null
	start_serve -d "$G0" -d "sim:nv30,state=$BATS_TEST_TMPDIR/gpu2.st" --ack --trigger
	check grep -q '^pcread: sim:nv30: not served: no public document names a register that fires PM_TRIGGER' "$SERVE_ERR"
	check grep -q 'serving http://127.0.0.1:[0-9]*/metrics: 1 device,' "$SERVE_ERR"
	scrape ''
	check [ "$(sample 'hwpc_serve_device_up{device="sim:g84",chipset="G84"}')" = 1 ]
	check [ -z "$(grep nv30 <<<"$BODY")" ]
	kill -TERM "$SERVE_PID"
	wait "$SERVE_PID"
}

@test "--serve: a port an unprivileged user may not bind is exit 1 naming it" {
	if [ "$(id -u)" != 0 ]; then
		run -1 pcread -d sim:g84 --serve 80
	else
		command -v setpriv >/dev/null || skip "missing tool: setpriv"
		# a directory of its own where user nobody can reach it (the
		# test's own is private), removed by teardown
		local home
		home=$(mktemp -d /tmp/hwpc-serve-nobody.XXXXXX)
		echo "$home" >"$BATS_TEST_TMPDIR/nobody_home"
		chown nobody "$home"
		setpriv --reuid=nobody --regid=nogroup --clear-groups test -x "$HWPC_BIN/pcread" ||
			skip "user nobody cannot reach $HWPC_BIN"
		setpriv --reuid=nobody --regid=nogroup --clear-groups test -w "$home" || skip "user nobody cannot reach $home"
		setpriv --reuid=nobody --regid=nogroup --clear-groups env XDG_RUNTIME_DIR="$home" \
			"$HWPC_BIN/pcsim" reset "sim:g84,state=$home/g.st" >/dev/null
		run -1 setpriv --reuid=nobody --regid=nogroup --clear-groups env XDG_RUNTIME_DIR="$home" \
			"$HWPC_BIN/pcread" -d "sim:g84,state=$home/g.st" --serve 80
	fi
	check [ "$output" = "pcread: --serve 80: cannot listen: Permission denied" ]
}

@test "libmicrohttpd is loaded by --serve alone: pcread is not linked with it (nor GnuTLS)" {
	run -0 ldd "$HWPC_BIN/pcread"
	check [ -z "$(grep -E 'microhttpd|gnutls' <<<"$output")" ]
}

@test "--format prometheus: node_exporter's textfile collector keeps the counters' types" {
	two_gpus
	mkdir "$BATS_TEST_TMPDIR/textfile"
	run -0 pcread -d "$G0" -d "$G1" --ack --format prometheus -o "$BATS_TEST_TMPDIR/textfile/hwpc.prom"
	parsed text <"$BATS_TEST_TMPDIR/textfile/hwpc.prom" >"$BATS_TEST_TMPDIR/text"
	check grep -q '^hwpc_pc_counters_cycles counter hwpc_pc_counters_cycles_total chipset=G84,device=sim:g84,domain=core_a ' "$BATS_TEST_TMPDIR/text"
	check grep -vq '^# EOF' "$BATS_TEST_TMPDIR/textfile/hwpc.prom"
	local port
	port=$(free_port)
	prometheus-node-exporter --web.listen-address="127.0.0.1:$port" --collector.disable-defaults \
		--collector.textfile --collector.textfile.directory="$BATS_TEST_TMPDIR/textfile" \
		>"$BATS_TEST_TMPDIR/node.log" 2>&1 3>&- &
	keep_pid $!
	until_ok curl -sf -o /dev/null "http://127.0.0.1:$port/metrics"
	scrape '' "http://127.0.0.1:$port/metrics"
	check grep -q '^node_textfile_scrape_error 0$' <<<"$BODY"
	check grep -q '^# TYPE hwpc_pc_counters_cycles_total counter$' <<<"$BODY"
	check grep -q '^# HELP hwpc_pc_counters_cycles_total CYCLES, summed' <<<"$BODY"
	check grep -q '^hwpc_pc_counters_cycles_total{chipset="NV40",device="sim:nv40",domain="core"} ' <<<"$BODY"
}

@test "--serve --trigger says which quad domains not served PM_TRIGGER swaps too, as pcread --trigger does" {
	pcsim reset sim:nv40 >/dev/null
	pcsetup -d sim:nv40 -D shader --mode quad --event 1 >/dev/null
	start_serve -d sim:nv40 -D core --ack --trigger
	check grep -qx 'pcread: sim:nv40: warning: --trigger swaps the quad sets of shader too (not served): whoever reads them loses them' "$SERVE_ERR"
	kill -TERM "$SERVE_PID"
	wait "$SERVE_PID"
	# every domain served: nothing swapped besides
	start_serve -d sim:nv40 --ack --trigger
	check [ -z "$(grep warning "$SERVE_ERR")" ]
	kill -TERM "$SERVE_PID"
	wait "$SERVE_PID"
}

# A domain set up again while it is served: the counts of two setups are no
# one figure, so its series restart (a new _created, counted from the next
# read: Prometheus takes it as a counter reset) and the log says why.
@test "--serve: a domain reprogrammed while served restarts its series (new _created) and says so" {
	G0=sim:g84,state=$BATS_TEST_TMPDIR/gpu0.st
	pcsim reset "$G0" >/dev/null
	pcsetup -d "$G0" -D core_a --mode single --event 1 >/dev/null
	# read at scrapes only: no read can fall in the middle of pcsetup's
	# writes (before its note is saved), which would restart the series
	# for the registers alone, and the note's new generation would then
	# be the watch's start, never said
	start_serve -d "$G0" -D core_a -i 600s
	s='hwpc_pc_counters_cycles_created{device="sim:g84",chipset="G84",domain="core_a"}'
	t='hwpc_pc_counters_cycles_total{device="sim:g84",chipset="G84",domain="core_a"}'
	until_ok eval 'scrape ""; [ -n "$(sample "$t")" ] && [ "$(sample "$t")" != 0 ]'
	created=$(sample "$s")
	pcsetup -d "$G0" -D core_a --mode single --event 2 >/dev/null
	scrape ""
	until_ok grep -qF "pcread: sim:g84: warning: core_a was reprogrammed (set up again: setup note generation 1 -> 2 (single EVENT=2)): its counts start again" "$SERVE_ERR"
	scrape ""
	check awk -v a="$created" -v b="$(sample "$s")" 'BEGIN { exit !(b > a) }'
	# nothing changed since: the series goes on from the restart
	sleep 0.3
	scrape ""
	created=$(sample "$s")
	said=$(grep -c 'reprogrammed' "$SERVE_ERR")
	sleep 0.3
	scrape ""
	check [ "$(sample "$s")" = "$created" ]
	check [ "$(grep -c 'reprogrammed' "$SERVE_ERR")" -eq "$said" ]
}
