#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# -o FILE is written atomically (hwpc-output(7) OPENMETRICS): under a
# temporary name in the same directory, renamed over FILE when complete; a
# failing run leaves FILE as it was and no temporary file behind.
load helpers

@test "-o FILE: replaced whole, no temporary file left" {
	vsim g84
	d="$BATS_TEST_TMPDIR/out"
	mkdir "$d"
	echo old >"$d/t.prom"
	run ptime -d sim:g84 --format json -o "$d/t.prom"
	check [ "$status" -eq 0 ]
	check [ "$(ls -A "$d")" = "t.prom" ]
	check grep -q '"type":"schema"' "$d/t.prom"
	# the mode a plain file would have
	check [ "$(stat -c %a "$d/t.prom")" = "$(umask -S >/dev/null; touch "$d/x"; stat -c %a "$d/x"; rm "$d/x")" ]
}

@test "-o FILE: a failing run keeps the old file" {
	d="$BATS_TEST_TMPDIR/out"
	mkdir "$d"
	echo old >"$d/t.prom"
	run ptime -d sim:nosuchchip --format json -o "$d/t.prom"
	check [ "$status" -ne 0 ]
	check [ "$(cat "$d/t.prom")" = old ]
	check [ "$(ls -A "$d")" = "t.prom" ]
}

@test "-o FILE in a directory that cannot be written: one-line error naming it" {
	vsim g84
	run ptime -d sim:g84 -o "$BATS_TEST_TMPDIR/no/such/dir/t.prom"
	check [ "$status" -eq 1 ]
	check [ "${#lines[@]}" -eq 1 ]
	[[ "$output" == *"no/such/dir/t.prom"* ]]
}
