#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# tsdump: Tensix streams and PCOUNTER record buffers, every format, every
# bad input of the issue; end to end from the simulator; sim:tensix timer.

bats_require_minimum_version 1.5.0
load helpers

# Little-endian 32-bit words to a file: words FILE W...
words() {
	local f=$1 w
	shift
	: >"$f"
	for w in "$@"; do
		printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((w & 255)) $((w >> 8 & 255)) \
			$((w >> 16 & 255)) $((w >> 24 & 255)))" >>"$f"
	done
}

# The scenario of the end-to-end tests: both buffers, every size, a flush.
tensix_run() {
	vsim tensix tclk=1G
	cat >"$BATS_TEST_TMPDIR/s.ts" <<'S'
# buffer 0: two units, buffer 1: three
buf 0 0x100 0x101
buf 1 0x200 0x202
advance 1000t
ts128 1
advance 100t
ts32 2
ts32 3
ts32 4
ts32 5
advance 50ns
ts64 6
ts64 7
ts96 8
flush
S
	run pcsim -d sim:tensix script "$BATS_TEST_TMPDIR/s.ts"
	check [ "$status" -eq 0 ]
	check [ "${lines[1]}" = "command_count:    14" ]
	check [ "${lines[3]}" = "timestamp_status: 0x00008001" ]
}

EXPECTED_CSV='type,offset,addr,buffer,index,size,token,name,ts,time,kind,count,value,message
tensix_event,0,4096,0,0,128,1,,1000,full,,,,
tensix_event,16,4112,0,1,32,2,,1088,unwrapped,,,,
tensix_event,20,4116,0,2,32,3,,1088,unwrapped,,,,
tensix_event,24,4120,0,3,32,4,,1088,unwrapped,,,,
tensix_event,28,4124,0,4,32,5,,1088,unwrapped,,,,
tensix_info,32,4128,0,,,,,,,full,0,,buffer 0 is full (STATUS)
tensix_event,32,8192,1,5,64,6,,1150,unwrapped,,,,
tensix_event,40,8200,1,6,64,7,,1150,unwrapped,,,,
tensix_event,48,8208,1,7,96,8,,1150,full,,,,
tensix_info,60,8220,1,,,,,,,padding,20,,20 bytes of zero padding'
# The same as tsdump writes it: the identity columns after the type, device
# and chipset $1 ("sim:tensix,TENSIX", or "," for a file: null).
expected_csv() {
	printf '%s\n' "$EXPECTED_CSV" | sed "1s/^type,/type,device,chipset,/;2,\$s/^\([a-z_]*\),/\1,$1,/"
}

@test "end to end: model writes, tsdump -d sim:tensix decodes them exactly" {
	tensix_run
	run tsdump -d sim:tensix --format csv
	check [ "$status" -eq 0 ]
	check [ "$output" = "$(expected_csv sim:tensix,TENSIX)" ]
}

@test "end to end: pcsim dump, then tsdump of the file with STATUS and bounds" {
	tensix_run
	run pcsim -d sim:tensix dump "$BATS_TEST_TMPDIR/l1.bin"
	check [ "$status" -eq 0 ]
	check [ "${lines[3]}" = "bytes: 1048576" ]
	run tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0x100:0x101 --buf1 0x200:0x202 --status 0x8001 --format csv
	check [ "$status" -eq 0 ]
	check [ "$output" = "$(expected_csv ,)" ]
	# a range of memory: buffer 1 alone, by address
	pcsim -d sim:tensix dump "$BATS_TEST_TMPDIR/b1.bin" 0x2000 48
	check [ "$(stat -c %s "$BATS_TEST_TMPDIR/b1.bin")" -eq 48 ]
	run tsdump "$BATS_TEST_TMPDIR/b1.bin" --format csv
	check [ "${lines[1]}" = "tensix_event,,,0,,,0,64,6,,1150,relative,,,," ]
	check [ "${lines[3]}" = "tensix_event,,,16,,,2,96,8,,1150,full,,,," ]
}

