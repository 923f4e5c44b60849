#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# ptime on the simulator, in virtual time: exact values.

bats_require_minimum_version 1.5.0
load helpers

@test "reads 0 on a fresh chip, then exact ticks and ns after advancing" {
	vsim g84
	run ptime -d sim:g84
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	check [ "${lines[1]}" = "raw:     0x0000000000000000" ]
	pcsim -d sim:g84 advance 1ms
	run ptime -d sim:g84
	check [ "$status" -eq 0 ]
	check [ "${lines[1]}" = "raw:     0x00000000000d2f00" ]
	check [ "${lines[2]}" = "ticks:   27000" ]
	check [ "${lines[3]}" = "ns:      1000000" ]
	check [ "${lines[4]}" = "tick_hz: 27000000.000" ]
}

@test "json and csv output" {
	vsim nv40 hclk=50M
	pcsim -d sim:nv40 advance 2us
	run ptime -d sim:nv40 --format json
	[[ "${lines[1]}" == '{"type":"timer","device":"sim:nv40","chipset":"NV40","raw":3200,"raw_hex":"0x0000000000000c80","ticks":100,"ticks_dec":"100","ns":2000,"ns_dec":"2000","tick_hz":50000000.000,"alarm_ticks":null,'* ]]
	run ptime -d sim:nv40 --format csv
	[[ "${lines[0]}" == "type,device,chipset,raw,ticks,ns,tick_hz,alarm_ticks,"* ]]
	[[ "${lines[1]}" == "timer,sim:nv40,NV40,0x0000000000000c80,100,2000,50000000.000,,"* ]]
}

@test "-v shows the clock derivation" {
	vsim g84 crystal=25M
	run ptime -d sim:g84 -v --format json
	check [ "$status" -eq 0 ]
	[[ "$output" == *'"description":"sim:G84 Tesla G84 (PMC.BOOT_0 0x084000a1, virtual clock, state '*'"source":"internal","crystal_hz":25000000,"internal_mul":1,"internal_div":1,"source_hz":25000000.000,"source_from":"crystal from PSTRAPS","clock_mul":1,"clock_div":1'* ]]
	vsim nv40
	run ptime -d sim:nv40 -v
	[[ "$output" == *"source:      HCLK"* ]]
	[[ "$output" == *"source_from: simulator profile"* ]]
}

@test "--source-hz overrides what PTIMER counts" {
	vsim nv40 hclk=50M
	pcsim -d sim:nv40 advance 1us
	run ptime -d sim:nv40 --source-hz 25M --format csv
	[[ "${lines[1]}" == "timer,sim:nv40,NV40,0x0000000000000640,50,2000,25000000.000,"* ]]
	run ptime -d sim:nv40 --source-hz fast
	check [ "$status" -eq 2 ]
	check [ "$output" = "ptime: --source-hz: bad frequency 'fast' (e.g. 27M or 100000000)" ]
}

@test "--set-ratio changes the rate; --dry-run shows the writes and changes nothing" {
	vsim g84
	# The planned writes are planned_write records (lib/dev/wplan.c): the
	# text is checked here, the kind's keys where it is declared.
	run ptime -d sim:g84 --set-ratio 1/3 --dry-run
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	[[ "$output" =~ reg:\ +PTIMER.CLOCK_DIV$'\n'addr:\ +0x009200$'\n'old:\ +0x00000001$'\n'new:\ +0x00000003 ]]
	[[ "$output" =~ reg:\ +PTIMER.CLOCK_MUL$'\n'addr:\ +0x009210$'\n'old:\ +0x00000001$'\n'new:\ +0x00000001 ]]
	# A write that leaves the register as it was is marked (still written).
	[[ "$output" == *unchanged* ]]
	# Text: no line ending in a blank.
	! grep -q ' $' <<<"$output"
	pcsim -d sim:g84 advance 1us
	run ptime -d sim:g84 --format csv
	[[ "${lines[1]}" == "timer,sim:g84,G84,0x0000000000000360,27,1000,27000000.000,"* ]]
	run ptime -d sim:g84 --set-ratio 1/3 --format csv
	check [ "$status" -eq 0 ]
	[[ "${lines[1]}" == "timer,sim:g84,G84,0x0000000000000360,27,3000,9000000.000,"* ]]
	pcsim -d sim:g84 advance 3us
	# ns is ticks at the rate configured now (ptime(1), "Raw value, ticks
	# and nanoseconds"), not the 4 us of simulated time: the chosen meaning.
	run ptime -d sim:g84 --format json
	[[ "$output" == *'"ticks":54,"ticks_dec":"54","ns":6000,'* ]]
}

