#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# pcread --snapshot and --diff on the simulator: the JSON a snapshot is,
# diffs of two snapshots and of a snapshot with the device, by unit and by
# field, diff(1)'s exit statuses, and bad input (another chipset, corrupt
# files, options that do not go together) exiting 2.

bats_require_minimum_version 1.5.0
load helpers

@test "a snapshot is one JSON object: the chip's identity and every readable register" {
	vsim nv40
	run -0 pcread -d sim:nv40 --snapshot -o "$BATS_TEST_TMPDIR/a.json"
	check [ -z "$output" ]
	f="$BATS_TEST_TMPDIR/a.json"
	check [ "$(jq -r '.format, .version, .chipset, .boot0' "$f" | tr '\n' ' ')" = "hwpc-snapshot 1 NV40 0x040000a1 " ]
	check [ "$(jq -r .device "$f")" = "sim:$BATS_TEST_TMPDIR/hwpc/sim-nv40.state" ]
	check [ "$(jq -r '.registers[] | select(.reg == "PMC.BOOT_0") | .value' "$f")" = 0x040000a1 ]
	check [ "$(jq -r '.registers[] | select(.reg == "PCOUNTER.CTRL[1]") | .unit + " " + .addr + " " + .fields' "$f" | cut -d' ' -f1-3)" = "PCOUNTER 0x00a7c4 MODE=SINGLE" ]
	# Every element of an array, in address order, and nothing write-only.
	check [ "$(jq '[.registers[] | select(.reg | startswith("PCOUNTER.CTRL["))] | length' "$f")" -eq 8 ]
	check [ "$(jq '[.registers[].addr] == ([.registers[].addr] | sort)' "$f")" = true ]
	run -0 nocsvid pcread -d sim:nv40 --list-regs --format csv
	wo=$(printf '%s\n' "$output" | awk -F, '$4 == "wo" { print $1 }')
	check grep -qx PCOUNTER.QUAD_ACK_TRIGGER <<<"$wo"
	for r in $wo; do
		check [ -z "$(jq -r --arg r "$r" '.registers[] | select(.reg == $r or (.reg | startswith($r + "[")))' "$f")" ]
	done
	# The hand-written registers (the documented units), not the ones
	# converted from envytools' rnndb: those are read by name or glob.
	check [ -n "$(printf '%s\n' "$output" | awk -F, '$1 ~ /^PFIFO\./')" ]
	check [ -z "$(jq -r '.registers[] | select(.reg | startswith("PFIFO."))' "$f")" ]
}

@test "diff: equal is silent and exits 0; a poke shows by unit and by field, exit 1" {
	vsim nv40
	run -0 pcread -d sim:nv40 --snapshot -o "$BATS_TEST_TMPDIR/a.json"
	run -0 pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/a.json"
	check [ -z "$output" ]
	run -0 pcread -d sim:nv40 --diff "$BATS_TEST_TMPDIR/a.json"
	check [ -z "$output" ]
	pcsim -d sim:nv40 reg 'PTIMER.ALARM=0x100' 'PCOUNTER.CTRL[1]=0x3'
	run -1 pcread -d sim:nv40 --diff "$BATS_TEST_TMPDIR/a.json"
	check [ "${#lines[@]}" -eq 4 ]
	check [ "${lines[0]}" = "device: sim:nv40 (NV40)" ]
	check [ "$(echo ${lines[1]})" = "unit reg addr a b fields" ]
	check [ "$(echo ${lines[2]})" = "PCOUNTER PCOUNTER.CTRL[1] 0x00a7c4 0x00000000 0x00000003 MODE: 0x0 (SINGLE) -> 0x3" ]
	check [ "$(echo ${lines[3]})" = "PTIMER PTIMER.ALARM 0x009420 0x00000000 0x00000100 TIME: 0x0 -> 0x8" ]
	# Two snapshots, no device at all: the state file is gone.
	run -0 pcread -d sim:nv40 --snapshot -o "$BATS_TEST_TMPDIR/b.json"
	pcsim -d sim:nv40 destroy 2>/dev/null || rm -f "$BATS_TEST_TMPDIR"/hwpc/sim-nv40.state
	run -1 nocsvid pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json" --format csv
	check [ "${lines[0]}" = "unit,reg,addr,a,b,fields,changed_count,volatile_count,ignored_count" ]
	check [ "${lines[2]}" = "PTIMER,PTIMER.ALARM,0x009420,0x00000000,0x00000100,TIME: 0x0 -> 0x8,,," ]
	check [ "${lines[3]}" = ",,,,,,2,0,0" ]
	run -1 pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json" --format json
	check [ "$(printf '%s\n' "$output" | jq -r 'select(.reg == "PTIMER.ALARM") | "\(.unit) \(.a) \(.b)"')" = "PTIMER 0 256" ]
}

@test "diff of a live device: volatile registers left out and counted; a real write exits 1; --all, --ignore" {
	pcsim reset sim:g84
	pcsim -d sim:g84 signal core_a 0x10 periodic period=3 duty=1
	pcsetup -d sim:g84 -D core_a --event 0x10 --start 1 >/dev/null
	pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/s.json"
	sleep 0.2
	# The timer, the counters and the signal status moved with nobody writing.
	run -0 pcread -d sim:g84 --diff "$BATS_TEST_TMPDIR/s.json"
	[[ "$output" == "left out: "*" registers whose only changes are volatile (counters, timers, status; --all keeps them), 0 named by --ignore" ]]
	run -0 pcread -d sim:g84 --diff "$BATS_TEST_TMPDIR/s.json" --format json
	jq -e 'select(.type=="reg_diff_summary") | .changed_count == 0 and .volatile_count >= 3' <<<"$output" >/dev/null
	run -1 pcread -d sim:g84 --diff "$BATS_TEST_TMPDIR/s.json" --all --format json
	jq -s -e 'any(.[]; .reg == "PTIMER.TIME_LOW")' <<<"$output" >/dev/null
	jq -e 'select(.type=="reg_diff_summary") | .volatile_count == 0' <<<"$output" >/dev/null
	# A real write: exit 1, and only the configuration's fields listed.
	pcsim -d sim:g84 reg PTIMER.ALARM=0x100 'CTRL[1].EVENT_CTR_PERIOD=ALL'
	run -1 nocsvid pcread -d sim:g84 --diff "$BATS_TEST_TMPDIR/s.json" --format csv
	check [ "${lines[1]}" = "PCOUNTER,PCOUNTER.CTRL[1],0x00a7c4,0x30000000,0x00000100,EVENT_CTR_PERIOD: 0x0 (ONE) -> 0x1 (ALL),,," ]
	check [ "${lines[2]}" = "PTIMER,PTIMER.ALARM,0x009420,0x00000000,0x00000100,TIME: 0x0 -> 0x8,,," ]
	# --ignore: a register by glob, a field by name.
	run -0 nocsvid pcread -d sim:g84 --diff "$BATS_TEST_TMPDIR/s.json" --ignore 'PTIMER.AL*' \
		--ignore 'PCOUNTER.CTRL[1].EVENT_CTR_PERIOD' --format csv
	[[ "${lines[1]}" == ",,,,,,0,"*",2" ]]
	run -2 pcread -d sim:g84 --snapshot --all
	check [ "$output" = "pcread: --all needs --diff" ]
}

@test "diff: a register only one snapshot has, and one regdb does not know" {
	vsim nv40
	f="$BATS_TEST_TMPDIR/a.json"
	pcread -d sim:nv40 --snapshot -o "$f"
	jq '.registers |= map(select(.reg != "PTIMER.ALARM")) | .registers += [{"addr": "0xfffffc", "value": "0x1"}]' "$f" >"$BATS_TEST_TMPDIR/b.json"
	run -1 pcread --diff "$f" "$BATS_TEST_TMPDIR/b.json"
	check [ "$(echo ${lines[1]})" = "PTIMER PTIMER.ALARM 0x009420 0x00000000 - only in a" ]
	check [ "$(echo ${lines[2]})" = "unknown 0xfffffc 0xfffffc - 0x00000001 only in b" ]
}

@test "diff against a device of another chipset says so, exit 2" {
	vsim nv40
	vsim nv41
	pcread -d sim:nv40 --snapshot -o "$BATS_TEST_TMPDIR/a.json"
	pcread -d sim:nv41 --snapshot -o "$BATS_TEST_TMPDIR/b.json"
	run -2 pcread -d sim:nv41 --diff "$BATS_TEST_TMPDIR/a.json"
	check [ "$output" = "pcread: --diff $BATS_TEST_TMPDIR/a.json: a snapshot of NV40 (BOOT_0 0x040000a1), the device is NV41 (BOOT_0 0x041000a1)" ]
	run -2 pcread --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json"
	check [ "$output" = "pcread: --diff: $BATS_TEST_TMPDIR/a.json is a snapshot of NV40, $BATS_TEST_TMPDIR/b.json of NV41: no register compares" ]
}

@test "a corrupt snapshot names the file and what is wrong, exit 2" {
	vsim nv40
	cd "$BATS_TEST_TMPDIR"
	pcread -d sim:nv40 --snapshot -o a.json
	bad() { # NAME EXPECTED-MESSAGE
		run -2 pcread --diff "$1" a.json
		check [ "$output" = "pcread: $2" ]
		run -2 pcread -d sim:nv40 --diff "$1"
		check [ "$output" = "pcread: $2" ]
	}
	head -c 300 a.json >trunc.json
	bad trunc.json "trunc.json: line 8: unterminated string"
	head -n 9 a.json >cut.json
	bad cut.json "cut.json: line 10: expected a value, found end of file"
	: >empty.json
	bad empty.json "empty.json: line 1: expected a value, found end of file"
	echo '[1]' >arr.json
	bad arr.json "arr.json: not a JSON object (a snapshot is one)"
	sed 's/hwpc-snapshot/other/' a.json >fmt.json
	bad fmt.json 'fmt.json: line 2: format "other" is not "hwpc-snapshot"'
	sed 's/"version": 1/"version": 2/' a.json >ver.json
	bad ver.json "ver.json: line 3: version 2 is not 1 (the one this hwpc reads)"
	sed 's/"NV40"/"NV99"/' a.json >chip.json
	bad chip.json 'chip.json: line 4: unknown chipset "NV99"'
	jq 'del(.registers)' a.json >noregs.json
	bad noregs.json 'noregs.json: line 1: no "registers" member'
	sed 's/"0x009400"/"0x009401"/' a.json >addr.json
	n=$(grep -n '"0x009401"' addr.json | cut -d: -f1)
	bad addr.json "addr.json: line $n: register $((n - 7)): \"addr\" is not a 4-byte aligned \"0x...\" address"
	sed 's/"value": "0x040000a1"/"value": "0x1040000a1"/' a.json >val.json
	bad val.json 'val.json: line 8: register 1: "value" is not a 32-bit "0x..." value'
	jq -c '.registers |= ([.[1], .[0]] + .[2:])' a.json >order.json
	bad order.json "order.json: line 1: register at 0x000000 is out of address order"
	run -2 pcread --diff missing.json a.json
	check [ "$output" = "pcread: cannot read missing.json: No such file or directory" ]
}

@test "snapshot and diff refuse options that do not go with them, exit 2" {
	vsim nv40
	pcread -d sim:nv40 --snapshot -o "$BATS_TEST_TMPDIR/a.json"
	run -2 pcread -d sim:nv40 --snapshot --reg PTIMER.ALARM
	check [ "$output" = "pcread: --snapshot and --reg cannot be combined" ]
	run -2 nocsvid pcread -d sim:nv40 --snapshot --format csv
	check [ "$output" = "pcread: --snapshot writes JSON; --format csv is for other modes" ]
	run -2 pcread -d sim:nv40 --snapshot --diff "$BATS_TEST_TMPDIR/a.json"
	check [ "$output" = "pcread: --snapshot and --diff cannot be combined" ]
	run -2 pcread -d sim:nv40 --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/a.json"
	[[ "$output" == *"compares two snapshots: -d sim:nv40 has no part in it" ]]
	run -2 pcread -d sim:nv40 --diff "$BATS_TEST_TMPDIR/a.json" -D 0
	check [ "$output" = "pcread: --diff and -D cannot be combined" ]
	# A device that cannot be opened is trouble for diff(1): 2, not 1.
	run -2 pcread -d sim:nv40,state=/nonexistent/dir/x --diff "$BATS_TEST_TMPDIR/a.json"
}
