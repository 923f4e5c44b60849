#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Text tables line up whatever their values: widths from all the rows, or
# for a table that streams (pcread -i, --watch, tsdump --mmiotrace) from
# the widest values its layout allows.  Each table is fed its widest
# values; aligned (table_check.py) checks every column of every row.
# tsdump --mmiotrace's table is tested in tsdump_mmiotrace.bats.

bats_require_minimum_version 1.5.0
load helpers

@test "pcread on GF100: the wider part domains line up with the hub ones" {
	run -0 pcread -d sim:gf100
	aligned domain <<<"$output"
}

@test "pcread -i: OVERFLOW, saturated and wide counts line up in the streamed table; 120 columns" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	pcsim -d sim:g84 signal core_a 0x20 periodic period=100 duty=1 phase=99
	pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x10' 'EVENT_OP[1]=0xaaaa' 'SPEC_SRC[1]=0x20' 'CTRL[1]=1'
	pcsim -d sim:g84 advance --cycles 150 --domain core_a
	"$HWPC_TESTBIN/pc_poke" sim:g84 core_b cycles 0xffffffff
	"$HWPC_TESTBIN/pc_poke" sim:g84 core_c event 0xfffffffe
	run -0 --separate-stderr pcread -d sim:g84 -i 1ms -n 3
	[[ "$output" == *OVERFLOW* ]]
	[[ "$output" == *saturated* ]]
	[[ "$output" == *4294967294* ]]
	aligned sample 120 <<<"$output"
}

@test "pcread -i streams: rows come as they are read, not at the end" {
	vsim g84
	# endless without -n: only a table written row by row reaches head
	run -0 timeout 60 bash -c 'pcread -d sim:g84 -i 1ms | head -n 4'
	check [ "${#lines[@]}" -eq 4 ]
}

@test "pcread -i: totals on request in text (--totals), always in json and csv" {
	vsim g84
	run -0 --separate-stderr pcread -d sim:g84 -i 1ms -n 2
	[[ "${lines[1]}" != *_total* ]]
	aligned sample 120 <<<"$output"
	run -0 --separate-stderr pcread -d sim:g84 -i 1ms -n 2 --totals
	[[ "${lines[1]}" == *"cycles  "*"event_count_total"* ]]
	aligned sample <<<"$output"
	run -0 --separate-stderr pcread -d sim:g84 -i 1ms -n 1 --format json
	check [ "$(jq -r 'select(.type=="pc_counters") | .event_count_total' <<<"$output" | head -1)" = 0 ]
	run -0 --separate-stderr pcread -d sim:g84 -i 1ms -n 1 --format csv
	[[ "${lines[0]}" == *event_count_total* ]]
	run -2 pcread -d sim:g84 --totals
	[[ "$output" == *"--totals"*"-i"* ]]
}

@test "pcread -i -v: every column, mode and cycles_alt among them" {
	vsim g84
	run -0 --separate-stderr pcread -d sim:g84 -i 1ms -n 2 -v
	[[ "${lines[1]}" == *" mode "*cycles_alt*saturated* ]]
	aligned sample <<<"$output"
}

@test "pcread --signals: the long signal names line up" {
	run -0 pcread -d sim:g84 --signals
	[[ "$output" == *pm_trigger* ]]
	aligned domain <<<"$output"
}

@test "pcread --watch: a field's enum and a register's words line up as they stream" {
	vsim g84
	run -0 pcread -d sim:g84 --watch PTIMER.TIME_LOW --watch 'PCOUNTER.CTRL[0].SINGLE_STATE' -n 4 -i 1ms
	[[ "$output" == *INACTIVE* ]]
	aligned device_ns <<<"$output"
}

@test "an unknown domain lists the chip's domains whole (issue 28 item 3)" {
	run -2 pcsetup -d sim:gf100 -D hub.9 --event 1
	[[ "$output" == *"22=part5.0, 23=part5.1)" ]]
}

@test "pcread -v: a setup as pcsetup left it is said as a note, not a warning (issue 28 item 5)" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --event 1 >/dev/null
	run -0 --separate-stderr pcread -d sim:g84 -D core_a -v
	[[ "$stderr" == *"pcread: core_a: setup as pcsetup left it"* ]]
	[[ "$stderr" != *"warning: core_a: setup as"* ]]
	run -0 --separate-stderr pcread -d sim:g84 -D core_b -v
	[[ "$stderr" == *"pcread: core_b: no pcsetup note"* ]]
}

@test "--dry-run: an equal value written all the same says why (issue 28 item 6)" {
	vsim g84
	run -0 pcsetup -d sim:g84 -D core_a --event 1 --dry-run --format json
	ctrl=$(jq -c 'select(.type=="planned_write" and .reg=="PCOUNTER.CTRL[1]") | [.old, .new, .unchanged, .note]' <<<"$output")
	check [ "$ctrl" = '[0,0,false,"single mode; written all the same: FAULT_CLEAR is write-only"]' ]
	# a plain register left as it was says nothing more
	src=$(jq -c 'select(.type=="planned_write" and .reg=="PCOUNTER.PRE_SRC[1]") | [.unchanged, .note]' <<<"$output")
	check [ "$src" = '[true,null]' ]
}

@test "pcsetup --explain --chip: no device needed; an error has no device line before it (issue 28 item 16)" {
	run -0 --separate-stderr pcsetup --chip G84 -D core_a --event '0x10&0x11' --explain
	check [ "${lines[0]}" = "chipset: G84" ]
	check [ "${lines[1]}" = "domain core_a on G84:" ]
	run -0 pcsetup --chip G84 -D core_a --event '0x10&0x11' --explain --format json
	check [ "$(jq -r 'select(.type=="pc_logic_input" and .input=="EVENT") | [.device, .chipset, .expression] | @tsv' <<<"$output")" = "$(printf "\tG84\t0x10&0x11")" ]
	run -2 pcsetup --chip G84 -D core_a --event 1
	[[ "$output" == *"--chip needs --explain"* ]]
	run -2 pcsetup --chip G84 -d sim:g84 -D core_a --event 1 --explain
	run -2 pcsetup --chip G9000 -D core_a --event 1 --explain
	[[ "$output" == *G9000* ]]
	vsim g84
	run -2 --separate-stderr pcsetup -d sim:g84 -D core_a --event '0x10&&' --explain
	check [ -z "$output" ]
	[[ "$stderr" == *"expected an operand"* ]]
}
