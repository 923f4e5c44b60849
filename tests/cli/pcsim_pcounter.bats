#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcsim and the simulated PCOUNTER: generators, traces, pulses, advancing by
# domain cycles, per-domain show, dump, reg; bad input exits 2.

bats_require_minimum_version 1.5.0
load helpers

@test "quad mode through MMIO: a periodic signal counted, swapped by SPEC_SRC" {
	pcsim reset sim:g84,clock=virtual,pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	pcsim -d sim:g84 signal core_a 0x20 periodic period=100 duty=1 phase=99
	pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x10' 'EVENT_OP[1]=0xaaaa' 'SPEC_SRC[1]=0x20' 'CTRL[1]=1'
	run pcsim -d sim:g84 advance --cycles 250 --domain core_a
	check [ "${lines[1]}" = "device_ns: 250000" ]
	run pcsim -d sim:g84 --format csv reg 'CTR_EVENT[1]' 'CTR_CYCLES[1]'
	check [ "${lines[1]}" = "sim_reg,sim:g84,G84,CTR_EVENT[1],0x00a684,0x00000019" ]
	check [ "${lines[2]}" = "sim_reg,sim:g84,G84,CTR_CYCLES[1],0x00a604,0x00000064" ]
	run pcsim -d sim:g84 --format json show core_a
	check [ "$status" -eq 0 ]
	[[ "$output" == *'"domain":"core_a","domain_index":1,'* ]]
	[[ "$output" == *'"mode":"QUAD"'* ]]
	[[ "$output" == *'"quad_state":"OVERFLOW"'* ]]
	[[ "$output" == *'"ctr_event":25'* ]]
	run pcsim -d sim:g84 --format csv show pcounter
	check [ "${#lines[@]}" -eq 9 ]
}

@test "show: the machine record, then one record per domain" {
	pcsim reset sim:gf100,clock=virtual
	run pcsim -d sim:gf100 --format json show
	check [ "$status" -eq 0 ]
	check [ "${#lines[@]}" -eq 26 ] # the schema header, the machine, 24 domains
	[[ "${lines[1]}" == *'"pcounter_profile":"fermi"'* ]]
	[[ "${lines[25]}" == *'"domain":"part5.1"'* ]]
	# CSV: one header row for both kinds
	run pcsim -d sim:gf100 --format csv show
	check [ "$status" -eq 0 ]
	check [ "${#lines[@]}" -eq 26 ]
	[[ "${lines[1]}" == sim_state,sim:gf100,GF100,Fermi,* ]]
	[[ "${lines[25]}" == sim_pc_domain,sim:gf100,GF100,*,part5.1,* ]]
}

@test "pulse pm_trigger swaps quad mode on NV30; traces drive signals" {
	pcsim reset sim:nv30,clock=virtual,pchz=1M
	printf '# EVENT source\nsignals 0x10\n1\n0\n1 *3\n0 *100\n' > "$BATS_TEST_TMPDIR/t.trace"
	pcsim -d sim:nv30 trace core "$BATS_TEST_TMPDIR/t.trace"
	pcsim -d sim:nv30 reg 'EVENT_SRC[0]=0x10' 'EVENT_OP[0]=0xaaaa' CTRL=0x10000
	pcsim -d sim:nv30 advance --cycles 10 --domain 0
	pcsim -d sim:nv30 pulse pm_trigger
	pcsim -d sim:nv30 advance --cycles 1 --domain 0
	run pcsim -d sim:nv30 --format csv reg 'CTR_EVENT[0]'
	check [ "${lines[1]}" = "sim_reg,sim:nv30,NV30,CTR_EVENT[0],0x00a610,0x00000004" ]
}

@test "record mode packets in simulated memory; dump" {
	pcsim reset sim:g84,clock=virtual,pchz=1M
	pcsim -d sim:g84 signal 1 0x20 const 1
	pcsim -d sim:g84 signal 1 0x23 periodic period=10
	pcsim -d sim:g84 reg 'PRE_SRC[1]=0x20' 'STOP_SRC[1]=0x23' 'STOP_OP[1]=0xaaaa' 'CTRL[1]=2' \
		'RECORD_LIMIT[1]=0x2000' 'RECORD_START[1]=0x1000'
	pcsim -d sim:g84 advance --cycles 20 --domain 1
	run pcsim -d sim:g84 dump "$BATS_TEST_TMPDIR/mem.bin" 0x1000 64
	check [ "$status" -eq 0 ]
	run od -An -tx2 -v -w32 "$BATS_TEST_TMPDIR/mem.bin"
	check [ "$(echo ${lines[0]})" = "000a 0000 0000 0001 000a 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000" ]
	check [ "$(echo ${lines[1]})" = "0014 0000 0000 0001 000a 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000" ]
	run pcsim -d sim:g84 dump "$BATS_TEST_TMPDIR/x" 0xfffff0 64
	check [ "$status" -eq 2 ]
	[[ "$output" == *"is not in the memory G84 simulates"* ]]
}

@test "-v reports a write the generation does not have; it is ignored" {
	pcsim reset sim:g84,clock=virtual
	run pcsim -v -d sim:g84 reg 0xa7ac=5
	check [ "$status" -eq 0 ]
	[[ "$output" == *"write to 0x00a7ac (0x00000005): no such register on G84, ignored"* ]]
	run pcsim -d sim:g84 reg 0xa7ac=5
	check [ "$output" = "" ]
}