@test "an L1 image from a pipe reads as from a file; a CNTL that marks no buffer valid is said" {
	tensix_run
	run bash -c 'pcsim -d sim:tensix dump - | tsdump - --buf0 0x100:0x101 --buf1 0x200:0x202 --status 0x8001 --format csv'
	check [ "$status" -eq 0 ]
	check [ "$output" = "$(expected_csv ,)" ]
	# buffer 1 before buffer 0 in the image, the pipe ending inside buffer 1
	run bash -c 'pcsim -d sim:tensix dump - 0 0x2010 | tsdump - --buf0 0x100:0x101 --buf1 0x200:0x202 --format csv'
	check [ "$status" -eq 0 ]
	pcsim -d sim:tensix dump "$BATS_TEST_TMPDIR/part.bin" 0 0x2010 >/dev/null
	check [ "$output" = "$(tsdump "$BATS_TEST_TMPDIR/part.bin" --buf0 0x100:0x101 --buf1 0x200:0x202 --format csv)" ]
	pcsim -d sim:tensix dump "$BATS_TEST_TMPDIR/l1.bin" >/dev/null
	run tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0x100:0x1ff --cntl 0
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --cntl 0x0 does not mark buffer 0 (--buf0) valid: nothing to decode" ]
	run tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0x100:0x1ff --buf1 0x200:0x202 --cntl 0
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --cntl 0x0 marks neither buffer valid (BUF0_VALID, BUF1_VALID): nothing to decode" ]
	run tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf1 0x200:0x202 --cntl 1
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --cntl 0x1 does not mark buffer 1 (--buf1) valid: nothing to decode" ]
}

@test "every format: text, json, trace" {
	tensix_run
	run tsdump -d sim:tensix
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "device: sim:tensix (TENSIX)" ]
	check [ "${lines[1]}" = "kind             offset  buffer     index  size      token  name              ts  time       message" ]
	check [ "${lines[2]}" = "event                 0       0         0   128          1  -               1000  full       -" ]
	run tsdump -d sim:tensix --format json
	check [ "${lines[0]}" = '{"type":"schema","schema_version":2,"command":"tsdump","version":"0.1.0"}' ]
	check [ "${lines[1]}" = '{"type":"tensix_event","device":"sim:tensix","chipset":"TENSIX","offset":0,"addr":4096,"buffer":0,"index":0,"size":128,"token":1,"ts":1000,"ts_dec":"1000","time":"full"}' ]
	check [ "${lines[6]}" = '{"type":"tensix_info","device":"sim:tensix","chipset":"TENSIX","offset":32,"addr":4128,"buffer":0,"kind":"full","count":0,"message":"buffer 0 is full (STATUS)"}' ]
	run tsdump -d sim:tensix --format trace
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = '{"traceEvents":[' ]
	[[ "$output" == *'{"ph":"i","pid":1,"tid":1,"ts":1.000,"name":"token 1","cat":"token","s":"t","args":{"token":1,"size":128,"ts":1000,"time":"full"}}'* ]]
	check [ "${lines[-1]}" = '],"displayTimeUnit":"ns"}' ]
}

@test "--summary: counts, span, per-token statistics, losses" {
	tensix_run
	run tsdump -d sim:tensix --summary --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "type,device,chipset,record,name,token,count,first_ts,last_ts,min,mean,max,offset,buffer,message" ]
	check [ "${lines[2]}" = "tensix_summary,sim:tensix,TENSIX,total,events,,8,1000,1150,,,,,,span 150 ticks" ]
	check [ "${lines[3]}" = "tensix_summary,sim:tensix,TENSIX,total,events_32,,4,,,,,,,," ]
	check [ "${lines[9]}" = "tensix_summary,sim:tensix,TENSIX,total,lost,,0,,,,,,,,nothing lost" ]
	check [ "${lines[10]}" = "tensix_summary,sim:tensix,TENSIX,token,,1,1,1000,1000,,,,,," ]
	# repeated tokens: gaps
	words "$BATS_TEST_TMPDIR/r.bin" 0x28 100 0 0 0x28 150 0 0 0x28 400 0 0
	run tsdump "$BATS_TEST_TMPDIR/r.bin" --summary --format json
	[[ "$output" == *'"record":"token","name":null,"token":5,"count":3,"first_ts":100,"first_ts_dec":"100","last_ts":400,"last_ts_dec":"400","min":50,"min_dec":"50","mean":150.0,"max":250,"max_dec":"250","offset":null,"buffer":null,"message":null}'* ]]
}

