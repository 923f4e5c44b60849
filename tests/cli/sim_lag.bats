#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# A realtime simulator that cannot keep up lags, and says so: pcsim show,
# ptime --measure and pcread report the lag, and --strict exits 3.  One
# that can keep up (the fast engine at the default, real clocks, periodic
# inputs) reports no lag.

bats_require_minimum_version 1.5.0
load helpers

# A G84 whose catch-up cannot keep up: the per-cycle reference engine with
# every domain at 2 GHz, core_a counting a random signal in quad mode.  Each
# access catches up at most 20 ms of CPU (HWPC_SIM_CATCHUP_MS, pcsim(1)),
# not the default 500 ms: what is checked (the lag is reported, --strict
# exits 3) holds alike, and it costs a fraction (under ASan on a loaded
# machine every access ran its full budget, minutes a test).
lagging_g84() {
	export HWPC_SIM_CATCHUP_MS=20
	pcsim reset sim:g84,engine=reference,pchz=2G
	pcsim -d sim:g84 signal core_a 0x10 random p=0.3
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
}

# An access catches up at most so much realtime before it skips (pcsim(1),
# "Catch-up budget"), so no access lags unless more than that passed since
# the one before: a test sure only of the time it measured asserts
#   lag_ns <= max(0, window - limit)
# which is lag_ns 0 on a machine quick enough to keep the window short.
# In ms: 4 M stepped-cycle equivalents at G84 core_a's 675 MHz, a word-
# evaluated cycle counting 1/256 with one random signal (about 1553 ms),
# 1/512 with none (about 3107 ms); rounded down.
CATCHUP_RANDOM_MS=1500
CATCHUP_PERIODIC_MS=3000

#   lag_within LAG_NS WINDOW_MS LIMIT_MS
lag_within() {
	local over=$(($2 - $3))
	[ "$over" -gt 0 ] || over=0
	if [ "$1" -gt $((over * 1000000)) ]; then
		echo "lag_ns $1 in a window of $2 ms: more than the $over ms past the $3 ms catch-up limit" >&2
		return 1
	fi
}