@test "bad input: exit 2 with one clear line" {
	pcsim reset sim:g84,clock=virtual
	while IFS='|' read -r want args; do
		run pcsim $args
		[ "$status" -eq 2 ] || { echo "pcsim $args -> $status: $output"; false; }
		[ "${#lines[@]}" -eq 1 ] || { echo "pcsim $args: $output"; false; }
		[[ "$output" == *"$want"* ]] || { echo "pcsim $args: '$output' lacks '$want'"; false; }
	done <<'EOF'
unknown chipset|reset sim:nv99
unknown profile 'nv10'|reset sim:g84,profile=nv10
bad sim option pchz=|reset sim:g84,pchz=fast
out of range for domain core_a|-d sim:g84 signal core_a 0x100 const 1
unknown signal 'nosuch'|-d sim:g84 signal 1 nosuch const 1
unknown domain 'core_z'|-d sim:g84 signal core_z 0 const 1
period must be at least 1|-d sim:g84 signal 1 0x10 periodic period=0
duty 5 is longer than period 4|-d sim:g84 signal 1 0x10 periodic period=4 duty=5
not a number in [0,1]|-d sim:g84 signal 1 0x10 random p=1.5
not a number in [0,1]|-d sim:g84 signal 1 0x10 random p=-0.5
wired inside the chip|-d sim:g84 signal 1 0xec const 1
is not a number|-d sim:g84 advance --cycles -5 --domain 1
overflows|-d sim:g84 advance --cycles 18446744073709551615 --domain 1
unknown pulse|-d sim:g84 pulse vblank
cannot read trace|-d sim:g84 trace 1 /nonexistent/trace
EOF
	run pcsim reset sim:nv40,clock=virtual
	run pcsim -d sim:nv40 pulse wrcache_flush
	check [ "$status" -eq 2 ]
	[[ "$output" == *"NV40 has no wrcache_flush signal"* ]]
}

@test "signal: trailers spelled as pcread and expressions spell them (dom5.flag), regdb's spelling accepted; did you mean" {
	pcsim reset sim:g84,clock=virtual
	for sig in 0xfa dom5.flag DOM5.FLAG; do
		run -2 pcsim -d sim:g84 signal core_a "$sig" const 1
		check [ "$output" = "pcsim: signal 0xfa of domain core_a is dom5.flag, wired inside the chip; it has no generator" ]
	done
	# the name pcread --signals prints for the same signal
	run -0 pcread -d sim:g84 -D core_a --signals --format json
	check [ "$(jq -r 'select(.signal_index == 250) | .signal' <<<"$output")" = "dom5.flag" ]
	# a domain's own flag is "flag" too, as in expressions and --signals
	run -2 pcsim -d sim:g84 signal core_a flag const 1
	check [ "$output" = "pcsim: signal 0xfe of domain core_a is dom1.flag, wired inside the chip; it has no generator" ]
	run -2 pcsim -d sim:g84 signal core_a flagg const 1
	check [ "$output" = "pcsim: unknown signal 'flagg' in domain core_a (did you mean flag?)" ]
	run -2 pcsim -d sim:g84 signal core_a pm_triger const 1
	check [ "$output" = "pcsim: unknown signal 'pm_triger' in domain core_a (did you mean pm_trigger?)" ]
	run -2 pcsim -d sim:g84 signal core_a pc01_gr_idel const 1
	check [ "$output" = "pcsim: unknown signal 'pc01_gr_idel' in domain core_a (did you mean pc01_gr_idle?)" ]
	printf 'signals 0x10 PGRAPH.IDEL\n0 1\n' > "$BATS_TEST_TMPDIR/typo.trace"
	run -2 pcsim -d sim:g84 trace core_a "$BATS_TEST_TMPDIR/typo.trace"
	check [ "$output" = "pcsim: $BATS_TEST_TMPDIR/typo.trace:1: no signal 'PGRAPH.IDEL' in domain core_a (did you mean PGRAPH.IDLE?)" ]
}

@test "malformed trace file: file:line" {
	pcsim reset sim:g84,clock=virtual
	printf 'signals 0x10 0x11\n0 1\n1 1 *x\n' > "$BATS_TEST_TMPDIR/bad.trace"
	run pcsim -d sim:g84 trace 1 "$BATS_TEST_TMPDIR/bad.trace"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: $BATS_TEST_TMPDIR/bad.trace:3: bad repeat '*x' (expected *COUNT at the end)" ]
}

@test "a corrupt PCOUNTER section is an error naming the file; reset cures it" {
	pcsim reset sim:g84,clock=virtual,state="$BATS_TEST_TMPDIR/s.state"
	# the sections follow the 896-byte header: PMC (64 bytes), then PCOUNTER
	head -c 200 /dev/zero | tr '\0' X |
		dd of="$BATS_TEST_TMPDIR/s.state" bs=1 seek=896 conv=notrunc status=none
	run pcsim -d sim:g84,state="$BATS_TEST_TMPDIR/s.state" show
	check [ "$status" -eq 1 ]
	[[ "$output" == *"$BATS_TEST_TMPDIR/s.state"* ]]
	[[ "$output" == *"PCOUNTER state is corrupt"* ]]
	run pcsim reset sim:g84,clock=virtual,state="$BATS_TEST_TMPDIR/s.state"
	check [ "$status" -eq 0 ]
	run pcsim -d sim:g84,state="$BATS_TEST_TMPDIR/s.state" --format csv show pcounter
	check [ "$status" -eq 0 ]
}

