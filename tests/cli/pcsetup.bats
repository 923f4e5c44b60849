#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcsetup on the simulator in virtual time: single, quad and record mode on
# every PCOUNTER generation with exact counts; --dry-run goldens; setup
# files; the setup note; raw writes; bad input exits 2 with one line.

load helpers
bats_require_minimum_version 1.5.0

golden="$BATS_TEST_DIRNAME/golden"

# ctr NAME DOMAIN COUNTER: one counter of a domain, from pcsim show.
ctr() {
	pcsim -d "sim:$1" show "$2" | awk -v k="$3:" '$1 == k { print $2 }'
}

# A single-mode run: EVENT always 1, START pulses at cycles 5, 25, 45, ...,
# STOP 10 cycles after each START (the seed: a period counts from the cycle
# after START up to and including STOP, so 10 events), 3 periods.
single_run() {
	local chip=$1 dom=$2 ev=$3 st=$4 sp=$5
	shift 5
	vsim "$chip" pchz=1M
	pcsim -d "sim:$chip" signal "$dom" "$ev" const 1
	pcsim -d "sim:$chip" signal "$dom" "$st" periodic period=20 duty=1 phase=15
	pcsim -d "sim:$chip" signal "$dom" "$sp" periodic period=20 duty=1 phase=5
	run pcsetup -d "sim:$chip" -D "$dom" --event "$ev" --start "$st" --stop "$sp" --periods 3 "$@"
	check [ "$status" -eq 0 ]
	pcsim -d "sim:$chip" advance --cycles 100 --domain "$dom" >/dev/null
}

single_case() {
	single_run "$@" --threshold 10
	check [ "$(ctr "$1" "$2" single_state)" = INACTIVE ]
	check [ "$(ctr "$1" "$2" ctr_event)" = 10 ]
	check [ "$(ctr "$1" "$2" ctr_cycles)" = 10 ]
	check [ "$(ctr "$1" "$2" ctr_start)" = 3 ]
	# One more than the 10 events of a period: no period reaches it.
	single_run "$@" --threshold 11
	check [ "$(ctr "$1" "$2" ctr_start)" = 0 ]
}

@test "single mode, NV10: 3 periods of 10 events, threshold" { single_case nv10 core 0x10 0x20 0x21; }
@test "single mode, NV20: the memory domain" { single_case nv20 memory 0x10 0x11 0x12; }
@test "single mode, NV30" { single_case nv30 core 0x10 0x20 0x21; }
@test "single mode, NV40" { single_case nv40 core 0x1 0x2 0x3; }
@test "single mode, G84" { single_case g84 core_a 0x10 0x20 0x21; }
@test "single mode, G92: domain by index" { single_case g92 2 0x10 0x20 0x21; }
@test "single mode, GT215" { single_case gt215 host 0x10 0x20 0x21; }
@test "single mode, GF100: a GPC domain" { single_case gf100 gpc1.0 0x10 0x20 0x21; }

@test "single mode: EVENT_CTR_PERIOD all sums the periods; the threshold sees the sum" {
	single_run g84 core_a 0x10 0x20 0x21 --event-ctr-period all --threshold 15
	check [ "$(ctr g84 core_a ctr_event)" = 30 ]
	check [ "$(ctr g84 core_a ctr_start)" = 2 ]
}

@test "single mode: --pre-count waits for PRE pulses; --periods counts down" {
	# PRE pulses at cycles 1, 21, 41, 61.  The PRE_OP write is seen in
	# cycle 1 (INACTIVE -> WAIT_FOR_PRE), so cycle 1's pulse does not count:
	# 3 pulses end at 61, the first period is 65..75, the second is still
	# to come at cycle 80.
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 const 1
	pcsim -d sim:g84 signal core_a 0x20 periodic period=20 duty=1 phase=15
	pcsim -d sim:g84 signal core_a 0x21 periodic period=20 duty=1 phase=5
	pcsim -d sim:g84 signal core_a 0x22 periodic period=20 duty=1 phase=19
	pcsetup -d sim:g84 -D core_a --event 0x10 --start 0x20 --stop 0x21 --pre 0x22 --pre-count 3 \
		--periods 3 --event-ctr-period all
	pcsim -d sim:g84 advance --cycles 80 --domain core_a
	check [ "$(ctr g84 core_a single_state)" = WAIT_START ]
	check [ "$(ctr g84 core_a ctr_event)" = 10 ]
	check [ "$(ctr g84 core_a ctr_stop)" = 1 ]
	# With the default (one PRE pulse) three periods fit: 5..15, 25..35, 45..55.
	pcsetup -d sim:g84 -D core_a --event 0x10 --start 0x20 --stop 0x21 --pre 0x22 --periods 3 \
		--event-ctr-period all
	pcsim -d sim:g84 advance --cycles 100 --domain core_a
	check [ "$(ctr g84 core_a single_state)" = INACTIVE ]
	check [ "$(ctr g84 core_a ctr_event)" = 30 ]
}

