#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcsetup and pcread on the simulated MIPS R10000/R12000: programming a
# counter, exact counts in virtual time, 64-bit virtual counters across
# 32-bit wraps, multiplexing estimates, reprogramming detection, --decode
# and every bad input (exit 2).

load helpers
bats_require_minimum_version 1.5.0

@test "pcsetup --dry-run: the plan, ending with the encoded control word and its fields" {
	vsim r10000
	run nocsvid pcsetup -d sim:r10000 --counter 0 --event instruction_cache_misses --modes user --ie --dry-run --format csv
	check [ "$status" -eq 0 ]
	check [ "${#lines[@]}" -eq 5 ]
	check [ "${lines[4]}" = "R10K.CTRL[0],0x000000,0x00000000,0x00000138,false,EXL=0 K=0 S=0 U=1 IE=1 EVENT=9,\"INSTRUCTION_CACHE_MISSES (event 9), counts user, interrupt at bit 31\"" ]
	# Nothing was written.
	run pcsim -d sim:r10000 reg 'R10K.CTRL[0]'
	[[ "$output" == *"value: 0x00000000"* ]]
}

@test "pcsetup writes, records a generation; pcread counts exactly in virtual time" {
	vsim r10000
	pcsim -d sim:r10000 rate 9 1000
	run nocsvid pcsetup -d sim:r10000 --counter 0 --event 9 --modes user --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[1]}" = "0,\"INSTRUCTION_CACHE_MISSES (event 9), counts user\",0x00000128,user,false,0,1" ]
	run nocsvid pcsetup -d sim:r10000 --event cycles --counter 1 --modes user,kernel --format csv
	check [ "${lines[1]}" = "1,\"CYCLES (event 16), counts user,kernel\",0x0000000a,\"user,kernel\",false,0,2" ]
	pcsim -d sim:r10000 advance 1s
	run nocsvid pcread -d sim:r10000 --format csv
	check [ "$status" -eq 0 ]
	# generation: the one the last pcsetup printed (2), the same number
	check [ "${lines[1]}" = ",,0,INSTRUCTION_CACHE_MISSES,0x00000128,user,1000,,,false,2" ]
	check [ "${lines[2]}" = ",,1,CYCLES,0x0000000a,\"user,kernel\",200000000,,,false,2" ]
	# Kernel mode: counter 0 (user only) stops, counter 1 goes on.
	pcsim -d sim:r10000 cpu-mode kernel
	run nocsvid pcread -d sim:r10000 -i 500ms -n 2 --format csv
	check [ "${lines[3]}" = "1,500000000,0,INSTRUCTION_CACHE_MISSES,0x00000128,user,1000,0,0,false,2" ]
	check [ "${lines[4]}" = "1,500000000,1,CYCLES,0x0000000a,\"user,kernel\",300000000,100000000,100000000,false,2" ]
	# Counters nobody set up: no generation (null)
	vsim r12000
	run -0 pcread -d sim:r12000 --format json
	check [ "$(jq -sc '[.[] | select(.type == "r10k_counter") | .generation]' <<<"$output")" = "[null,null]" ]
}

@test "pcsetup of a second event: an event for either counter takes the free one; a replaced event is said" {
	vsim r10000
	run -0 --separate-stderr pcsetup -d sim:r10000 --event 9 --format csv
	check [ -z "$stderr" ]
	# CYCLES counts on either counter: counter 0 is taken, 1 is free
	run -0 --separate-stderr nocsvid pcsetup -d sim:r10000 --event cycles --format csv
	check [ "${lines[1]}" = '1,"CYCLES (event 16), counts user",0x00000008,user,false,0,2' ]
	check [ -z "$stderr" ]
	# event 10 counts on counter 0 only: it replaces event 9, and says so
	run -0 --separate-stderr nocsvid pcsetup -d sim:r10000 --event 10 --format csv
	check [ "${lines[1]}" = '0,"SCACHE_MISSES_INSTRUCTION (event 10), counts user",0x00000148,user,false,0,3' ]
	check [ "$stderr" = "pcsetup: warning: replaced what counter 0 counted (INSTRUCTION_CACHE_MISSES (event 9), counts user): the event counts on no free counter (--counter N chooses)" ]
	run -0 --separate-stderr pcread -d sim:r10000 --format csv --strict
	check [ -z "$stderr" ]
}

@test "pcread -i: 64-bit virtual counters across 32-bit wraps; threshold raises the overflow" {
	vsim r12000
	pcsim -d sim:r12000 rate 9 3G
	pcsetup -d sim:r12000 --counter 1 --event 9 --modes user --ie --threshold 1000 >/dev/null
	run nocsvid pcread -d sim:r12000 -i 1s -n 3 --format csv
	check [ "$status" -eq 0 ]
	# Preset to 2^31 - 1000; 3e9 events a second wrap the 32-bit counter.
	check [ "${lines[2]}" = "0,0,1,ICACHE_MISSES,0x00000138,user,2147482648,0,0,false,1" ]
	check [ "${lines[4]}" = "1,1000000000,1,ICACHE_MISSES,0x00000138,user,852515352,3000000000,3000000000,true,1" ]
	check [ "${lines[6]}" = "2,2000000000,1,ICACHE_MISSES,0x00000138,user,3852515352,3000000000,6000000000,true,1" ]
}

