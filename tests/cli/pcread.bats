#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcread on the simulator, in virtual time: exact reads in single, quad and
# record mode on every PCOUNTER generation; 40-bit counters, saturation,
# lost sets and reprogramming with --strict; signals, scans, registers;
# every output format; bad input exits 2, device errors 1.

bats_require_minimum_version 1.5.0
load helpers

CSV_HEAD=domain,mode,state,cycles,cycles_alt,event,start,pre,stop,flag,event_pct,saturated

# pcread --format csv, shown in the columns and names the exact-value
# assertions below were written for (pcread_oldcsv.py says which); the
# schema itself is checked in output_pcread.bats.
pcsv() {
	local out rc=0 mode=
	[[ " $* " == *" -i "* ]] && mode=i
	out=$(pcread "$@") || rc=$?
	/usr/bin/python3 "$BATS_TEST_DIRNAME/pcread_oldcsv.py" $mode <<<"$out"
	return $rc
}

@test "NV10 single mode: a counting period read, 40-bit counters assembled past 32 bits" {
	vsim nv10 pchz=1M
	pcsim -d sim:nv10 signal core 0x10 periodic period=4 duty=1
	pcsim -d sim:nv10 reg 'EVENT_SRC[0]=0x10' 'EVENT_OP[0]=0xaaaa' 'START_OP[0]=0xffff' 'PRE_OP[0]=0xffff'
	pcsim -d sim:nv10 advance --cycles 100 --domain core
	run -0 pcsv -d sim:nv10 --format csv
	check [ "${lines[0]}" = "$CSV_HEAD" ]
	check [ "${lines[1]}" = "core,SINGLE,COUNTING,97,97,25,0,0,0,0,25.77," ]
	"$HWPC_TESTBIN/pc_poke" sim:nv10 core event 0x1fffffffe
	"$HWPC_TESTBIN/pc_poke" sim:nv10 core cycles 0x2fffffffe
	pcsim -d sim:nv10 advance --cycles 8 --domain core
	run -0 pcsv -d sim:nv10 --format csv --strict
	check [ "${lines[1]}" = "core,SINGLE,COUNTING,12884901894,105,8589934592,0,0,0,0,66.67," ]
}

@test "NV10: bit 39 set (the low bits wrapped) is 'saturated', never a number; --strict exits 3" {
	vsim nv10 pchz=1M
	pcsim -d sim:nv10 reg 'START_OP[0]=0xffff' 'PRE_OP[0]=0xffff'
	pcsim -d sim:nv10 advance --cycles 4 --domain core
	"$HWPC_TESTBIN/pc_poke" sim:nv10 core cycles 0x7ffffffffe
	pcsim -d sim:nv10 advance --cycles 4 --domain core
	run -0 --separate-stderr pcread -d sim:nv10
	check [ "$(echo ${lines[2]})" = "core SINGLE COUNTING saturated 5 0 0 0 0 0 - cycles" ]
	[[ "$stderr" == *"core: saturated: cycles (the 40-bit counter passed 2^39"* ]]
	run -0 --separate-stderr pcread -d sim:nv10 --format json
	check [ "$(jq -c 'select(.type=="pc_counters")|{domain,mode,state,cycles,cycles_alt,event_count,start_count,pre_count,stop_count,flag,event_pct,saturated,saturated_counters}' <<<"$output")" = '{"domain":"core","mode":"SINGLE","state":"COUNTING","cycles":null,"cycles_alt":5,"event_count":0,"start_count":0,"pre_count":0,"stop_count":0,"flag":0,"event_pct":null,"saturated":true,"saturated_counters":"cycles"}' ]
	run -3 pcread -d sim:nv10 --strict
}

@test "NV20: the memory domain by name and by number" {
	vsim nv20 pchz=1M
	pcsim -d sim:nv20 signal memory 0x01 const 1
	pcsim -d sim:nv20 reg 'EVENT_SRC[1]=0x01' 'EVENT_OP[1]=0xaaaa' 'START_OP[1]=0xffff' 'PRE_OP[1]=0xffff'
	pcsim -d sim:nv20 advance --cycles 20 --domain memory
	run -0 pcsv -d sim:nv20 -D memory --format csv
	check [ "${lines[1]}" = "memory,SINGLE,COUNTING,17,17,17,0,0,0,0,100.00," ]
	run -0 pcsv -d sim:nv20 -D 1 --format csv
	check [ "${lines[1]}" = "memory,SINGLE,COUNTING,17,17,17,0,0,0,0,100.00," ]
	run -0 pcsv -d sim:nv20 --format csv
	check [ "${#lines[@]}" -eq 3 ]
	check [ "${lines[1]}" = "core,SINGLE,INACTIVE,0,0,0,0,0,0,0,," ]
}

