#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# tsdump's machine output held to its schema (hwpc-output(7)): every
# record kind in JSON and CSV (the fast paths: test_tsdump_paths holds
# them to the record writer), null identity for a file, the device for -d.
load helpers
bats_require_minimum_version 1.5.0

# tsdump ARGS... in json and csv, both checked; type $1 in each.
both() {
	local type=$1
	shift
	tsdump "$@" --format json -o "$BATS_TEST_TMPDIR/o.json"
	tsdump "$@" --format csv -o "$BATS_TEST_TMPDIR/o.csv"
	check_schema json "$BATS_TEST_TMPDIR/o.json"
	check_schema csv "$BATS_TEST_TMPDIR/o.csv"
	grep -q "\"type\":\"$type\"" "$BATS_TEST_TMPDIR/o.json"
	check [ "$(sed -n 2p "$BATS_TEST_TMPDIR/o.csv" | cut -d, -f1)" = "$type" ]
}

tensix() {
	vsim tensix tclk=1G
	printf 'buf 0 0x100 0x101\nadvance 1000t\nts128 1\nts32 2\nts32 3\nts32 4\n' |
		pcsim -d sim:tensix script - >/dev/null
	pcsim -d sim:tensix dump "$BATS_TEST_TMPDIR/l1.bin" >/dev/null
}

@test "Tensix events and summary: json and csv fit the schema; a file has no device" {
	tensix
	f="$BATS_TEST_TMPDIR/l1.bin"
	both tensix_event "$f" --buf0 0x100:0x101 --status 0x8001
	check [ "$(sed -n 2p "$BATS_TEST_TMPDIR/o.json" | jq -c '[.device, .chipset, .addr, .buffer]')" = '[null,null,4096,0]' ]
	# each kind carries its own keys: events no message, information no ts
	check [ "$(jq -c 'select(.type == "tensix_event") | has("message") or has("kind")' "$BATS_TEST_TMPDIR/o.json" | sort -u)" = false ]
	check [ "$(jq -c 'select(.type == "tensix_info") | [.kind, has("ts"), .count]' "$BATS_TEST_TMPDIR/o.json" | tr '\n' ' ')" = '["padding",false,16] ["full",false,0] ' ]
	# each item its own message (the padding's was once the full buffer's too)
	check [ "$(jq -r 'select(.type == "tensix_info") | .message' "$BATS_TEST_TMPDIR/o.json" | tr '\n' ';')" = '16 bytes of zero padding;buffer 0 is full (STATUS);' ]
	# an optional key is left out where it has no value: no token map, no name
	check [ "$(jq -c 'select(.type == "tensix_event") | has("name")' "$BATS_TEST_TMPDIR/o.json" | sort -u)" = false ]
	check [ "$(sed -n 2p "$BATS_TEST_TMPDIR/o.csv")" = "tensix_event,,,0,4096,0,0,128,1,,1000,full,,,," ]
	# one plain stream: no buffer layout, so no addr or buffer in JSON
	tsdump "$f" --format json >"$BATS_TEST_TMPDIR/plain.json"
	check [ "$(jq -c 'select(.type == "tensix_event") | keys_unsorted' "$BATS_TEST_TMPDIR/plain.json" | sort -u)" = '["type","device","chipset","offset","index","size","token","ts","ts_dec","time"]' ]
	both tensix_summary "$f" --buf0 0x100:0x101 --status 0x8001 --summary
	check [ "$(jq -r 'select(.name == "events") | .first_ts_dec' "$BATS_TEST_TMPDIR/o.json")" = 1000 ]
}