@test "bad --set-ratio values are refused with exit 2" {
	vsim g84
	for bad in "0/0:DIV must not be 0" "0/5:MUL 0 stops the counter" \
	           "5/3:MUL 5 > DIV 3" "a/3:'a' is not a number" "1/70000:does not fit" \
	           "7:expected MUL/DIV" "99999999999999999999/1:too large"; do
		run ptime -d sim:g84 --set-ratio "${bad%%:*}"
		check [ "$status" -eq 2 ]
		[[ "$output" == "ptime: --set-ratio"*"${bad#*:}"* ]] || { echo "$bad -> $output"; false; }
	done
	# --force allows stopping the counter on purpose
	run ptime -d sim:g84 --set-ratio 0/5 --force
	check [ "$status" -eq 0 ]
	[[ "$output" == *"CLOCK_MUL is 0: the counter is stopped"* ]]
}

@test "--set-source: NV41+ only, validated" {
	vsim g84 crystal=27M,tclk=54M
	run ptime -d sim:g84 --set-source internal=2/1 --format json
	check [ "$status" -eq 0 ]
	[[ "$output" == *'"tick_hz":54000000.000'* ]]
	run ptime -d sim:g84 --set-source external --format json -v
	[[ "$output" == *'"source":"TCLK"'* ]]
	run ptime -d sim:g84 --set-source internal=300/1
	check [ "$status" -eq 2 ]
	run ptime -d sim:g84 --set-source sideways
	check [ "$status" -eq 2 ]
	vsim nv40
	run ptime -d sim:nv40 --set-source internal
	check [ "$status" -eq 2 ]
	[[ "$output" == *"NV40 has no PTIMER.CLOCK_SOURCE"* ]]
}

@test "-i -n samples in order" {
	vsim g84
	pcsim -d sim:g84 advance 10us
	run ptime -d sim:g84 -i 1ms -n 3 --format csv
	check [ "$status" -eq 0 ]
	check [ "${#lines[@]}" -eq 4 ]
	check [ "${lines[0]}" = "type,device,chipset,sample,elapsed_ns,host_ns,raw,ticks,ns,delta_ticks" ]
	[[ "${lines[1]}" == timer_sample,sim:g84,G84,0,0,*,0x00000000000021c0,270,10000, ]]
	# A virtual clock moves with the samples, as with every sampling
	# command; host_ns is the host's clock, whatever the device's.
	[[ "${lines[2]}" == timer_sample,sim:g84,G84,1,1000000,*,0x00000000000d50c0,27270,1010000,27000 ]]
	[[ "${lines[3]}" == timer_sample,sim:g84,G84,2,2000000,*,0x00000000001a7fc0,54270,2010000,27000 ]]
}

@test "alarm: set, fire, wait" {
	vsim g84
	run ptime -d sim:g84 --alarm +1000t --dry-run
	[[ "$output" =~ reg:\ +PTIMER.INTR$'\n'addr:\ +0x009100$'\n'old:\ +0x00000000$'\n'new:\ +0x00000001 ]]
	[[ "$output" == *"clear a stale ALARM interrupt"* ]]
	[[ "$output" =~ reg:\ +PTIMER.ALARM$'\n'addr:\ +0x009420$'\n'old:\ +0x00000000$'\n'new:\ +0x00007d00 ]]
	ptime -d sim:g84 --alarm +1000t >/dev/null
	run ptime -d sim:g84 --wait-alarm
	check [ "$status" -eq 1 ]
	[[ "$output" == *"virtual clock only moves with pcsim advance"* ]]
	pcsim -d sim:g84 advance 37us
	run ptime -d sim:g84 --wait-alarm --format json
	check [ "$status" -eq 1 ]
	pcsim -d sim:g84 advance 1us
	run ptime -d sim:g84 --wait-alarm --format json
	check [ "$status" -eq 0 ]
	[[ "${lines[1]}" == '{"type":"timer_alarm","device":"sim:g84","chipset":"G84","alarm":"fired","ticks":1026,"ticks_dec":"1026","ns":38000,'* ]]
	run ptime -d sim:g84 --alarm +1ms --format json
	check [ "$status" -eq 0 ]
	# It says what it set: the counter value, and how far ahead.
	[[ "$output" == *',"alarm_ticks":28026,"alarm_ticks_dec":"28026","alarm_in_ns":1000000,"alarm_in_ns_dec":"1000000",'* ]]
	run ptime -d sim:g84 --alarm @5 --format json
	[[ "$output" == *',"alarm_ticks":5,"alarm_ticks_dec":"5","alarm_in_ns":4970989148,"alarm_in_ns_dec":"4970989148",'* ]]
	# Where the mode's records have no place for it, on stderr.
	run --separate-stderr ptime -d sim:g84 --alarm +1000t -i 1ms -n 1 --format csv
	check [ "$stderr" = "ptime: alarm set at tick 2026, 37037 ns from now" ]
	run ptime -d sim:g84 --alarm @5 --dry-run
	[[ "$output" =~ reg:\ +PTIMER.ALARM$'\n'addr:\ +0x009420$'\n'old:\ +0x[0-9a-f]+$'\n'new:\ +0x000000a0 ]]
	run ptime -d sim:g84 --alarm +10h
	check [ "$status" -eq 2 ]
	run ptime -d sim:g84 --alarm soon
	check [ "$status" -eq 2 ]
}