@test "NV30 quad mode: VALID, then OVERFLOW reported as lost sets; --ack empties it (shared QUAD_ACK_TRIGGER)" {
	vsim nv30 pchz=1M
	pcsim -d sim:nv30 signal memory 0x10 periodic period=5 duty=2
	pcsim -d sim:nv30 reg 'EVENT_SRC[1]=0x10' 'EVENT_OP[1]=0xaaaa' CTRL=0x40000
	pcsim -d sim:nv30 advance --cycles 50 --domain memory
	pcsim -d sim:nv30 pulse pm_trigger
	pcsim -d sim:nv30 advance --cycles 1 --domain memory
	run -0 pcsv -d sim:nv30 -D memory --format csv --strict
	check [ "${lines[0]}" = "$CSV_HEAD,lost,acks" ]
	check [ "${lines[1]}" = "memory,QUAD,VALID,50,50,20,0,0,0,0,40.00,,false,0" ]
	pcsim -d sim:nv30 pulse pm_trigger
	pcsim -d sim:nv30 advance --cycles 10 --domain memory
	pcsim -d sim:nv30 pulse pm_trigger
	pcsim -d sim:nv30 advance --cycles 1 --domain memory
	run -3 --separate-stderr pcsv -d sim:nv30 -D memory --format csv --ack --strict
	check [ "${lines[1]}" = "memory,QUAD,OVERFLOW,10,10,4,0,0,0,0,40.00,,true,2" ]
	[[ "$stderr" == *"memory: counter sets were lost (quad OVERFLOW"* ]]
	run -0 pcsv -d sim:nv30 -D memory --format csv --strict
	check [ "${lines[1]}" = "memory,QUAD,EMPTY,10,10,4,0,0,0,0,40.00,,false,0" ]
	run -0 nocsvid pcread -d sim:nv30 --reg CTRL.DOM1_QUAD_STATE --format csv
	check [ "${lines[1]}" = "PCOUNTER.CTRL.DOM1_QUAD_STATE,0x00a73c,0x0,EMPTY" ]
}

@test "NV40 quad mode: the START counter, acked once" {
	vsim nv40 pchz=1M
	pcsim -d sim:nv40 signal shader 0x03 const 1
	pcsim -d sim:nv40 reg 'START_SRC[3]=0x03' 'START_OP[3]=0xaaaa' 'CTRL[3]=1'
	pcsim -d sim:nv40 advance --cycles 30 --domain shader
	pcsim -d sim:nv40 pulse pm_trigger
	pcsim -d sim:nv40 advance --cycles 1 --domain shader
	run -0 pcread -d sim:nv40 -D shader --format json --ack
	check [ "$(jq -c 'select(.type=="pc_counters")|{domain,mode,state,cycles,cycles_alt,event_count,start_count,pre_count,stop_count,flag,event_pct,saturated,lost,ack_count}' <<<"$output")" = '{"domain":"shader","mode":"QUAD","state":"VALID","cycles":30,"cycles_alt":30,"event_count":0,"start_count":30,"pre_count":0,"stop_count":0,"flag":0,"event_pct":0,"saturated":false,"lost":false,"ack_count":1}' ]
	run -0 pcread -d sim:nv40 -D shader --format json
	[[ "$output" == *'"state":"EMPTY"'* ]]
}

@test "G84 quad mode swapped by SPEC_SRC; record mode: position, packets, FULL" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	pcsim -d sim:g84 signal core_a 0x20 periodic period=100 duty=1 phase=99
	pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x10' 'EVENT_OP[1]=0xaaaa' 'SPEC_SRC[1]=0x20' 'CTRL[1]=1'
	pcsim -d sim:g84 advance --cycles 150 --domain core_a
	run -0 --separate-stderr pcsv -d sim:g84 -D core_a --format csv --ack
	check [ "${lines[1]}" = "core_a,QUAD,OVERFLOW,100,100,25,0,0,0,0,25.00,,true,2" ]
	pcsim -d sim:g84 advance --cycles 100 --domain core_a
	run -0 --separate-stderr pcsv -d sim:g84 -D core_a --format csv --ack
	check [ "${lines[1]}" = "core_a,QUAD,VALID,100,100,25,0,0,0,0,25.00,,false,1" ]
	check [ -z "$stderr" ]
	pcsim -d sim:g84 signal 2 0x23 periodic period=10
	pcsim -d sim:g84 reg 'STOP_SRC[2]=0x23' 'STOP_OP[2]=0xaaaa' 'CTRL[2]=2' \
		'RECORD_LIMIT[2]=0x2000' 'RECORD_START[2]=0x1000'
	pcsim -d sim:g84 advance --cycles 35 --domain core_a
	run -0 pcsv -d sim:g84 -D 2 --format csv
	check [ "${lines[0]}" = "$CSV_HEAD,record_pos,record_packets" ]
	check [ "${lines[1]}" = "core_b,RECORD,RECORDING,,,,,,,0,,,0x00001060,3" ]
	pcsim -d sim:g84 reg 'RECORD_LIMIT[2]=0x1040' 'RECORD_START[2]=0x1000'
	pcsim -d sim:g84 advance --cycles 60 --domain core_a
	run -0 pcsv -d sim:g84 -D core_b --format csv
	check [ "${lines[1]}" = "core_b,RECORD,FULL,,,,,,,0,,,0x00001060,3" ]
}

@test "G92 single mode: the flag set by SETFLAG, shown from the domain's own FLAG trailer" {
	vsim g92 pchz=1M
	pcsim -d sim:g92 reg 'SETFLAG_OP[1]=0xffff' 'START_OP[1]=0xffff' 'PRE_OP[1]=0xffff'
	pcsim -d sim:g92 advance --cycles 10 --domain core_a
	run -0 pcsv -d sim:g92 -D core_a --format csv
	check [ "${lines[1]}" = "core_a,SINGLE,COUNTING,7,7,0,0,0,0,1,0.00," ]
	run -0 pcsv -d sim:g92 -D core_b --format csv
	check [ "${lines[1]}" = "core_b,SINGLE,INACTIVE,0,0,0,0,0,0,0,," ]
}