@test "NV10: a 40-bit threshold goes to THRESHOLD and THRESHOLD_HI; NV30 refuses it" {
	vsim nv10
	run pcsetup -d sim:nv10 --event 0x10 --threshold 0x1f00000001 --format csv --dry-run
	check [ "$status" -eq 0 ]
	[[ "$output" == *'planned_write,sim:nv10,NV10,PCOUNTER.THRESHOLD[0],0x00a628,0x00000000,0x00000001,false,'* ]]
	[[ "$output" == *'planned_write,sim:nv10,NV10,PCOUNTER.THRESHOLD_HI[0],0x00a62c,0x00000000,0x0000001f,false,HI=0x1f,'* ]]
	pcsetup -d sim:nv10 --event 0x10 --threshold 0x1f00000001
	run pcsim -d sim:nv10 --format csv reg 'THRESHOLD_HI[0]'
	check [ "${lines[1]}" = "sim_reg,sim:nv10,NV10,THRESHOLD_HI[0],0x00a62c,0x0000001f" ]
	vsim nv30
	run pcsetup -d sim:nv30 -D 0 --event 0x10 --threshold 0x100000000
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: --threshold 0x100000000: out of range on NV30 (32-bit counters: at most 0xffffffff)" ]
}

@test "quad mode, G84: the PRE_OP write swaps, SWAP signal swaps, ack, overflow" {
	# EVENT every 4th cycle (4, 8, ...); SWAP at cycles 100 and 200.
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal core_a 0x10 periodic period=4 duty=1
	pcsim -d sim:g84 signal core_a 0x20 periodic period=100 duty=1
	pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 --start '!0x10' --swap 0x20
	# The PRE_OP write swaps counter sets on G84, in the cycle after it.
	check [ "$(ctr g84 core_a quad_state)" = EMPTY ]
	pcsim -d sim:g84 advance --cycles 1 --domain core_a
	check [ "$(ctr g84 core_a quad_state)" = VALID ]
	pcsim -d sim:g84 reg 'QUAD_ACK_TRIGGER[1]=1'
	check [ "$(ctr g84 core_a quad_state)" = EMPTY ]
	pcsim -d sim:g84 advance --cycles 149 --domain core_a
	# The set swapped at cycle 100 holds cycles 1..99.
	check [ "$(ctr g84 core_a quad_state)" = VALID ]
	check [ "$(ctr g84 core_a ctr_cycles)" = 99 ]
	check [ "$(ctr g84 core_a ctr_event)" = 24 ]
	check [ "$(ctr g84 core_a ctr_start)" = 75 ]
	pcsim -d sim:g84 advance --cycles 100 --domain core_a
	# Not acked before the swap at 200: one set lost.
	check [ "$(ctr g84 core_a quad_state)" = OVERFLOW ]
	check [ "$(ctr g84 core_a ctr_cycles)" = 100 ]
	check [ "$(ctr g84 core_a ctr_event)" = 25 ]
}

quad_swap_signal() {
	vsim "$1" pchz=1M
	pcsim -d "sim:$1" signal "$2" 0x10 periodic period=4 duty=1
	pcsim -d "sim:$1" signal "$2" 0x20 periodic period=100 duty=1 phase=99
	pcsetup -d "sim:$1" -D "$2" --mode quad --event 0x10 --swap 0x20
	pcsim -d "sim:$1" advance --cycles 250 --domain "$2"
	check [ "$(ctr "$1" "$2" quad_state)" = OVERFLOW ]
	check [ "$(ctr "$1" "$2" ctr_cycles)" = 100 ]
	check [ "$(ctr "$1" "$2" ctr_event)" = 25 ]
}

@test "quad mode, G92 and GT215: SPEC_SRC swap" {
	quad_swap_signal g92 core_b
	quad_swap_signal gt215 core_a
}

@test "quad mode, GF100: SWAP_SRC swap; no default swap signal" {
	quad_swap_signal gf100 hub.2
	run pcsetup -d sim:gf100 -D hub.2 --mode quad --event 0x10
	check [ "$status" -eq 2 ]
	[[ "$output" == *"needs --swap SIGNAL"* ]]
}

quad_pm_trigger() {
	vsim "$1" pchz=1M
	pcsim -d "sim:$1" signal "$2" "$3" periodic period=4 duty=1
	pcsetup -d "sim:$1" -D "$2" --mode quad --event "$3"
	# No swap on the PRE_OP write before G84.
	check [ "$(ctr "$1" "$2" quad_state)" = EMPTY ]
	pcsim -d "sim:$1" advance --cycles 250 --domain "$2"
	pcsim -d "sim:$1" pulse pm_trigger
	pcsim -d "sim:$1" advance --cycles 1 --domain "$2"
	check [ "$(ctr "$1" "$2" quad_state)" = VALID ]
	check [ "$(ctr "$1" "$2" ctr_cycles)" = 250 ]
	check [ "$(ctr "$1" "$2" ctr_event)" = 62 ]
	run pcsetup -d "sim:$1" -D "$2" --mode quad --event "$3" --swap "$3"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: --swap: $4's SWAP input is hardwired to PM_TRIGGER" ]
}

@test "quad mode, NV30 and NV40: SWAP is PM_TRIGGER" {
	quad_pm_trigger nv30 core 0x10 NV30
	quad_pm_trigger nv40 core 0x1 NV40
}

record_case() {
	vsim "$1" pchz=1M
	pcsim -d "sim:$1" signal 1 0x20 const 1
	pcsim -d "sim:$1" signal 1 0x21 periodic period=2
	pcsim -d "sim:$1" signal 1 0x23 periodic period=10
	pcsetup -d "sim:$1" -D 1 --mode record --record-signals 0x20,0x21,0x0,0x0,0x21 --stop 0x23 \
		--record-start 0x1000 --record-limit 0x1020
	pcsim -d "sim:$1" advance --cycles 35 --domain 1
	pcsim -d "sim:$1" dump "$BATS_TEST_TMPDIR/mem.bin" 0x1000 96
	run od -An -tx2 -v -w32 "$BATS_TEST_TMPDIR/mem.bin"
	# cycles, STOP count, PRE_SRC[0..3], START_SRC[0..3], EVENT_SRC[0..3]
	check [ "$(echo ${lines[0]})" = "000a 0000 0000 0001 000a 0005 0000 0000 0005 0000 0000 0000 0000 0000 0000 0000" ]
	check [ "$(echo ${lines[1]})" = "0014 0000 0000 0001 000a 0005 0000 0000 0005 0000 0000 0000 0000 0000 0000 0000" ]
	# The packet at the limit was the last.
	check [ "$(echo ${lines[2]})" = "0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000" ]
	check [ "$(ctr "$1" 1 record_packet_count)" = 2 ]
}