@test "--summary text: the totals' columns fit the widest value, not the first row" {
	vsim tensix tclk=1G
	printf 'advance 2s\nts128 1\nadvance 1s\nts128 2\n' | pcsim -d sim:tensix script - >/dev/null
	run tsdump -d sim:tensix --summary
	check [ "$status" -eq 0 ]
	# Ten-digit timestamps in the second row: message starts where its
	# header does in every row.
	check [ "${lines[0]}" = "device: sim:tensix (TENSIX)" ]
	check [ "${lines[1]}" = "record  name          count    first_ts     last_ts  message" ]
	check [ "${lines[2]}" = "total   bytes            32           -           -  sim:tensix" ]
	[[ "${lines[3]}" == "total   events            2  "??????????"  "??????????"  span "*" ticks" ]]
	# the span printed, not a template (issue 28 item 4)
	read -r _ _ _ first last _ span _ <<<"${lines[3]}"
	check [ "$span" = $((last - first)) ]
}

@test "token map: names, slices in the trace and the summary; errors name file:line" {
	tensix_run
	printf '# name the tokens\n1 start begin\n8 start end\n6 six\n' >"$BATS_TEST_TMPDIR/map"
	run tsdump -d sim:tensix --token-map "$BATS_TEST_TMPDIR/map" --format csv
	check [ "${lines[7]}" = "tensix_event,sim:tensix,TENSIX,32,8192,1,5,64,6,six,1150,unwrapped,,,," ]
	run tsdump -d sim:tensix --token-map "$BATS_TEST_TMPDIR/map" --format trace
	[[ "$output" == *'{"ph":"X","pid":1,"tid":1,"ts":1.000,"name":"start","cat":"slice","dur":0.150,"args":{"begin_ts":1000,"ticks":150}}'* ]]
	run tsdump -d sim:tensix --token-map "$BATS_TEST_TMPDIR/map" --summary --format csv
	check [ "${lines[-1]}" = "tensix_summary,sim:tensix,TENSIX,slice,start,,1,,,150,150.0,150,,," ]
	printf '1 a\n2 b\n1 c\n' >"$BATS_TEST_TMPDIR/dup"
	run tsdump -d sim:tensix --token-map "$BATS_TEST_TMPDIR/dup"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: $BATS_TEST_TMPDIR/dup:3: token 1 already mapped on line 1" ]
	printf '1 a begin\n\n2 b\n' >"$BATS_TEST_TMPDIR/nobegin"
	run tsdump -d sim:tensix --token-map "$BATS_TEST_TMPDIR/nobegin"
	check [ "$output" = "tsdump: $BATS_TEST_TMPDIR/nobegin:1: 'a' has a begin token but no end token" ]
	printf '0x20000000 big\n' >"$BATS_TEST_TMPDIR/big"
	run tsdump -d sim:tensix --token-map "$BATS_TEST_TMPDIR/big"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: $BATS_TEST_TMPDIR/big:1: token: 0x20000000 is too large (at most 536870911)" ]
	printf '1 a start\n' >"$BATS_TEST_TMPDIR/role"
	run tsdump -d sim:tensix --token-map "$BATS_TEST_TMPDIR/role"
	check [ "$output" = "tsdump: $BATS_TEST_TMPDIR/role:1: unknown role 'start' (expected begin or end)" ]
}

@test "--strict exits 3 on overflow; without it the loss is reported and the exit is 0" {
	vsim tensix
	printf 'buf 0 0x10 0x10\ncntl buf0_valid\nts128 1\nts128 2\nts128 3\n' | pcsim -d sim:tensix script -
	run tsdump -d sim:tensix --format csv
	check [ "$status" -eq 0 ]
	[[ "$output" == *$'\ntensix_loss,sim:tensix,TENSIX,16,272,0,,,,,0,full,overflow,0,,buffer 0 overflowed: events after ts 0 (full) were dropped'* ]]
	run tsdump -d sim:tensix --strict --format csv
	check [ "$status" -eq 3 ]
	check [ "${lines[-1]}" = "tsdump: sim:tensix: data was lost or is suspect (--strict)" ]
	run tsdump -d sim:tensix --summary --strict
	check [ "$status" -eq 3 ]
	[[ "$output" == *"loss    overflow"* ]]
}

