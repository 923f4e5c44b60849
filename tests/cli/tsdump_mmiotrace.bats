#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# tsdump --mmiotrace: hand-written kernel mmiotrace texts with every record
# kind, traces written from the simulator's own setup writes and replayed
# with pcsetup -f, and bad input (malformed lines, no BAR0, no chipset).

bats_require_minimum_version 1.5.0
load helpers

# The header of a trace of an NV40 at 0xfd000000 (16 MiB BAR0) next to a
# network card at 0xfe000000.
header() {
	echo "VERSION 20070824"
	printf 'PCIDEV 0100\t10de0040\t10\tfd000000\te000000c\t0\tfc000000\t0\t0\t0\t1000000\t10000000\t0\t1000000\t0\t0\t0\tnvidia\n'
	printf 'PCIDEV 0010\t80861234\t5\tfe000000\t0\t0\t0\t0\t0\t0\t1000\t0\t0\t0\t0\t0\t0\te1000\n'
	echo "LSPCI 01:00.0 VGA compatible controller: NVIDIA Corporation NV40"
	echo "MAP 0.000001 1 0xfd000000 0xffffc90000000000 0x1000000 0x0 0"
	echo "MAP 0.000002 2 0xfe000000 0xffffc90002000000 0x1000 0x0 0"
}

# trace_from_writes JSON BOOT0: pcsetup --dry-run --format json's writes as
# the W lines of a trace.
trace_from_writes() {
	header
	echo "R 4 0.000003 1 0xfd000000 $2 0x0 0"
	jq -r 'select(.type == "planned_write") | "\(.addr) \(.new_hex)"' "$1" | while read -r a v; do
		printf 'W 4 0.000004 1 0x%x %s 0x0 0\n' $((0xfd000000 + a)) "$v"
	done
}

@test "every record kind: BAR0 accesses named and decoded, marks and lost events shown, other devices counted" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	{
		header
		echo "# a comment, as ftrace's header lines are"
		echo "R 4 0.000010 1 0xfd000000 0x040000a1 0x0 0"
		echo "W 4 0.000020 2 0xfe000010 0x1 0x0 0"
		echo "R 4 0.000021 2 0xfe000014 0x0 0x0 0"
		echo "MARK 0.000030 starting the counters"
		echo "W 4 0.000040 1 0xfd00a484 0x1110 0x0 0"
		echo "W 4 0.000041 1 0xfd00a4a4 0x8888 0x0 0"
		echo "R 2 0.000050 1 0xfd009400 0x1234 0x0 0"
		echo "R 4 0.000051 1 0xfd00fffc 0x0 0x0 0"
		echo "MARK 0.000000 Lost 3 events."
		echo "UNKNOWN 0.000055 1 0xfd009400 0x8b 0x0 0"
		echo "W 4 0.000060 1 0xfd00a424 0xffff 0x0 0"
		echo "UNMAP 0.000080 1 0x0 0"
		echo "UNMAP 0.000081 2 0x0 0"
	} >"$t"
	run -0 --separate-stderr tsdump --mmiotrace "$t" --format csv
	check [ "${lines[0]}" = "type,device,chipset,line,trace_time,op,addr,value,lost_count,reg,fields,expr" ]
	check [ "${lines[1]}" = "mmio_access,,NV40,5,0.000001,MAP,0x000000,0x1000000,,BAR0,map 1," ]
	check [ "${lines[2]}" = "mmio_access,,NV40,8,0.000010,R,0x000000,0x040000a1,,PMC.BOOT_0,STEPPING=0xa1 ID_FORMAT=NV10 ID=0x40 DEVICE_ID=0 FOUNDRY=TSMC," ]
	check [ "${lines[3]}" = "mmio_access,,NV40,11,0.000030,MARK,,,,,starting the counters," ]
	check [ "${lines[4]}" = "mmio_access,,NV40,12,0.000040,W,0x00a484,0x00001110,,PCOUNTER.EVENT_SRC[1],SRC0=0x10 SRC1=0x11 SRC2=0 SRC3=0," ]
	check [ "${lines[5]}" = "mmio_access,,NV40,13,0.000041,W,0x00a4a4,0x00008888,,PCOUNTER.EVENT_OP[1],FUNC=0x8888 ARG0_DELAY=0 ARG1_DELAY=0 ARG3_SETFLAG=0,core EVENT = dom7.event & dom6.event" ]
	# A narrow read names the register; its fields need the whole word.
	check [ "${lines[6]}" = "mmio_access,,NV40,14,0.000050,R,0x009400,0x1234,,PTIMER.TIME_LOW,," ]
	check [ "${lines[7]}" = "mmio_access,,NV40,15,0.000051,R,0x00fffc,0x00000000,,unknown,," ]
	check [ "${lines[8]}" = "mmio_access,,NV40,16,0.000000,LOST,,,3,,Lost 3 events.," ]
	check [ "${lines[9]}" = "mmio_access,,NV40,18,0.000060,W,0x00a424,0x0000ffff,,PCOUNTER.PRE_OP[1],FUNC=0xffff ARG0_DELAY=0 ARG1_DELAY=0,core PRE = 1" ]
	check [ "${lines[10]}" = "mmio_access,,NV40,19,0.000080,UNMAP,0x000000,,,BAR0,map 1," ]
	check [ "${#lines[@]}" -eq 11 ]
	check [ "${stderr_lines[0]}" = "tsdump: warning: $t: skipped 1 read and 1 write outside the NVIDIA BAR0 (other BARs or devices)" ]
	check [ "${stderr_lines[1]}" = "tsdump: warning: $t: left out 1 UNKNOWN line (access mmiotrace could not decode: register and value not known)" ]
	check [ "${stderr_lines[2]}" = "tsdump: warning: $t: the kernel lost 3 events: the trace is incomplete" ]
	run -3 tsdump --mmiotrace "$t" --strict -o /dev/null
	check [ "${lines[3]}" = "tsdump: $t: events were lost (--strict)" ]
	# Standard input, and JSON.
	run -0 --separate-stderr tsdump --mmiotrace - --format json <"$t"
	check [ "$(printf '%s\n' "$output" | jq -r 'select(.line == 13) | .expr')" = "core EVENT = dom7.event & dom6.event" ]
}