@test "Tensix losses and a token map: json and csv fit the schema; names escaped and quoted" {
	# a 64-bit event after a 32-bit one without a flush (size-mixed: was
	# 32), a 128-bit one after it (size-mixed: was 64), cut after its
	# first word (truncated)
	printf '\x0a\x00\x00\x00\x11\x00\x00\x00\x64\x00\x00\x00\x08\x00\x00\x00' >"$BATS_TEST_TMPDIR/m.bin"
	printf '1 one\n2 "two,2"\n' >"$BATS_TEST_TMPDIR/map"
	both tensix_event "$BATS_TEST_TMPDIR/m.bin" --token-map "$BATS_TEST_TMPDIR/map"
	check [ "$(jq -c 'select(.type == "tensix_loss") | [.kind, .value, has("ts")]' "$BATS_TEST_TMPDIR/o.json" | tr '\n' ' ')" = '["size-mixed",32,false] ["size-mixed",64,false] ["truncated",128,false] ' ]
	check [ "$(jq -r 'select(.type == "tensix_event") | .name' "$BATS_TEST_TMPDIR/o.json" | tr '\n' ' ')" = 'one "two,2" ' ]
	check [ "$(grep -c '^tensix_event,,,.*,"""two,2""",' "$BATS_TEST_TMPDIR/o.csv")" -eq 1 ]
}

@test "trace: Chrome trace JSON as Perfetto reads it; the fast path's events are well formed" {
	vsim tensix tclk=1G
	printf 'buf 0 0x100 0x102\nadvance 1000t\nts128 1\nadvance 88t\nts32 2\nts32 3\nts32 4\nts32 5\nts64 6\nflush64\n' |
		pcsim -d sim:tensix script - >/dev/null
	printf '1 start begin\n5 start end\n2 "two"\n' >"$BATS_TEST_TMPDIR/map"
	t="$BATS_TEST_TMPDIR/t.json"
	tsdump -d sim:tensix --token-map "$BATS_TEST_TMPDIR/map" --format trace -o "$t"
	# the object form, every event with a phase, a process and a name,
	# every one but metadata with a numeric time and thread
	jq -e '.displayTimeUnit == "ns" and (.traceEvents | length) == 9' "$t"
	jq -e '.traceEvents | all(has("ph") and (.pid | type) == "number" and (.name | type) == "string")' "$t"
	jq -e '[.traceEvents[] | select(.ph != "M") | (.ts | type), (.tid | type)] | unique == ["number"]' "$t"
	# instants on the events' thread (names escaped), the slice from token
	# 1 to 5, padding left out, the full buffer on the anomalies' thread
	check [ "$(jq -c '[.traceEvents[] | select(.ph == "i") | [.name, .tid, .s, .args.size, .args.ts]]' "$t")" = \
		'[["\"two\"",1,"t",32,1088],["token 3",1,"t",32,1088],["token 4",1,"t",32,1088],["token 6",1,"t",64,1088],["full",9,"t",null,null]]' ]
	check [ "$(jq -c '[.traceEvents[] | select(.ph == "X") | [.name, .ts, .dur, .args.ticks]]' "$t")" = '[["start",1,0.088,88]]' ]
	check [ "$(jq -r '.traceEvents[] | select(.name == "full") | .args.message' "$t")" = "buffer 0 is full (STATUS)" ]
}

@test "device identity with -d: records carry the device; text starts with it" {
	tensix
	both tensix_event -d sim:tensix
	check [ "$(sed -n 2p "$BATS_TEST_TMPDIR/o.json" | jq -c '[.device, .chipset]')" = '["sim:tensix","TENSIX"]' ]
	check [ "$(sed -n 2p "$BATS_TEST_TMPDIR/o.csv" | cut -d, -f1-3)" = "tensix_event,sim:tensix,TENSIX" ]
	both tensix_summary -d sim:tensix --summary
	run -0 tsdump -d sim:tensix --summary
	check [ "${lines[0]}" = "device: sim:tensix (TENSIX)" ]
	check [ "$(printf '%s\n' "$output" | grep -c '^device:')" -eq 1 ]
}

@test "large timestamps: ts above 2^53 exact in ts_dec" {
	# a 128-bit event: token 1, timestamp 2^60 + 1
	printf '\x08\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00\x00' >"$BATS_TEST_TMPDIR/big"
	run -0 tsdump "$BATS_TEST_TMPDIR/big" --format json
	check [ "$(printf '%s\n' "$output" | jq -r 'select(.type == "tensix_event") | .ts_dec')" = 1152921504606846977 ]
	run -0 tsdump "$BATS_TEST_TMPDIR/big" --format json --summary
	check [ "$(printf '%s\n' "$output" | jq -r 'select(.name == "events") | .last_ts_dec')" = 1152921504606846977 ]
}

@test "record packets and their summary: saturated_count, BOOL saturated, json and csv" {
	# two SHORT packets; the second's counter 0 is saturated (0xffff)
	printf '\xe8\x03\x00\x00\x00\x00\x01\x00\x05\x00\x06\x00\x07\x00\x08\x00' >"$BATS_TEST_TMPDIR/rec"
	printf '\xd0\x07\x00\x00\x00\x00\x01\x00\xff\xff\x06\x00\x07\x00\x08\x00' >>"$BATS_TEST_TMPDIR/rec"
	both pc_record_item --record short "$BATS_TEST_TMPDIR/rec"
	check [ "$(jq -r 'select(.kind == "packet") | .saturated' "$BATS_TEST_TMPDIR/o.json" | tr '\n' ' ')" = "false true " ]
	both pc_record_summary --record short "$BATS_TEST_TMPDIR/rec" --summary
	check [ "$(jq -c 'select(.type == "pc_record_summary") | [.packet_count, .saturated_count, .lost, .device]' "$BATS_TEST_TMPDIR/o.json")" = '[2,1,true,null]' ]
}

@test "mmiotrace decode: json and csv fit the schema" {
	t="$BATS_TEST_TMPDIR/t.mmio"
	{
		echo "VERSION 20070824"
		printf 'PCIDEV 0100\t10de0040\t10\tfd000000\te000000c\t0\tfc000000\t0\t0\t0\t1000000\t10000000\t0\t1000000\t0\t0\t0\tnvidia\n'
		echo "MAP 0.000001 1 0xfd000000 0xffffc90000000000 0x1000000 0x0 0"
		echo "R 4 0.000010 1 0xfd000000 0x040000a1 0x0 0"
		echo "MARK 0.000030 starting the counters"
		echo "W 4 0.000040 1 0xfd00a484 0x00001110 0x0 0"
	} >"$t"
	tsdump --mmiotrace "$t" --format json -o "$BATS_TEST_TMPDIR/o.json"
	tsdump --mmiotrace "$t" --format csv -o "$BATS_TEST_TMPDIR/o.csv"
	check_schema json "$BATS_TEST_TMPDIR/o.json"
	check_schema csv "$BATS_TEST_TMPDIR/o.csv"
	check [ "$(jq -r 'select(.op == "W") | .reg' "$BATS_TEST_TMPDIR/o.json")" = "PCOUNTER.EVENT_SRC[1]" ]
	check [ "$(jq -c 'select(.op == "MARK") | [.addr, .reg, .device]' "$BATS_TEST_TMPDIR/o.json")" = '[null,null,null]' ]
}
