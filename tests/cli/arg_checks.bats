#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Messages and argument checks: every argument checked before anything is
# written, one line that names what is wrong (and what was meant), nothing
# reported of what did not happen.

load helpers

@test "pcsim reg: every argument is checked before the first write" {
	vsim g84
	run pcsim -d sim:g84 reg 'PCOUNTER.CTRL[1]=0x1' 'PCOUNTER.CTRL[9]=1'
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: reg PCOUNTER.CTRL[9]=1: PCOUNTER.CTRL: index 9 out of range for [dom] (0..7)" ]
	run pcsim -d sim:g84 --format csv reg 'PCOUNTER.CTRL[1]'
	check [ "${lines[1]}" = "sim_reg,sim:g84,G84,PCOUNTER.CTRL[1],0x00a7c4,0x00000000" ]
	# a read before a bad name reads nothing either
	run pcsim -d sim:g84 reg 'PCOUNTER.CTRL[1]' 'NO.SUCH'
	check [ "$status" -eq 2 ]
	check [ "${#lines[@]}" -eq 1 ]
	# reads and writes in order, a write's old bits read after the writes before it
	run pcsim -d sim:g84 --format csv reg 'PCOUNTER.CTRL[1]=0x1' 'PCOUNTER.CTRL[1]'
	check [ "$status" -eq 0 ]
	check [ "${lines[1]}" = "sim_reg,sim:g84,G84,PCOUNTER.CTRL[1],0x00a7c4,0x00000001" ]
}

@test "pcread --diff: a missing snapshot is named before a device is looked for" {
	run pcread --diff "$BATS_TEST_TMPDIR/nofile.json"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcread: cannot read $BATS_TEST_TMPDIR/nofile.json: No such file or directory" ]
	vsim g84
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/a.json"
	run pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcread: cannot read $BATS_TEST_TMPDIR/b.json: No such file or directory" ]
	# standard input is still a snapshot
	run pcread -d sim:g84 --diff - <"$BATS_TEST_TMPDIR/a.json"
	check [ "$status" -eq 0 ]
}

@test "tsdump --record -d on a domain not in record mode: one line saying so; a buffer left behind still decodes" {
	vsim g84 pchz=1M
	run tsdump -d sim:g84 -D core_a --record long
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: sim:g84: domain core_a is not in record mode and its record buffer is empty (pcsetup --mode record --record-start ADDR --record-limit ADDR sets one up)" ]
	pcsim -d sim:g84 signal 1 0x23 periodic period=10
	pcsetup -d sim:g84 -D 1 --mode record --record-signals 0x20 --stop 0x23 --record-start 0x1000 \
		--record-limit 0x1100 >/dev/null
	pcsim -d sim:g84 advance --cycles 35 --domain 1 >/dev/null
	pcsim -d sim:g84 reg 'PCOUNTER.CTRL[1].MODE=0'
	run tsdump -d sim:g84 -D 1 --record long --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "tsdump: warning: sim:g84: domain core_a is not in record mode: decoding what its record buffer holds" ]
	[[ "${lines[2]}" == pc_record_item,sim:g84,G84,packet,0,0,10,* ]]
}

@test "did you mean: R10000 events by the other CPU type's name, enum values with letters swapped" {
	pcsim reset sim:r10000
	run pcsetup -d sim:r10000 --event icache_mises
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: unknown R10000 event 'icache_mises' (did you mean INSTRUCTION_CACHE_MISSES?)" ]
	run pcsim -d sim:r10000 rate icache_mises 1000/s
	check [ "$output" = "pcsim: unknown R10000 event 'icache_mises' (did you mean INSTRUCTION_CACHE_MISSES?)" ]
	vsim g84
	run pcread -d sim:g84 --until 'PCOUNTER.CTRL[0].MODE == RECROD'
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcread: --until 'PCOUNTER.CTRL[0].MODE == RECROD': MODE has no value named 'RECROD' on G84 (did you mean RECORD?)" ]
	run pcsetup -d sim:g84 -D 0 --reg 'CTRL.MODE=QAUD' --dry-run
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: --reg PCOUNTER.CTRL[0].MODE: MODE has no value named 'QAUD' on G84 (did you mean QUAD?)" ]
	run pcsim -d sim:g84 reg 'PCOUNTER.CTRL[0].MODE=SINGEL'
	check [ "$output" = "pcsim: reg PCOUNTER.CTRL[0].MODE=SINGEL: MODE has no value named 'SINGEL' on G84 (did you mean SINGLE?)" ]
	# two letters swapped is one edit wherever names are matched
	run pcsim advacne 1ms
	check [ "$output" = "pcsim: unknown command 'advacne' (did you mean advance?)" ]
}
