#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcread's workflows: counting around a command (perf stat, perfex),
# measuring every clock (nvatiming), firing PM_TRIGGER; the figures checked
# against the simulator's clocks and signals, on virtual and realtime
# clocks.

bats_require_minimum_version 1.5.0
load helpers

# A G84 whose core_a runs at 1 MHz with signal 0x10 1 on one cycle in 4.
quarter_g84() {
	vsim g84 pchz=1M${1:+,$1}
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
}

# jq over the report (stderr, JSON Lines) of the last `run --separate-stderr`.
report() { # the JSON lines only: a warning may stand among them
	grep '^{' <<<"$stderr" | jq -r "$@"
}

# awk's verdict on an expression over named numbers: holds a=1 b=2 'a < b'.
holds() {
	local expr=${!#} args=()
	while [ $# -gt 1 ]; do args+=(-v "$1"); shift; done
	awk "${args[@]}" "BEGIN { exit !($expr) }"
}

@test "-- CMD: quad-mode counts around a command that advances a virtual clock, exact against the signal" {
	quarter_g84
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --mode quad --event 0x10 --format json -- \
		pcsim -d sim:g84 advance --cycles 1000 --domain core_a
	# The command's standard output is its own; the report is on stderr.
	[[ "$output" == *"device_ns: "* && "$output" != *pc_run* ]]
	check [ "$(report -c 'select(.type=="pc_run")|[.command,.sample,.domain,.mode,.status]')" = \
		'["pcsim",null,"core_a","quad",0]' ]
	c=$(report 'select(.type=="pc_run")|.cycles')
	e=$(report 'select(.type=="pc_run")|.event_count')
	ns=$(report 'select(.type=="pc_run")|.interval_ns')
	hz=$(report 'select(.type=="pc_run")|.cycles_per_s')
	# All of the command's 1000 cycles, and the one the last swap takes to land.
	check holds c="$c" 'c >= 1000 && c <= 1001'
	check [ "$ns" -eq $((c * 1000)) ]
	check holds hz="$hz" 'hz == 1000000'
	check holds c="$c" e="$e" 'e >= int(c / 4) && e <= int(c / 4) + 1'
	check holds p="$(report 'select(.type=="pc_run")|.event_pct')" 'p > 24.9 && p < 25.1'
}

@test "-- CMD: with nothing to set up, the domains counting are counted; -i prints each interval, and they add up" {
	quarter_g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	run -0 --separate-stderr pcread -d sim:g84 -i 100ms --format json -- sh -c \
		'for i in 1 2 3; do pcsim -d sim:g84 advance --cycles 1000 --domain core_a >/dev/null; sleep 0.25; done'
	check [ "$(report 'select(.type=="pc_run")|.domain' | sort -u)" = core_a ]
	n=$(report 'select(.type=="pc_run" and .sample != null)|.sample' | wc -l)
	check [ "$n" -ge 3 ]
	sum=$(report -s '[.[]|select(.type=="pc_run" and .sample != null)|.cycles]|add')
	total=$(report 'select(.type=="pc_run" and .sample == null)|.cycles')
	check [ "$sum" -eq "$total" ]
	check holds t="$total" 't >= 3000 && t <= 3003'
	# each interval: a quarter of its cycles, give or take the one a swap cuts
	report 'select(.type=="pc_run" and .sample != null)|"\(.cycles) \(.event_count)"' |
		while read -r c e; do check holds c="$c" e="$e" 'e - c / 4 <= 1 && c / 4 - e <= 1'; done
	# elapsed_ns is the time from the start to each interval's end
	check [ "$(report 'select(.type=="pc_run")|.elapsed_ns' | tail -1)" -eq \
		"$(report 'select(.type=="pc_run" and .sample == null)|.interval_ns')" ]
}

@test "-- CMD on a realtime clock: cycles_per_s is the domain's clock, within its uncertainty; text table on stderr" {
	pcsim reset sim:g84
	hz=$(pcsim -d sim:g84 show --format json | jq -r 'select(.domain=="core_a")|.clock_hz')
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --mode quad --event 1 --format json -- sleep 0.2
	rate=$(report 'select(.type=="pc_run")|.cycles_per_s')
	ppm=$(report 'select(.type=="pc_run")|.uncertainty_ppm')
	check holds r="$rate" h="$hz" u="$ppm" 'r - h <= h * u / 1e6 + 1 && h - r <= h * u / 1e6 + 1'
	# EVENT is 1: it counts every cycle
	check [ "$(report 'select(.type=="pc_run")|.event_count == .cycles')" = true ]
	run -0 --separate-stderr pcread -d sim:g84 -D core_a -- true
	check [ -z "$output" ]
	check [ "$(sed -n 1p <<<"$stderr")" = "device: sim:g84 (G84)" ]
	[[ "$(sed -n 2p <<<"$stderr")" =~ ^elapsed_ns\ +uncertainty_ppm\ +domain\ +mode\ +cycles\ +cycles_per_s\ +event_count ]]
	[[ "$(sed -n 3p <<<"$stderr")" =~ \ core_a\ +quad\  ]]
}

@test "-- CMD: single-event mode on NV10, 40-bit counters read live around the command" {
	vsim nv10
	run -0 --separate-stderr pcread -d sim:nv10 --pre 1 --start 1 --event 1 --format json -- \
		pcsim -d sim:nv10 advance 1ms
	hz=$(pcsim -d sim:nv10 show --format json | jq -r 'select(.domain=="core")|.clock_hz')
	c=$(report 'select(.type=="pc_run")|.cycles')
	check [ "$(report 'select(.type=="pc_run")|.mode')" = single ]
	# all of the millisecond but the cycles PRE and START take to start counting
	check holds c="$c" h="$hz" 'c <= h / 1000 && c >= h / 1000 - 4'
	check [ "$(report 'select(.type=="pc_run")|.event_count')" -eq "$c" ]
}

@test "-- CMD: the exit status is the command's, 128+N after signal N; the report is written all the same" {
	quarter_g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	run -3 --separate-stderr pcread -d sim:g84 --format json -- sh -c 'exit 3'
	check [ "$(report 'select(.type=="pc_run")|.status')" = 3 ]
	run -143 --separate-stderr pcread -d sim:g84 --format csv -o "$BATS_TEST_TMPDIR/r.csv" -- sh -c 'kill -TERM $$'
	check [ -z "$stderr" ]
	check [ "$(cut -d, -f1,4 "$BATS_TEST_TMPDIR/r.csv" | tail -1)" = "pc_run,sh" ]
	[[ "$(tail -1 "$BATS_TEST_TMPDIR/r.csv")" == *",143,"* ]]
	check_schema csv "$BATS_TEST_TMPDIR/r.csv"
}

@test "-- CMD: SIGINT and SIGTERM sent to pcread reach the command, and pcread reports after it" {
	pcsim reset sim:g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 1 >/dev/null
	# pcread with the default dispositions (a background job of a script
	# starts with SIGINT ignored), signalled once it runs the command (the
	# command says so by creating a file: however slow the machine, the
	# signal never comes before pcread has started it).
	for sig in INT TERM; do
		local ran="$BATS_TEST_TMPDIR/ran.$sig"
		run --separate-stderr /usr/bin/python3 -c '
import os, signal, subprocess, sys, time
p = subprocess.Popen(sys.argv[3:], preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
		     stderr=subprocess.PIPE, text=True)
end = time.monotonic() + 120
while not os.path.exists(sys.argv[2]) and p.poll() is None and time.monotonic() < end:
	time.sleep(0.01)
p.send_signal(getattr(signal, "SIG" + sys.argv[1]))
sys.stderr.write(p.communicate()[1])
sys.exit(p.returncode)' "$sig" "$ran" pcread -d sim:g84 --format json -- sh -c 'touch "$0"; exec sleep 20' "$ran"
		want=$((128 + $(kill -l "$sig")))
		check [ "$status" -eq "$want" ]
		check [ "$(report 'select(.type=="pc_run")|"\(.command) \(.status)"')" = "sh $want" ]
	done
}

@test "-- CMD: bad input and a command that cannot be started" {
	quarter_g84
	run -2 pcread -d sim:g84 --
	check [ "$output" = "pcread: -- needs a command after it (pcread [SETUP] -- COMMAND [ARG...])" ]
	printf 'domain core_a\nmode quad\nevent 0x10\n' >"$BATS_TEST_TMPDIR/q.setup"
	run -2 pcread -d sim:g84 -f "$BATS_TEST_TMPDIR/q.setup" --event 1 -- true
	check [ "$output" = "pcread: give setup options either on the command line or in $BATS_TEST_TMPDIR/q.setup, not both" ]
	run -2 pcread -d sim:g84 -D core_a --event 1
	[[ "$output" == "pcread: --event is a setup option: pcread takes it before -- COMMAND"* ]]
	run -2 pcread -d sim:g84 -D core_a -i 1ms -n 3 -- true
	[[ "$output" == "pcread: -n and -- COMMAND cannot be combined"* ]]
	# a relation row naming several options relates each of them, the last too
	run -2 pcread -d sim:g84 --until 'PTIMER.TIME_LOW != 0' -- true
	check [ "$output" = "pcread: --until and -- COMMAND cannot be combined" ]
	run -2 pcread -d sim:g84 --expr -- true
	[[ "$output" == "pcread: --expr and -- COMMAND cannot be combined: the command's end"* ]]
	echo old >"$BATS_TEST_TMPDIR/keep"
	run -127 --separate-stderr pcread -d sim:g84 -f "$BATS_TEST_TMPDIR/q.setup" -o "$BATS_TEST_TMPDIR/keep" -- \
		/nonexistent/cmd
	check [ "$stderr" = "pcread: cannot run /nonexistent/cmd: No such file or directory" ]
	check [ "$(cat "$BATS_TEST_TMPDIR/keep")" = old ]
	run -0 --separate-stderr pcread -d sim:g84 -f "$BATS_TEST_TMPDIR/q.setup" --format json -- true
	check [ "$(report 'select(.type=="pc_run")|"\(.domain) \(.mode)"')" = "core_a quad" ]
	vsim g84
	run -2 pcread -d sim:g84 -- true
	[[ "$output" == "pcread: no domain of sim:g84 is counting: give setup options before --"* ]]
}

@test "a setup someone else made is refused unless --force (pcread -- CMD and pcsetup alike)" {
	quarter_g84
	pcsim -d sim:g84 reg 'EVENT_OP[1]=0xcccc' >/dev/null
	want="core_a: set up by someone else: PCOUNTER.EVENT_OP[1] reads 0x0000cccc and no pcsetup note says hwpc set it (--force reprograms it)"
	run -2 pcread -d sim:g84 -D core_a --mode quad --event 0x10 -- true
	check [ "$output" = "pcread: $want" ]
	run -2 pcsetup -d sim:g84 -D core_a --mode quad --event 0x10
	check [ "$output" = "pcsetup: $want" ]
	run -0 pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 --force
	# Now it is pcsetup's: a new setup goes through; someone's change does not.
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --mode quad --event 'rise(0x10)' -- true
	pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x11' >/dev/null
	run -2 pcread -d sim:g84 -D core_a --mode quad --event 0x10 -- true
	[[ "$output" == "pcread: core_a: setup changed since pcsetup (generation 2): PCOUNTER.EVENT_SRC[1]"* ]]
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --mode quad --event 0x10 --force -- true
	# Counters are no part of a setup: a domain counting down its periods
	# is set up again without --force.
	pcsetup -d sim:g84 -D core_b --event 1 --pre 1 --start 1 --stop 1 --pre-count 2 --periods 3 >/dev/null
	pcsim -d sim:g84 advance 1ms >/dev/null
	run -0 pcsetup -d sim:g84 -D core_b --event 1
}

@test "-- CMD: a domain set up again while it is counted is said, its counts null, --strict exits 3" {
	quarter_g84
	# pcread's own note makes the inner pcsetup no foreign setup: it goes
	# through, and the generation it bumps is what pcread sees.
	inner='pcsim -d sim:g84 advance --cycles 1000 --domain core_a >/dev/null
		pcsetup -d sim:g84 -D core_a --mode single --pre 1 --start 1 --event 0x11 >/dev/null
		pcsim -d sim:g84 advance --cycles 1000 --domain core_a >/dev/null'
	run -3 --separate-stderr pcread -d sim:g84 -D core_a --mode single --event 0x10 --pre 1 --start 1 --strict \
		--format json -- sh -c "$inner"
	# (a sample between pcsetup's writes and its note sees the registers first)
	[[ "$stderr" == *"pcread: warning: core_a: set up again: setup note generation 1 -> 2 (single PRE=1 START=1 EVENT=0x11) while it was counted"* ||
	   "$stderr" == *"pcread: warning: core_a: reprogrammed since the count began: PCOUNTER.EVENT_SRC[1] (0x00a484) reads 0x00000011, was 0x00000010 while it was counted"* ]]
	check [ "$(report -c 'select(.type=="pc_run")|[.reprogrammed,.cycles,.cycles_per_s,.event_count,.uncertainty_ppm,.status]')" = \
		'[true,null,null,null,null,0]' ]
	# Without --strict: the command's status, the same warning and nulls.
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --mode single --event 0x10 --pre 1 --start 1 -- sh -c "$inner"
	[[ "$stderr" == *"core_a: set up again: setup note generation 3 -> 4"* || "$stderr" == *"core_a: reprogrammed since"* ]]
	# A register written by someone else (no pcsetup) is seen as well; -i:
	# the interval it fell in is null, the ones after are figures again.
	quarter_g84
	pcsetup -d sim:g84 -D core_a --mode single --pre 1 --start 1 --event 0x10 >/dev/null
	run -3 --separate-stderr pcread -d sim:g84 -D core_a --strict -i 100ms --format json -- sh -c \
		'pcsim -d sim:g84 advance --cycles 1000 --domain core_a >/dev/null; sleep 0.3
		 pcsim -d sim:g84 reg "EVENT_SRC[1]=0x12" >/dev/null; sleep 0.3
		 pcsim -d sim:g84 advance --cycles 1000 --domain core_a >/dev/null; sleep 0.3'
	[[ "$stderr" == *"core_a: reprogrammed since the count began: PCOUNTER.EVENT_SRC[1] (0x00a484) reads 0x00000012, was 0x00000010 while it was counted"* ]]
	check [ "$(report -c 'select(.type=="pc_run" and .reprogrammed)|[.sample != null,.cycles]' | head -1)" = '[true,null]' ]
	check [ "$(report -c 'select(.type=="pc_run" and .sample == null)|[.reprogrammed,.cycles]')" = '[true,null]' ]
	# before it, counts (the first 1000 cycles, less the two the single-event
	# process takes to start); after it, counts again
	check holds c="$(report -s '[.[]|select(.type=="pc_run" and .sample != null and .cycles != null)|.cycles]|add')" \
		'c >= 990 && c <= 1000'
	check [ "$(report 'select(.type=="pc_run" and .sample != null)|.reprogrammed' | uniq | tr '\n' ' ')" = 'false true false ' ]
}

@test "-i: a domain set up again between samples is said, its totals null from there on, --strict exits 3" {
	quarter_g84
	pcsetup -d sim:g84 -D core_a --mode single --pre 1 --start 1 --event 0x10 >/dev/null
	out=$BATS_TEST_TMPDIR/out.json
	# A virtual clock stepped by pcread itself: samples keep coming until
	# SIGINT, and the setup lands between two of them.
	pcread -d sim:g84 -D core_a -i 1ms -n 100000000 --strict --format json >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_until 60 grep -q '"sample":2,' "$out"
	pcsetup -d sim:g84 -D core_a --mode single --pre 1 --start 1 --event 0x11 --force >/dev/null
	wait_until 60 grep -q '"reprogrammed":true' "$out"
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	check [ "$status" -eq 3 ]
	# (a sample between pcsetup's writes and its note sees the registers first)
	grep -q -e "^pcread: warning: core_a: set up again: setup note generation 1 -> 2 (single PRE=1 START=1 EVENT=0x11) while it was read: its totals are lost from here on$" \
		-e "^pcread: warning: core_a: reprogrammed since the count began: PCOUNTER.EVENT_SRC\[1\] (0x00a484) reads 0x00000011, was 0x00000010 while it was read: its totals are lost from here on$" \
		"$BATS_TEST_TMPDIR/err" || { cat "$BATS_TEST_TMPDIR/err"; false; }
	# before: totals; from the change on: null, flagged
	check [ "$(jq -r 'select(.type=="pc_counters" and .sample == 1)|[.reprogrammed,.cycles_total != null]|@csv' "$out")" = 'false,true' ]
	check [ "$(jq -r 'select(.type=="pc_counters" and .reprogrammed)|.cycles_total' "$out" | sort -u)" = null ]
	check [ "$(jq -r 'select(.type=="pc_counters")|.reprogrammed' "$out" | uniq | tr '\n' ' ')" = 'false true ' ]
}

@test "--dry-run prints the setup for -- CMD and runs nothing" {
	quarter_g84
	run -0 pcread -d sim:g84 -D core_a --mode quad --event 0x10 --dry-run --format csv -- touch "$BATS_TEST_TMPDIR/ran"
	check [ ! -e "$BATS_TEST_TMPDIR/ran" ]
	check [ "$(sed -n '1p' <<<"$output")" = "type,device,chipset,reg,addr,old,new,unchanged,fields,note" ]
	[[ "$output" == *"planned_write,sim:g84,G84,PCOUNTER.PRE_OP[1],0x00a424,"* ]]
	run -0 pcread -d sim:g84 --reg 'PCOUNTER.EVENT_OP[1]' --format csv
	[[ "$output" == *",0x00000000,"* ]]
}

@test "R10000 the perfex way: --events multiplexed around a command, scaled, with the share each counted" {
	vsim r10000
	# Two events, one per counter: each counts the whole run, exactly.
	run -0 --separate-stderr pcread -d sim:r10000 --events cycles,9 --format json -- pcsim -d sim:r10000 advance 10ms
	check [ "$(report -c 'select(.type=="r10k_estimate")|[.event,.count,.scaled,.counted_pct,.time_total_ns]' | sort)" = \
		"$(printf '%s\n' '["CYCLES",2000000,2000000,100,10000000]' '["INSTRUCTION_CACHE_MISSES",0,0,100,10000000]')" ]
	# Four events on two counters, on a realtime clock: three take turns on
	# counter 0, CYCLES (200 MHz) on counter 1 all along.  The times are the
	# device's that ran: what a simulator lagging on a loaded machine
	# skipped is lag_ns, left out of them (and warned about), so the
	# figures agree however fast the machine is.
	pcsim reset sim:r10000
	run -0 --separate-stderr pcread -d sim:r10000 --events 9,10,cycles,0 --format json -- sleep 0.3
	lag=$(report 'select(.type=="r10k_estimate" and .counter==1)|.lag_ns')
	check holds l="$lag" 'l >= 0'
	if [ "$lag" -gt 0 ]; then
		[[ "$stderr" == *"pcread: warning: the device's time lagged "* ]]
	fi
	all=$(report 'select(.type=="r10k_estimate" and .counter==1)|.count')
	part=$(report 'select(.type=="r10k_estimate" and .counter==0 and .event=="CYCLES")|.scaled')
	unc=$(report 'select(.type=="r10k_estimate" and .counter==0 and .event=="CYCLES")|.scaled_unc')
	pct=$(report 'select(.type=="r10k_estimate" and .counter==0 and .event=="CYCLES")|.counted_pct')
	sum=$(report -s '[.[]|select(.type=="r10k_estimate" and .counter==0)|.counted_pct]|add')
	total=$(report 'select(.type=="r10k_estimate" and .counter==1)|.time_total_ns')
	check holds a="$all" t="$total" 'a - t / 5 < a / 1000 && t / 5 - a < a / 1000'
	# CYCLES runs at one rate: the estimate is off by no more than the
	# timing of its turns says (scaled_unc: the device time between reading
	# the clock and the counters, which a preempted host stretches), and
	# counter 1's count by its 0.1 % above
	check holds a="$all" p="$part" u="$unc" 'p - a <= u + a / 1000 + 1 && a - p <= u + a / 1000 + 1'
	check holds a="$all" u="$unc" 'u >= 0 && u < a'
	# counted all along (counter 1 never rotates): exact, no uncertainty
	check [ "$(report -c 'select(.type=="r10k_estimate" and .counter==1)|[.scaled_unc,.time_unc_ns,.counted_pct]')" = "[0,0,100]" ]
	# its share: some of the run, not all (how much depends on when the
	# turns fell on a loaded machine, and on what lagged in them)
	check holds p="$pct" 'p > 0 && p < 100'
	check holds s="$sum" 's > 99.9 && s < 100.1'
	# Without --events: both counters, read before and after.
	run -0 --separate-stderr pcread -d sim:r10000 --format json -- sleep 0.1
	d=$(report 'select(.type=="r10k_counter" and .counter==1)|.delta')
	check [ "$d" = "$(report 'select(.type=="r10k_counter" and .counter==1)|.count_total')" ]
	check holds d="$d" 'd > 0.1 * 2e8 * 0.9'
	run -127 pcread -d sim:r10000 -- /nonexistent/cmd
}

@test "--clocks: every domain's clock on every generation, virtual clocks exact within the uncertainty" {
	for chip in nv10 nv20 nv30 nv40 g84 g92 gt215 gf100; do
		vsim "$chip"
		run -0 pcread -d "sim:$chip" --clocks --window 10ms --format json
		got=$(jq -r 'select(.type=="pc_clock")|"\(.domain) \(.measured_hz) \(.uncertainty_hz) \(.uncertainty_ppm)"' \
			<<<"$output")
		want=$(pcsim -d "sim:$chip" show --format json | jq -r 'select(.domain)|"\(.domain) \(.clock_hz)"')
		check [ "$(cut -d' ' -f1 <<<"$got")" = "$(cut -d' ' -f1 <<<"$want")" ]
		while read -r dom m u ppm; do
			h=$(awk -v d="$dom" '$1 == d { print $2 }' <<<"$want")
			check holds m="$m" h="$h" u="$u" 'm - h <= u && h - m <= u'
			check holds m="$m" h="$h" 'm - h < h / 1000 && h - m < h / 1000'
			check holds p="$ppm" 'p > 0 && p < 1'
		done <<<"$got"
	done
	# Again, and again: each measurement starts from what the last put back.
	vsim g84
	for i in 1 2 3; do
		run -0 pcread -d sim:g84 --clocks -D shader --format json
		check [ "$(jq -r 'select(.type=="pc_clock")|.measured_hz' <<<"$output")" = 1450000000 ]
	done
}

@test "--clocks on a realtime clock: within the uncertainty, and 0.1 % where the uncertainty is that small" {
	pcsim reset sim:g84
	run -0 pcread -d sim:g84 --clocks --window 200ms --format json
	want=$(pcsim -d sim:g84 show --format json | jq -r 'select(.domain)|"\(.domain) \(.clock_hz)"')
	jq -r 'select(.type=="pc_clock")|"\(.domain) \(.measured_hz) \(.uncertainty_hz) \(.lag_ns)"' <<<"$output" |
		while read -r dom m u lag; do
			h=$(awk -v d="$dom" '$1 == d { print $2 }' <<<"$want")
			[ "$lag" = 0 ] || continue # a simulator that fell behind says so (and --strict exits 3)
			check holds m="$m" h="$h" u="$u" 'm - h <= u && h - m <= u'
			holds u="$u" h="$h" 'u > h / 1000' || check holds m="$m" h="$h" 'm - h < h / 1000 && h - m < h / 1000'
		done
}

@test "--clocks puts back the setup it found: configuration and state; --dry-run writes nothing" {
	quarter_g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	pcsetup -d sim:g84 -D core_b --event 0x10 --pre 1 --start 1 --stop 0x10 --periods 5 >/dev/null
	pcsim -d sim:g84 advance --cycles 10 --domain core_a >/dev/null
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/a.json"
	run -0 pcread -d sim:g84 --clocks --dry-run --format json
	# the quad domain's PRE_OP set and put back, the single-event one's
	# restarted too
	check [ "$(jq -r 'select(.type=="planned_write")|.reg' <<<"$output" | grep -c 'PRE_OP\[1\]')" -eq 2 ]
	check [ "$(jq -r 'select(.type=="planned_write")|.reg' <<<"$output" | grep -c 'PRE_OP\[2\]')" -eq 3 ]
	[[ "$(jq -r 'select(.type=="planned_write")|.note' <<<"$output" | tail -1)" == "restarts the counting found" ]]
	run -0 pcread --diff "$BATS_TEST_TMPDIR/a.json" -d sim:g84
	run -0 pcread -d sim:g84 --clocks
	pcsim -d sim:g84 advance --cycles 10 --domain core_a >/dev/null
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/b.json"
	# What differs is only what counts: the counters, the timer, the signals
	# and inputs now, all volatile (--all compares them).
	run -0 pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json" --format csv
	run -1 pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json" --all --format csv
	check [ -z "$(tail -n +2 <<<"$output" | cut -d, -f5 | grep -v -e '^PCOUNTER\.CTR_' -e '^PTIMER\.' -e '^PCOUNTER\.S[IR][GC]_STATUS')" ]
	run -0 --separate-stderr pcread -d sim:g84 -D core_a -D core_b --strict
	check [ -z "$stderr" ]
	[[ "$output" == *"core_a  QUAD "*"core_b  SINGLE  "* ]]
	# A window too long for a 32-bit CYCLES: an error, and the setup put back.
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/a.json"
	run -2 pcread -d sim:g84 --clocks --window 4295s -D shader # 1 MHz
	check [ "$output" = "pcread: domain shader: CYCLES saturated within the window (32-bit): give a shorter --window" ]
	pcsim -d sim:g84 advance --cycles 10 --domain core_a >/dev/null
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/b.json"
	run -0 pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json" --format csv
	run -1 pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json" --all --format csv
	check [ -z "$(tail -n +2 <<<"$output" | cut -d, -f5 | grep -v -e '^PCOUNTER\.CTR_' -e '^PTIMER\.' -e '^PCOUNTER\.S[IR][GC]_STATUS')" ]
}

@test "pcsetup --trigger fires PM_TRIGGER by regdb's register (NV40:GF100); pcread --trigger before each read" {
	quarter_g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	pcsim -d sim:g84 advance --cycles 1 --domain core_a >/dev/null
	pcread -d sim:g84 -D core_a --ack >/dev/null
	pcsim -d sim:g84 advance --cycles 400 --domain core_a >/dev/null
	run -0 pcsetup -d sim:g84 --trigger --dry-run --format csv
	check [ "${lines[1]}" = "planned_write,sim:g84,G84,PGRAPH.DEBUG_1,0x400084,0x00000000,0x00000020,false,PM_TRIGGER=1,fires PM_TRIGGER" ]
	run -0 pcsetup -d sim:g84 --trigger --format csv
	check [ "${lines[1]}" = "pc_trigger,sim:g84,G84,pm_trigger,PGRAPH.DEBUG_1.PM_TRIGGER,0x400084,0x00000020" ]
	pcsim -d sim:g84 advance --cycles 1 --domain core_a >/dev/null
	run -0 pcread -d sim:g84 -D core_a --format json
	check [ "$(jq -c 'select(.type=="pc_counters")|[.state,.cycles,.event_count]' <<<"$output")" = '["VALID",401,100]' ]
	# pcread --trigger latches what counted since; with --ack and -i, a set a sample
	run -0 pcread -d sim:g84 -D core_a --ack >/dev/null
	pcsim -d sim:g84 advance --cycles 200 --domain core_a >/dev/null
	run -0 pcread -d sim:g84 -D core_a --trigger --ack --format json
	check [ "$(jq -c 'select(.type=="pc_counters")|[.state,.cycles,.event_count,.ack_count]' <<<"$output")" = '["VALID",201,50,1]' ]
	run -0 pcread -d sim:g84 -D core_a --trigger --ack -i 100us -n 3 --format json
	check [ "$(jq -c 'select(.type=="pc_counters" and .sample > 0)|[.state,.cycles,.event_count]' <<<"$output" |
		tr '\n' ' ')" = '["VALID",100,25] ["VALID",100,25] ' ]
	# With a setup: written, then the trigger, one table (CSV: both kinds).
	run -0 pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 --trigger --format csv
	check [ "${lines[0]}" = "type,device,chipset,domain,mode,generation,signal,reg,addr,value" ]
}

@test "NV40:G84: PM_TRIGGER swaps every quad domain: -- CMD and -f refuse to swap another's sets unless --force; --trigger says so" {
	vsim nv40
	pcsetup -d sim:nv40 -D shader --mode quad --event 1 >/dev/null
	pcsim -d sim:nv40 advance 1ms >/dev/null
	want="the quad sets are swapped by PM_TRIGGER on NV40, which swaps those of shader too (quad mode): whoever reads them would lose them (--force swaps them all the same)"
	run -2 pcread -d sim:nv40 -D core --mode quad --event 1 --strict -- pcsim -d sim:nv40 advance 1ms
	check [ "$output" = "pcread: $want" ]
	# nothing was swapped: shader's set is its own, whole; and nothing was
	# written: the refusal comes before core's setup is made
	run -0 pcread -d sim:nv40 -D shader --strict --format json
	check [ "$(jq -r 'select(.type=="pc_counters")|.state' <<<"$output")" = EMPTY ]
	run -0 pcread -d sim:nv40 -D core --format json
	check [ "$(jq -r 'select(.type=="pc_counters")|.mode' <<<"$output")" = SINGLE ]
	# a dry run shows what would happen: the same refusal
	run -2 pcread -d sim:nv40 -D core --mode quad --event 1 --dry-run -- true
	check [ "$output" = "pcread: $want" ]
	# where no public document says how to fire PM_TRIGGER (NV30, GF100),
	# quad mode around a command is refused before the setup is written
	for spec in "nv30 1" "gf100 hub.0 --swap 0x10"; do
		read -r chip dom swap <<<"$spec"
		vsim "$chip"
		before=$(pcread -d "sim:$chip" -D "$dom" --format json | jq -r 'select(.type=="pc_counters")|.mode')
		run -2 pcread -d "sim:$chip" -D "$dom" $swap --mode quad --event 1 -- true
		[[ "$output" == "pcread: counting a quad-mode domain around a command swaps its sets by PM_TRIGGER on ${chip^^} (whatever its SWAP input), and no public document names "* ]]
		run -0 pcread -d "sim:$chip" -D "$dom" --format json
		check [ "$(jq -r 'select(.type=="pc_counters")|.mode' <<<"$output")" = "$before" ]
		check [ "$before" != QUAD ]
	done
	vsim nv40
	pcsetup -d sim:nv40 -D shader --mode quad --event 1 >/dev/null
	printf 'set a\nmode quad\nevent 1\nset b\nmode quad\nevent 2\n' >"$BATS_TEST_TMPDIR/rot.setup"
	run -2 pcread -d sim:nv40 -D core -f "$BATS_TEST_TMPDIR/rot.setup" -i 1ms -n 2
	check [ "$output" = "pcread: $want" ]
	run -0 pcread -d sim:nv40 -D core --format json
	check [ "$(jq -r 'select(.type=="pc_counters")|.mode' <<<"$output")" = SINGLE ]
	# --force: done, and said
	run -0 --separate-stderr pcread -d sim:nv40 -D core --mode quad --event 1 --force -- pcsim -d sim:nv40 advance 1ms
	[[ "$stderr" == *"pcread: warning: --force: PM_TRIGGER, fired to swap the quad sets, swaps those of shader too: whoever reads them loses them"* ]]
	run -0 --separate-stderr pcread -d sim:nv40 -D core -f "$BATS_TEST_TMPDIR/rot.setup" -i 1ms -n 2 --force
	[[ "$stderr" == *"swaps those of shader too"* ]]
	# --trigger was asked for: a warning names the domains it swaps besides
	run -0 --separate-stderr pcread -d sim:nv40 -D core --trigger
	check [ "$stderr" = "pcread: warning: --trigger swaps the quad sets of shader too (not read here): whoever reads them loses them" ]
	run -0 --separate-stderr pcread -d sim:nv40 -D core -D shader --trigger --ack
	[[ "$stderr" != *"--trigger swaps"* ]]
	# G84: PM_TRIGGER swaps the quad domains whose SWAP source selects it
	# (the power-on choice); -- CMD swaps by PRE_OP there, one domain only.
	vsim g84
	pcsetup -d sim:g84 -D core_b --mode quad --event 1 >/dev/null
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --trigger
	check [ "$stderr" = "pcread: warning: --trigger swaps the quad sets of core_b too (not read here): whoever reads them loses them" ]
	pcsetup -d sim:g84 -D core_b --mode quad --event 1 --swap zero >/dev/null
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --trigger
	check [ -z "$stderr" ]
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --mode quad --event 1 -- true
	[[ "$stderr" != *warning* ]]
}

@test "--trigger where no public document names a register: says so and names the simulator's pulse" {
	for chip in nv10 nv30 gf100; do
		vsim "$chip"
		up=$(tr a-z A-Z <<<"$chip")
		want="no public document names a register that fires PM_TRIGGER on $up (regdb has no PCOUNTER.PM_TRIGGER_WRITE for it); on the simulator, 'pcsim pulse pm_trigger' fires it"
		run -2 pcsetup -d "sim:$chip" --trigger
		check [ "$output" = "pcsetup: --trigger: $want" ]
		run -2 pcread -d "sim:$chip" --trigger
		check [ "$output" = "pcread: --trigger: $want" ]
	done
	vsim r10000
	run -2 pcsetup -d sim:r10000 --trigger
	check [ "$output" = "pcsetup: --trigger fires a GPU's PM_TRIGGER; the R10000 has none" ]
}

@test "schema: pc_run, pc_clock and pc_trigger in JSON and CSV" {
	quarter_g84
	f=$BATS_TEST_TMPDIR/o
	pcread -d sim:g84 -D core_a --mode quad --event 0x10 -i 1ms --format json -o "$f.json" -- \
		pcsim -d sim:g84 advance --cycles 100 --domain core_a >/dev/null
	check_schema json "$f.json"
	pcread -d sim:g84 -D core_a --format csv -o "$f.csv" -- true
	check_schema csv "$f.csv"
	pcread -d sim:g84 --clocks --window 1ms --format json >"$f.json"
	check_schema json "$f.json"
	pcread -d sim:g84 --clocks --window 1ms --format csv >"$f.csv"
	check_schema csv "$f.csv"
	pcsetup -d sim:g84 --trigger --format json >"$f.json"
	check_schema json "$f.json"
}

# Several devices: the run's status is the command's (or --strict's 3, or
# a stop's 130) unless a device failed, which makes it 5.
@test "-- CMD and --clocks over several devices: the command's status, 127, --strict's 3; a device failing beside --strict gives 5" {
	pcsim reset sim:g84 >/dev/null
	pcsim reset sim:nv40 >/dev/null
	run -3 pcread -d sim:g84 -d sim:nv40 -D 1 --mode single --event 1 -- sh -c 'exit 3'
	run -127 pcread -d sim:g84 -d sim:nv40 -D 1 --mode single --event 1 -- /nonexistent/cmd
	check [ "${lines[0]}" = "pcread: cannot run /nonexistent/cmd: No such file or directory" ]
	# nv1 has no PCOUNTER: a failure, whichever device --strict finds suspect
	run -5 pcread -d sim:g84 -d sim:nv1 --clocks --window 1ms --strict
	run -5 pcread -d sim:nv1 -d sim:g84 --clocks --window 1ms --strict
	# no device could begin: the command is not run, the status is theirs
	pcsim reset sim:g84 >/dev/null
	pcsim reset sim:nv40 >/dev/null
	run -2 --separate-stderr pcread -d sim:g84 -d sim:nv40 -- sh -c 'echo RAN'
	check [ -z "$output" ]
	check [ "${#stderr_lines[@]}" -eq 2 ] # each device: no domain is counting
	# a setup file that cannot be read: said once, before any device
	run -2 --separate-stderr pcread -d sim:g84 -d sim:nv40 -f /nonexistent/setup -- sh -c 'echo RAN'
	check [ -z "$output" ]
	check [ "$stderr" = "pcread: cannot read /nonexistent/setup: No such file or directory" ]
	run -2 --separate-stderr pcread -d sim:g84 -d sim:nv40 -f /nonexistent/setup -i 1ms
	check [ "$stderr" = "pcread: cannot read /nonexistent/setup: No such file or directory" ]
	# some failed: the others' records are whole, -o FILE replaced (exit 5)
	run -5 pcread -d sim:g84 -d sim:nv1 --signals --format json -o "$BATS_TEST_TMPDIR/sig.json"
	check [ "$(jq -s -c '[.[] | select(.type == "pc_signal") | .device] | unique' "$BATS_TEST_TMPDIR/sig.json")" = '["sim:g84"]' ]
	# --events on PCOUNTER devices: one mistake, said once
	run -2 pcread -d sim:g84 -d sim:nv40 --events 1 -i 1ms -n 1
	check [ "$output" = "pcread: --events is an R10000/R12000 option; the G84 has PCOUNTER domains (pcread --help)" ]
}