@test "record mode, G84: packets in memory" { record_case g84; }
@test "record mode, G92: packets in memory" { record_case g92; }
@test "record mode, GT215: packets in memory" { record_case gt215; }

@test "record mode: short packets hold 4 counters; the buffer is checked" {
	vsim g84
	run pcsetup -d sim:g84 -D 1 --mode record --record-format short --record-signals 1,2,3,4,5 \
		--record-start 0x1000 --record-limit 0x2000
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: --record-signals: more than 4 signals" ]
	run pcsetup -d sim:g84 -D 1 --mode record --record-format short --record-signals 1,2,3,4 \
		--record-start 0x1000 --record-limit 0x2000 --dry-run --format csv
	check [ "$status" -eq 0 ]
	[[ "$output" == *"RECORD_FORMAT=SHORT"* ]]
}

@test "GT215 and GF100: USER signals; GCTRL and the domain-set reset" {
	vsim gt215 pchz=1M
	run pcsetup -d sim:gt215 -D core_a --user 3:2 --dry-run --format csv
	check [ "${lines[1]}" = "planned_write,sim:gt215,GT215,PCOUNTER.USER_TRIGGER[1],0x00a584,,0x0000000b,false,VAL_0=1 VAL_1=1 PULSE_0=0 PULSE_1=1,USER signals" ]
	run pcsetup -d sim:gt215 -D core_a --user 4
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: --user 0x4:0x0: GT215 has no USER_2 signal" ]
	run pcsetup -d sim:gt215 -D core_a --reset periodic --dry-run --format csv
	check [ "${lines[1]}" = "planned_write,sim:gt215,GT215,PCOUNTER.GCTRL,0x00a7a8,0x00000000,0x00000010,false,RECORD_RESET=0 PERIODIC_RESET=1,reset asserted" ]
	check [ "${lines[2]}" = "planned_write,sim:gt215,GT215,PCOUNTER.GCTRL,0x00a7a8,0x00000000,0x00000000,false,RECORD_RESET=0 PERIODIC_RESET=0,reset released" ]
	vsim gf100 pchz=1M
	# USER_3 held at 1: counted on every COUNTING cycle.  Cycle 1 sees the
	# PRE_OP write (WAIT_FOR_PRE), cycle 2 PRE (WAIT_FOR_START), cycle 3
	# START: cycles 4..10 count.
	pcsetup -d sim:gf100 -D hub.0 --event user3 --user 8
	pcsim -d sim:gf100 advance --cycles 10 --domain hub.0
	check [ "$(ctr gf100 hub.0 ctr_event)" = 7 ]
	run pcsetup -d sim:gf100 -D gpc2.0 --reset record --user 0x8:0x8 --dry-run --format csv
	check [ "$status" -eq 0 ]
	check [ "${#lines[@]}" -eq 4 ]
	[[ "${lines[1]}" == 'planned_write,sim:gf100,GF100,PCOUNTER.GPC_DSET.CTRL[2],'*',reset asserted' ]]
	[[ "${lines[2]}" == 'planned_write,sim:gf100,GF100,PCOUNTER.GPC.USER_TRIGGER[2][0],'*'VAL_3=1 '*'PULSE_3=1'* ]]
	[[ "${lines[3]}" == 'planned_write,sim:gf100,GF100,PCOUNTER.GPC_DSET.CTRL[2],'*',reset released' ]]
}

@test "--dry-run goldens: every write in order, nothing written" {
	while IFS='|' read -r name chip args; do
		vsim "$chip"
		run pcsetup -d "sim:$chip" $args --dry-run
		check [ "$status" -eq 0 ]
		diff -u "$golden/$name" <(printf '%s\n' "$output") || { echo "golden $name differs"; false; }
	done <<'EOF'
pcsetup-nv10-single.txt|nv10|--event 0x10 --start 0x20 --stop 0x21 --threshold 0x1f00000001 --periods 2
pcsetup-nv20-flags.txt|nv20|-D memory --event 0x10&flag --setflag 0x11 --clrflag 0x12 --counter-mode event_b4 --bits 1,2,3,4
pcsetup-nv30-quad.txt|nv30|-D 1 --mode quad --event 0x10 --stop rise(0x11)
pcsetup-g84-record.txt|g84|-D core_a --mode record --record-signals 0x20,0x21 --stop 0x23 --record-start 0x1000 --record-limit 0x2000 --periodic 4k
pcsetup-gf100-quad.txt|gf100|-D part3.1 --mode quad --event 0x10 --swap periodic --counter-mode EXTRA_B4 --bits 1,2,3,4 --reg CTRL.UNK9=3
EOF
	# Nothing was written.
	run pcsim -d sim:gf100 --format csv reg 'PCOUNTER.PART.CTRL[3][1]'
	check [ "${lines[1]}" = "sim_reg,sim:gf100,GF100,PCOUNTER.PART.CTRL[3][1],0x1a329c,0x00000000" ]
}