@test "bad input: empty file, sizes, undecodable words, mixed sizes, truncation" {
	: >"$BATS_TEST_TMPDIR/empty"
	run tsdump "$BATS_TEST_TMPDIR/empty"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: $BATS_TEST_TMPDIR/empty: empty input" ]
	run tsdump "$BATS_TEST_TMPDIR/missing"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: cannot read $BATS_TEST_TMPDIR/missing: No such file or directory" ]
	# 6 bytes: not a multiple of 4
	printf '\x0a\x00\x00\x00\x0a\x00' >"$BATS_TEST_TMPDIR/odd"
	run tsdump "$BATS_TEST_TMPDIR/odd" --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[2]}" = "tensix_loss,,,4,,,,,,,,,trailing,2,,input size 6 is not a multiple of 4" ]
	run tsdump "$BATS_TEST_TMPDIR/odd" --strict --format csv
	check [ "$status" -eq 3 ]
	# a word with size code 3 cannot start an event
	words "$BATS_TEST_TMPDIR/bad" 0x0a 0x0b 0x12 0x1a
	run tsdump "$BATS_TEST_TMPDIR/bad" --format csv
	check [ "${lines[2]}" = "tensix_loss,,,4,,,,,,,,,undecodable,1,11,1 word that start no event (first 0x0000000b: size code 3 is undefined)" ]
	# 64-bit event after 32-bit ones in one unit, no flush
	words "$BATS_TEST_TMPDIR/mixed" 0x0a 0x09 100 0x12
	run tsdump "$BATS_TEST_TMPDIR/mixed" --format csv
	check [ "${lines[2]}" = "tensix_loss,,,4,,,,,,,,,size-mixed,1,32,64-bit event after 32-bit events without a flush" ]
	# a 128-bit event cut after two words
	words "$BATS_TEST_TMPDIR/trunc" 0x08 100
	run tsdump "$BATS_TEST_TMPDIR/trunc" --format csv
	check [ "${lines[1]}" = "tensix_loss,,,0,,,,,,,,,truncated,2,128,input ends inside a 128-bit event (2 of 4 words)" ]
	run tsdump "$BATS_TEST_TMPDIR/trunc" --strict
	check [ "$status" -eq 3 ]
}

@test "bad input: buffers - a size not a multiple of 16, start > end" {
	words "$BATS_TEST_TMPDIR/img" 0 0 0 0 0x08 100 0 0 0x08 200
	run tsdump "$BATS_TEST_TMPDIR/img" --buf0 1:2 --format csv
	check [ "${lines[1]}" = "tensix_event,,,0,16,0,0,128,1,,100,full,,,," ]
	[[ "$output" == *$'\ntensix_loss,,,16,32,0,,,,,,,trailing,8,,input size 24 is not a multiple of 16\n'* ]]
	[[ "$output" == *"tensix_loss,,,24,40,0,,,,,,,short,8,,input ends 8 bytes before the end of the buffer data"* ]]
	run tsdump "$BATS_TEST_TMPDIR/img" --buf0 2:1 --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[1]}" = "tensix_loss,,,0,,0,,,,,,,bad-range,0,,\"buffer 0: start 0x2 > end 0x1, it is never written\"" ]
	run tsdump "$BATS_TEST_TMPDIR/img" --buf0 2:1 --strict
	check [ "$status" -eq 3 ]
	run tsdump "$BATS_TEST_TMPDIR/img" --buf0 2
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --buf0: expected START:END in 16-byte units, got '2'" ]
}

