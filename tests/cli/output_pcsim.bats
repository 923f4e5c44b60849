#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcsim's machine output as a contract (hwpc-output(7)): every record kind
# against the schema, device identity, the kinds of show declared for CSV.

bats_require_minimum_version 1.5.0
load helpers

# The JSON and CSV of one pcsim run, checked against the schema; the
# record types found are in $types.
both_formats() {
	local f=$BATS_TEST_TMPDIR/out
	pcsim "$@" --format json >"$f.json"
	check_schema json "$f.json"
	types=$(tail -n +2 "$f.json" | sed 's/^{"type":"\([a-z_]*\)".*/\1/' | sort -u | tr '\n' ' ')
	pcsim "$@" --format csv >"$f.csv"
	check_schema csv "$f.csv"
}

@test "schema: show (every chip family), show pcounter, show DOM" {
	for chip in g84 gf100 nv4 nv40 r10000 tensix; do
		vsim $chip
		both_formats -d sim:$chip show
		case $chip in
		nv4|r10000|tensix) check [ "$types" = "sim_state " ] ;;
		*) check [ "$types" = "sim_pc_domain sim_state " ] ;;
		esac
	done
	both_formats -d sim:gf100 show pcounter
	check [ "$types" = "sim_pc_domain " ]
	both_formats -d sim:gf100 show part5.1
	check [ "$types" = "sim_pc_domain " ]
	# the defect this fixes: a broken row, then "field is not a column"
	run -0 pcsim -d sim:g84 --format csv show
	[[ "${lines[0]}" == type,device,chipset,family,*,domain,domain_index,* ]]
	[[ "${lines[2]}" == sim_pc_domain,sim:g84,G84,*,host,0,* ]]
}

@test "schema: time, advance, reg, dump, list, ts, script" {
	vsim g84
	both_formats -d sim:g84 time
	check [ "$types" = "sim_time " ]
	both_formats -d sim:g84 advance 1us
	check [ "$types" = "sim_time " ]
	both_formats -d sim:g84 reg PTIMER.TIME_LOW 0x9410
	check [ "$types" = "sim_reg " ]
	both_formats list
	check [ "$types" = "sim_chipset " ]
	vsim tensix
	both_formats -d sim:tensix dump "$BATS_TEST_TMPDIR/l1.bin" 0 64
	check [ "$types" = "sim_dump " ]
	both_formats -d sim:tensix ts ts32 1
	check [ "$types" = "sim_timestamper " ]
	printf 'ts32 2\n' >"$BATS_TEST_TMPDIR/s.ts"
	both_formats -d sim:tensix script "$BATS_TEST_TMPDIR/s.ts"
	check [ "$types" = "sim_timestamper " ]
}

@test "identity: device and chipset in every record; text starts with the device" {
	vsim g84 "state=$BATS_TEST_TMPDIR/s.st"
	run -0 pcsim -d "sim:g84,state=$BATS_TEST_TMPDIR/s.st" show --format json
	[[ "${lines[1]}" == '{"type":"sim_state","device":"sim:g84","chipset":"G84","family":"Tesla",'* ]]
	[[ "${lines[2]}" == '{"type":"sim_pc_domain","device":"sim:g84","chipset":"G84","domain":"host","domain_index":0,'* ]]
	run -0 pcsim -d "sim:g84,state=$BATS_TEST_TMPDIR/s.st" time
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	check [ "${lines[1]}" = "device_ns:  0" ]
	# list: each chipset named by the spec that simulates it
	run -0 pcsim list --format json
	[[ "$output" == *$'\n''{"type":"sim_chipset","device":"sim:g84","chipset":"G84","family":"Tesla","boot0":138412193,'* ]]
	run -0 pcsim list
	[[ "${lines[0]}" == "device "*" family "* ]]
	# realtime: lag_ns a number; virtual: null
	pcsim reset sim:nv40
	run -0 pcsim -d sim:nv40 show --format json
	[[ "${lines[1]}" == *'"clock_mode":"realtime",'*'"lag_ns":'[0-9]* ]]
}

@test "pcsim works on one device: -d given twice is refused" {
	run pcsim -d sim:g84 -d sim:nv40 time
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: -d given twice ('sim:g84' and 'sim:nv40')" ]
	run pcsim -d all time
	check [ "$status" -eq 2 ]
}
