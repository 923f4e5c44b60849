#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# What the man pages say against what the commands do: the values a key
# takes, where files live, how an example builds.

bats_require_minimum_version 1.5.0
load helpers

man_dir() {
	echo "$BATS_TEST_DIRNAME/../../man"
}

@test "hwpc-output(7): pc_counters' mode is documented as pcread prints it" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 1 >/dev/null
	mode=$(pcread -d sim:g84 -D core_a --format json | jq -r 'select(.type == "pc_counters") | .mode')
	check [ "$mode" = QUAD ]
	# the first record documented is pc_counters; its mode's text two lines on
	doc=$("$HWPC_TESTBIN/schema_dump" --man | grep -m1 -A2 '^\.B mode$' | tail -n 1)
	[[ "$doc" == *"SINGLE, QUAD or RECORD"* ]]
	grep -q "SINGLE, QUAD or RECORD" "$(man_dir)/hwpc-output.7"
}

@test "pcread(1) and hwpc(7) agree on the runtime directory without XDG_RUNTIME_DIR" {
	for p in pcread.1 hwpc.7; do
		sed -n '/^\.B XDG_RUNTIME_DIR$/,/^\.[TS][PH]/p' "$(man_dir)/$p" | tr '\n' ' ' >"$BATS_TEST_TMPDIR/$p.txt"
		grep -q 'hwpc\\- UID' "$BATS_TEST_TMPDIR/$p.txt"
		grep -q 'unset or not a directory' "$BATS_TEST_TMPDIR/$p.txt"
	done
}
