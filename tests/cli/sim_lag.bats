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

@test "pcread on a lagging simulator: lag_ns in every record, a warning, --strict exits 3" {
	lagging_g84
	sleep 0.3
	run --separate-stderr pcread -d sim:g84 -D core_a --strict --format json
	check [ "$status" -eq 3 ]
	[[ "$stderr" == *"pcread: warning: sim:g84: the device's time lagged "*" s behind realtime during the run"* ]]
	check [ "$(json_u64 "$output" lag_ns)" -gt 0 ]
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