@test "pcread --events: rotation and perf-style scaled estimates" {
	vsim r10000
	# a turn needs a length: -i (or -- COMMAND, which rotates every 10 ms)
	run -2 pcread -d sim:r10000 --events 9,10
	check [ "$output" = "pcread: --events needs -i: how long each event counts in its turn" ]
	pcsim -d sim:r10000 rate 9 3000
	pcsim -d sim:r10000 rate 10 600
	run nocsvid pcread -d sim:r10000 --events 9,10,11,cycles,graduated_instructions -i 10ms -n 6 --format csv
	check [ "$status" -eq 0 ]
	# lag_ns empty: a virtual clock never lags; and nothing passes between
	# reading its clock and its counters: the estimates' timing is exact
	check [ "${lines[0]}" = "event,counter,count,scaled,scaled_unc,counted_pct,time_counted_ns,time_unc_ns,time_total_ns,lag_ns" ]
	check [ "${lines[1]}" = "INSTRUCTION_CACHE_MISSES,0,60,180,0,33.33,20000000,0,60000000," ]
	check [ "${lines[2]}" = "SCACHE_MISSES_INSTRUCTION,0,12,36,0,33.33,20000000,0,60000000," ]
	check [ "${lines[4]}" = "CYCLES,1,6000000,12000000,0,50.00,30000000,0,60000000," ]
	check [ "${#lines[@]}" -eq 6 ]
	# Text: the columns fit the widest row (a long name, a big count),
	# not the first one: the right-aligned rows all end at one column.
	vsim r10000
	pcsim -d sim:r10000 rate 9 3000
	run pcread -d sim:r10000 --events 9,10,11,cycles,graduated_instructions -i 10ms -n 6
	check [ "$status" -eq 0 ]
	check [ "$(printf '%s\n' "${lines[@]:2}" | awk '{ print length($0) }' | sort -u | wc -l)" -eq 1 ]
	check [ "${lines[0]}" = "device: sim:r10000 (R10000)" ]
	check [ "${lines[1]}" = "event                         counter    count    scaled  scaled_unc  counted_pct  time_counted_ns  time_unc_ns  time_total_ns  lag_ns" ]
}

@test "reprogramming since pcsetup is reported; --strict exits 3" {
	vsim r10000
	pcsetup -d sim:r10000 --counter 0 --event 9 >/dev/null
	run pcread -d sim:r10000 --strict
	check [ "$status" -eq 0 ]
	pcsim -d sim:r10000 reg 'R10K.CTRL[0]=0x28' >/dev/null
	run nocsvid pcread -d sim:r10000 --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "pcread: warning: counter setup changed since pcsetup (generation 1): R10K.CTRL[0] (0x000000) reads 0x00000028, pcsetup set 0x00000128" ]
	run pcread -d sim:r10000 --strict
	check [ "$status" -eq 3 ]
	# A second pcsetup is a new generation, and the new baseline.
	run --separate-stderr nocsvid pcsetup -d sim:r10000 --counter 0 --event 10 --format csv
	check [ "${lines[1]}" = "0,\"SCACHE_MISSES_INSTRUCTION (event 10), counts user\",0x00000148,user,false,0,2" ]
	check [ "$stderr" = "pcsetup: warning: replaced what counter 0 counted (INSTRUCTIONS_ISSUED (event 1), counts user)" ]
	run pcread -d sim:r10000 --strict
	check [ "$status" -eq 0 ]
}

@test "--decode: fields and event names, without a device; reserved bits exit 2" {
	run nocsvid pcread --decode r10000:0:0x138 --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[1]}" = "R10000,0,0x00000138,EXL=0 K=0 S=0 U=1 IE=1 EVENT=9,user,true,9,INSTRUCTION_CACHE_MISSES,,primary instruction cache misses,Incremented when the next instruction is not in primary instruction cache.," ]
	# Without the counter an R10000 word has a meaning on each.
	run nocsvid pcread --decode r10000:0x138 --format csv
	check [ "${#lines[@]}" -eq 3 ]
	[[ "${lines[2]}" == "R10000,1,0x00000138,"*",25,PRIMARY_DATA_CACHE_MISSES,"* ]]
	run pcread --decode r12000:1:0x2a8 --format json
	[[ "$output" == *'"modes":"user","ie":false,"event_index":21,"event":"GRADUATED_FP_INSTRUCTIONS"'* ]]
	run pcread --decode r10000:0x80000138
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcread: --decode r10000:0x80000138: control word 0x80000138 has reserved bits set (0x80000000): the R10000 control word uses bits 0-8" ]
	run pcread --decode r10000:0x200
	check [ "$status" -eq 2 ]
	run pcread --decode r4400:0x1
	check [ "$status" -eq 2 ]
}