@test "GT215: a saturated 32-bit counter is 'saturated', null in JSON, and --strict exits 3" {
	vsim gt215 pchz=1M
	pcsim -d sim:gt215 signal core_a 0x10 const 1
	pcsim -d sim:gt215 reg 'EVENT_SRC[1]=0x10' 'EVENT_OP[1]=0xaaaa' 'START_OP[1]=0xffff' 'PRE_OP[1]=0xffff'
	pcsim -d sim:gt215 advance --cycles 10 --domain core_a
	"$HWPC_TESTBIN/pc_poke" sim:gt215 core_a event 0xfffffff0
	pcsim -d sim:gt215 advance --cycles 40 --domain core_a
	run -0 --separate-stderr pcread -d sim:gt215 -D core_a
	check [ "$(echo ${lines[2]})" = "core_a SINGLE COUNTING 47 47 saturated 0 0 0 0 - event" ]
	[[ "$stderr" == *"core_a: saturated: event (stopped at 0xffffffff: the count is a lower bound)"* ]]
	run -0 pcread -d sim:gt215 -D core_a --format json
	[[ "$output" == *'"event_count":null,'*'"saturated":true,"saturated_counters":"event"'* ]]
	run -3 pcread -d sim:gt215 -D core_a --strict
}

@test "GF100 quad mode in a GPC domain: SWAP_SRC, no CYCLES_ALT, OVERFLOW acked twice" {
	vsim gf100 pchz=1M
	pcsim -d sim:gf100 signal gpc1.0 0x05 periodic period=3 duty=1
	pcsim -d sim:gf100 signal gpc1.0 0x06 periodic period=60 duty=1 phase=59
	pcsim -d sim:gf100 reg 'PCOUNTER.GPC.EVENT_SRC[1][0]=0x05' 'PCOUNTER.GPC.EVENT_OP[1][0]=0xaaaa' \
		'PCOUNTER.GPC.SWAP_SRC[1][0]=0x06' 'PCOUNTER.GPC.CTRL[1][0]=2'
	pcsim -d sim:gf100 advance --cycles 61 --domain gpc1.0
	run -0 --separate-stderr pcsv -d sim:gf100 -D gpc1.0 --format csv --ack
	check [ "${lines[1]}" = "gpc1.0,QUAD,OVERFLOW,60,,20,0,0,0,0,33.33,,true,2" ]
	run -0 pcsv -d sim:gf100 --format csv
	check [ "${#lines[@]}" -eq 25 ]
	check [ "${lines[1]}" = "hub.0,HALTED,INACTIVE,0,,0,0,0,0,0,,,," ]
}

@test "reprogramming since pcsetup: a warning naming the register; --strict exits 3" {
	vsim g84 pchz=1M
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --strict
	check [ -z "$stderr" ]
	pcsim -d sim:g84 reg 'EVENT_OP[1]=0xcccc'
	run -3 --separate-stderr pcread -d sim:g84 -D core_a --strict
	[[ "$stderr" == "pcread: warning: core_a: setup changed since pcsetup (generation 1): PCOUNTER.EVENT_OP[1] (0x00a4a4) reads 0x0000cccc, pcsetup set 0x0000aaaa" ]]
	run -0 pcread -d sim:g84 -D core_a
	"$HWPC_TESTBIN/pc_note" sim:g84 core_a 'EVENT_OP[1]=0xf0f0'
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --strict
	check [ -z "$stderr" ]
}

@test "--strict compares configuration only: CTR_PRE and CTR_STOP read the live count, not the value pcsetup wrote" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x20 periodic period=10 duty=1
	pcsetup -d sim:g84 -D core_a --event 0x10 --start 0x20 --stop 0x21 --periods 3 --pre-count 2 >/dev/null
	pcsim -d sim:g84 advance --cycles 100 --domain core_a
	run -0 --separate-stderr pcread -d sim:g84 -D core_a --strict
	check [ -z "$stderr" ]
	# pcsetup refuses nothing either: the same rule.
	run -0 pcsetup -d sim:g84 -D core_a --event 0x10 --start 0x20 --stop 0x21 --periods 3 --pre-count 2
	pcsim -d sim:g84 reg 'STOP_SRC[1]=0x22'
	run -3 --separate-stderr pcread -d sim:g84 -D core_a --strict
	[[ "$stderr" == *"setup changed since pcsetup (generation 2): PCOUNTER.STOP_SRC[1] (0x00a4c4) reads 0x00000022"* ]]
}

@test "event_pct over one window: null with the reason when EVENT sums every period (--event-ctr-period all)" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	pcsim -d sim:g84 signal core_a 0x20 periodic period=100 duty=1
	pcsetup -d sim:g84 -D core_a --event 0x10 --start 0x20 --stop 0x20 --periods 3 --event-ctr-period all >/dev/null
	pcsim -d sim:g84 advance --cycles 1000 --domain core_a
	run -0 pcread -d sim:g84 -D core_a --format json
	[[ "$output" == *'"cycles":100,'*'"event_count":75,'*'"event_pct":null,"event_pct_note":"EVENT sums every counting period, CYCLES is the last one'"'"'s (EVENT_CTR_PERIOD ALL)"'* ]]
	run -0 --separate-stderr pcread -d sim:g84 -D core_a
	check [ "$stderr" = "pcread: warning: core_a: no event_pct: EVENT sums every counting period, CYCLES is the last one's (EVENT_CTR_PERIOD ALL)" ]
	# One period at a time: the same window, a quarter.
	pcsetup -d sim:g84 -D core_a --event 0x10 --start 0x20 --stop 0x20 --periods 3 >/dev/null
	pcsim -d sim:g84 advance --cycles 1000 --domain core_a
	run -0 pcread -d sim:g84 -D core_a --format json
	[[ "$output" == *'"event_count":25,'*'"event_pct":25.00,"event_pct_note":null,'* ]]
	# EVENT_B4 adds an integer a cycle: no share of cycles.
	pcsetup -d sim:g84 -D core_a --counter-mode EVENT_B4 --start 1 --event 1 --bits 0x10,0x10,0x10,0x10 >/dev/null
	pcsim -d sim:g84 advance --cycles 100 --domain core_a
	run -0 pcread -d sim:g84 -D core_a --format json
	[[ "$output" == *'"event_pct":null,"event_pct_note":"EVENT adds an integer per cycle in this counter mode, not a share of cycles"'* ]]
}