@test "accesses to the units hwpc has no hand-written registers for are named from regdb's generated part" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	{
		header
		echo "R 4 0.000010 1 0xfd000000 0x040000a1 0x0 0"
		echo "W 4 0.000020 1 0xfd000200 0x1100 0x0 0"
		echo "W 4 0.000030 1 0xfd002100 0x1 0x0 0"
		echo "W 1 0.000040 1 0xfd6013d4 0x11 0x0 0"
		echo "R 1 0.000050 1 0xfd6013d5 0x80 0x0 0"
		echo "R 4 0.000060 1 0xfd6013d4 0x0 0x0 0"
	} >"$t"
	run -0 tsdump --mmiotrace "$t" --format csv
	# PMC.ENABLE is hand-written, partial: envytools' bits fill it in.
	check grep -q "^mmio_access,,NV40,8,0.000020,W,0x000200,0x00001100,,PMC.ENABLE,.*PFIFO=1.*PGRAPH=1" <<<"$output"
	check grep -q "^mmio_access,,NV40,9,0.000030,W,0x002100,0x00000001,,PFIFO.INTR,CACHE_ERROR=1 " <<<"$output"
	# VGA's byte registers, by their own width; a word across them names
	# none and decodes nothing.
	check grep -qx "mmio_access,,NV40,10,0.000040,W,0x6013d4,0x11,,PRMCIO.CRX,," <<<"$output"
	check grep -qx "mmio_access,,NV40,11,0.000050,R,0x6013d5,0x80,,PRMCIO.CR,," <<<"$output"
	check grep -qx "mmio_access,,NV40,12,0.000060,R,0x6013d4,0x00000000,,unknown,," <<<"$output"
}