@test "PCOUNTER record buffers: packets, a buffer shorter than one packet" {
	# one SHORT packet: cycles 1000, STOP 1, counters 5 6 7 8
	printf '\xe8\x03\x00\x00\x00\x00\x01\x00\x05\x00\x06\x00\x07\x00\x08\x00' >"$BATS_TEST_TMPDIR/rec"
	run tsdump --record short "$BATS_TEST_TMPDIR/rec" --format csv
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "type,device,chipset,kind,offset,index,cycles,elapsed_cycles,delta,stop,pre0,pre1,pre2,pre3,start0,start1,start2,start3,event0,event1,event2,event3,rate_pre0,rate_pre1,rate_pre2,rate_pre3,rate_start0,rate_start1,rate_start2,rate_start3,rate_event0,rate_event1,rate_event2,rate_event3,saturated,count,message" ]
	check [ "${lines[1]}" = "pc_record_item,,,packet,0,0,1000,1000,1000,1,5,6,7,8,,,,,,,,,0.005000,0.006000,0.007000,0.008000,,,,,,,,,false,," ]
	run tsdump --record short "$BATS_TEST_TMPDIR/rec" --summary --format json
	[[ "$output" == *'"packet_count":1,"elapsed_cycles":1000,"elapsed_cycles_dec":"1000","total_pre0":5,'* ]]
	run tsdump --record short "$BATS_TEST_TMPDIR/rec" --format trace
	[[ "$output" == *'{"ph":"C","pid":2,"ts":1.000,"name":"events per interval","args":{"pre0":5,"pre1":6,"pre2":7,"pre3":8}}'* ]]
	run tsdump --record long "$BATS_TEST_TMPDIR/rec"
	check [ "$status" -eq 2 ]
	[[ "$output" == "tsdump: $BATS_TEST_TMPDIR/rec: "* ]]
	run tsdump --record long --buf0 1:2 "$BATS_TEST_TMPDIR/rec"
	check [ "$status" -eq 2 ]
	run tsdump --record medium "$BATS_TEST_TMPDIR/rec"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --record: unknown record format 'medium' (expected long or short)" ]
}