@test "event_pct of live single-event counters never exceeds 100 (EVENT is read before CYCLES)" {
	pcsim reset sim:g84
	pcsim -d sim:g84 signal core_a 0x10 const 1
	pcsetup -d sim:g84 -D core_a --event 0x10 --start 1 >/dev/null
	run -0 pcread -d sim:g84 -D core_a -i 1ms -n 200 --format json
	over=$(grep -o '"event_pct":[0-9.]*' <<<"$output" | awk -F: '$2 > 100' | head -3)
	check [ -z "$over" ]
}

@test "-i that falls behind says so: the achieved interval in a warning, --strict exits 3; a virtual clock never does" {
	# No read takes a nanosecond and a half: every run falls behind.
	pcsim reset sim:g84
	run -0 --separate-stderr pcread -d sim:g84 -D all -i 1ns -n 5 --format json
	[[ "$stderr" == "pcread: warning: sampling fell behind: an interval of 1ns asked, "*" achieved on average over 4 intervals (reading a sample takes longer; elapsed_ns has each sample's time)" ]]
	# the records carry the time each sample was actually taken
	jq -s -e '[.[] | select(.type=="pc_counters" and .domain=="core_a") | .elapsed_ns] | .[4] >= 6' <<<"$output" >/dev/null
	run -3 pcread -d sim:g84 -D core_a -i 1ns -n 3 --strict
	pcsim reset sim:r10000
	run -3 pcread -d sim:r10000 --events 9,10 -i 1ns -n 3 --strict
	[[ "$output" == *"sampling fell behind"* ]]
	# A virtual clock is advanced by each wait, exactly: -i paces nothing.
	vsim g84
	run -0 --separate-stderr pcread -d sim:g84 -D all -i 1ns -n 5 --strict
	check [ -z "$stderr" ]
}

@test "--expr: what each input counts, with signal names" {
	vsim g84 pchz=1M
	pcsetup -d sim:g84 -D core_a --mode quad --event 'TPC.GEOM.MUX.0 & !TPC.GEOM.MUX.1' --start pc01_zcull_00
	run -0 pcread -d sim:g84 -D core_a --expr --format json
	# an input not in use has no expression: its key is left out (the
	# PRE_OP write in quad mode latched a set just now: set_age_ns 0)
	[[ "$output" == *'"saturated_total_counters":"","start_expr":"pc01_zcull_00","event_expr":"TPC.GEOM.MUX.0 & !TPC.GEOM.MUX.1","set_age_ns":0,"lag_ns":'* ]]
}

@test "--expr: a signal with two names is printed by the one the setup used, whichever it was" {
	vsim g84
	# envytools' PGRAPH.IDLE is nouveau's pc01_gr_idle (0xbd on G84)
	pcsetup -d sim:g84 -D core_a --event '!pc01_gr_idle'
	run -0 pcread -d sim:g84 -D core_a --expr --format json
	check [ "$(jq -r 'select(.type == "pc_counters") | .event_expr' <<<"$output")" = "!pc01_gr_idle" ]
	pcsetup -d sim:g84 -D core_a --event '!PGRAPH.IDLE'
	run -0 pcread -d sim:g84 -D core_a --expr --format json
	check [ "$(jq -r 'select(.type == "pc_counters") | .event_expr' <<<"$output")" = "!PGRAPH.IDLE" ]
	# pcsetup --explain names the arguments as the expression does
	run -0 pcsetup -d sim:g84 -D core_a --event 'pc01_gr_idle & !prev(pc01_gr_idle)' --explain --dry-run
	[[ "$output" == *$'\n  ARG1 = EVENT_SRC[1] = pc01_gr_idle (0xbd)\n'* ]]
}

@test "--signals: every signal of the domain with its name and value" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x00 const 1
	pcsim -d sim:g84 reg 'CTRL[1]=0x200000' # PERIODIC_PERIOD 1K
	pcsim -d sim:g84 advance --cycles 2 --domain core_a
	run -0 pcsv -d sim:g84 -D core_a --signals --format csv
	check [ "${lines[0]}" = "domain,signal,name,value" ]
	check [ "${lines[1]}" = "core_a,0x00,TPC.GEOM.MUX.0,1" ]
	check [ "${lines[2]}" = "core_a,0x01,TPC.GEOM.MUX.1,0" ]
	[[ "$output" == *$'\ncore_a,0xfe,dom1.flag,0\n'* ]]
	run -0 pcread -d sim:g84 -D core_a --signals --format json
	check [ "$(grep -c '"type":"pc_signal"' <<<"$output")" -eq 256 ]
}

@test "--signals, --scan: a signal's other names beside its first (envytools' PGRAPH.IDLE is nouveau's pc01_gr_idle)" {
	vsim g84
	run -0 pcread -d sim:g84 -D core_a --signals
	# regdb's first name, then the others expressions accept, joined by /
	# (one word: the value stays the fourth)
	check [ "$(awk '$2 == "0xbd" { $1 = $1; print }' <<<"$output")" = "core_a 0xbd PGRAPH.IDLE/pc01_gr_idle 0" ]
	check [ "$(awk '$2 == "0xfe" { $1 = $1; print }' <<<"$output")" = "core_a 0xfe dom1.flag/flag 0" ]
	check [ "$(awk '$2 == "0x00" { $1 = $1; print }' <<<"$output")" = "core_a 0x00 TPC.GEOM.MUX.0 0" ]
	for mode in --signals '--scan 1ms'; do
		# shellcheck disable=SC2086 # --scan and its window are two words
		run -0 pcread -d sim:g84 -D core_a $mode --format json
		check [ "$(jq -r 'select(.signal_index == 189) | "\(.signal) \(.aliases)"' <<<"$output")" = "PGRAPH.IDLE pc01_gr_idle" ]
		check [ "$(jq -r 'select(.signal_index == 254) | .aliases' <<<"$output")" = "flag" ]
		check [ "$(jq -r 'select(.signal_index == 0) | .aliases' <<<"$output")" = "null" ]
	done
}