@test "8-, 16- and 64-bit accesses: named as pcread --reg names them (REG+N inside a wider register), fields for the whole register only" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	{
		header
		echo "R 4 0.000010 1 0xfd000000 0x040000a1 0x0 0"
		echo "W 1 0.000020 1 0xfd009421 0x56 0x0 0"
		echo "W 2 0.000030 1 0xfd009422 0x1234 0x0 0"
		echo "R 4 0.000040 1 0xfd009420 0x12345660 0x0 0"
		echo "R 2 0.000050 1 0xfd009420 0x5660 0x0 0"
	} >"$t"
	run -0 tsdump --mmiotrace "$t" --format csv
	check grep -qx "mmio_access,,NV40,8,0.000020,W,0x009421,0x56,,PTIMER.ALARM+1,," <<<"$output"
	check grep -qx "mmio_access,,NV40,9,0.000030,W,0x009422,0x1234,,PTIMER.ALARM+2,," <<<"$output"
	check grep -qx "mmio_access,,NV40,10,0.000040,R,0x009420,0x12345660,,PTIMER.ALARM,TIME=0x91a2b3," <<<"$output"
	check grep -qx "mmio_access,,NV40,11,0.000050,R,0x009420,0x5660,,PTIMER.ALARM,," <<<"$output"
	# the same names pcread gives
	vsim nv40
	run -0 nocsvid pcread -d sim:nv40 --reg 0x9421.b --reg 0x9422.w --format csv
	check [ "$(cut -d, -f1 <<<"${lines[1]}")" = "PTIMER.ALARM+1" ]
	check [ "$(cut -d, -f1 <<<"${lines[2]}")" = "PTIMER.ALARM+2" ]
	# A 64-bit register of G200's PGRAPH: a quadword access is the whole
	# register, a word inside it its half
	{
		header | sed 's/NV40/G200/'
		echo "R 4 0.000010 1 0xfd000000 0x0a0000a1 0x0 0"
		echo "W 8 0.000020 1 0xfd408100 0x100000002 0x0 0"
		echo "W 4 0.000030 1 0xfd408104 0x1 0x0 0"
	} >"$t"
	run -0 tsdump --mmiotrace "$t" --format csv
	# (bit 32 is bit 6 of VP_START_ID, bits 26-47 in rnndb)
	check grep -qx "mmio_access,,G200,8,0.000020,W,0x408100,0x0000000100000002,,PGRAPH.TPC_MP_CODE_CONFIG_0\\[0\\]\\[0\\],FP_START_ID=2 .*VP_START_ID=0x40 .*," <<<"$output"
	check grep -qx "mmio_access,,G200,9,0.000030,W,0x408104,0x00000001,,PGRAPH.TPC_MP_CODE_CONFIG_0\\[0\\]\\[0\\]+4,," <<<"$output"
}

@test "malformed lines are named file:line, decoding goes on, exit 2" {
	t="$BATS_TEST_TMPDIR/bad.mmio"
	{
		header
		echo "R 4 0.000010 1 0xfd000000 0x040000a1 0x0 0"
		echo "bogus line here"
		echo "R 4 0.000070 1 0xfd009400"
		echo "W 3 0.000071 1 0xfd009400 0x1 0x0 0"
		echo "W 4 soon 1 0xfd009400 0x1 0x0 0"
		echo "W 2 0.000072 1 0xfd009400 0x12345 0x0 0"
		echo "MAP 0.000073 3 fd000000 0x0 0x1000 0x0 0"
		echo "MARK nowish text"
		echo "W 4 0.000080 1 0xfd009420 0x100 0x0 0"
	} >"$t"
	run -2 --separate-stderr tsdump --mmiotrace "$t" --format csv
	check [ "${lines[3]}" = "mmio_access,,NV40,15,0.000080,W,0x009420,0x00000100,,PTIMER.ALARM,TIME=8," ]
	check [ "${stderr_lines[0]}" = "tsdump: warning: $t:8: unknown record 'bogus' (VERSION, PCIDEV, MAP, UNMAP, R, W, MARK)" ]
	check [ "${stderr_lines[1]}" = "tsdump: warning: $t:9: R: expected 7 values, found 4" ]
	check [ "${stderr_lines[2]}" = "tsdump: warning: $t:10: W: bad width '3' (1, 2, 4 or 8 bytes)" ]
	check [ "${stderr_lines[3]}" = "tsdump: warning: $t:11: W: bad timestamp 'soon' (seconds.micros)" ]
	check [ "${stderr_lines[4]}" = "tsdump: warning: $t:12: W: value 0x12345 does not fit 2 bytes" ]
	check [ "${stderr_lines[5]}" = "tsdump: warning: $t:13: MAP: bad physical address 'fd000000' (0x and hex digits)" ]
	check [ "${stderr_lines[6]}" = "tsdump: warning: $t:14: MARK: expected a timestamp (seconds.micros)" ]
	check [ "${stderr_lines[7]}" = "tsdump: $t: 7 malformed lines (the rest was decoded)" ]
}

