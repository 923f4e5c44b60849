#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Output does not depend on the locale (hwpc-output(7) LOCALE): every
# command's text, CSV, JSON and OpenMetrics output is byte-identical under
# LC_ALL=C and under a comma-decimal locale, de_DE.UTF-8, which this file
# builds with localedef (Debian's "locales" package) when the system lacks
# it.
load helpers

setup_file() {
	export LOCDIR="$BATS_FILE_TMPDIR/locale"
	mkdir -p "$LOCDIR"
	localedef -i de_DE -f UTF-8 "$LOCDIR/de_DE.UTF-8" 2>/dev/null || true
	[ -d "$LOCDIR/de_DE.UTF-8" ] || {
		echo "localedef could not build de_DE.UTF-8 (package locales)" >&2
		return 1
	}
}

# Run a command line twice on a fresh virtual-clock G84, under C and under
# de_DE.UTF-8, and compare the bytes.
same_in_both() {
	local c="$BATS_TEST_TMPDIR/c.out" de="$BATS_TEST_TMPDIR/de.out"
	vsim g84 >/dev/null
	[ -z "$PREP" ] || eval "$PREP" >/dev/null
	LC_ALL=C "$@" >"$c" 2>&1 || { cat "$c"; return 1; }
	vsim g84 >/dev/null
	[ -z "$PREP" ] || eval "$PREP" >/dev/null
	LOCPATH="$LOCDIR" LC_ALL=de_DE.UTF-8 "$@" >"$de" 2>&1 || { cat "$de"; return 1; }
	# the locale really is in force for the second run
	[ "$(LOCPATH="$LOCDIR" LC_ALL=de_DE.UTF-8 /usr/bin/printf '%.1f' 1.5)" = "1,5" ]
	# the host clock's readings (host_ns, 14 digits and more) differ
	# between any two runs, whatever the locale
	sed -i 's/[0-9]\{13,\}/HOST_NS/g' "$c" "$de"
	if ! cmp -s "$c" "$de"; then
		diff "$c" "$de" | head -20
		return 1
	fi
	[ -s "$c" ]
}

@test "locale: ptime in every format" {
	for f in text csv json openmetrics; do
		check same_in_both ptime -d sim:g84 -v --format "$f"
	done
	check same_in_both ptime -d sim:g84 --measure 10ms --format json
}

@test "locale: pcread counters in every format" {
	PREP="pcsetup -d sim:g84 -D core_a --mode quad --event 0x10"
	for f in text csv json openmetrics; do
		check same_in_both pcread -d sim:g84 -D core_a --format "$f"
	done
}

@test "locale: pcsetup and pcsim show" {
	for f in text csv json; do
		check same_in_both pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 --dry-run --format "$f"
		check same_in_both pcsim -d sim:g84 --format "$f" show
	done
}

@test "locale: tsdump" {
	printf '\x01\x00\x00\x00\x02\x00\x00\x00' >"$BATS_TEST_TMPDIR/in.bin"
	for f in text csv json; do
		check same_in_both tsdump --format "$f" "$BATS_TEST_TMPDIR/in.bin"
	done
}
