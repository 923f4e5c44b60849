#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcsetup's machine output held to its schema (hwpc-output(7)): every
# record kind in JSON and CSV, device identity, several devices.
load helpers
bats_require_minimum_version 1.5.0

# Run pcsetup ARGS... with --format json and csv into $BATS_TEST_TMPDIR/o.{json,csv};
# check both against the schema and that type $1 appears.
both() {
	local type=$1
	shift
	pcsetup "$@" --format json >"$BATS_TEST_TMPDIR/o.json"
	pcsetup "$@" --format csv >"$BATS_TEST_TMPDIR/o.csv"
	check_schema json "$BATS_TEST_TMPDIR/o.json"
	check_schema csv "$BATS_TEST_TMPDIR/o.csv"
	grep -q "\"type\":\"$type\"" "$BATS_TEST_TMPDIR/o.json"
	check [ "$(sed -n 2p "$BATS_TEST_TMPDIR/o.csv" | cut -d, -f1)" = "$type" ]
}

@test "every kind in json and csv: pc_setup, planned_write (--dry-run, -v), pc_logic_input (--explain), set files" {
	vsim g84
	both pc_setup -d sim:g84 -D core_a --mode quad --event 0x10
	both planned_write -d sim:g84 -D core_a --event 0x10 --dry-run
	both planned_write -d sim:g84 -D core_a --event 0x10 -v
	both pc_logic_input -d sim:g84 -D core_a --event 'rise(0x10) & 0x11' --explain
	# --explain in JSON: the registers and terms the text shows.
	jq -e 'select(.input == "EVENT") | .expression == "rise(0x10) & 0x11" and .op_bits == "bit 16: ARG0 delayed" and
		.arg0 == "EVENT_SRC[0] one cycle late = 0x10" and .arg0_used and .table_hex != null' "$BATS_TEST_TMPDIR/o.json"
	printf 'domain core_a\n[set busy]\nevent 0x10\ndomain 5\nevent 0x12\n' >"$BATS_TEST_TMPDIR/s.setup"
	both planned_write -d sim:g84 -f "$BATS_TEST_TMPDIR/s.setup" --dry-run
	both pc_setup -d sim:g84 -f "$BATS_TEST_TMPDIR/s.setup"
	check [ "$(grep -c '^pc_setup,' "$BATS_TEST_TMPDIR/o.csv")" -eq 2 ]
}

@test "identity: records name the device; text starts with it; unchanged writes are marked" {
	vsim g84
	run -0 pcsetup -d sim:g84 -D core_a --event 0x10 --format json
	check [ "${lines[1]}" = '{"type":"pc_setup","device":"sim:g84","chipset":"G84","domain":"core_a","mode":"single","generation":1}' ]
	run -0 pcsetup -d sim:g84 -D core_a --event 0x10
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	# The same setup again: the SRC registers' writes change nothing.
	run -0 pcsetup -d sim:g84 -D core_a --event 0x10 --dry-run --format json
	check [ "$(printf '%s\n' "$output" | jq -s '[.[] | select(.type == "planned_write" and .unchanged)] | length')" -gt 0 ]
	check [ "$(printf '%s\n' "$output" | jq -s '[.[] | select(.type == "planned_write" and .note == "")] | length')" -eq 0 ]
}

@test "several devices: the same setup on each, records tagged; one bad among good: exit 5" {
	a="$BATS_TEST_TMPDIR/a.st" b="$BATS_TEST_TMPDIR/b.st"
	pcsim reset "sim:g84,state=$a" >/dev/null
	pcsim reset "sim:nv40,state=$b" >/dev/null
	run -0 pcsetup -d "sim:g84,state=$a" -d "sim:nv40,state=$b" -D 1 --event 0x10 --dry-run --format csv
	check [ "$(printf '%s\n' "$output" | grep -c '^planned_write,sim:g84,G84,')" -gt 0 ]
	check [ "$(printf '%s\n' "$output" | grep -c '^planned_write,sim:nv40,NV40,')" -gt 0 ]
	run -0 pcsetup -d "sim:g84,state=$a" -d "sim:nv40,state=$b" -D 1 --event 0x10 --format json
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/m.json"
	check_schema json "$BATS_TEST_TMPDIR/m.json"
	check [ "$(jq -r 'select(.type == "pc_setup") | .chipset' "$BATS_TEST_TMPDIR/m.json" | tr '\n' ' ')" = "G84 NV40 " ]
	# Both simulators hold the setup: EVENT_SRC of domain 1 selects 0x10.
	run -0 pcread -d "sim:g84,state=$a" --reg 'PCOUNTER.EVENT_SRC[1]'
	[[ "$output" == *"value:  0x00000010"* ]]
	run -0 pcread -d "sim:nv40,state=$b" --reg 'PCOUNTER.EVENT_SRC[1]'
	[[ "$output" == *"value:  0x00000010"* ]]
	# core_a is G84's; NV40 has no such domain: reported, named, exit 5.
	run -5 --separate-stderr pcsetup -d "sim:g84,state=$a" -d "sim:nv40,state=$b" -D core_a --event 0x11 --format csv
	check [ "${#lines[@]}" -eq 2 ]
	[[ "${lines[1]}" == pc_setup,*G84,core_a,single,* ]]
	[[ "${stderr_lines[0]}" == "pcsetup: sim:nv40: no PCOUNTER domain 'core_a'"* ]]
	# A device that does not open: the same.
	run -5 --separate-stderr pcsetup -d "sim:g84,state=$a" -d sim:nosuch -D core_a --event 0x11 --dry-run
	[[ "$output" == *"PCOUNTER.EVENT_SRC[1]"* ]]
	[[ "$stderr" == *nosuch* ]]
	run -2 pcsetup -d all -d sim:g84 -D 1 --event 0x10
}