@test "no NVIDIA device, no BAR0 mapping, no BOOT_0 read: said, exit 2; --chip supplies the chipset" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	header | grep -v 10de0040 >"$t"
	run -2 tsdump --mmiotrace "$t"
	check [ "$output" = "tsdump: $t: no NVIDIA device in the trace (no PCIDEV line of vendor 10de with a BAR0): give its address (--bar0)" ]
	header | grep -v 'MAP 0.000001' >"$t"
	run -2 tsdump --mmiotrace "$t"
	check [ "$output" = "tsdump: $t: no mapping of the NVIDIA BAR0 (0xfd000000, 0x1000000 bytes) in the trace" ]
	{ header; echo "W 4 0.000080 1 0xfd009420 0x100 0x0 0"; } >"$t"
	run -2 tsdump --mmiotrace "$t"
	check [ "$output" = "tsdump: $t: the trace reads no PMC.BOOT_0: give the chipset (--chip)" ]
	run -0 tsdump --mmiotrace "$t" --chip nv40 --format csv
	check [ "${lines[2]}" = "mmio_access,,NV40,7,0.000080,W,0x009420,0x00000100,,PTIMER.ALARM,TIME=8," ]
	run -2 tsdump --mmiotrace "$t" --chip nv4o
	check [ "$output" = "tsdump: --chip nv4o: no such chipset in regdb (did you mean NV40?)" ]
	run -2 tsdump --mmiotrace "$BATS_TEST_TMPDIR/none.mmio"
	check [ "$output" = "tsdump: cannot read $BATS_TEST_TMPDIR/none.mmio: No such file or directory" ]
	# A trace that configures no PCOUNTER gives no setup file.
	run -2 tsdump --mmiotrace "$t" --chip nv40 --format setup
	check [ "$output" = "tsdump: $t: the trace writes no PCOUNTER register of the NV40" ]
}