@test "a realtime alarm fires by itself" {
	pcsim reset sim:g84
	run ptime -d sim:g84 --alarm +20ms --wait-alarm --timeout 5s --format json
	check [ "$status" -eq 0 ]
	[[ "${lines[1]}" == '{"type":"timer_alarm","device":"sim:g84","chipset":"G84","alarm":"fired",'* ]]
}

@test "-- COMMAND: device time beside host time, the command's exit status" {
	pcsim reset sim:g84
	local t0 wall
	t0=$(now_ms)
	run ptime -d sim:g84 --format json -- sh -c 'sleep 1; exit 3'
	wall=$(($(now_ms) - t0))
	check [ "$status" -eq 3 ]
	[[ "$output" == *'"command":"sh","status":3,'* ]]
	ratio=$(echo "$output" | sed -n 's/.*"device_host_ratio":\([0-9.]*\).*/\1/p')
	host=$(echo "$output" | sed -n 's/.*"host_ns":\([0-9]*\).*/\1/p')
	# within 1% (10 ms), or within what the stamps around the command can
	# have been off by: at most ptime's run beyond the command's (a loaded
	# machine stretches the stamps, as it would any timing)
	check awk -v r="$ratio" -v h="$host" -v w="$wall" \
		'BEGIN { e = (r - 1) * h; if (e < 0) e = -e; exit !(r > 0.99 && r < 1.01 || e <= w * 1e6 - h) }'
	run -127 ptime -d sim:g84 -- /nonexistent/command
	check [ "$status" -eq 127 ]
}

@test "--measure against the host clock (realtime simulator: ~0 ppm)" {
	pcsim reset sim:g84
	run ptime -d sim:g84 --measure 1s --format json
	check [ "$status" -eq 0 ]
	# within what the stamps around the reads can have been off by: the
	# record's uncertainty_ppm, however loaded the machine
	jq -e 'select(.type=="timer_rate") | (.error_ppm | fabs) <= .uncertainty_ppm' <<<"$output" >/dev/null
	# A virtual clock is advanced by the measurement: the rate is exact.
	vsim g84
	run ptime -d sim:g84 --measure 10ms --format csv
	check [ "$status" -eq 0 ]
	# lag_ns: null, a virtual clock cannot lag
	# uncertainty: a tick in 270000 and a nanosecond in 10 ms, 3.8 ppm
	check [ "${lines[1]}" = "timer_rate,sim:g84,G84,0.010000,270000,27000000.000,27000000.000,0.000,3.804,,,,,,,,," ]
	ptime -d sim:g84 --set-ratio 0/1 --force >/dev/null
	run ptime -d sim:g84 --measure 10ms
	check [ "$status" -eq 1 ]
	[[ "$output" == *"did not advance"*"(CLOCK_MUL is 0)"* ]]
}

