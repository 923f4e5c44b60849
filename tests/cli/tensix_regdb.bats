#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The Tensix timestamper's STATUS and CNTL bits are regdb's: with their
# fields moved in a copy of the database (HWPC_REGDB), sim:tensix writes
# STATUS at the new places and tsdump reads --status, --cntl and a device's
# registers there, decoding what it decodes with the seed's layout.

bats_require_minimum_version 1.5.0
load helpers

# The database with TIMESTAMP_STATUS's and TIMESTAMP_CNTL's fields moved.
moved_regdb() {
	local d="$BATS_TEST_TMPDIR/regdb" f
	mkdir -p "$d"
	cp "$BATS_TEST_DIRNAME"/../../regdb/*.regdb "$d"
	for f in BUF0_VALID=8 BUF1_VALID=3 RESET_STREAMS=0 BUF0_FULL=31 BUF1_FULL=30 BUF0_OVERFLOW=2 \
		BUF1_OVERFLOW=0 ACCUM_POS_64B=7 ACCUM_POS_32B=4-5 ACCUM_POS_96B=28-29 BUF0_POSITION=8-25; do
		sed -i -E "s/^(\tfield ${f%=*}) [0-9-]+/\1 ${f#*=}/" "$d/tensix.regdb"
	done
	grep -q 'field BUF0_POSITION 8-25' "$d/tensix.regdb"
	echo "$d"
}

# Buffer 0 full after one unit, buffer 1 holding one, a 32-bit event
# waiting in the accumulator.
scenario() {
	vsim tensix tclk=1G
	printf 'buf 0 0x100 0x100\nbuf 1 0x200 0x201\nadvance 1000t\nts128 1\nts64 2\nts64 3\nts32 4\n' \
		>"$BATS_TEST_TMPDIR/s.ts"
	run pcsim -d sim:tensix script "$BATS_TEST_TMPDIR/s.ts"
	check [ "$status" -eq 0 ]
}

@test "STATUS and CNTL at the bits regdb gives: sim:tensix, tsdump -d, --status, --cntl" {
	scenario
	check [ "${lines[3]}" = "timestamp_status: 0x00004201" ] # the seed's BUF0_FULL, ACCUM_POS_32B, BUF0_POSITION
	pcsim -d sim:tensix dump "$BATS_TEST_TMPDIR/l1.bin"
	run nocsvid tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0x100:0x100 --buf1 0x200:0x201 --status 0x4201 --format csv
	check [ "$status" -eq 0 ]
	local want=$output
	[[ "$want" == *$'\n16,4112,0,,,,,,,full,0,,buffer 0 is full (STATUS)'* ]]
	[[ "$want" == *"pending,"*"1 word still in the write accumulator"* ]]
	run nocsvid tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0x100:0x100 --buf1 0x200:0x201 --cntl 1 --format csv
	local buf0_only=$output

	export HWPC_REGDB=$(moved_regdb)
	scenario
	check [ "${lines[3]}" = "timestamp_status: 0x80000110" ] # the same fields, moved
	run pcsim -d sim:tensix show
	grep -qE '^tensix_cntl: +0x00000108$' <<<"$output" # power-on: both valid bits
	run nocsvid tsdump -d sim:tensix --format csv
	check [ "$status" -eq 0 ]
	check [ "$output" = "$want" ]
	pcsim -d sim:tensix dump "$BATS_TEST_TMPDIR/l1.bin"
	run nocsvid tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0x100:0x100 --buf1 0x200:0x201 --status 0x80000110 --format csv
	check [ "$output" = "$want" ]
	run nocsvid tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0x100:0x100 --buf1 0x200:0x201 --cntl 0x100 --format csv
	check [ "$output" = "$buf0_only" ]
	# the seed's value means something else here: BUF1_OVERFLOW, no full buffer
	run nocsvid tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0x100:0x100 --buf1 0x200:0x201 --status 0x4201 --format csv
	[[ "$output" == *"buffer 1 overflowed"* ]]
	[[ "$output" != *"is full (STATUS)"* ]]
}

@test "a database lacking a STATUS field: sim:tensix and tsdump --status name it" {
	local d
	d=$(moved_regdb)
	sed -i '/field BUF1_OVERFLOW/d' "$d/tensix.regdb"
	export HWPC_REGDB=$d
	run pcsim reset sim:tensix,clock=virtual
	check [ "$status" -ne 0 ]
	[[ "$output" == *"regdb lacks field RISCV_DEBUG_REG.TIMESTAMP_STATUS.BUF1_OVERFLOW for TENSIX"* ]]
	words_file="$BATS_TEST_TMPDIR/w.bin"
	printf '\x08\0\0\0\x10\0\0\0\0\0\0\0\0\0\0\0' >"$words_file"
	run tsdump "$words_file" --status 1
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: regdb lacks field RISCV_DEBUG_REG.TIMESTAMP_STATUS.BUF1_OVERFLOW for TENSIX" ]
	run nocsvid tsdump "$words_file" --format csv # no --status, no --buf: no regdb needed
	check [ "$status" -eq 0 ]
}

@test "a database with another event layout: sim:tensix and tsdump refuse it, naming the field" {
	local d="$BATS_TEST_TMPDIR/layout"
	mkdir -p "$d"
	cp "$BATS_TEST_DIRNAME"/../../regdb/*.regdb "$d"
	sed -i 's/enum 2 APPEND_32b/enum 5 APPEND_32b/' "$d/tensix.regdb"
	grep -q 'enum 5 APPEND_32b' "$d/tensix.regdb"
	words_file="$BATS_TEST_TMPDIR/w.bin"
	printf '\x08\0\0\0\x10\0\0\0\0\0\0\0\0\0\0\0' >"$words_file"
	local msg="regdb's RISCV_DEBUG_REG.TIMESTAMP.SIZE APPEND_32b is 5, libhwpc's Tensix event layout has 2 (rebuild libhwpc with this regdb)"
	HWPC_REGDB=$d run tsdump "$words_file" --format csv
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: $msg" ]
	HWPC_REGDB=$d run pcsim reset sim:tensix,clock=virtual
	check [ "$status" -ne 0 ]
	[[ "$output" == *"$msg"* ]]
	run nocsvid tsdump "$words_file" --format csv # the compiled-in database agrees
	check [ "$status" -eq 0 ]
}