@test "bad input exits 2 with one line" {
	vsim r10000
	t() { run "$@"; check [ "$status" -eq 2 ]; check [ "${#lines[@]}" -eq 1 ]; }
	t pcsetup -d sim:r10000 --counter 0 --event 17
	check [ "$output" = "pcsetup: INSTRUCTIONS_GRADUATED (event 17) counts on counter 1 only on the R10000, not on counter 0" ]
	t pcsetup -d sim:r10000 --event cylces
	check [ "$output" = "pcsetup: unknown R10000 event 'cylces' (did you mean CYCLES?)" ]
	t pcsetup -d sim:r10000 --counter 1 --event decoded_loads
	check [ "$output" = "pcsetup: event decoded_loads is an R12000 event (number 2 there), not available on the R10000" ]
	t pcsetup -d sim:r10000 --event 9 --modes user,supervisor
	check [ "$output" = "pcsetup: supervisor mode is not supported on the R10000 (count user, kernel or exl)" ]
	t pcsetup -d sim:r10000 --event 9 --threshold 100
	t pcsetup -d sim:r10000 --modes user
	t pcsetup -d sim:r10000 --event 9 --mode single
	check [ "$output" = "pcsetup: --mode is a PCOUNTER option; an R10000/R12000 takes --counter, --event, --modes, --ie and --threshold" ]
	t pcsetup -d sim:r10000 -D 0 --event 9
	t pcread -d sim:r10000 -D 0
	t pcread -d sim:r10000 --events 9
	t pcread -d sim:r10000 --events 9,nonsense -i 1ms
	t pcread -d sim:r10000 --modes user
	vsim g84
	t pcsetup -d sim:g84 --counter 1 --event 1
	check [ "$output" = "pcsetup: --counter is an R10000/R12000 option; the G84 has PCOUNTER domains (pcsetup --help)" ]
	t pcread -d sim:g84 --events 9 -i 1ms
	check [ "$output" = "pcread: --events is an R10000/R12000 option; the G84 has PCOUNTER domains (pcread --help)" ]
}

@test "pcread --events -i on a realtime simulator: each sample waits its interval" {
	pcsim reset sim:r10000 >/dev/null
	t0=$(date +%s%N)
	run nocsvid pcread -d sim:r10000 --events 9,10 -i 100ms -n 5 --format csv
	t1=$(date +%s%N)
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "event,counter,count,scaled,scaled_unc,counted_pct,time_counted_ns,time_unc_ns,time_total_ns,lag_ns" ]
	# 5 samples of 100 ms: at least 0.4 s of wall time (it once returned in 0.04 s)
	check [ $(((t1 - t0) / 1000000)) -ge 400 ]
	# the two events share counter 0 and take turns, 3 and 2 of the 5
	# samples: each turn about 100 ms (jitter moves time between turns;
	# a loaded machine is slower).  The times are those the device ran:
	# with what a lagging simulator skipped (lag_ns), the time that passed.
	IFS=, read -r _ _ _ _ _ _ c0 _ total lag <<<"${lines[1]}"
	IFS=, read -r _ _ _ _ _ _ c1 _ <<<"${lines[2]}"
	# No more than the time measured around pcread, however loaded.
	local wall=$((t1 - t0))
	check [ $((total + lag)) -ge 450000000 ] && check [ "$total" -lt "$wall" ]
	check [ $((c0 + lag)) -ge 250000000 ] && check [ $((c1 + lag)) -ge 150000000 ] && check [ $((c0 + c1)) -le "$wall" ]
	check [ $((c0 + c1)) -eq "$total" ]
}

@test "pcread --events records the words it leaves: a later --strict read is clean" {
	vsim r10000
	pcsetup -d sim:r10000 --counter 0 --event 9 >/dev/null
	run -0 pcread -d sim:r10000 --events 9,10 -i 1ms -n 3
	run --separate-stderr nocsvid pcread -d sim:r10000 --strict --format csv
	check [ "$status" -eq 0 ]
	check [ -z "$stderr" ]
	# the record --events left is generation 2, and a read says so
	check [ "${lines[1]##*,}" = 2 ]
	# someone else's change is still reported
	pcsim -d sim:r10000 reg 'R10K.CTRL[0]=0x28' >/dev/null
	run --separate-stderr pcread -d sim:r10000 --strict
	check [ "$status" -eq 3 ]
	check [ "$stderr" = "pcread: warning: counter setup changed since pcsetup (generation 2): R10K.CTRL[0] (0x000000) reads 0x00000028, pcsetup set 0x00000148" ]
}
