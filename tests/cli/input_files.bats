#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# hwpc(7) EXIT STATUS: a file the user named that cannot be read, missing
# or a directory, is bad input (2) in every command, with one message.

load helpers

# Each command that reads a named file, with FILE where the file goes.
each_reader() {
	local f="$1"
	vsim g84
	pcsim reset sim:tensix >/dev/null
	cmds=(
		"pcsetup|pcsetup -d sim:g84 -f $f|cannot read $f"
		"pcread|pcread -d sim:g84 -f $f -i 1ms -n 1|cannot read $f"
		"tsdump|tsdump $f|cannot read $f"
		"tsdump|tsdump --token-map $f /dev/null|cannot read token map $f"
		"pcsim|pcsim -d sim:g84 trace 1 $f|cannot read trace $f"
		"pcsim|pcsim -d sim:tensix script $f|cannot read $f"
	)
}

check_reader() {
	local why="$1" prog cmd msg
	for c in "${cmds[@]}"; do
		IFS='|' read -r prog cmd msg <<<"$c"
		run $cmd
		[ "$status" -eq 2 ] || { echo "$cmd: status $status: $output"; false; }
		[ "$output" = "$prog: $msg: $why" ] || { echo "$cmd: '$output'"; false; }
	done
}

@test "a named file that is missing: exit 2 in every command" {
	each_reader "$BATS_TEST_TMPDIR/missing"
	check_reader "No such file or directory"
}

@test "a named file that is a directory: exit 2 in every command" {
	mkdir "$BATS_TEST_TMPDIR/dir"
	each_reader "$BATS_TEST_TMPDIR/dir"
	check_reader "Is a directory"
}
