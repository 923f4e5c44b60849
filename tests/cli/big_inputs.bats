#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Big inputs in bounded memory (issue 29): tsdump --mmiotrace streams its
# input, from a file or a pipe, and drops a line too long to be a record
# without holding it; pcsetup -f keeps only the sets it takes.  Peak memory
# is checked (the commands' maximum resident size), never time.
load helpers
bats_require_minimum_version 1.5.0

# rss_kib CMD...: run CMD (its output to /dev/null, stderr to rss.err);
# print its exit status and peak resident size in KiB.
rss_kib() {
	/usr/bin/time -f "%x %M" -o "$BATS_TEST_TMPDIR/rss" "$@" >/dev/null 2>"$BATS_TEST_TMPDIR/rss.err" || true
	tail -1 "$BATS_TEST_TMPDIR/rss"
}

@test "tsdump --mmiotrace: a 100 MB line is dropped as it is read; memory stays flat" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	python3 "$BATS_TEST_DIRNAME/../../bench/gen_mmiotrace.py" 200000 "$t"
	{ head -c 100000000 /dev/zero | tr '\0' x; echo; } >>"$t"
	echo "W 4 0.000080 1 0xfd009420 0x100 0x0 0" >>"$t"
	read -r st kib < <(rss_kib timeout 120 tsdump --mmiotrace "$t" --format csv)
	check [ "$st" -eq 2 ] # one malformed line
	check [ "$kib" -lt 65536 ]
	n=$(wc -l <"$t")
	grep -q "^tsdump: warning: $t:$((n - 1)): line longer than 1023 characters$" "$BATS_TEST_TMPDIR/rss.err"
	check [ "$(tail -1 "$BATS_TEST_TMPDIR/rss.err")" = "tsdump: $t: 1 malformed line (the rest was decoded)" ]
	# the line after it is decoded
	run --separate-stderr tsdump --mmiotrace "$t" --format csv
	[[ "${lines[-1]}" == "mmio_access,,G84,$n,0.000080,W,0x009420,0x00000100,,PTIMER.ALARM,TIME=8," ]] ||
		{ echo "${lines[-1]}"; false; }
}

@test "tsdump --mmiotrace from a pipe: read twice through a copy, memory flat, the same decode" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	python3 "$BATS_TEST_DIRNAME/../../bench/gen_mmiotrace.py" 80000000 "$t"
	read -r st kib < <(rss_kib sh -c "cat '$t' | tsdump --mmiotrace - --format setup")
	check [ "$st" -eq 0 ]
	check [ "$kib" -lt 65536 ]
	read -r st kib < <(rss_kib tsdump --mmiotrace "$t" --format setup)
	check [ "$st" -eq 0 ]
	check [ "$kib" -lt 65536 ]
	head -n 50000 "$t" >"$t.small"
	check [ "$(tsdump --mmiotrace "$t.small" --format json | md5sum)" = \
		"$(cat "$t.small" | tsdump --mmiotrace - --format json | md5sum)" ]
	# no copy left behind in $TMPDIR
	mkdir "$BATS_TEST_TMPDIR/tmp"
	TMPDIR="$BATS_TEST_TMPDIR/tmp" sh -c "cat '$t.small' | tsdump --mmiotrace - >/dev/null"
	check [ -z "$(ls -A "$BATS_TEST_TMPDIR/tmp")" ]
}

@test "pcsetup -f with 200,000 sets: the set taken, memory bounded" {
	vsim g84
	f="$BATS_TEST_TMPDIR/many.setup"
	awk 'BEGIN { print "domain core_a"; print "mode quad";
		for (i = 0; i < 200000; i++) printf "[set s%d]\nevent 0x%x\n", i, 16 + i % 32 }' >"$f"
	# (quadratic before: past two minutes, and a gigabyte)
	read -r st kib < <(rss_kib timeout 100 pcsetup -d sim:g84 -f "$f" --set s199999 --format csv)
	check [ "$st" -eq 0 ]
	check [ "$kib" -lt 204800 ]
	run pcsim -d sim:g84 --format csv reg 'EVENT_SRC[1]'
	check [ "${lines[1]}" = "sim_reg,sim:g84,G84,EVENT_SRC[1],0x00a484,0x0000002f" ]
	# a set given twice far apart is still found
	printf '[set s7]\nevent 0x10\n' >>"$f"
	run timeout 100 pcsetup -d sim:g84 -f "$f"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: $f:400003: set 's7' given twice in this domain" ]
}