@test "--scan: a window of no more cycles than samples is read at every cycle: exact shares" {
	vsim g84 pchz=100k
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	pcsim -d sim:g84 signal core_a 0x11 periodic period=10 duty=3 phase=1
	pcsim -d sim:g84 signal core_a 0x12 const 1
	run -0 nocsvid pcread -d sim:g84 -D core_a --scan 10ms --seed 1 --format csv
	check [ "${lines[0]}" = "domain,signal_index,signal,aliases,value,active_pct,active_pct_low,active_pct_high,one_count,sample_count,exact,seed" ]
	[[ "$output" == *$'\ncore_a,0x10,,,,25.00,25.00,25.00,250,1000,true,1\n'* ]]
	[[ "$output" == *$'\ncore_a,0x11,,,,30.00,30.00,30.00,300,1000,true,1\n'* ]]
	[[ "$output" == *$'\ncore_a,0x12,,,,100.00,100.00,100.00,1000,1000,true,1\n'* ]]
	[[ "$output" == *$'\ncore_a,0x13,,,,0.00,0.00,0.00,0,1000,true,1\n'* ]]
	run -0 pcsim -d sim:g84 time
	check [ "${lines[1]}" = "device_ns:  10000000" ]
}

@test "--scan: random instants do not alias with a periodic signal; the 95 % interval holds the true share" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	# 200 ms and 400 ms are 20 and 40 cycles a sample at a fixed stride:
	# such a stride saw this signal at one phase only (50 %, 100 %).
	for w in 200ms 400ms; do
		run -0 pcread -d sim:g84 -D core_a --scan $w --seed 3 --format json
		jq -s -e 'any(.[]; .signal_index == 16 and .exact == false and .active_pct_low <= 25 and
		                   .active_pct_high >= 25)' <<<"$output" >/dev/null ||
			{ echo "$w: $output" | grep '"signal_index":16,'; false; }
	done
	# Coverage: signals of known duty (periodic, and random with p 0.3,
	# whose share over a window of 10^5 cycles is 30 % to within 0.5),
	# 20 seeds of 400 samples each: at least 90 % of the intervals hold.
	pcsim -d sim:g84 signal core_a 0x11 periodic period=7 duty=3 phase=2
	pcsim -d sim:g84 signal core_a 0x12 random p=0.3 seed=11
	held=0
	for seed in $(seq 1 20); do
		out=$(pcread -d sim:g84 -D core_a --scan 100ms --scan-samples 400 --seed $seed --format json)
		n=$(jq -s '[.[] | select(.type=="pc_signal") |
			select((.signal_index == 16 and .active_pct_low <= 25 and .active_pct_high >= 25) or
			       (.signal_index == 17 and .active_pct_low <= 300/7 and .active_pct_high >= 300/7) or
			       (.signal_index == 18 and .active_pct_low <= 30.5 and .active_pct_high >= 29.5))] | length' <<<"$out")
		held=$((held + n))
	done
	check [ "$held" -ge 54 ]
	# The seed is in every record, and repeats the scan of the same chip.
	scan9() {
		vsim g84 pchz=1M
		pcsim -d sim:g84 signal core_a 0x12 random p=0.3 seed=11
		pcread -d sim:g84 -D core_a --scan 100ms --scan-samples 400 --seed 9 --format csv
	}
	a=$(scan9)
	b=$(scan9)
	[ "$a" = "$b" ] || { diff <(echo "$a") <(echo "$b") | head -5; false; }
	[[ "$(sed -n 2p <<<"$a")" == *",false,9" ]]
}

@test "--scan interrupted: what was scanned is printed, a warning says so, exit 130" {
	pcsim reset sim:g84,pchz=1M
	pcread -d sim:g84 -D core_a -D core_b --scan 60s --format json >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	# Once pcread catches SIGINT, its scan has begun.
	wait_catches_int "$pid"
	kill -INT $pid
	rc=0
	wait $pid || rc=$?
	check [ "$rc" -eq 130 ]
	# core_a's signals are out if it had taken a sample when the signal
	# came (a loaded machine may not have), and the warning says which
	local n=0
	if [ "$(cat "$BATS_TEST_TMPDIR/err")" = "pcread: warning: --scan interrupted: 0 of 2 domains scanned; the shares of core_a cover the part of its window sampled" ]; then
		n=256
	else
		check [ "$(cat "$BATS_TEST_TMPDIR/err")" = "pcread: warning: --scan interrupted: 0 of 2 domains scanned" ]
	fi
	check [ "$(jq -s '[.[] | select(.type=="pc_signal" and .domain=="core_a")] | length' "$BATS_TEST_TMPDIR/out")" -eq "$n" ]
	check [ "$(jq -s '[.[] | select(.type=="pc_signal" and .domain=="core_b")] | length' "$BATS_TEST_TMPDIR/out")" -eq 0 ]
}