@test "a grep of a trace: --bar0 and --chip stand for PCIDEV, MAP and BOOT_0; UNMAP at its MAP's offset; counts in words" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	{
		header
		echo "MAP 0.000003 3 0xfd00a000 0xffffc90000a00000 0x1000 0x0 0"
		echo "R 4 0.000010 3 0xfd00a400 0x0 0x0 0"
		echo "W 4 0.000020 2 0xfe000010 0x1 0x0 0"
		echo "UNKNOWN 0.000055 1 0xfd009400 0x8b 0x0 0"
		echo "UNKNOWN 0.000056 1 0xfd009400 0x8b 0x0 0"
		echo "UNMAP 0.000080 3 0x0 0"
	} >"$t"
	run -0 --separate-stderr tsdump --mmiotrace "$t" --chip nv40 --format csv
	check [ "${lines[3]}" = "mmio_access,,NV40,8,0.000010,R,0x00a400,0x00000000,,PCOUNTER.PRE_SRC[0],SRC0=0 SRC1=0 SRC2=0 SRC3=0," ]
	check [ "${lines[4]}" = "mmio_access,,NV40,12,0.000080,UNMAP,0x00a000,,,BAR0,map 3," ]
	check [ "${stderr_lines[0]}" = "tsdump: warning: $t: skipped 1 write outside the NVIDIA BAR0 (other BARs or devices)" ]
	check [ "${stderr_lines[1]}" = "tsdump: warning: $t: left out 2 UNKNOWN lines (accesses mmiotrace could not decode: register and value not known)" ]
	run -3 tsdump --mmiotrace "$t" --chip nv40 --strict -o /dev/null
	check [ "${lines[2]}" = "tsdump: $t: accesses mmiotrace could not decode were left out (--strict)" ]
	# only the accesses, as grep leaves them: --bar0 says where BAR0 is
	grep '^[RW] ' "$t" >"$BATS_TEST_TMPDIR/g.mmio"
	run -2 tsdump --mmiotrace "$BATS_TEST_TMPDIR/g.mmio" --chip nv40
	check [ "$output" = "tsdump: $BATS_TEST_TMPDIR/g.mmio: no NVIDIA device in the trace (no PCIDEV line of vendor 10de with a BAR0): give its address (--bar0)" ]
	run -0 --separate-stderr tsdump --mmiotrace "$BATS_TEST_TMPDIR/g.mmio" --chip nv40 --bar0 0xfd000000 --format csv
	check [ "${lines[1]}" = "mmio_access,,NV40,1,0.000010,R,0x00a400,0x00000000,,PCOUNTER.PRE_SRC[0],SRC0=0 SRC1=0 SRC2=0 SRC3=0," ]
	check [ "${#lines[@]}" -eq 2 ]
	check [ "${stderr_lines[0]}" = "tsdump: warning: $BATS_TEST_TMPDIR/g.mmio: skipped 1 write outside the NVIDIA BAR0 (other BARs or devices)" ]
	# the chipset from a BOOT_0 read at --bar0; BAR0's size is the chipset's (16 MiB)
	{ echo "R 4 0.000001 1 0xfd000000 0x040000a1 0x0 0"; echo "R 4 0.000002 1 0xfdfffffc 0x0 0x0 0";
	  echo "R 4 0.000003 1 0xfe000000 0x0 0x0 0"; } >"$BATS_TEST_TMPDIR/g.mmio"
	run -0 --separate-stderr tsdump --mmiotrace "$BATS_TEST_TMPDIR/g.mmio" --bar0 0xfd000000 --format csv
	check [ "${lines[1]}" = "mmio_access,,NV40,1,0.000001,R,0x000000,0x040000a1,,PMC.BOOT_0,STEPPING=0xa1 ID_FORMAT=NV10 ID=0x40 DEVICE_ID=0 FOUNDRY=TSMC," ]
	check [ "${lines[2]}" = "mmio_access,,NV40,2,0.000002,R,0xfffffc,0x00000000,,unknown,," ]
	check [ "${#lines[@]}" -eq 3 ]
	check [ "${stderr_lines[0]}" = "tsdump: warning: $BATS_TEST_TMPDIR/g.mmio: skipped 1 read outside the NVIDIA BAR0 (other BARs or devices)" ]
	run -2 tsdump --bar0 0xfd000000 "$t"
	check [ "$output" = "tsdump: --bar0 needs --mmiotrace FILE" ]
	run -2 tsdump --mmiotrace "$t" --bar0 fd
	check [ "$output" = "tsdump: --bar0: 'fd' is not a number" ]
}

@test "options that do not go with --mmiotrace, exit 2" {
	run -2 tsdump --format setup x
	check [ "$output" = "tsdump: --format setup needs --mmiotrace FILE" ]
	run -2 tsdump --chip nv40 x
	check [ "$output" = "tsdump: --chip needs --mmiotrace FILE" ]
	run -2 tsdump --mmiotrace x -d sim:nv40
	check [ "$output" = "tsdump: --mmiotrace and -d cannot be combined" ]
	run -2 tsdump --mmiotrace x --format trace
	check [ "$output" = "tsdump: --mmiotrace writes text, csv, json or setup, not a Chrome trace" ]
	run -2 tsdump --mmiotrace x y
	check [ "$output" = "tsdump: unexpected argument 'y': --mmiotrace takes the trace as its value" ]
}