@test "PCOUNTER record buffers: the text table lines up with its header, whatever the values" {
	# a SHORT packet, then one with the largest cycle count and a counter
	# saturated at 0xffff, which adds an anomaly row
	printf '\xe8\x03\x00\x00\x00\x00\x01\x00\x05\x00\x06\x00\x07\x00\x08\x00' >"$BATS_TEST_TMPDIR/rec"
	printf '\xff\xff\xff\xff\xff\xff\xff\x0f\xff\xff\x06\x00\x07\x00\x08\x00' >>"$BATS_TEST_TMPDIR/rec"
	for fmt in short long; do
		run -0 tsdump --record $fmt "$BATS_TEST_TMPDIR/rec"
		check [ "${#lines[@]}" -ge 3 ]
		# each right-aligned column ends where its header does, in every row
		for col in offset index cycles elapsed_cycles delta stop pre0; do
			local head="${lines[0]%%"$col"*}"
			local end=$((${#head} + ${#col}))
			for ((i = 1; i < ${#lines[@]}; i++)); do
				local row="${lines[$i]}"
				[[ "${row:end-1:1}" != " " && "${row:end:1}" == " " ]] ||
					{ echo "column $col ($fmt) ends at $end in the header, not in row $i: '$row'"; false; }
			done
		done
	done
}

@test "usage: help, version, bad options, no input" {
	run tsdump --help
	check [ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: tsdump [OPTIONS] FILE|-" ]]
	run tsdump -V
	[[ "$output" == "tsdump (hwpc) "* ]]
	run tsdump
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: no input: give a FILE (- for standard input) or -d SPEC" ]
	run tsdump --bogus x
	check [ "$status" -eq 2 ]
	run tsdump -d sim:g84
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: G84 has no Tensix debug timestamper (try -d sim:tensix)" ]
	run tsdump -d sim:tensix --record long
	check [ "$status" -eq 2 ]
}

@test "standard input, and a large sparse input in bounded memory" {
	words "$BATS_TEST_TMPDIR/s" 0x0a 0x12 0x1a 0x22
	run bash -c "tsdump - --format csv < '$BATS_TEST_TMPDIR/s'"
	check [ "${lines[4]}" = "tensix_event,,,12,,,3,32,4,,0,relative,,,," ]
	# Bounded memory: 512 MiB of input may cost at most 8 MiB more than a
	# 4 KiB one does with the same binary, so the bound holds for every
	# build (sanitizers raise the baseline, not the growth).
	truncate -s 4K "$BATS_TEST_TMPDIR/small"
	run /usr/bin/time -f "rss %M" tsdump --summary --format csv "$BATS_TEST_TMPDIR/small"
	check [ "$status" -eq 0 ]
	base=${lines[-1]#rss }
	truncate -s 512M "$BATS_TEST_TMPDIR/zeros"
	run /usr/bin/time -f "rss %M" tsdump --summary --format csv "$BATS_TEST_TMPDIR/zeros"
	check [ "$status" -eq 0 ]
	check [ "${lines[1]}" = "tensix_summary,,,total,bytes,,536870912,,,,,,,,$BATS_TEST_TMPDIR/zeros" ]
	rss=${lines[-1]#rss }
	check [ "$((rss - base))" -lt 8192 ]
}

@test "--summary on threads: the one-thread summary, byte for byte; -j errors" {
	f="$BATS_TEST_TMPDIR/big.ts"
	# (the summaries are tens of megabytes: compared as files, which the
	# shell would take seconds to hold as strings)
	want="$BATS_TEST_TMPDIR/want" got="$BATS_TEST_TMPDIR/got"
	"$HWPC_TESTBIN/tsx_stream" "$f" 48
	tsdump -j 1 --summary --format json "$f" >"$want"
	check [ "$(wc -l <"$want")" -gt 100 ]
	for j in 2 3 8; do
		tsdump -j $j --summary --format json "$f" >"$got"
		check cmp "$want" "$got"
	done
	# damaged: losses listed in the same order
	"$HWPC_TESTBIN/tsx_stream" "$f" 40 3
	tsdump -j 1 --summary "$f" >"$want"
	check grep -q "loss .*undecodable" "$want"
	tsdump --threads 4 --summary "$f" >"$got"
	check cmp "$want" "$got"
	run tsdump -j 0 --summary "$f"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --threads: 0 threads cannot decode anything (1 to 8)" ]
	run tsdump -j 9 --summary "$f"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --threads: 9 is too large (at most 8)" ]
	run tsdump -j two --summary "$f"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --threads: 'two' is not a number" ]
	# refused before reading anything
	run tsdump --summary --format trace "$f"
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --summary is written as text, csv or json, not as a trace" ]
}

@test "pcsim ts: single commands, refusals, script errors name file:line" {
	vsim tensix
	run pcsim -d sim:tensix ts raw 5
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: writing TIMESTAMP: TIMESTAMP write 0x00000005: size code 5 is undefined" ]
	run pcsim -d sim:tensix ts ts32 8192
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: ts32 TOKEN: 8192 is too large (at most 8191)" ]
	run pcsim -d sim:tensix ts ts64 3
	check [ "$status" -eq 0 ]
	check [ "${lines[3]}" = "timestamp_status: 0x00000100" ]
	run pcsim -d sim:tensix ts flush
	check [ "${lines[3]}" = "timestamp_status: 0x00004001" ] # one unit at 0: full
	printf 'ts64 1\n# fine\nts32 2\n' >"$BATS_TEST_TMPDIR/bad.ts"
	run pcsim -d sim:tensix script "$BATS_TEST_TMPDIR/bad.ts"
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: $BATS_TEST_TMPDIR/bad.ts:3: writing TIMESTAMP: TIMESTAMP write 0x00000012: 32-bit event while the accumulator holds 64-bit events is undefined (flush first)" ]
	printf 'jump 3\n' >"$BATS_TEST_TMPDIR/bad2.ts"
	run pcsim -d sim:tensix script "$BATS_TEST_TMPDIR/bad2.ts"
	[[ "$output" == "pcsim: $BATS_TEST_TMPDIR/bad2.ts:1: unknown command 'jump' "* ]]
	run pcsim -d sim:g84 ts ts32 1
	check [ "$status" -eq 2 ]
}

@test "ptime -d sim:tensix: the 64-bit wall clock in virtual time" {
	vsim tensix tclk=1G
	run ptime -d sim:tensix
	check [ "${lines[1]}" = "raw:     0x0000000000000000" ]
	pcsim -d sim:tensix advance 5s
	run ptime -d sim:tensix --format csv
	check [ "$status" -eq 0 ]
	[[ "${lines[1]}" == "timer,sim:tensix,TENSIX,0x000000012a05f200,5000000000,5000000000,1000000000.000,"* ]]
	run ptime -d sim:tensix -v --format json
	[[ "$output" == *'"source":"TCLK","crystal_hz":null,"internal_mul":null,"internal_div":null,"source_hz":1000000000.000,"source_from":"simulator profile","clock_mul":null,"clock_div":null,"retries":0,"timer":"Tensix wall clock"}' ]]
	run ptime -d sim:tensix --set-ratio 1/2
	check [ "$status" -eq 2 ]
	check [ "$output" = "ptime: --set-ratio: TENSIX has no PTIMER; its Tensix wall clock has no clock ratio, source or alarm" ]
	run ptime -d sim:tensix --alarm +10t
	check [ "$status" -eq 2 ]
	# the counter's default clock: tclk, 100 MHz
	vsim tensix
	pcsim -d sim:tensix advance 1us
	run ptime -d sim:tensix --format csv
	[[ "${lines[1]}" == "timer,sim:tensix,TENSIX,0x0000000000000064,100,1000,100000000.000,"* ]]
}

@test "--record --format trace from a device: packet times at the domain's clock (1450 cycles at 1.45 GHz are 1 us)" {
	vsim g84
	pcsim -d sim:g84 signal shader 0x20 const 1
	pcsim -d sim:g84 signal shader 0x23 periodic period=1450
	pcsetup -d sim:g84 -D shader --mode record --record-signals 0x20,0x0,0x0,0x0,0x0 --stop 0x23 \
		--record-start 0x1000 --record-limit 0x10000 >/dev/null
	pcsim -d sim:g84 advance --cycles 3000 --domain shader >/dev/null
	run -0 --separate-stderr tsdump -d sim:g84 -D shader --record auto --format trace
	check [ -z "$stderr" ]
	check [ "$(jq -c '[.traceEvents[] | select(.name == "interval") | [.ts, .args.cycles]]' <<<"$output")" = "[[1,1450],[2,1450]]" ]
	# --hz still says what a tick is
	run -0 tsdump -d sim:g84 -D shader --record auto --format trace --hz 1G
	check [ "$(jq -c '[.traceEvents[] | select(.name == "interval") | .ts]' <<<"$output")" = "[1.45,2.9]" ]
}

@test "PCOUNTER record buffer read from the simulated device: packets, limit, --strict" {
	vsim g84 pchz=1M
	pcsim -d sim:g84 signal 1 0x20 const 1
	pcsim -d sim:g84 signal 1 0x21 periodic period=2
	pcsim -d sim:g84 signal 1 0x23 periodic period=10
	pcsetup -d sim:g84 -D 1 --mode record --record-signals 0x20,0x21,0x0,0x0,0x21 --stop 0x23 \
		--record-start 0x1000 --record-limit 0x1040 >/dev/null
	pcsim -d sim:g84 advance --cycles 25 --domain 1 >/dev/null
	run tsdump -d sim:g84 -D core_a --record auto --format csv --strict
	check [ "$status" -eq 0 ]
	check [ "${#lines[@]}" -eq 3 ]
	[[ "${lines[1]}" == pc_record_item,sim:g84,G84,packet,0,0,10,10,10,1,10,5,0,0,5,* ]]
	[[ "${lines[2]}" == pc_record_item,sim:g84,G84,packet,32,1,20,20,10,1,10,5,0,0,5,* ]]
	# Two more packets: the one at RECORD_LIMIT is the last written.
	pcsim -d sim:g84 advance --cycles 30 --domain 1 >/dev/null
	run tsdump -d sim:g84 -D core_a --record auto --summary --strict
	check [ "$status" -eq 3 ]
	[[ "$output" == *"record buffer reached RECORD_LIMIT: later packets were not written"* ]]
	[[ "$output" == *"packet_count:        3"* ]]
	# Bad combinations.
	run tsdump -d sim:g84 --record auto
	check [ "$status" -eq 2 ]
	run tsdump -d sim:g84 -D core_z --record long
	check [ "$status" -eq 2 ]
	[[ "$output" == *"no PCOUNTER domain 'core_z'"* ]]
	run tsdump -d sim:nv40 -D 0 --record long
	check [ "$status" -eq 2 ]
	[[ "$output" == *"has no record mode"* ]]
	run tsdump -d sim:g84 --record auto
	check [ "$output" = "tsdump: --record with -d needs -D DOMAIN (whose record buffer to read)" ]
	run tsdump "$BATS_TEST_TMPDIR/x.bin" --record auto
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: --record auto reads the format from a device: give -d, or long|short" ]
	run tsdump -d sim:g84 -D core_a
	check [ "$status" -eq 2 ]
	check [ "$output" = "tsdump: -D belongs to -d SPEC --record" ]
}
