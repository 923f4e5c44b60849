#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcsetup's setup notes (pcsetup(1) FILES): one per device and domain,
# never shared by two devices, never broken by what they store or by
# pcsetups running at once; the generation counts every setup.
load helpers
bats_require_minimum_version 1.5.0

note_of() { # the note file of domain $1 (one device in the test)
	ls "$XDG_RUNTIME_DIR"/hwpc/setup-*-"$1".txt
}

@test "16 pcsetup at once on one domain: every one succeeds, generation 16, the note whole" {
	vsim g84
	pids=()
	for i in $(seq 16); do
		pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 --format csv >"$BATS_TEST_TMPDIR/out.$i" 2>&1 &
		pids+=($!)
	done
	for p in "${pids[@]}"; do
		wait "$p" || { cat "$BATS_TEST_TMPDIR"/out.*; false; }
	done
	# every generation 1..16 handed out once
	gens=$(for i in $(seq 16); do sed -n 2p "$BATS_TEST_TMPDIR/out.$i" | cut -d, -f6; done | sort -n | tr '\n' ' ')
	check [ "$gens" = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 " ]
	check [ "$(grep '^generation ' "$(note_of core_a)")" = "generation 16" ]
	# the note matches what the last of them wrote: --strict finds no
	# changed setup (the sets the domain swapped meanwhile, each read
	# landing the writes before it, may have overflowed: that is data
	# lost, and --strict says so by itself)
	run --separate-stderr pcread -d sim:g84 -D core_a --strict
	[[ "$stderr" != *"setup changed"* ]]
	[ "$status" -eq 0 ] || [[ "$status" -eq 3 && "$stderr" == *"counter sets were lost"* ]]
	# no temporary file left beside the note
	check [ "$(ls "$XDG_RUNTIME_DIR/hwpc" | grep -c '\.tmp$')" -eq 0 ]
}

@test "state=a b.st and state=a_b.st keep notes of their own" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset 'sim:g84,clock=virtual,state=a b.st'
	pcsim reset 'sim:g84,clock=virtual,state=a_b.st'
	pcsetup -d 'sim:g84,state=a b.st' -D core_a --event 0x10 >/dev/null
	pcsetup -d 'sim:g84,state=a_b.st' -D core_a --event 0x11 >/dev/null
	check [ "$(ls "$XDG_RUNTIME_DIR"/hwpc/setup-*-core_a.txt | wc -l)" -eq 2 ]
	run --separate-stderr pcread -d 'sim:g84,state=a b.st' -D core_a --strict
	check [ "$status" -eq 0 ]
	run --separate-stderr pcread -d 'sim:g84,state=a_b.st' -D core_a --strict
	check [ "$status" -eq 0 ]
	# and each still sees its own reprogramming
	pcsim -d 'sim:g84,state=a b.st' reg 'EVENT_SRC[1]=0x12'
	run --separate-stderr pcread -d 'sim:g84,state=a b.st' -D core_a --strict
	check [ "$status" -eq 3 ]
	run --separate-stderr pcread -d 'sim:g84,state=a_b.st' -D core_a --strict
	check [ "$status" -eq 0 ]
}

@test "a state path too long for a file name still has a note of its own" {
	# every '/' escaped takes three bytes: past 200, the name is a hash
	d="$BATS_TEST_TMPDIR/$(printf 'a/%.0s' $(seq 50))"
	mkdir -p "$d"
	pcsim reset "sim:g84,clock=virtual,state=$d/x.st"
	pcsetup -d "sim:g84,state=$d/x.st" -D core_a --event 0x10 >/dev/null
	run pcread -d "sim:g84,state=$d/x.st" -D core_a --strict
	check [ "$status" -eq 0 ]
	pcsim -d "sim:g84,state=$d/x.st" reg 'EVENT_SRC[1]=0x12'
	run pcread -d "sim:g84,state=$d/x.st" -D core_a --strict
	check [ "$status" -eq 3 ]
}

@test "control characters in an expression are refused; the note stays readable" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --event 0x10 >/dev/null
	for c in $'\n' $'\r' $'\v' $'\x1b' $'\x7f'; do
		run pcsetup -d sim:g84 -D core_a --event "0x10${c}| 0x11"
		check [ "$status" -eq 2 ]
		[[ "$output" == *"control character 0x"* ]] || { echo "$output"; false; }
	done
	# a tab is a space
	run pcsetup -d sim:g84 -D core_a --event $'0x10\t| 0x11'
	check [ "$status" -eq 0 ]
	run pcread -d sim:g84 -D core_a --strict
	check [ "$status" -eq 0 ]
}

@test "what a note stores is quoted" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --mode quad --event '0x10 | 0x11' >/dev/null
	n=$(note_of core_a)
	check [ "$(sed -n 4p "$n")" = 'what "quad EVENT=0x10 | 0x11"' ]
	[[ "$(sed -n 1p "$n")" == 'device "sim:'*'/hwpc/sim-g84.state"' ]]
	# a note that is not one is an error naming it, not a silent pass
	printf 'what "unterminated\n' >"$n"
	run pcread -d sim:g84 -D core_a --strict
	check [ "$status" -eq 1 ]
	[[ "$output" == *"$n:1: not a setup note line"* ]] || { echo "$output"; false; }
}
