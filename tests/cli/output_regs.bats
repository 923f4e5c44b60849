#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Register access and the R10000 in the machine formats (hwpc-output(7)):
# every record kind in JSON and CSV against the schema, with the device.

bats_require_minimum_version 1.5.0
load helpers

# The JSON and CSV of one command, checked against the schema; the record
# types found are in $types.
both_formats() {
	local f=$BATS_TEST_TMPDIR/out
	"$@" --format json >"$f.json" 2>"$f.err" || true
	check_schema json "$f.json"
	types=$(tail -n +2 "$f.json" | sed 's/^{"type":"\([a-z0-9_]*\)".*/\1/' | sort -u | tr '\n' ' ')
	"$@" --format csv >"$f.csv" 2>"$f.err" || true
	check_schema csv "$f.csv"
}

@test "registers: --list-regs, --reg, --watch, --diff, pcsetup --reg" {
	vsim g84
	both_formats pcread -d sim:g84 --list-regs 'PTIMER.*'
	check [ "$types" = "reg_info " ]
	both_formats pcread -d sim:g84 --reg 'PTIMER.*' --reg 0x9404
	check [ "$types" = "reg_value " ]
	jq -e 'select(.type=="reg_value")|.device=="sim:g84" and .chipset=="G84"' "$BATS_TEST_TMPDIR/out.json" >/dev/null
	both_formats pcread -d sim:g84 --watch PTIMER.TIME_LOW -n 2
	check [ "$types" = "reg_change " ]
	jq -e 'select(.type=="reg_change")|(.device_ns|type)=="number" and (.device_ns_dec|type)=="string"' \
		"$BATS_TEST_TMPDIR/out.json" >/dev/null
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/a.json"
	pcsim -d sim:g84 reg 'PTIMER.ALARM=0x100' >/dev/null
	both_formats pcread -d sim:g84 --diff "$BATS_TEST_TMPDIR/a.json"
	check [ "$types" = "reg_diff reg_diff_summary " ]
	both_formats pcsetup -d sim:g84 --reg PTIMER.ALARM=0x200
	check [ "$types" = "reg_write " ]
	both_formats pcsetup -d sim:g84 --reg PTIMER.ALARM=0x300 --dry-run
	check [ "$types" = "reg_write " ]
	jq -e 'select(.type=="reg_write")|.read==null' "$BATS_TEST_TMPDIR/out.json" >/dev/null
}

@test "R10000: pcsetup, pcread, -i, --events, --decode" {
	vsim r10000
	pcsim -d sim:r10000 rate 9 1000 >/dev/null
	both_formats pcsetup -d sim:r10000 --counter 0 --event 9 --modes user
	check [ "$types" = "r10k_setup " ]
	pcsim -d sim:r10000 advance 1s >/dev/null
	both_formats pcread -d sim:r10000
	check [ "$types" = "r10k_counter " ]
	both_formats pcread -d sim:r10000 -i 10ms -n 2
	jq -e 'select(.type=="r10k_counter" and .sample==1)|(.event|type)=="string" and (.count_total|type)=="number" and (.device_ns|type)=="number"' \
		"$BATS_TEST_TMPDIR/out.json" >/dev/null
	both_formats pcread -d sim:r10000 --events 9,10,cycles -i 10ms -n 3
	check [ "$types" = "r10k_estimate " ]
	both_formats pcread --decode r10000:0x138
	check [ "$types" = "r10k_decode " ]
	jq -e 'select(.type=="r10k_decode")|(.event|type)=="string" and (.event_index|type)=="number"' \
		"$BATS_TEST_TMPDIR/out.json" >/dev/null
}
