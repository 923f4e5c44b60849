#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# regdb/tools/rnndb2regdb.py: envytools' rnndb to regdb text, on a
# miniature envytools tree (tests/data/rnndb) and broken copies of it.

load helpers

conv() {
	/usr/bin/python3 "$BATS_TEST_DIRNAME/../../regdb/tools/rnndb2regdb.py" "$@"
}

COMMIT=0123456789abcdef0123456789abcdef01234567
DATA=$BATS_TEST_DIRNAME/../data

# A writable copy of the miniature tree.
tree() {
	cp -r "$DATA/rnndb" "$BATS_TEST_TMPDIR/env"
}

@test "rnndb2regdb: one file per rnndb file, with the commit and the file it came from" {
	run conv --commit $COMMIT "$DATA/rnndb" "$BATS_TEST_TMPDIR/out"
	check [ "$status" -eq 0 ]
	check [ "$(ls "$BATS_TEST_TMPDIR/out")" = "$(printf '%s\n' nv_mmio.regdb unit-pbar.regdb unit-pfoo.regdb vdec-pvcomp.regdb)" ]
	for f in nv_mmio unit/pbar unit/pfoo vdec/pvcomp; do
		g="$BATS_TEST_TMPDIR/out/$(echo $f | tr / -).regdb"
		check grep -qx "generated envytools-rnndb commit=$COMMIT file=rnndb/$f.xml" "$g"
		check grep -q "^# Source: envytools commit $COMMIT, rnndb/$f.xml\$" "$g"
	done
	# facts only: no documentation text
	! grep -rq "Documentation text" "$BATS_TEST_TMPDIR/out"
}

@test "rnndb2regdb: arrays, groups, bitsets, enums, variants and access" {
	conv --commit $COMMIT "$DATA/rnndb" "$BATS_TEST_TMPDIR/out"
	f="$BATS_TEST_TMPDIR/out/unit-pfoo.regdb"
	# the unit is a space on the chipsets of its variants
	check grep -qx "space PFOO 0x009000 size=0x1000 gens=NV10,NV40,G84,GF100,GM107" "$f"
	# access r -> ro, w -> wo; a group used in an array: one dimension, names joined
	check grep -qx "reg ID 0x000 ro" "$f"
	check grep -qx "reg CHAN_ADDR 0x400\[chan:8/0x10\] wo" "$f"
	check grep -qx "reg CHAN_STATUS 0x404\[chan:8/0x10\] ro" "$f"
	# length and stride; 16-bit registers; an unnamed stripe's variants
	check grep -qx "reg SCRATCH 0x200\[scratch:4/0x8\] rw" "$f"
	check grep -qx "reg HALF 0x240 rw width=16" "$f"
	check grep -qx "reg LATE 0x300 rw gens=G84,GF100,GM107" "$f"
	# a bitset by type=, a field's variants
	check grep -qx "	field ERROR 4 gens=NV40,G84,GF100,GM107" "$f"
	# values of a whole register: a field over all of it; the variants of a
	# value intersect with the register's (NV40:GF100 and G84-)
	check grep -A1 -x "reg MODE 0x104 rw gens=NV40,G84" "$f"
	check grep -qx "	field MODE 0-31" "$f"
	check grep -qx "		enum 7 TURBO gens=G84" "$f"
	# a field typed by a bitset stands for its parts, shifted and named
	check grep -qx "	field PAIR_A 8-11" "$f"
	check grep -qx "	field PAIR_B 12-15" "$f"
	# the chipset enum gives the BOOT_0 ids of the chipsets rnndb knows
	check grep -qx "		enum 0x84 G84" "$f"
	# a value that cannot fit its field is not carried
	! grep -q "TOO_BIG" "$f"
	# an array of units; a register straight in the domain is its own space
	check grep -qx "space PBAR 0x020000\[pbar:2/0x1000\] size=0x1000 gens=GF100,GM107" "$BATS_TEST_TMPDIR/out/unit-pbar.regdb"
	check grep -qx "reg PROM 0x000\[i:256/0x1\] rw width=8" "$BATS_TEST_TMPDIR/out/nv_mmio.regdb"
}

@test "rnndb2regdb: what cannot be carried over is left out and said so in the file" {
	conv --commit $COMMIT "$DATA/rnndb" "$BATS_TEST_TMPDIR/out"
	f="$BATS_TEST_TMPDIR/out/unit-pfoo.regdb"
	# a chipset hwpc does not list
	check grep -q "^# Left out: rnndb/unit/pfoo.xml:46: PFOO.ONLY_GK210 is only on chipsets hwpc does not list (GK210)" "$f"
	! grep -q "^reg ONLY_GK210" "$f"
	# one name twice on one chipset: the first keeps it
	check grep -q "^# Left out: rnndb/unit/pfoo.xml:48: PFOO.DUP at 0x9608 on G84,GF100,GM107" "$f"
	check [ "$(grep -c '^reg DUP ' "$f")" -eq 1 ]
	check grep -qx "# field X also at bits 4-7 (rnndb/unit/pfoo.xml:51) on GF100,GM107: left out there" "$f"
}

@test "rnndb2regdb: --coverage counts rnndb's definitions per chipset and what is carried" {
	run conv --coverage NV10,G84,GK210 "$DATA/rnndb"
	check [ "$status" -eq 0 ]
	# NV10: PFOO's ID INTR SCRATCH HALF CHAN_ADDR CHAN_STATUS WIDE DUP SHARED and PROM
	check grep -Eq "^NV10 +10 +10 +100.0%\$" <<<"$output"
	# G84 adds MODE and LATE; the second DUP is not carried
	check grep -Eq "^G84 +13 +12 +92.3%\$" <<<"$output"
	check grep -Eq "^GK210 +" <<<"$output"
}