@test "--dry-run --format json: one object per write, numbers as numbers" {
	vsim g84
	run pcsetup -d sim:g84 -D 1 --event 0x10 --dry-run --format json
	check [ "$status" -eq 0 ]
	check [ "${#lines[@]}" -eq 15 ]
	check [ "${lines[0]}" = '{"type":"schema","schema_version":2,"command":"pcsetup","version":"0.1.0"}' ]
	check [ "${lines[1]}" = '{"type":"planned_write","device":"sim:g84","chipset":"G84","reg":"PCOUNTER.CTRL[1]","addr":42948,"addr_hex":"0x00a7c4","old":0,"old_hex":"0x00000000","new":0,"new_hex":"0x00000000","unchanged":false,"fields":"MODE=SINGLE CTR_MODE=SIMPLE EVENT_CTR_PERIOD=ONE EVENT_IMPORT_MODE=CONTINUOUS FLAG_IMPORT_MODE=CONTINUOUS UNK16=0 RECORD_FORMAT=LONG PERIODIC_PERIOD=DISABLED QUAD_STATE=EMPTY FAULT_CLEAR=0 SINGLE_STATE=INACTIVE","note":"single mode; written all the same: FAULT_CLEAR is write-only"}' ]
	[[ "${lines[14]}" == '{"type":"planned_write","device":"sim:g84","chipset":"G84","reg":"PCOUNTER.PRE_OP[1]",'*'"note":"PRE = 1; starts counting"}' ]]
}

@test "--explain: slots and truth tables; nothing written" {
	vsim g92
	run pcsetup -d sim:g92 -D core_a --event 'rise(0x10)' --explain
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "device: sim:g92 (G92)" ]
	check [ "${lines[1]}" = "domain core_a on G92:" ]
	[[ "$output" == *"EVENT = rise(0x10)"* ]]
	[[ "$output" == *"ARG2 = EVENT_SRC[0] one cycle late = 0x10"* ]]
	run pcsim -d sim:g92 --format csv reg 'EVENT_OP[1]'
	check [ "${lines[1]}" = "sim_reg,sim:g92,G92,EVENT_OP[1],0x00a4a4,0x00000000" ]
}

@test "the setup note: written after applying, generation bumped, not by --dry-run" {
	vsim g84
	rec="$XDG_RUNTIME_DIR/hwpc/setup-"*"-core_a.txt"
	pcsetup -d sim:g84 -D core_a --event 0x10 --dry-run
	check [ ! -e $rec ]
	run pcsetup -d sim:g84 -D core_a --mode quad --event 0x10 --format csv
	check [ "${lines[1]}" = "pc_setup,sim:g84,G84,core_a,quad,1" ]
	# The device, the simulated machine's instance (new at each reset),
	# then the note.
	grep -q '^device "sim:.*/sim-g84.state"$' $rec
	grep -q '^instance [0-9a-f]*$' $rec
	check [ "$(sed -n 3,4p $rec)" = "$(printf 'generation 1\nwhat "quad EVENT=0x10"')" ]
	grep -q '^reg 00a484 00000010 ffffffff$' $rec
	# CTRL: only the fields pcsetup decides are compared later.
	grep -q '^reg 00a7c4 00000001 00f02973$' $rec
	run pcsetup -d sim:g84 -D core_a --event 0x11 --format csv
	check [ "${lines[1]}" = "pc_setup,sim:g84,G84,core_a,single,2" ]
	# A trigger alone leaves the record alone.
	run pcsetup -d sim:g84 -D core_a --reset periodic --format csv
	check [ "${lines[1]}" = "pc_setup,sim:g84,G84,core_a,unchanged," ]
	check [ "$(sed -n 3p $rec)" = "generation 2" ]
}

@test "--reg: fields and masks read-modify-write, merged into the planned write" {
	vsim g84
	run pcsetup -d sim:g84 -D core_a --event 0x10 --reg CTRL.UNK16=1 --reg 'SPEC_SRC=0x500:0xff00' --format csv --dry-run
	check [ "$status" -eq 0 ]
	check [ "${lines[1]}" = "planned_write,sim:g84,G84,PCOUNTER.CTRL[1],0x00a7c4,0x00000000,0x00010000,false,MODE=SINGLE CTR_MODE=SIMPLE EVENT_CTR_PERIOD=ONE EVENT_IMPORT_MODE=CONTINUOUS FLAG_IMPORT_MODE=CONTINUOUS UNK16=1 RECORD_FORMAT=LONG PERIODIC_PERIOD=DISABLED QUAD_STATE=EMPTY FAULT_CLEAR=0 SINGLE_STATE=INACTIVE,single mode; --reg" ]
	# SPEC_SRC is not planned in single mode: a raw write before PRE_OP.
	# The mask keeps SWAP's power-on value, core_a's PM_TRIGGER (0xe0 + 0x0f).
	check [ "${lines[14]}" = "planned_write,sim:g84,G84,PCOUNTER.SPEC_SRC[1],0x00a564,0x000000ef,0x000005ef,false,SWAP=0xef UNK8=5,--reg" ]
	[[ "${lines[15]}" == "planned_write,sim:g84,G84,PCOUNTER.PRE_OP[1],"* ]]
	pcsim -d sim:g84 reg 'SPEC_SRC[2]=0x2345'
	run pcsetup -d sim:g84 -D 2 --reg SPEC_SRC.UNK8=0x7 --format csv --dry-run
	check [ "${lines[1]}" = "planned_write,sim:g84,G84,PCOUNTER.SPEC_SRC[2],0x00a568,0x00002345,0x00000745,false,SWAP=0x45 UNK8=7,--reg" ]
	pcsetup -d sim:g84 -D 2 --reg SPEC_SRC.UNK8=0x7
	run pcsim -d sim:g84 --format csv reg 'SPEC_SRC[2]'
	check [ "${lines[1]}" = "sim_reg,sim:g84,G84,SPEC_SRC[2],0x00a568,0x00000745" ]
	run pcsetup -d sim:g84 -D 2 --reg 'CTRL[3].MODE=QUAD' --format csv --dry-run
	check [ "${lines[1]}" = "planned_write,sim:g84,G84,PCOUNTER.CTRL[3],0x00a7cc,0x00000000,0x00000001,false,MODE=QUAD CTR_MODE=SIMPLE EVENT_CTR_PERIOD=ONE EVENT_IMPORT_MODE=CONTINUOUS FLAG_IMPORT_MODE=CONTINUOUS UNK16=0 RECORD_FORMAT=LONG PERIODIC_PERIOD=DISABLED QUAD_STATE=EMPTY FAULT_CLEAR=0 SINGLE_STATE=INACTIVE,--reg" ]
	run pcsetup -d sim:g84 -D 2 --reg 'RECORD_STATUS=0'
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: --reg PCOUNTER.RECORD_STATUS[2]: read-only (--force writes it anyway)" ]
}

