#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# A realtime simulator that cannot keep up lags, and says so: pcsim show,
# ptime --measure and pcread report the lag, and --strict exits 3.  One
# that can keep up (the fast engine at the default, real clocks, periodic
# inputs) reports no lag.

bats_require_minimum_version 1.5.0
load helpers

# A G84 whose catch-up cannot keep up: the per-cycle reference engine with
# every domain at 2 GHz, core_a counting a random signal in quad mode.
lagging_g84() {
	pcsim reset sim:g84,engine=reference,pchz=2G
	pcsim -d sim:g84 signal core_a 0x10 random p=0.3
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
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
	pcsim reset sim:g84
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	run --separate-stderr ptime -d sim:g84 --measure 0.2s --strict --format json
	check [ "$status" -eq 0 ]
	check [ -z "$stderr" ]
	check [ "$(json_u64 "$output" lag_ns)" -eq 0 ]
	run -0 pcread -d sim:g84 -D core_a --strict --format json
	check [ "$(json_u64 "$output" lag_ns)" -eq 0 ]
	run -0 pcsim -d sim:g84 show --format json
	check [ "$(json_u64 "${lines[1]}" lag_ns)" -eq 0 ]
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
	# catch-up of 0.5 s is within one access's budget (pcsim(1), "Lag")
	pcsim reset sim:g84
	pcsim -d sim:g84 signal core_a 0x10 random p=0.3
	pcsim -d sim:g84 signal core_a 0x05 const 1
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 --start 0x05 >/dev/null
	sleep 0.5
	run -0 pcread -d sim:g84 -D core_a --strict --format json
	check [ "$(json_u64 "$output" lag_ns)" -eq 0 ]
	run -0 pcsim -d sim:g84 show --format json
	check [ "$(json_u64 "${lines[1]}" lag_ns)" -eq 0 ]
	# what was counted is the random signal's: about 30% of the cycles
	run -0 pcsim -d sim:g84 show core_a --format json
	local cycles event
	cycles=$(json_u64 "$output" shadow_cycles)
	event=$(json_u64 "$output" shadow_event)
	check [ "$cycles" -gt 300000000 ]
	check [ $((event * 100 / cycles)) -ge 29 ]
	check [ $((event * 100 / cycles)) -le 30 ]
	# two seconds idle pass one access's budget (about 1.5 s of it): the
	# first access skips the rest, and pcread's lag_ns counts it
	sleep 2
	run --separate-stderr pcread -d sim:g84 -D core_a --strict --format json
	check [ "$status" -eq 3 ]
	[[ "$stderr" == *"the device's time lagged "*" s behind realtime since pcread opened it"* ]]
	check [ "$(json_u64 "$output" lag_ns)" -gt 400000000 ]
}