@test "a simulator session's writes as a trace: expressions, and --format setup replays them with pcsetup -f" {
	vsim nv40
	pcsetup -d sim:nv40 -D core --mode quad --event 'dom7.event & !dom6.event' --start 0x12 --dry-run --format json \
		>"$BATS_TEST_TMPDIR/w.json"
	pcsetup -d sim:nv40 -D 2 --event '0x3 | 0x4' --dry-run --format json >>"$BATS_TEST_TMPDIR/w.json"
	trace_from_writes "$BATS_TEST_TMPDIR/w.json" 0x040000a1 >"$BATS_TEST_TMPDIR/t.mmio"
	run -0 --separate-stderr tsdump --mmiotrace "$BATS_TEST_TMPDIR/t.mmio" --format json
	exprs=$(printf '%s\n' "$output" | jq -r 'select(.type == "mmio_access" and .expr != null) | .expr')
	[[ "$exprs" == *"core START = dom5.event"* ]]
	[[ "$exprs" == *"core EVENT = dom7.event & !dom6.event"* ]]
	[[ "$exprs" == *"geometry EVENT = 0x03 | 0x04"* ]]
	run -0 --separate-stderr tsdump --mmiotrace "$BATS_TEST_TMPDIR/t.mmio" --format setup -o "$BATS_TEST_TMPDIR/s.setup"
	check grep -qx "# EVENT = dom7.event & !dom6.event" "$BATS_TEST_TMPDIR/s.setup"
	check [ "$(grep -c '^domain ' "$BATS_TEST_TMPDIR/s.setup")" -eq 2 ]
	# Replayed on a fresh simulator: every register the session wrote holds
	# what it wrote (CTRL but for the states it reads live, bits 24-25 and
	# 28-29: the PRE_OP writes have started single event mode).
	vsim nv40
	run -0 nocsvid pcsetup -d sim:nv40 -f "$BATS_TEST_TMPDIR/s.setup" --format csv
	# recorded as any pcsetup is: the mode the writes leave, a generation
	check [ "${lines[1]}" = "core,quad,1" ]
	check [ "${lines[2]}" = "geometry,single,1" ]
	run -0 --separate-stderr pcread -d sim:nv40 -D core --strict
	check [ -z "$stderr" ]
	jq -r 'select(.type == "reg_write" or .type == "planned_write")|"\(.reg),\(.addr_hex),\(.new_hex)"' "$BATS_TEST_TMPDIR/w.json" | sort -u >"$BATS_TEST_TMPDIR/want"
	jq -r 'select(.type == "reg_write" or .type == "planned_write")|.reg' "$BATS_TEST_TMPDIR/w.json" | sort -u | while read -r r; do
		pcread -d sim:nv40 --reg "$r" --format csv | tail -1 | cut -d, -f4-6 | {
			IFS=, read -r n a v
			case $n in PCOUNTER.CTRL*) v=$(printf '0x%08x' $((v & ~0x33000000))) ;; esac
			echo "$n,$a,$v"
		}
	done | sort >"$BATS_TEST_TMPDIR/got"
	check diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	check [ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -gt 20 ]
	# Someone else reprograms the replayed domain: pcread --strict sees it
	pcsim -d sim:nv40 reg 'PCOUNTER.EVENT_OP[1]=0x1234' >/dev/null
	run -3 --separate-stderr pcread -d sim:nv40 -D core --strict
	check [ "$stderr" = "pcread: warning: core: setup changed since pcsetup (generation 1): PCOUNTER.EVENT_OP[1] (0x00a4a4) reads 0x00001234, pcsetup set 0x00002222" ]
}

@test "text: registers, marks, lost events and expressions line up (issue 28 item 1)" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	{
		header
		echo "R 4 0.000010 1 0xfd000000 0x040000a1 0x0 0"
		echo "MARK 0.000030 starting the counters"
		echo "W 4 0.000041 1 0xfd00a4a4 0x8888 0x0 0"
		echo "R 2 0.000050 1 0xfd009400 0x1234 0x0 0"
		echo "R 4 0.000051 1 0xfd00fffc 0x0 0x0 0"
		echo "MARK 0.000000 Lost 3 events."
		echo "W 4 1234.000060 1 0xfd00a424 0xffff 0x0 0"
		echo "UNMAP 0.000080 1 0x0 0"
	} >"$t"
	run -0 --separate-stderr tsdump --mmiotrace "$t"
	[[ "$output" == *"; core EVENT = "* ]]
	aligned line <<<"$output"
}