@test "setup files: domains, sets, comments; --set picks one" {
	vsim g84
	cat > "$BATS_TEST_TMPDIR/s.setup" <<'EOF'
# bring-up counters
domain core_a
mode quad          # every set of core_a is quad
swap 0x20
[set busy]
event 0x10
--start 0x11
set idle
event !0x10

domain 5
--event=0x12 & flag
EOF
	run pcsetup -d sim:g84 -f "$BATS_TEST_TMPDIR/s.setup" --dry-run --format csv
	check [ "$status" -eq 0 ]
	[[ "$output" == *"planned_write,sim:g84,G84,PCOUNTER.EVENT_OP[1],0x00a4a4,0x00000000,0x0000aaaa,false,"*"EVENT = 0x10"* ]]
	[[ "$output" == *"PCOUNTER.START_OP[1],"*"START = 0x11"* ]]
	[[ "$output" == *"PCOUNTER.EVENT_OP[5],"*"EVENT = 0x12 & flag"* ]]
	# Both PRE_OPs come after every other write.
	check [ "$(echo "$output" | tail -2 | cut -d, -f4 | tr '\n' ' ')" = "PCOUNTER.PRE_OP[1] PCOUNTER.PRE_OP[5] " ]
	run pcsetup -d sim:g84 -f "$BATS_TEST_TMPDIR/s.setup" --set idle -D core_a --dry-run --format csv
	check [ "$status" -eq 0 ]
	[[ "$output" == *"EVENT = !0x10"* ]]
	[[ "$output" != *"START = 0x11"* ]]
	[[ "$output" != *"[5]"* ]]
	run pcsetup -d sim:g84 -f "$BATS_TEST_TMPDIR/s.setup" --format csv
	check [ "${lines[1]}" = "pc_setup,sim:g84,G84,core_a,quad,1" ]
	check [ "${lines[2]}" = "pc_setup,sim:g84,G84,core_c,single,1" ]
	run pcsim -d sim:g84 --format csv reg 'SPEC_SRC[1]'
	check [ "${lines[1]}" = "sim_reg,sim:g84,G84,SPEC_SRC[1],0x00a564,0x00000020" ]
}

@test "setup files: errors name file:line" {
	vsim g84
	f="$BATS_TEST_TMPDIR/bad.setup"
	while IFS='|' read -r want text; do
		printf "$text" > "$f"
		run pcsetup -d sim:g84 -D 1 -f "$f" --dry-run
		[ "$status" -eq 2 ] || { echo "'$text' -> $status: $output"; false; }
		[ "${#lines[@]}" -eq 1 ] || { echo "'$text': $output"; false; }
		[ "$output" = "pcsetup: $f:$want" ] || { echo "'$text': '$output' is not '$want'"; false; }
	done <<'EOF'
2: unknown setup option 'evnt' (did you mean event?)|event 0x10\nevnt 0x11\n
1: unknown setup option 'threshol' (did you mean threshold?)|threshol 3\n
1: unknown setup option 'frob'|frob 3\n
3: --threshold: 'ten' is not a number|# c\n\nthreshold ten\n
1: --mode: expected single, quad or record, got 'dual'|mode dual\n
2: expected [set NAME], got '[set]'|event 1\n[set]\n
3: set 'a' given twice in this domain|set a\nset b\nset a\n
1: --event needs a value|event\n
4: domain 'core_a' has a section already|domain core_a\nevent 1\ndomain 1\ndomain core_a\n
1: no PCOUNTER domain 'core_z' on G84: it has 8 (0=host, 1=core_a, 2=core_b, 3=shader, 4=memory, 5=core_c, 6=vdec, 7=core_d)|domain core_z\nevent 1\n
EOF
	printf '# nothing\n' > "$f"
	run pcsetup -d sim:g84 -f "$f"
	check [ "$output" = "pcsetup: $f: no setup in the file" ]
	run pcsetup -d sim:g84 -f "$BATS_TEST_TMPDIR/none.setup"
	check [ "$status" -eq 2 ]
	printf 'domain 1\nevent 1\n' > "$f"
	run pcsetup -d sim:g84 -f "$f" --set x
	check [ "$output" = "pcsetup: $f has no set 'x'" ]
	# a set name mistyped: the nearest set of the file (pcsetup keeps only
	# the set it applies; pcread -f keeps them all)
	printf 'domain 1\n[set busy]\nevent 1\n[set idle]\nevent 0\n' > "$f"
	run -2 pcsetup -d sim:g84 -f "$f" --set bussy
	check [ "$output" = "pcsetup: $f has no set 'bussy' (did you mean busy?)" ]
	run -2 pcread -d sim:g84 -f "$f" --set idel -- true
	check [ "$output" = "pcread: $f has no set 'idel' (did you mean idle?)" ]
	# a signal name mistyped, in a file and on pcread's command line
	printf 'domain 1\nevent pc01_gr_idel\n' > "$f"
	run -2 pcsetup -d sim:g84 -f "$f" --dry-run
	check [ "${lines[0]}" = "pcsetup: $f:2: EVENT: unknown name 'pc01_gr_idel' (did you mean pc01_gr_idle?)" ]
	run -2 pcread -d sim:g84 -D 1 --event pc01_gr_idel -- true
	check [ "${lines[0]}" = "pcread: EVENT: unknown name 'pc01_gr_idel' (did you mean pc01_gr_idle?)" ]
	run pcsetup -d sim:g84 -f "$f" --event 1
	check [ "$status" -eq 2 ]
}

