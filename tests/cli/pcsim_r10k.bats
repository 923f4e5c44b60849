#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcsim on the simulated MIPS R10000/R12000: workload rates, the CPU mode,
# the counters in pcsim show.  Counting itself is tested in
# tests/unit/test_r10k_sim.c.

load helpers

@test "show: CPU clock, PRId, mode, counters, default workload; no GPU units" {
	vsim r10000
	run pcsim -d sim:r10000 show --format json
	check [ "$status" -eq 0 ]
	# Every sim_state key is there; a model the chip lacks leaves its keys null.
	[[ "${lines[1]}" == "{\"type\":\"sim_state\",\"device\":\"sim:r10000\",\"chipset\":\"R10000\",\"family\":\"MIPS\",\"boot0\":null,\"boot0_hex\":null,\"clock_mode\":\"virtual\",\"device_ns\":0,\"device_ns_dec\":\"0\",\"lag_ns\":null,\"state\":\"$XDG_RUNTIME_DIR/hwpc/sim-r10000.state\",\"crystal_hz\":null,\"nvclk_hz\":100000000,\"mclk_hz\":100000000,\"hclk_hz\":100000000,\"tclk_hz\":100000000,\"pmc_enable\":null,"* ]]
	[[ "${lines[1]}" == *"\"ptimer_ticks\":null,"* ]]
	[[ "${lines[1]}" == *"\"punits_gpcs\":null,"* ]]
	[[ "${lines[1]}" == *",\"r10k_cpu_hz\":200000000,\"r10k_prid\":2352,\"r10k_prid_hex\":\"0x00000930\",\"r10k_mode\":\"user\",\"r10k_ctrl0\":0,\"r10k_ctrl0_hex\":\"0x00000000\",\"r10k_event0\":\"CYCLES\",\"r10k_count0\":0,\"r10k_overflows0\":0,\"r10k_ctrl1\":0,\"r10k_ctrl1_hex\":\"0x00000000\",\"r10k_event1\":\"CYCLES\",\"r10k_count1\":0,\"r10k_overflows1\":0,\"r10k_intr\":0,\"r10k_intr_hex\":\"0x00000000\",\"r10k_rates\":\"0=1/cycle 16=1/cycle\","* ]]
}

@test "options: cpuclk and cpurev; bad values refused" {
	run pcsim reset sim:r12000,clock=virtual,cpuclk=300M,cpurev=2.6
	check [ "$status" -eq 0 ]
	run pcsim -d sim:r12000 show
	[[ "$output" == *"r10k_cpu_hz:     300000000"* ]]
	[[ "$output" == *"r10k_prid:       0x00000e26"* ]]
	for o in cpuclk=fast cpurev=x cpurev=16; do
		run pcsim reset sim:r10000,clock=virtual,$o
		[ "$status" -eq 2 ] || { echo "$o -> $status $output"; false; }
	done
	run pcsim reset sim:r10000,cpurev=4
	check [ "$output" = "pcsim: R10000 revision 4 has no known event table (revisions: 2 3)" ]
	# The refused create leaves nothing half-made behind.
	run pcsim -d sim:r10000 show
	check [ "$status" -eq 0 ]
	[[ "$output" == *"r10k_prid:       0x00000930"* ]]
}

@test "rate: by number, by name for every number it names, per second or per cycle" {
	vsim r10000
	pcsim -d sim:r10000 rate 9 1000
	pcsim -d sim:r10000 rate graduated_instructions 1.5/cycle
	pcsim -d sim:r10000 rate CYCLES 0
	pcsim -d sim:r10000 rate 0x19 2.5M/s
	run pcsim -d sim:r10000 show --format csv
	check [ "$status" -eq 0 ]
	[[ "${lines[1]}" == *",9=1000/s 15=1.5/cycle 17=1.5/cycle 25=2500000/s,"* ]]
}

@test "rate: bad input exits 2 with the reason" {
	vsim r10000
	run pcsim -d sim:r10000 rate cylces 5
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: unknown R10000 event 'cylces' (did you mean CYCLES?)" ]
	run pcsim -d sim:r10000 rate decoded_loads 5
	check [ "$output" = "pcsim: event decoded_loads is an R12000 event (number 2 there), not available on the R10000" ]
	run pcsim -d sim:r10000 rate decoded_branches 5
	check [ "$output" = "pcsim: event decoded_branches is event 6 on revision 2.x R10000 processors only; this R10000 is revision 3.x, where event 6 is BRANCHES_RESOLVED" ]
	run pcsim -d sim:r10000 rate 9 lots
	check [ "$status" -eq 2 ]
	[[ "$output" == "pcsim: bad rate 'lots'"* ]]
	run pcsim -d sim:r10000 rate 9
	check [ "$status" -eq 2 ]
	vsim g84
	run pcsim -d sim:g84 rate 9 5
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: sim:G84 has no R10000/R12000 event counters (expected sim:r10000 or sim:r12000)" ]
}

@test "cpu-mode: user, kernel, exl, erl; supervisor only where the CPU has it" {
	vsim r10000
	for m in kernel exl erl user; do
		pcsim -d sim:r10000 cpu-mode $m
		run pcsim -d sim:r10000 show
		[[ "$output" == *"r10k_mode:       $m"* ]] || { echo "$m: $output"; false; }
	done
	run pcsim -d sim:r10000 cpu-mode supervisor
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: supervisor mode is not supported on the R10000" ]
	run pcsim -d sim:r10000 cpu-mode root
	check [ "$status" -eq 2 ]
	vsim r12000
	run pcsim -d sim:r12000 cpu-mode supervisor
	check [ "$status" -eq 0 ]
}

@test "list shows the MIPS CPUs without a BOOT_0" {
	run pcsim list --format csv
	check [ "$status" -eq 0 ]
	[[ "$output" == *$'\nsim_chipset,sim:r10000,R10000,MIPS,,\nsim_chipset,sim:r12000,R12000,MIPS,,'* ]]
}
