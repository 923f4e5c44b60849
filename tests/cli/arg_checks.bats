#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Messages and argument checks: every argument checked before anything is
# written, one line that names what is wrong (and what was meant), nothing
# reported of what did not happen.

bats_require_minimum_version 1.5.0
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

@test "ptime: -- without a command is exit 2; a clock that stood still while the command ran is said" {
	vsim g84
	run ptime -d sim:g84 --
	check [ "$status" -eq 2 ]
	check [ "$output" = "ptime: -- needs a command after it (ptime [-d SPEC]... -- COMMAND [ARGS...])" ]
	run --separate-stderr ptime -d sim:g84 --format csv -- true
	check [ "$status" -eq 0 ]
	check [ "${stderr_lines[0]}" = "ptime: warning: sim:g84: the timer did not move while true ran (a virtual clock moves only when advanced, e.g. pcsim advance; a real one only when stopped): ticks and ratio say nothing of the command" ]
	[[ "${stderr_lines[2]}" == timed_command,sim:g84,G84,true,0,0,0,* ]]
	# a clock that moves: no warning
	pcsim reset sim:g84
	run --separate-stderr ptime -d sim:g84 --format csv -- sleep 0.01
	check [ "$status" -eq 0 ]
	check [ "${#stderr_lines[@]}" -eq 2 ]
}

@test "pcsim reset names the extra argument; a setup file's option given twice in a block names both lines" {
	run pcsim reset sim:g84 sim:nv40
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: reset: unexpected argument 'sim:nv40' (one SPEC, or -d SPEC)" ]
	vsim g84
	printf 'domain core_a\nmode quad\nevent 1\nmode single\n' >"$BATS_TEST_TMPDIR/s.setup"
	run pcsetup -d sim:g84 -f "$BATS_TEST_TMPDIR/s.setup" --dry-run
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: $BATS_TEST_TMPDIR/s.setup:4: mode given twice in this domain (lines 2 and 4)" ]
	printf 'domain core_a\nmode quad\n[set a]\nevent 1\n--event 2\n' >"$BATS_TEST_TMPDIR/s.setup"
	run pcsetup -d sim:g84 -f "$BATS_TEST_TMPDIR/s.setup" --dry-run
	check [ "$output" = "pcsetup: $BATS_TEST_TMPDIR/s.setup:5: event given twice in this set (lines 4 and 5)" ]
	# a set overrides the domain's lines; --reg and --reset add
	printf 'domain core_a\nmode quad\n[set a]\nmode single\nreset record\nreset periodic\nreg CTRL.MODE=QUAD\nreg CTRL.MODE=SINGLE\n' >"$BATS_TEST_TMPDIR/s.setup"
	run pcsetup -d sim:g84 -f "$BATS_TEST_TMPDIR/s.setup" --dry-run
	check [ "$status" -eq 0 ]
}

@test "ptime -- a command that cannot be started: its error line and nothing else, in every format" {
	vsim g84
	for f in text json csv openmetrics; do
		run -127 --separate-stderr ptime -d sim:g84 --format "$f" -- /nonexistent/command
		check [ "$output" = "" ]
		check [ "$stderr" = "ptime: cannot run /nonexistent/command: No such file or directory" ]
	done
}