# The number after "KEY": in a JSON line.
json_u64() {
	local v=${1#*\"$2\":}
	echo "${v%%[,\}]*}"
}

@test "ptime --measure on a lagging simulator: lag_ns, a warning, --strict exits 3" {
	lagging_g84
	run --separate-stderr ptime -d sim:g84 --measure 0.2s --strict --format json
	check [ "$status" -eq 3 ]
	[[ "$stderr" == "ptime: the device's time lagged "*" s behind realtime during the measurement (--strict)" ]]
	check [ "$(json_u64 "$output" lag_ns)" -gt 100000000 ]
	run --separate-stderr ptime -d sim:g84 --measure 0.05s --format json
	check [ "$status" -eq 0 ]
	[[ "$stderr" == "ptime: warning: the device's time lagged "*" s behind realtime during the measurement; the rate covers "* ]]
	check [ "$(json_u64 "$output" lag_ns)" -gt 0 ]
	run -0 pcsim -d sim:g84 show --format json
	check [ "$(json_u64 "${lines[1]}" lag_ns)" -gt 100000000 ]
}

@test "pcread on a lagging simulator: lag_ns in every record, the first catch-up's included; a warning; --strict exits 3" {
	lagging_g84
	sleep 0.3
	run --separate-stderr pcread -d sim:g84 -D core_a --strict --format json
	check [ "$status" -eq 3 ]
	[[ "$stderr" == *"pcread: warning: sim:g84: the device's time lagged "*" s behind realtime since pcread opened it"* ]]
	# the 0.3 s its first access skipped are in it: the counts miss them
	check [ "$(json_u64 "$output" lag_ns)" -gt 250000000 ]
}

@test "the fast engine at the default clocks keeps up: lag_ns 0, --strict exits 0" {
	# lag_ns 0 unless an access came more than the catch-up limit after the
	# one before, which a window shorter than the limit rules out
	local t0 lag
	t0=$(now_ms)
	pcsim reset sim:g84
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	run --separate-stderr ptime -d sim:g84 --measure 0.2s --strict --format json
	lag=$(json_u64 "$output" lag_ns)
	check lag_within "$lag" $(($(now_ms) - t0)) $CATCHUP_PERIODIC_MS
	# without lag, --strict still exits 3 when the reads at the window's
	# ends took long (under ASan on a loaded machine): that, and only that
	if [ "$lag" -eq 0 ] && [ "$status" -eq 3 ]; then
		[[ "$stderr" == "ptime: the rate is uncertain by "*" ppm, past 1000 ppm: the reads at the window's ends took that long "*"(--strict)" ]]
	else
		check [ "$status" -eq $((lag > 0 ? 3 : 0)) ]
		[ "$lag" -gt 0 ] || check [ -z "$stderr" ]
	fi
	run --separate-stderr pcread -d sim:g84 -D core_a --strict --format json
	lag=$(json_u64 "$output" lag_ns)
	check lag_within "$lag" $(($(now_ms) - t0)) $CATCHUP_PERIODIC_MS
	check [ "$status" -eq $((lag > 0 ? 3 : 0)) ]
	run -0 pcsim -d sim:g84 show --format json
	check lag_within "$(json_u64 "${lines[1]}" lag_ns)" $(($(now_ms) - t0)) $CATCHUP_PERIODIC_MS
}

@test "a virtual clock never lags: lag_ns null (pcsim, ptime, pcread)" {
	vsim g84
	run -0 pcsim -d sim:g84 show --format json
	check [ "$(json_u64 "${lines[1]}" lag_ns)" = null ]
	run -0 ptime -d sim:g84 --measure 1ms --format json
	check [ "$(json_u64 "${lines[1]}" lag_ns)" = null ]
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	run -0 pcread -d sim:g84 -D core_a --format json
	check [ "$(json_u64 "${lines[1]}" lag_ns)" = null ]
}

@test "a random signal counted at the real clock: half a second idle is caught up; two seconds lag, and pcread says so" {
	# G84 core_a at 675 MHz, quad mode, a random EVENT: the fast engine's
	# catch-up of 0.5 s is within one access's budget (pcsim(1), "Lag").
	# Each second of it costs the fast engine 0.2 to 0.3 s of CPU (more
	# under ASan): a loaded machine can fall behind, and lag, so the bounds
	# come from the time the test measured (lag_within).
	local t0 t1 lag
	t0=$(now_ms)
	pcsim reset sim:g84
	pcsim -d sim:g84 signal core_a 0x10 random p=0.3
	pcsim -d sim:g84 signal core_a 0x05 const 1
	t1=$(now_ms)
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 --start 0x05 >/dev/null
	sleep 0.5
	run --separate-stderr pcread -d sim:g84 -D core_a --strict --format json
	lag=$(json_u64 "$output" lag_ns)
	check lag_within "$lag" $(($(now_ms) - t1)) $CATCHUP_RANDOM_MS
	check [ "$status" -eq $((lag > 0 ? 3 : 0)) ]
	# what was counted is the random signal's: about 30% of the cycles
	# (read first: the shadow cycles saturate after 6.4 s of counting)
	run -0 pcsim -d sim:g84 show core_a --format json
	local cycles event window
	window=$(($(now_ms) - t1))
	cycles=$(json_u64 "$output" shadow_cycles)
	event=$(json_u64 "$output" shadow_event)
	check [ "$cycles" -gt 300000000 ]
	if [ "$cycles" -lt 4294967295 ]; then
		check [ $((event * 100 / cycles)) -ge 29 ]
		check [ $((event * 100 / cycles)) -le 30 ]
	else
		# saturated: only if more than 2^32 cycles at 675 MHz really passed
		check [ "$window" -gt 6300 ]
		check [ $((event * 100 / cycles)) -ge 29 ]
	fi
	run -0 pcsim -d sim:g84 show --format json
	check lag_within "$(json_u64 "${lines[1]}" lag_ns)" $(($(now_ms) - t0)) $CATCHUP_RANDOM_MS
	# two seconds idle pass one access's budget (about 1.5 s of it): the
	# first access skips the rest, and pcread's lag_ns counts it
	sleep 2
	run --separate-stderr pcread -d sim:g84 -D core_a --strict --format json
	check [ "$status" -eq 3 ]
	[[ "$stderr" == *"the device's time lagged "*" s behind realtime since pcread opened it"* ]]
	check [ "$(json_u64 "$output" lag_ns)" -gt 400000000 ]
}
