#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcsim: creating, advancing and showing simulated GPUs.

load helpers

@test "create, then create again is an error; reset recreates" {
	run pcsim create sim:nv40,clock=virtual
	check [ "$status" -eq 0 ]
	run pcsim create sim:nv40,clock=virtual
	check [ "$status" -eq 2 ]
	[[ "$output" == *"already exists (pcsim reset recreates it)" ]]
	pcsim -d sim:nv40 advance 5ms
	run pcsim reset -d sim:nv40,clock=virtual
	check [ "$status" -eq 0 ]
	run pcsim -d sim:nv40 time --format csv
	check [ "${lines[1]}" = "sim_time,sim:nv40,NV40,0,virtual" ]
}

@test "advance by duration and by cycles; two processes see one machine" {
	vsim g84 tclk=10M
	run pcsim -d sim:g84 advance 1.5us
	check [ "$output" = "$(printf 'device: sim:g84 (G84)\n\ndevice_ns: 1500')" ]
	run pcsim -d sim:g84 advance --cycles 25 --clock tclk
	check [ "${lines[1]}" = "device_ns: 4000" ]
	# the crystal's next tick: 27 MHz ticked 108 times by 4000 ns, the 109th
	# is at 4037.037 ns
	run pcsim -d sim:g84 advance --cycles 1 --clock crystal
	check [ "${lines[1]}" = "device_ns: 4037" ]
	# A 27 MHz internal clock cannot outrun the 10 MHz TCLK it counts with.
	run ptime -d sim:g84 --format csv
	check [ "${lines[0]}" = "ptime: warning: the internal clock is set faster than the external clock it runs from" ]
	[[ "${lines[2]}" == "timer,sim:g84,G84,0x0000000000000500,40,4000,10000000.000,"* ]]
}

@test "bad advances: exit 2" {
	vsim g84
	for a in "-5ms" "soon" "1ms 2ms" "1ms --cycles 3 --clock tclk" "--cycles 3" "0" "99999999999999h" "--cycles 0 --clock tclk" "--cycles 5 --clock sundial" "--cycles x --clock tclk" ""; do
		run pcsim -d sim:g84 advance $a
		[ "$status" -eq 2 ] || { echo "advance $a -> $status $output"; false; }
	done
	# A per-cycle model refuses steps it cannot finish in reasonable time.
	vsim g84 engine=reference
	run pcsim -d sim:g84 advance 1000000h
	check [ "$status" -eq 2 ]
	[[ "$output" == *"advance in steps"* ]]
	# Without PCOUNTER (NV4) any step is fine, up to where time overflows.
	vsim nv4
	run pcsim -d sim:nv4 advance 18446744073709551000ns
	check [ "$status" -eq 0 ]
	run pcsim -d sim:nv4 advance 1us
	check [ "$status" -eq 2 ]
	[[ "$output" == *"overflows"* ]]
}

@test "show: the whole state, text and json" {
	vsim g84
	pcsim -d sim:g84 advance 1ms
	run pcsim -d sim:g84 show --format json
	check [ "$status" -eq 0 ]
	[[ "${lines[1]}" == '{"type":"sim_state","device":"sim:g84","chipset":"G84","family":"Tesla","boot0":138412193,"boot0_hex":"0x084000a1","clock_mode":"virtual","device_ns":1000000,"device_ns_dec":"1000000","lag_ns":null,'* ]]
	[[ "$output" == *'"ptimer_ticks":27000,'* ]]
	run pcsim -d sim:g84 show
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	[[ "$output" == *"ptimer_source_hz:    27000000.000"* ]]
}

@test "list: the chipsets that can be simulated" {
	run pcsim list --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "type,device,chipset,family,boot0,pcounter" ]
	# device: the spec that simulates it
	[[ "$output" == *$'\n'"sim_chipset,sim:g84,G84,Tesla,0x084000a1,G84"$'\n'* ]]
	[[ "$output" == *$'\n'"sim_chipset,sim:nv17,NV17,Celsius,0x017000a1,"$'\n'* ]]
	[[ "$output" != *",NV6,"* ]]
}

@test "usage errors" {
	run pcsim
	check [ "$status" -eq 2 ]
	run pcsim frobnicate
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: unknown command 'frobnicate' (pcsim --help lists them)" ]
	run pcsim -d 0 show
	check [ "$status" -eq 2 ]
	[[ "$output" == *"needs a simulated device"* ]]
	# Without -d or $HWPC_DEVICE nothing was typed: quote nothing.
	run pcsim show
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: pcsim needs a simulated device: give -d sim:CHIP or set HWPC_DEVICE (e.g. sim:g84)" ]
	run pcsim create
	check [ "$status" -eq 2 ]
	run pcsim create sim:g84 extra
	check [ "$status" -eq 2 ]
	run pcsim --format trace list
	check [ "$status" -eq 2 ]
}

@test "a corrupt state file is an error naming the file, and reset mends it" {
	vsim g84 "state=$BATS_TEST_TMPDIR/s.state"
	printf 'garbage' | dd of="$BATS_TEST_TMPDIR/s.state" bs=1 seek=8 conv=notrunc 2>/dev/null
	run ptime -d "sim:g84,state=$BATS_TEST_TMPDIR/s.state"
	check [ "$status" -eq 1 ]
	check [ "$output" = "ptime: simulator state $BATS_TEST_TMPDIR/s.state is corrupt (written by another version of hwpc); 'pcsim reset -d sim:g84,state=$BATS_TEST_TMPDIR/s.state' recreates it" ]
	run pcsim reset "sim:g84,state=$BATS_TEST_TMPDIR/s.state"
	check [ "$status" -eq 0 ]
	run ptime -d "sim:g84,state=$BATS_TEST_TMPDIR/s.state"
	check [ "$status" -eq 0 ]
}

@test "a reset by another process is noticed, not read through a stale mapping" {
	# ptime -i keeps the device open while pcsim resets the state under it
	# (a realtime clock: on a virtual one the samples advance it, at once).
	pcsim reset sim:g84
	# a minute of samples; the reset comes once ptime has the state mapped
	ptime -d sim:g84 -i 100ms -n 600 --format csv > "$BATS_TEST_TMPDIR/samples" 2>&1 &
	pid=$!
	wait_until 60 grep -q 'hwpc/sim-g84.state' "/proc/$pid/maps"
	pcsim reset sim:g84,clock=virtual,tclk=50M
	wait $pid && status=0 || status=$?
	check [ "$status" -eq 1 ]
	grep -q "was reset by another process" "$BATS_TEST_TMPDIR/samples"
}

@test "engine=: fast by default, reference on request, anything else exit 2 naming the valid ones" {
	vsim g84
	run pcsim -d sim:g84 show
	check [ "$status" -eq 0 ]
	[[ "$output" =~ pcounter_engine:\ +fast ]]
	vsim g84 engine=reference
	run pcsim -d sim:g84 show
	check [ "$status" -eq 0 ]
	[[ "$output" =~ pcounter_engine:\ +reference ]]
	run pcsim reset sim:g84,clock=virtual,engine=turbo
	check [ "$status" -eq 2 ]
	[[ "$output" == *"engine=turbo"*"fast or reference"* ]]
	# an hour of idle simulated time: the fast engine skips it
	vsim g84 pchz=500M
	run timeout 20 pcsim -d sim:g84 advance 1h
	check [ "$status" -eq 0 ]
}
