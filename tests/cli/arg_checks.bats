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