@test "--reg decodes fields; --list-regs filters; write-only and unknown registers exit 2" {
	vsim g84
	pcsim -d sim:g84 reg 'CTRL[1]=0x111'
	run -0 nocsvid pcread -d sim:g84 --reg 'CTRL[1]' --reg 'CTRL[1].CTR_MODE' --format csv
	check [ "${lines[1]}" = "PCOUNTER.CTRL[1],0x00a7c4,0x00000111,MODE=QUAD CTR_MODE=EVENT_B4 EVENT_CTR_PERIOD=ALL EVENT_IMPORT_MODE=CONTINUOUS FLAG_IMPORT_MODE=CONTINUOUS UNK16=0 RECORD_FORMAT=LONG PERIODIC_PERIOD=DISABLED QUAD_STATE=EMPTY FAULT_CLEAR=0 SINGLE_STATE=INACTIVE" ]
	check [ "${lines[2]}" = "PCOUNTER.CTRL[1].CTR_MODE,0x00a7c4,0x1,EVENT_B4" ]
	run -0 nocsvid pcread -d sim:g84 --list-regs 'PCOUNTER.CTR_*' --format csv
	check [ "${lines[0]}" = "reg,dims,addr,access,doc" ]
	check [ "${#lines[@]}" -eq 7 ]
	[[ "${lines[1]}" == "PCOUNTER.CTR_CYCLES,[dom:8],0x00a600,ro,"* ]]
	run -2 pcread -d sim:g84 --reg 'QUAD_ACK_TRIGGER[1]'
	check [ "$output" = "pcread: --reg QUAD_ACK_TRIGGER[1]: PCOUNTER.QUAD_ACK_TRIGGER is write-only" ]
	run -2 pcread -d sim:g84 --reg 'CTR_EVNT[1]'
	[[ "$output" == "pcread: --reg CTR_EVNT[1]: unknown register"*"did you mean"* ]]
	run -2 pcread -d sim:g84 --list-regs 'NOPE*'
}

@test "-i/-n: timestamps, sample numbers, 64-bit totals; JSON Lines with numbers as numbers" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 reg 'START_OP[1]=0xffff' 'PRE_OP[1]=0xffff'
	pcsim -d sim:g84 advance --cycles 10 --domain core_a
	run -0 pcread -d sim:g84 -D core_a -i 50us -n 3 --format json
	check [ "${#lines[@]}" -eq 4 ] # the schema header, then a record per sample
	check [ "$(jq -c 'select(.sample==2)|{sample,elapsed_ns,domain,mode,state,cycles,cycles_total}' <<<"$output")" = '{"sample":2,"elapsed_ns":100000,"domain":"core_a","mode":"SINGLE","state":"COUNTING","cycles":107,"cycles_total":107}' ]
	run -0 pcsv -d sim:g84 -D core_a -D core_b -i 1ms -n 2 --format csv
	check [ "${#lines[@]}" -eq 5 ]
	[[ "${lines[0]}" == "sample,time_ns,$CSV_HEAD,cycles_total,cycles_alt_total,event_total,start_total,pre_total,stop_total,total_saturated" ]]
	[[ "${lines[4]}" == 1,*,core_b,SINGLE,INACTIVE,* ]]
}

@test "-i on a virtual clock: every interval advances it, the samples count it (interval x domain clock)" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x10' 'EVENT_OP[1]=0xaaaa' 'START_OP[1]=0xffff' 'PRE_OP[1]=0xffff'
	pcsim -d sim:g84 advance --cycles 10 --domain core_a
	run -0 pcsv -d sim:g84 -D core_a -i 1ms -n 3 --format csv
	check [ "${#lines[@]}" -eq 4 ]
	check [ "${lines[1]}" = "0,0,core_a,SINGLE,COUNTING,7,7,2,0,0,0,0,28.57,,7,7,2,0,0,0," ]
	check [ "${lines[2]}" = "1,1000000,core_a,SINGLE,COUNTING,1007,1007,252,0,0,0,0,25.02,,1007,1007,252,0,0,0," ]
	check [ "${lines[3]}" = "2,2000000,core_a,SINGLE,COUNTING,2007,2007,502,0,0,0,0,25.01,,2007,2007,502,0,0,0," ]
	run -0 pcsim -d sim:g84 time
	check [ "${lines[1]}" = "device_ns:  2010000" ]
}

@test "--format trace: Chrome trace JSON with a counter track per domain" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 const 1
	pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x10' 'EVENT_OP[1]=0xaaaa' 'START_OP[1]=0xffff' 'PRE_OP[1]=0xffff'
	pcsim -d sim:g84 advance --cycles 10 --domain core_a
	run -0 pcread -d sim:g84 -D core_a -i 1ms -n 2 --format trace -o "$BATS_TEST_TMPDIR/t.json"
	run -0 python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); ev=[e for e in d["traceEvents"] if e["ph"]=="C"]; print(len(ev), ev[0]["name"], ev[0]["args"]["cycles"], ev[0]["args"]["event"], ev[1]["name"], ev[1]["args"]["event_pct"])' "$BATS_TEST_TMPDIR/t.json"
	check [ "$output" = "4 core_a 7 7 core_a event% 100" ]
}

@test "bad input exits 2 with one line; device errors exit 1" {
	vsim nv20
	run -2 pcread -d sim:nv20 -D 5
	check [ "$output" = "pcread: -D: no PCOUNTER domain '5' on NV20: it has 2 (0=core, 1=memory)" ]
	run -2 pcread -d sim:nv20 -D gpc0.0
	[[ "$output" == *"it has 2"* ]]
	run -2 pcread -d sim:nv20 -i 0
	check [ "${#lines[@]}" -eq 1 ]
	run -2 pcread -d sim:nv20 -i fast
	[[ "$output" == "pcread: -i"* ]]
	run -2 pcread -d sim:nv20 -n 3
	check [ "$output" = "pcread: -n needs -i, --watch or --until" ]
	run -2 pcread -d sim:nv20 --signals --reg CTRL
	run -2 pcread -d sim:nv20 --format xml
	run -2 pcread -d sim:nv20 --bogus
	run -1 pcread -d 07:00.0
	check [ "$output" = "pcread: no such device: nothing at PCI slot 0000:07:00.0" ]
	run -1 pcread -d "sim:g84,state=$BATS_TEST_TMPDIR/none/x"
	check [ "${#lines[@]}" -eq 1 ]
	run -2 pcread -d sim:nv20 --ack --signals
	run -0 pcread --help
	[[ "$output" == usage:* ]]
	run -0 pcread -V
}