@test "setup files: errors found when planning name the option's file:line" {
	vsim nv10
	f="$BATS_TEST_TMPDIR/plan.setup"
	printf 'domain 0\nevent 0x10 &&& 0x11\n' > "$f"
	run pcsetup -d sim:nv10 -f "$f"
	check [ "$status" -eq 2 ]
	check [ "${lines[0]}" = "pcsetup: $f:2: EVENT: expected an operand before '&'" ]
	printf 'domain 0\n# the count\nevent 0x10\nperiods 0\n' > "$f"
	run pcsetup -d sim:nv10 -f "$f"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: $f:4: --periods 0: out of range on NV10 (1..4294967296: CTR_STOP is 32-bit)" ]
	# options before any domain line: a section of the only domain, from its first line
	printf '\nevent 0x10\ndomain 0\nevent 0x11\n' > "$f"
	run pcsetup -d sim:nv10 -f "$f"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: $f:3: domain core has a section already (line 2)" ]
	vsim g84
	printf '# first\nmode quad\ndomain 1\n' > "$f"
	run pcsetup -d sim:g84 -f "$f"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsetup: $f:2: no domain: give -D NAME|N (G84 has 8 domains)" ]
}

@test "names from another domain: said where they are, and suggested for typos" {
	vsim g84
	run pcsetup -d sim:g84 -D core_a --mode quad --event host_mem_wr --dry-run
	check [ "$status" -eq 2 ]
	check [ "${lines[0]}" = "pcsetup: EVENT: 'host_mem_wr' is not available here: only in domain host" ]
	run pcsetup -d sim:g84 -D core_a --mode quad --event 'host_mem_w & !flag' --dry-run
	check [ "$status" -eq 2 ]
	check [ "${lines[0]}" = "pcsetup: EVENT: unknown name 'host_mem_w' (did you mean HOST_MEM_WR [only in domain host], HOST_MEM_RD [only in domain host]?)" ]
	check [ "${lines[2]}" = "  ^~~~~~~~~~" ]
	# names of this domain still come first, with no note
	run pcsetup -d sim:g84 -D host --mode quad --event host_mem_w --dry-run
	check [ "${lines[0]}" = "pcsetup: EVENT: unknown name 'host_mem_w' (did you mean HOST_MEM_WR, HOST_MEM_RD?)" ]
}