@test "rnndb2regdb: fields rnndb lays over each other, looked at and listed, are both kept" {
	conv --commit $COMMIT "$DATA/rnndb" "$BATS_TEST_TMPDIR/out"
	f="$BATS_TEST_TMPDIR/out/vdec-pvcomp.regdb"
	check grep -qx "# fields DATA_IDX and SIGMA_IDX share bits in rnndb: two index widths" "$f"
	check grep -qx "	field DATA_IDX 0-5" "$f"
	check grep -qx "	field SIGMA_IDX 0-9" "$f"
}

@test "rnndb2regdb: XML that does not parse stops with file:line" {
	tree
	printf '<?xml version="1.0"?>\n<database>\n<domain name="NV_MMIO">\n</database>\n' \
		>"$BATS_TEST_TMPDIR/env/rnndb/unit/pbar.xml"
	run conv --commit $COMMIT "$BATS_TEST_TMPDIR/env" "$BATS_TEST_TMPDIR/out"
	check [ "$status" -eq 2 ]
	check grep -q "^rnndb2regdb: rnndb/unit/pbar.xml:4: not well-formed XML: mismatched tag\$" <<<"$output"
	check [ ! -e "$BATS_TEST_TMPDIR/out" ]
}

@test "rnndb2regdb: two fields on one bit stop with file:line" {
	tree
	sed -i 's|<bitfield low="0" high="7" name="LO"/>|<bitfield low="0" high="8" name="LO"/>|' \
		"$BATS_TEST_TMPDIR/env/rnndb/unit/pfoo.xml"
	run conv --commit $COMMIT "$BATS_TEST_TMPDIR/env" "$BATS_TEST_TMPDIR/out"
	check [ "$status" -eq 2 ]
	check grep -q "^rnndb2regdb: rnndb/unit/pfoo.xml:59: field PAIR_A (bits 8-11) of PFOO.WIDE overlaps field LO (bits 0-8, rnndb/unit/pfoo.xml:43) on NV10,NV40,G84,GF100,GM107\$" <<<"$output"
}

@test "rnndb2regdb: a register outside BAR0 stops with file:line" {
	tree
	sed -i 's|name="PBAR" offset="0x20000"|name="PBAR" offset="0xfff000"|' \
		"$BATS_TEST_TMPDIR/env/rnndb/unit/pbar.xml"
	run conv --commit $COMMIT "$BATS_TEST_TMPDIR/env" "$BATS_TEST_TMPDIR/out"
	check [ "$status" -eq 2 ]
	check grep -q "^rnndb2regdb: rnndb/unit/pbar.xml:8: PBAR.CTRL ends at 0x1000014, outside GF100's BAR0 (0x1000000 bytes)\$" <<<"$output"
}

@test "rnndb2regdb: an unknown chipset, group, type or tag stops with file:line" {
	for edit in 's|variants="NV40:GF100"|variants="NV40:GF999"|' \
		's|<use-group name="foo_chan"/>|<use-group name="foo_chen"/>|' \
		's|type="foo_pair"|type="foo_pear"|' \
		's|<reg16 offset="0x240"|<reg24 offset="0x240"|'; do
		rm -rf "$BATS_TEST_TMPDIR/env"
		tree
		sed -i "$edit" "$BATS_TEST_TMPDIR/env/rnndb/unit/pfoo.xml"
		run conv --commit $COMMIT "$BATS_TEST_TMPDIR/env" "$BATS_TEST_TMPDIR/out"
		check [ "$status" -eq 2 ]
		check grep -Eq "^rnndb2regdb: rnndb/unit/pfoo.xml:[0-9]+: (unknown chipset 'GF999'|unknown group 'foo_chen'|unknown type 'foo_pear'|unexpected <reg24>)" <<<"$output"
	done
}

@test "rnndb2regdb: a missing import or checkout, or no commit, is an error" {
	tree
	sed -i 's|unit/pbar.xml|unit/pbaz.xml|' "$BATS_TEST_TMPDIR/env/rnndb/nv_mmio.xml"
	run conv --commit $COMMIT "$BATS_TEST_TMPDIR/env" "$BATS_TEST_TMPDIR/out"
	check [ "$status" -eq 2 ]
	check grep -q "^rnndb2regdb: rnndb/nv_mmio.xml:12: imported file unit/pbaz.xml not found" <<<"$output"
	run conv --commit $COMMIT "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/out"
	check [ "$status" -eq 2 ]
	check grep -q "not an envytools checkout" <<<"$output"
	run conv "$DATA/rnndb" "$BATS_TEST_TMPDIR/out"
	check [ "$status" -eq 2 ]
	check grep -q "give the envytools commit with --commit" <<<"$output"
}

@test "rnndb2regdb: --coverage --pcread asks hwpc what it names at rnndb's addresses" {
	run conv --coverage G84 --pcread "$HWPC_BIN/pcread" "$DATA/rnndb"
	check [ "$status" -eq 0 ]
	check grep -Eq "^chipset +rnndb +named +share +sampled +samebits +samename\$" <<<"$output"
	# The miniature's PFOO sits where G84 has PTIMER: hwpc names some of it.
	check grep -Eq "^G84 +13 +[0-9]+ +[0-9.]+% +[0-9]+ +[0-9]+ +[0-9]+\$" <<<"$output"
	run conv --coverage G84 --pcread /nonexistent/pcread "$DATA/rnndb"
	check [ "$status" -ne 0 ]
}