@test "--measure carries its uncertainty: the error lies within it; --strict exits 3 past 1000 ppm" {
	pcsim reset sim:nv40
	for i in 1 2 3 4 5 6 7 8; do
		run -0 ptime -d sim:nv40 --measure 5ms --format json
		# The simulated timer runs at exactly the configured rate: what
		# the measurement gets wrong is the timing, which it bounds.
		jq -e 'select(.type=="timer_rate") | (.error_ppm | fabs) <= .uncertainty_ppm' <<<"$output" >/dev/null ||
			{ echo "$output"; false; }
	done
	# A microsecond holds about a hundred ticks: 1 % from the count alone.
	run -3 --separate-stderr ptime -d sim:nv40 --measure 1us --strict
	[[ "$stderr" == "ptime: the rate is uncertain by "*" ppm, past 1000 ppm: "*"(--strict)" ]]
	run -0 ptime -d sim:nv40 --measure 1us
	[[ "$output" == *"measured_hz:     "*" +- "* ]]
	# A virtual clock: reads take no simulated time, 11 ppm.
	vsim nv40
	run -0 ptime -d sim:nv40 --measure 1ms --strict --format json
	jq -e 'select(.type=="timer_rate") | .uncertainty_ppm == 11' <<<"$output" >/dev/null
}

@test "-i that falls behind says so; --strict exits 3" {
	pcsim reset sim:g84
	run -0 --separate-stderr ptime -d sim:g84 -i 1ns -n 4
	[[ "$stderr" == "ptime: warning: sampling fell behind: an interval of 1ns asked, "*" achieved on average over 3 intervals"* ]]
	run -3 --separate-stderr ptime -d sim:g84 -i 1ns -n 4 --strict
	[[ "$stderr" == *"(--strict)" ]]
	vsim g84
	run -0 --separate-stderr ptime -d sim:g84 -i 1ns -n 4 --strict
	check [ -z "$stderr" ]
}

@test "usage errors: exit 2, one line naming the input" {
	vsim g84
	for args in "-i 0" "-i abc" "--measure -1" "--timeout xyz --wait-alarm" "-n 3" \
	            "--measure 1s -i 5ms" "--dry-run" "--format xml" "--bogus" "-x" "--alarm" \
	            "stray" "-n 0 -i 1ms"; do
		run ptime -d sim:g84 $args
		[ "$status" -eq 2 ] || { echo "$args -> $status: $output"; false; }
		[ "${#lines[@]}" -eq 1 ] || { echo "$args -> $output"; false; }
		[[ "$output" == ptime:* ]]
	done
}

@test "device errors" {
	run ptime -d sim:zz99
	check [ "$status" -eq 2 ]
	check [ "$output" = "ptime: unknown chipset 'zz99' in sim:zz99 (pcsim list shows the chipsets)" ]
	run ptime -d 1:2.3
	check [ "$status" -eq 2 ]
	[[ "$output" == "ptime: malformed PCI slot '1:2.3'"* ]]
	run ptime -d sim:g84,colour=red
	check [ "$status" -eq 2 ]
	HWPC_DEVICE=sim:nv40,clock=virtual run ptime --format csv
	check [ "$status" -eq 0 ]
}

@test "a malformed register database under HWPC_REGDB" {
	mkdir -p "$BATS_TEST_TMPDIR/regdb"
	printf 'chipset G84 family=Tesla id=0x84\nspace S 0x0\nreg R 0x0 sometimes\n' > "$BATS_TEST_TMPDIR/regdb/x.regdb"
	HWPC_REGDB="$BATS_TEST_TMPDIR/regdb" run ptime -d sim:g84
	check [ "$status" -eq 2 ]
	check [ "$output" = "ptime: $BATS_TEST_TMPDIR/regdb/x.regdb:3: bad access 'sometimes' for R (expected ro, wo, rw or w1c)" ]
	HWPC_REGDB="$BATS_TEST_TMPDIR/none" run ptime -d sim:g84
	check [ "$status" -eq 2 ]
}

@test "--help and --version" {
	run ptime --help
	check [ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: ptime"* ]]
	run ptime --version
	[[ "$output" == "ptime (hwpc) "* ]]
}

@test "ptime(1): the -v example has the lines ptime -v prints, in order; the -- COMMAND report is said to go to stderr" {
	vsim g84
	pcsim -d sim:g84 advance 10ms >/dev/null
	page="$BATS_TEST_DIRNAME/../../man/ptime.1"
	want=$(sed -n '/^\$ ptime \\-d sim:g84 \\-v$/,/^\.EE$/p' "$page" | sed '1d;$d' | cut -d: -f1)
	got=$(ptime -d sim:g84 -v | cut -d: -f1)
	check [ "$want" = "$got" ]
	run ! grep -q 'report follows its$' "$page"
	grep -q '^The command inherits standard input, output and error; the report goes to$' "$page"
}