@test "bad input: exit 2 with one clear line" {
	vsim g84
	vsim nv10
	vsim nv30
	vsim nv40
	vsim gf100
	while IFS='@' read -r want args; do
		run pcsetup $args
		[ "$status" -eq 2 ] || { echo "pcsetup $args -> $status: $output"; false; }
		[ "${#lines[@]}" -eq 1 ] || { echo "pcsetup $args: $output"; false; }
		[[ "$output" == "pcsetup: $want" ]] || { echo "pcsetup $args: '$output' is not 'pcsetup: $want'"; false; }
	done <<'EOF'
no PCOUNTER domain '9' on G84: it has 8 (0=host, 1=core_a, 2=core_b, 3=shader, 4=memory, 5=core_c, 6=vdec, 7=core_d)@-d sim:g84 -D 9 --event 1
no PCOUNTER domain 'memory' on NV10: it has 1 (0=core)@-d sim:nv10 -D memory --event 1
no domain: give -D NAME|N (G84 has 8 domains)@-d sim:g84 --event 1
--mode record: NV40 has no record mode (record mode: G84:GF100)@-d sim:nv40 -D 1 --mode record
--mode record: GF100 has no record mode (record mode: G84:GF100)@-d sim:gf100 -D hub.0 --mode record
--mode quad: NV10 has no quad mode (quad mode: NV30-)@-d sim:nv10 --mode quad
--counter-mode event_b6: not on NV30 (EVENT_B6: NV40-; NV30 has SIMPLE, EVENT_B4)@-d sim:nv30 -D 0 --counter-mode event_b6
--counter-mode: unknown value 'fast' (G84 has SIMPLE, EVENT_B4, EVENT_B6, EXTRA_B4, EXTRA_B6_EVENT_B2)@-d sim:g84 -D 1 --counter-mode fast
--counter-mode: unknown value 'evnt_b6' (did you mean EVENT_B6? G84 has SIMPLE, EVENT_B4, EVENT_B6, EXTRA_B4, EXTRA_B6_EVENT_B2)@-d sim:g84 -D 1 --counter-mode evnt_b6
--mode: expected single, quad or record, got 'quda' (did you mean quad?)@-d sim:g84 -D 1 --mode quda
counter mode EVENT_B4 needs --bits with 4 signals (the integer's bits, low first: START.0 START.1 START.2 START.3)@-d sim:g84 -D 1 --counter-mode event_b4 --event 1
--bits: expected 4 signals, got 2@-d sim:g84 -D 1 --counter-mode event_b4 --bits 1,2
--bits: counter mode SIMPLE adds no integer of signals@-d sim:g84 -D 1 --bits 1,2
--event-ctr-period: NV10 has no CTRL.EVENT_CTR_PERIOD (NV15,NV1F,NV20-)@-d sim:nv10 --event-ctr-period all
--threshold 0x100000000: out of range on G84 (32-bit counters: at most 0xffffffff)@-d sim:g84 -D 1 --threshold 0x100000000
--periods 0: out of range on G84 (1..4294967296: CTR_STOP is 32-bit)@-d sim:g84 -D 1 --periods 0
--pre-count 4294967297: out of range on NV10 (1..4294967296: CTR_PRE is 32-bit)@-d sim:nv10 --pre-count 4294967297
--threshold needs --mode single (the mode is quad)@-d sim:g84 -D 1 --mode quad --threshold 5
--record-start 0x1008: not 16-byte aligned (RECORD_START.ADDRESS is bits 4-31)@-d sim:g84 -D 1 --mode record --record-start 0x1008 --record-limit 0x2000
--record-limit 0x800 is below --record-start 0x1000@-d sim:g84 -D 1 --mode record --record-start 0x1000 --record-limit 0x800
--mode record needs the buffer: --record-start and --record-limit@-d sim:g84 -D 1 --mode record
--record-high: G84 has no RECORD_ADDRESS_HIGH (G92:GF100)@-d sim:g84 -D 1 --mode record --record-start 0x1000 --record-limit 0x2000 --record-high 1
--periodic: NV40 has no CTRL.PERIODIC_PERIOD (G84-)@-d sim:nv40 -D 1 --periodic 1K
--user: G84 has no USER signals (USER_TRIGGER: GT215-)@-d sim:g84 -D 1 --user 1
--swap: unknown signal 'nosuch' in domain core_a on G84@-d sim:g84 -D 1 --mode quad --swap nosuch
--swap: unknown signal 'pm_triger' in domain core_a on G84 (did you mean pm_trigger?)@-d sim:g84 -D 1 --mode quad --swap pm_triger
--reset: NV40 has no PCOUNTER global control (GCTRL: G84:GF100)@-d sim:nv40 -D 1 --reset record
--reset: expected record or periodic, got 'all'@-d sim:g84 -D 1 --reset all
--reg: expected NAME[IDX][.FIELD]=VALUE[:MASK], got 'CTRL'@-d sim:g84 -D 1 --reg CTRL
--reg PCOUNTER.SPEC_SRC[1].SWAP: --reg VALUE: 0x100 is too large (at most 255)@-d sim:g84 -D 1 --reg SPEC_SRC.SWAP=0x100
--reg PCOUNTER.SPEC_SRC[1]: VALUE 0x123 has bits outside MASK 0xff@-d sim:g84 -D 1 --reg SPEC_SRC=0x123:0xff
--reg 0xa7ac: a register by address needs --force@-d sim:g84 -D 1 --reg 0xa7ac=1
--profile nv40: the simulated G84 uses profile tesla (choose it at creation: pcsim reset sim:CHIP,profile=NAME)@-d sim:g84 -D 1 --profile nv40 --event 1
nothing to set up: give setup options, -f FILE or --trigger (pcsetup --help)@-d sim:g84 -D 1
unknown option '--bogus' (pcsetup --help lists the options)@-d sim:g84 --bogus
EOF
	# Expression errors: the message, then the expression and a caret.
	run pcsetup -d sim:g84 -D 1 --event '0x10 & nosuch'
	check [ "$status" -eq 2 ]
	[[ "${lines[0]}" == "pcsetup: "*"nosuch"* ]]
	[[ "$output" == *"^"* ]]
	run pcsetup -d sim:g84 -D 1 --event 'pc02_prop_00'
	check [ "$status" -eq 2 ]
	[[ "$output" == *"only in domain"* ]]
}

@test "device errors exit 1; --help and --version" {
	run pcsetup -d "sim:g84,state=$BATS_TEST_TMPDIR/none/x.state" -D 1 --event 1
	check [ "$status" -eq 1 ]
	[[ "$output" == "pcsetup: cannot open simulator state "* ]]
	run pcsetup --help
	check [ "$status" -eq 0 ]
	[[ "$output" == *"--record-signals"* ]]
	run pcsetup --version
	check [ "$output" = "pcsetup (hwpc) 0.1.0, output schema 2" ]
}

@test "--scan counts every signal, exact, on every generation; the setup found is put back" {
	# G84:GF100 swap quad sets by PRE_OP, NV40:G84 by PM_TRIGGER (four
	# signals a window); NV10:NV40 and GF100 count one, in single-event mode.
	for c in g84:core_a nv40:host nv10:core gf100:hub.0; do
		chip=${c%%:*} dom=${c#*:}
		vsim "$chip" pchz=1M
		pcsim -d "sim:$chip" signal "$dom" 0x05 periodic period=4 duty=1
		pcsim -d "sim:$chip" signal "$dom" 0x06 periodic period=5 duty=3
		pcsetup -d "sim:$chip" -D "$dom" --mode single --event 0x05 --start 0x06 >/dev/null
		pcread -d "sim:$chip" --snapshot -o "$BATS_TEST_TMPDIR/before.json"
		run -0 pcsetup -d "sim:$chip" -D "$dom" --scan 1ms --format json
		# each signal's share of its own window, exactly: a quarter and
		# three fifths of the cycles counted (a window of n cycles holds
		# within 0.75 of n/4 ones of the first, 1.2 of 3n/5 of the second,
		# whatever its phase)
		jq -s -e 'map(select(.type=="pc_signal")) |
			(.[5] | .exact and .seed == null and .one_count * 4 - .sample_count <= 3 and
			        .active_pct_low == .active_pct and .active_pct_high == .active_pct) and
			(.[6] | .one_count * 5 - .sample_count * 3 <= 6 and .one_count * 5 >= .sample_count * 3 - 6) and
			(.[7] | .one_count == 0)' <<<"$output" >/dev/null || { echo "$chip: $(head -c 1500 <<<"$output")"; false; }
		# What was found is back: nothing but volatile bits differ, and
		# pcread finds the setup pcsetup noted.
		run -0 pcread -d "sim:$chip" --diff "$BATS_TEST_TMPDIR/before.json"
		run -0 --separate-stderr pcread -d "sim:$chip" -D "$dom" --strict
		check [ -z "$stderr" ]
	done
	# Every domain at once, four a window: 64 windows of a G84 domain.
	vsim g84 pchz=1M
	run -0 pcsetup -d sim:g84 --scan 100us --format csv
	check [ "$(grep -c '^pc_signal,' <<<"$output")" -eq 1216 ]
	# --dry-run: the first window's writes and those that put things back.
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/before.json"
	run -0 pcsetup -d sim:g84 -D core_a --scan 1ms --dry-run --format json
	check [ "$(jq -s '[.[] | select(.note == "puts back what was found")] | length' <<<"$output")" -gt 5 ]
	run -0 pcread -d sim:g84 --diff "$BATS_TEST_TMPDIR/before.json" --all
	run -2 pcsetup -d sim:g84 --scan 1ms --event 1
	check [ "$output" = "pcsetup: --scan sets the domains up itself: it takes no setup options" ]
	run -2 pcsetup -d sim:r10000 --scan 1ms
}

# PM_TRIGGER ends a window on NV40:G84 and swaps every quad-mode domain:
# another's sets are not lost to a scan without --force.
@test "--scan on NV40: another domain's quad sets are not swapped without --force" {
	vsim nv40 pchz=1M
	pcsetup -d sim:nv40 -D shader --mode quad --event 1 >/dev/null
	pcsim -d sim:nv40 advance 1ms >/dev/null
	pcread -d sim:nv40 --snapshot -o "$BATS_TEST_TMPDIR/before.json"
	run -2 pcsetup -d sim:nv40 -D host --scan 100us
	check [ "$output" = "pcsetup: --scan: the quad sets are swapped by PM_TRIGGER on NV40, which swaps those of shader too (quad mode): whoever reads them would lose them (--force swaps them all the same)" ]
	# refused before anything was written (a dry run alike)
	run -0 pcread -d sim:nv40 --diff "$BATS_TEST_TMPDIR/before.json"
	run -2 pcsetup -d sim:nv40 -D host --scan 100us --dry-run
	# every domain scanned: no other to lose; --force: said, and done
	run -0 pcsetup -d sim:nv40 --scan 10us --format csv
	run -0 --separate-stderr pcsetup -d sim:nv40 -D host --scan 100us --force --format csv
	check [ "$stderr" = "pcsetup: warning: --force: the windows' PM_TRIGGER swaps the quad sets of shader too: whoever reads them loses them" ]
	check [ "$(grep -c '^pc_signal,' <<<"$output")" -eq 32 ] # NV40's host domain
}

@test "--scan interrupted: the signals counted so far, a warning, exit 130, and the setup put back" {
	pcsim reset sim:g84,pchz=1M
	pcsetup -d sim:g84 -D core_a --mode quad --event 1 >/dev/null
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/before.json"
	pcsetup -d sim:g84 -D core_a --scan 10s --format json >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_catches_int "$pid"
	kill -INT $pid
	rc=0
	wait $pid || rc=$?
	check [ "$rc" -eq 130 ]
	# The window the signal cut short is counted all the same: its four
	# (none when the signal came before the first window began, which a
	# loaded machine may make happen, and the warning says which).
	local n=4
	if [ "$(cat "$BATS_TEST_TMPDIR/err")" != "pcsetup: warning: --scan interrupted: the signals counted so far are printed, the rest were not counted (the setup found is back)" ]; then
		check [ "$(cat "$BATS_TEST_TMPDIR/err")" = "pcsetup: warning: --scan interrupted before its first window: nothing was counted (the setup found is back)" ]
		n=0
	fi
	check [ "$(jq -s '[.[] | select(.type=="pc_signal")] | length' "$BATS_TEST_TMPDIR/out")" -eq "$n" ]
	run -0 pcread -d sim:g84 --diff "$BATS_TEST_TMPDIR/before.json"
}