@test "-f: three counter sets rotate on one quad domain; perf-style scaled estimates" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	pcsim -d sim:g84 signal core_a 0x11 const 1
	pcsim -d sim:g84 signal core_a 0x12 periodic period=2 duty=1
	printf '# three sets, one in hardware\ndomain core_a\nset quarter\nevent 0x10\nset always\nevent 0x11\nstart 0x12\nset half\nevent 0x12\n' \
		> "$BATS_TEST_TMPDIR/rot.setup"
	run -0 pcsv -d sim:g84 -f "$BATS_TEST_TMPDIR/rot.setup" -i 100us -n 4 --format csv
	check [ "${lines[0]}" = "set,domain,counter,count,scaled,counted_pct,periods,saturated" ]
	# a period is 100 us and the cycle the read after each rotation's
	# writes costs: it lands them first, as a card's read comes after them
	check [ "${lines[1]}" = "quarter,core_a,cycles,202,404,50.00,2,false" ]
	check [ "${lines[3]}" = "quarter,core_a,event,50,100,50.00,2,false" ]
	check [ "${lines[9]}" = "always,core_a,event,101,404,25.00,1,false" ]
	check [ "${lines[10]}" = "always,core_a,start,50,200,25.00,1,false" ]
	check [ "${lines[15]}" = "half,core_a,event,50,200,25.00,1,false" ]
	run -2 pcread -d sim:g84 -f "$BATS_TEST_TMPDIR/rot.setup"
	check [ "$output" = "pcread: -f needs -i: how long each counter set counts in its turn" ]
	vsim nv30
	printf 'event 1\nset b\nevent 2\n' > "$BATS_TEST_TMPDIR/nv30.setup"
	run -2 pcread -d sim:nv30 -D 0 -f "$BATS_TEST_TMPDIR/nv30.setup" -i 1ms
	[[ "$output" == *"needs a swap software can make (a PRE_OP write on G84:GF100, PM_TRIGGER on NV40:G84); no public document names a register that fires PM_TRIGGER on NV30"* ]]
}

@test "-f on NV40: a turn ends with PM_TRIGGER (PGRAPH.DEBUG_1 bit 5, which reads 0), and the sets add up" {
	vsim nv40 pchz=1M
	pcsim -d sim:nv40 signal shader 0x03 periodic period=4 duty=1
	printf 'domain shader\nset quarter\nevent 0x03\nset rest\nevent !0x03\n' > "$BATS_TEST_TMPDIR/nv40.setup"
	run -0 pcsv -d sim:nv40 -f "$BATS_TEST_TMPDIR/nv40.setup" -i 100us -n 4 --format csv
	# 100 us at 1 MHz, and the cycle the swap takes to land, per turn.
	check [ "${lines[1]}" = "quarter,shader,cycles,202,404,50.00,2,false" ]
	check [ "${lines[3]}" = "quarter,shader,event,51,102,50.00,2,false" ]
	check [ "${lines[9]}" = "rest,shader,event,152,304,50.00,2,false" ]
}

# Someone else's setup during a turn: the period it latched is not the
# set's, so that turn's counts are dropped and said (--strict: exit 3).
# pcsetup --force reprograms the domain every 100 ms while the rotation
# runs at the real clock, so that some land inside turns.
@test "-f: a turn during which someone else reprogrammed the domain is dropped and said" {
	local S=sim:g84,state=$BATS_TEST_TMPDIR/S
	pcsim reset "$S"
	printf 'domain core_a\nset a\nevent 0x10\nset b\nevent 0x11\n' >"$BATS_TEST_TMPDIR/rot.setup"
	pcread -d "$S" -f "$BATS_TEST_TMPDIR/rot.setup" -i 200ms -n 6 --strict --format json \
		>"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	# the rotation has begun (its first set is in the hardware)
	wait_until 60 sh -c "pcread -d '$S' -D core_a --format csv | grep -q QUAD"
	while kill -0 "$pid" 2>/dev/null; do
		pcsetup -d "$S" -D core_a --mode quad --event 5 --force >/dev/null 2>&1 || true
		sleep 0.1
	done
	st=0
	wait "$pid" || st=$?
	check [ "$st" -eq 3 ]
	dropped=$(grep -c "core_a: reprogrammed by someone else during turn [1-6] (set '[ab]'): its counts are dropped (" \
		"$BATS_TEST_TMPDIR/err")
	check [ "$dropped" -ge 1 ]
	# every turn is counted in its set or dropped
	periods=$(jq -s '[.[] | select(.type == "pc_set_count" and .counter == "cycles") | .period_count] | add' \
		"$BATS_TEST_TMPDIR/out")
	check [ $((periods + dropped)) -eq 6 ]
}

@test "-f: an error in a counter set names its line and the set (or the domain)" {
	vsim g84
	f="$BATS_TEST_TMPDIR/bad.setup"
	printf 'domain core_a\n[set one]\nevent 0x10\n[set two]\nmode quad\nevent 0x10 &&& 0x11\n' > "$f"
	run pcread -d sim:g84 -f "$f" -i 1ms -n 2
	check [ "$status" -eq 2 ]
	check [ "${lines[0]}" = "pcread: $f:6: set two: EVENT: expected an operand before '&'" ]
	printf 'domain core_a\nmode quad\nevent 0x10 &&& 0x11\n' > "$f"
	run pcread -d sim:g84 -f "$f" -i 1ms -n 1
	check [ "$status" -eq 2 ]
	check [ "${lines[0]}" = "pcread: $f:3: domain core_a: EVENT: expected an operand before '&'" ]
}

@test "-f: the rotation records the set it leaves: a later --strict read is clean" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	printf 'domain core_a\nset a\nevent 0x10\nset b\nevent 0x11\n' > "$BATS_TEST_TMPDIR/rot.setup"
	run -0 pcread -d sim:g84 -f "$BATS_TEST_TMPDIR/rot.setup" -i 1ms -n 2
	run --separate-stderr pcread -d sim:g84 -D core_a --strict
	check [ "$status" -eq 0 ]
	check [ -z "$stderr" ]
	pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x12'
	run --separate-stderr pcread -d sim:g84 -D core_a --strict
	check [ "$status" -eq 3 ]
	[[ "$stderr" == *"core_a: setup changed since pcsetup (generation 2): PCOUNTER.EVENT_SRC[1] (0x00a484) reads 0x00000012, pcsetup set 0x00000011"* ]]
}

@test "a setup note is void once the simulated machine is reset" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 >/dev/null
	pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x11'
	run pcread -d sim:g84 -D core_a --strict
	[ "$status" -eq 3 ]
	[[ "$output" == *"setup changed since pcsetup"* ]]
	vsim g84
	run pcread -d sim:g84 -D core_a --strict
	[ "$status" -eq 0 ]
	[[ "$output" != *"setup changed"* ]]
}

@test "--strict: the setup note follows the machine, however its state= is spelled" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset 'sim:g84,clock=virtual,state=./rel.st'
	pcsetup -d 'sim:g84,clock=virtual,state=./rel.st' -D core_a --mode quad --event 0x10 >/dev/null
	run -0 --separate-stderr pcread -d 'sim:g84,clock=virtual,state=rel.st' -D core_a --strict
	check [ -z "$stderr" ]
	pcsim -d 'sim:g84,clock=virtual,state=rel.st' reg 'EVENT_OP[1]=0xcccc'
	run -3 --separate-stderr pcread -d 'sim:g84,clock=virtual,state=rel.st' -D core_a --strict
	[[ "$stderr" == *"core_a: setup changed since pcsetup (generation 1): PCOUNTER.EVENT_OP[1] (0x00a4a4) reads 0x0000cccc"* ]]
}

@test "quad mode: set_age_ns is the device time since the swap that latched the set shown, on both engines; absent where unknown" {
	for engine in fast reference; do
		vsim g84 pchz=1M,engine=$engine
		pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
		# SWAP at cycles 100, 200, 300, ...
		pcsim -d sim:g84 signal core_a 0x20 periodic period=100 duty=1
		pcsim -d sim:g84 reg 'EVENT_SRC[1]=0x10' 'EVENT_OP[1]=0xaaaa' 'SPEC_SRC[1]=0x20' 'CTRL[1]=1'
		# quad mode, nothing latched yet: no age (the read lands the
		# CTRL write: cycle 1 runs)
		run -0 pcread -d sim:g84 -D core_a -D core_b --format json
		check [ "$(jq -c 'select(.type=="pc_counters")|[.domain,.mode,has("set_age_ns")]' <<<"$output" | tr -d '\n')" = '["core_a","QUAD",false]["core_b","SINGLE",false]' ]
		# to cycle 151: latched at cycle 100, 51 cycles of 1 us ago
		pcsim -d sim:g84 advance --cycles 150 --domain core_a
		run -0 --separate-stderr pcread -d sim:g84 -D core_a -D core_b --format json
		check [ "$(jq -c 'select(.type=="pc_counters")|[.domain,.state,.set_age_ns]' <<<"$output" | tr -d '\n')" = '["core_a","VALID",51000]["core_b","INACTIVE",null]' ]
		check [ "$(jq -c 'select(.domain=="core_b")|has("set_age_ns")' <<<"$output")" = false ]
		# to cycle 1000188, latched at 1000100 (the fast engine skips
		# whole periods)
		pcsim -d sim:g84 advance --cycles 1000037 --domain core_a
		run -0 --separate-stderr pcread -d sim:g84 -D core_a -D core_b --format csv
		check [ "$(sed -n 1p <<<"$output" | tr , '\n' | grep -n '^set_age_ns$' | cut -d: -f1)" = 39 ]
		check [ "$(cut -d, -f7,39 <<<"${lines[1]}")" = "core_a,88000" ]
		check [ "$(cut -d, -f7,39 <<<"${lines[2]}")" = "core_b," ]
		run -0 --separate-stderr pcread -d sim:g84 -D core_a -v
		check [ "$(awk 'NR==2 {print $NF} NR==3 {print $NF}' <<<"$output" | tr '\n' ' ')" = "set_age_ns 88000 " ]
		run -0 --separate-stderr pcread -d sim:g84 -D core_a
		[[ "$output" != *set_age_ns* ]]
	done
	# a PM_TRIGGER swap on NV30, then 37 cycles: 37 us at 1 MHz
	vsim nv30 pchz=1M
	pcsim -d sim:nv30 reg CTRL=0x40000
	pcsim -d sim:nv30 advance --cycles 50 --domain memory
	pcsim -d sim:nv30 pulse pm_trigger
	pcsim -d sim:nv30 advance --cycles 38 --domain memory
	run -0 pcread -d sim:nv30 -D memory --format json
	check [ "$(jq -c 'select(.type=="pc_counters")|[.state,.cycles,.set_age_ns]' <<<"$output")" = '["VALID",50,37000]' ]
}
