#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Registers on any device: pcread --reg by name, glob, address and range;
# pcsetup --reg without a domain; pcread --watch and --until; pcread
# --decode without a device.  On the simulator in virtual time, so every
# value is exact; bad input exits 2.

bats_require_minimum_version 1.5.0
load helpers

# A copy of the shipped regdb with PTIMER.INTR (NV3+) marked as having a
# read side effect: the shipped one has none (no document describes one).
onread_regdb() {
	mkdir -p "$BATS_TEST_TMPDIR/regdb"
	cp "$BATS_TEST_DIRNAME/../../regdb/"*.regdb "$BATS_TEST_TMPDIR/regdb/"
	sed -i '/^space PTIMER 0x009000/,$ s/^reg INTR 0x100 w1c /reg INTR 0x100 w1c onread="acknowledges the interrupt" /' \
		"$BATS_TEST_TMPDIR/regdb/ptimer.regdb"
	export HWPC_REGDB="$BATS_TEST_TMPDIR/regdb"
}

@test "pcread --reg: a name with index and field, a glob, an address, a range" {
	vsim g84
	pcsim -d sim:g84 reg 'PTIMER.ALARM=0x1000'
	run -0 nocsvid pcread -d sim:g84 --reg 'PCOUNTER.CTRL[1].MODE' --reg 'PTIMER.ALARM' --format csv
	check [ "${lines[0]}" = "reg,addr,value,fields" ]
	check [ "${lines[1]}" = "PCOUNTER.CTRL[1].MODE,0x00a7c4,0x0,SINGLE" ]
	check [ "${lines[2]}" = "PTIMER.ALARM,0x009420,0x00001000,TIME=0x80" ]
	run -0 nocsvid pcread -d sim:g84 --reg 'PTIMER.CLOCK_*' --format csv
	check [ "${lines[1]}" = "PTIMER.CLOCK_DIV,0x009200,0x00000001,DIV=1" ]
	check [ "${lines[2]}" = "PTIMER.CLOCK_MUL,0x009210,0x00000001,MUL=1" ]
	run -0 nocsvid pcread -d sim:g84 --reg 0x9420 --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x00001000,TIME=0x80" ]
	# nvapeek's ADDR:LEN, a byte length: every word, named or "unknown".
	run -0 nocsvid pcread -d sim:g84 --reg 0x9418:0xc --format csv
	check [ "${#lines[@]}" -eq 4 ]
	check [ "${lines[1]}" = "unknown,0x009418,0x00000000," ]
	check [ "${lines[3]}" = "PTIMER.ALARM,0x009420,0x00001000,TIME=0x80" ]
	run -0 pcread -d sim:g84 --reg 0x9420 --format json
	check [ "${lines[1]}" = '{"type":"reg_value","device":"sim:g84","chipset":"G84","reg":"PTIMER.ALARM","addr":37920,"addr_hex":"0x009420","value":4096,"value_hex":"0x00001000","fields":"TIME=0x80"}' ]
	run -0 pcread -d sim:g84 --reg 0x9420
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	check [ "${lines[1]}" = "reg:    PTIMER.ALARM" ]
}

@test "pcread --reg: a read with a side effect only when named" {
	onread_regdb
	vsim g84
	run -0 nocsvid pcread -d sim:g84 --reg 0x9100:8 --format csv
	check [ "${lines[1]}" = "PTIMER.INTR,0x009100,,not read (reading it acknowledges the interrupt; name it to read it)" ]
	check [ "${lines[2]}" = "unknown,0x009104,0x00000000," ]
	run -0 nocsvid pcread -d sim:g84 --reg 'PTIMER.INTR*' --format csv
	[[ "${lines[1]}" == "PTIMER.INTR,0x009100,,not read"* ]]
	[[ "${lines[2]}" == PTIMER.INTR_ENABLE,0x009140,0x* ]]
	run -0 nocsvid pcread -d sim:g84 --reg PTIMER.INTR --format csv
	[[ "${lines[1]}" == PTIMER.INTR,0x009100,0x000000* ]]
	run -0 nocsvid pcread -d sim:g84 --reg 0x9100 --format csv
	[[ "${lines[1]}" == PTIMER.INTR,0x009100,0x000000* ]]
	# A snapshot must not disturb what it records: it leaves INTR out.
	run -0 pcread -d sim:g84 --snapshot -o "$BATS_TEST_TMPDIR/s.json"
	check [ "$(jq '[.registers[] | select(.reg == "PTIMER.INTR")] | length' "$BATS_TEST_TMPDIR/s.json")" = 0 ]
	check [ "$(jq '[.registers[] | select(.reg == "PTIMER.INTR_ENABLE")] | length' "$BATS_TEST_TMPDIR/s.json")" = 1 ]
	# The attribute is checked like any other.
	sed -i 's/onread="acknowledges the interrupt"/onread=""/' "$HWPC_REGDB/ptimer.regdb"
	run -2 pcread -d sim:g84 --reg PTIMER.INTR
	[[ "$output" == *"ptimer.regdb:"*"onread= of INTR is empty"* ]]
}

@test "pcread --reg: bad addresses, ranges and names exit 2 with one line" {
	vsim g84
	run -2 pcread -d sim:g84 --reg 0x9402
	check [ "$output" = "pcread: --reg 0x9402: address 0x9402 is not 4-byte aligned (registers are 32-bit; .b or .w reads 1 or 2 bytes)" ]
	run -2 pcread -d sim:g84 --reg 0x1000000
	check [ "$output" = "pcread: --reg 0x1000000: address 0x1000000 is past the end of BAR0 (0x1000000 bytes)" ]
	run -2 pcread -d sim:g84 --reg 0xfffffc:0x8
	check [ "$output" = "pcread: --reg 0xfffffc:0x8: range end 0x1000004 is past the end of BAR0 (0x1000000 bytes)" ]
	run -2 pcread -d sim:g84 --reg 0xfffffff0:0x20
	check [ "$output" = "pcread: --reg 0xfffffff0:0x20: range 0xfffffff0:0x20 overflows the 32-bit address space" ]
	run -2 pcread -d sim:g84 --reg 0x9400:6
	check [ "$output" = "pcread: --reg 0x9400:6: range length 6 is not a positive multiple of 4 bytes" ]
	run -2 pcread -d sim:g84 --reg 0x9400:0
	check [ "${#lines[@]}" -eq 1 ]
	run -2 pcread -d sim:g84 --reg 'PCOUNTER.CTRL[1].BOGUS'
	[[ "$output" == "pcread: --reg PCOUNTER.CTRL[1].BOGUS: PCOUNTER.CTRL has no field 'BOGUS' on G84"* ]]
	# a register without an index: the field is what is wrong, not the name
	run -2 pcread -d sim:g84 --reg PTIMER.ALARM.NOPE
	check [ "$output" = "pcread: --reg PTIMER.ALARM.NOPE: PTIMER.ALARM has no field 'NOPE' on G84 (fields: TIME)" ]
	run -2 pcsetup -d sim:g84 --reg PTIMER.ALARM.NOPE=1
	check [ "$output" = "pcsetup: --reg PTIMER.ALARM.NOPE=1: PTIMER.ALARM has no field 'NOPE' on G84 (fields: TIME)" ]
	run -2 pcread -d sim:g84 --reg 'PTIMER.NOPE*'
	check [ "$output" = "pcread: --reg PTIMER.NOPE*: no register of G84 matches 'PTIMER.NOPE*'" ]
	run -2 pcread -d sim:g84 --reg 0xzz
	check [ "${#lines[@]}" -eq 1 ]
}

@test "pcsetup --reg without -D: several writes, each read back; --dry-run shows old -> new" {
	vsim g84
	run -0 nocsvid pcsetup -d sim:g84 --reg PTIMER.ALARM=0x100 --reg 'PCOUNTER.CTRL[1].MODE=QUAD' --dry-run --format csv
	check [ "${lines[0]}" = "reg,addr,old,new,read,checked_mask,unverified,fields" ]
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x00000000,0x00000100,,0xffffffe0,,TIME=8" ]
	[[ "${lines[2]}" == "PCOUNTER.CTRL[1].MODE,0x00a7c4,0x00000000,0x00000001,,0x00000003,,MODE=QUAD CTR_MODE=SIMPLE "* ]]
	run -0 nocsvid pcread -d sim:g84 --reg PTIMER.ALARM --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x00000000,TIME=0" ]
	run -0 nocsvid pcsetup -d sim:g84 --reg PTIMER.ALARM=0x100 --reg 'PCOUNTER.CTRL[1].MODE=QUAD' --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x00000000,0x00000100,0x00000100,0xffffffe0,,TIME=8" ]
	[[ "${lines[2]}" == "PCOUNTER.CTRL[1].MODE,0x00a7c4,0x00000000,0x00000001,0x00000001,0x00000003,,MODE=QUAD "* ]]
	# By address, with a mask: the other bits are kept.
	run -0 nocsvid pcsetup -d sim:g84 --reg 0x9420=0x3000:0xf000 --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x00000100,0x00003100,0x00003100,0x0000f000,,TIME=0x188" ]
	run -0 nocsvid pcread -d sim:g84 --reg 'PCOUNTER.CTRL[1].MODE' --format csv
	check [ "${lines[1]}" = "PCOUNTER.CTRL[1].MODE,0x00a7c4,0x1,QUAD" ]
}

@test "pcsetup --reg: unknown and read-only registers refused unless --force; a write that did not stick exits 1" {
	vsim g84
	run -2 pcsetup -d sim:g84 --reg 0x9404=1
	check [ "$output" = "pcsetup: --reg 0x9404=1: regdb knows no register at 0x009404 on G84 (--force writes it anyway)" ]
	run -2 pcsetup -d sim:g84 --reg PTIMER.UNK060=1
	[[ "$output" == "pcsetup: --reg PTIMER.UNK060=1: PTIMER.UNK060 is read-only on G84 (regdb: purpose unknown"*"(--force writes it anyway)" ]]
	# The simulator keeps nothing there: the read back says so.
	run -1 nocsvid pcsetup -d sim:g84 --reg 0x9404=1 --force --format csv
	[[ "$output" == *"pcsetup: --reg 0x9404=1: the write did not stick: expected 0x00000001 in unknown (0x009404, mask 0xffffffff), read 0x00000000 (regdb does not describe it: --no-verify writes without checking)"* ]]
	[[ "$output" == *"unknown,0x009404,0x00000000,0x00000001,0x00000000,0xffffffff,,"* ]]
	# --force --no-verify: written, nothing compared, and said so.
	run -0 nocsvid pcsetup -d sim:g84 --reg 0x9404=1 --force --no-verify --format csv
	check [ "${lines[1]}" = "unknown,0x009404,0x00000000,0x00000001,0x00000000,0x00000000,bits 0xffffffff (not checked)," ]
	run -2 pcsetup -d sim:g84 -D core_a --event 1 --no-verify
	check [ "$output" = "pcsetup: --no-verify needs --reg: it is about --reg's read-back" ]
	run -2 pcsetup -d sim:g84 --reg 0x9404=1 --explain
	check [ "$output" = "pcsetup: --explain is for PCOUNTER setups; --reg without -D writes registers" ]
}

@test "pcsetup --reg: the read-back compares only what reads back (regdb read=, readback=); a trigger is reported" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --mode quad --event 1 >/dev/null
	pcsim -d sim:g84 advance --cycles 2 --domain core_a
	pcread -d sim:g84 -D core_a --ack >/dev/null
	# PM_TRIGGER reads 0, and no other DEBUG_1 bit reads back on G84: the
	# write fires the trigger (a set latches) and exits 0.
	run -0 nocsvid pcsetup -d sim:g84 --reg PGRAPH.DEBUG_1=0x20 --format csv
	check [ "${lines[1]}" = "PGRAPH.DEBUG_1,0x400084,0x00000000,0x00000020,0x00000000,0x00000000,PM_TRIGGER=0x1 (reads 0),PM_TRIGGER=1" ]
	pcsim -d sim:g84 advance --cycles 1 --domain core_a
	run -0 pcread -d sim:g84 --reg "CTRL[1].QUAD_STATE"
	[[ "$output" == *"VALID"* ]]
	# A field write by name: the field alone.
	run -0 nocsvid pcsetup -d sim:g84 --reg PGRAPH.DEBUG_1.PM_TRIGGER=1 --format csv
	check [ "${lines[1]}" = "PGRAPH.DEBUG_1.PM_TRIGGER,0x400084,0x00000000,0x00000020,0x00000000,0x00000000,PM_TRIGGER=0x1 (reads 0),PM_TRIGGER=1" ]
	# A counter reads its live count, not the initial value written.
	run -0 nocsvid pcsetup -d sim:g84 --reg 'CTR_STOP[1]=5' --format csv
	check [ "${lines[1]}" = "PCOUNTER.CTR_STOP[1],0x00a744,0x00000000,0x00000005,0x00000000,0x00000000,bits 0xffffffff (reads a live value)," ]
	# NV40: DEBUG_1's read/write bits are compared, the trigger is not.
	vsim nv40
	run -0 nocsvid pcsetup -d sim:nv40 --reg PGRAPH.DEBUG_1=0x7010c7e1 --format csv
	check [ "${lines[1]}" = "PGRAPH.DEBUG_1,0x400084,0x00000000,0x7010c7e1,0x7010c7c1,0x7010c7c1,PM_TRIGGER=0x1 (reads 0),PM_TRIGGER=1" ]
	# Bits no field describes (PTIMER.ALARM has TIME in bits 5-31 alone)
	# are reserved: not compared, and said where a 1 was written there.
	run -0 nocsvid pcsetup -d sim:g84 --reg PTIMER.ALARM=0x12345678 --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x00000000,0x12345678,0x12345660,0xffffffe0,bits 0x00000018 (no field describes them),TIME=0x91a2b3" ]
	run -0 nocsvid pcsetup -d sim:g84 --reg PTIMER.ALARM=0x12345660 --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x12345660,0x12345660,0x12345660,0xffffffe0,,TIME=0x91a2b3" ]
}

@test "pcsim reg NAME.FIELD writes and reads the field, as pcsetup --reg and pcread --reg do" {
	vsim g84
	pcsim -d sim:g84 reg 'PTIMER.CLOCK_SOURCE=0x203' 'PTIMER.CLOCK_SOURCE.INTERNAL_DIV=1'
	run -0 nocsvid pcsim -d sim:g84 --format csv reg PTIMER.CLOCK_SOURCE PTIMER.CLOCK_SOURCE.INTERNAL_DIV
	check [ "${lines[1]}" = "PTIMER.CLOCK_SOURCE,0x009220,0x00000103" ]
	check [ "${lines[2]}" = "PTIMER.CLOCK_SOURCE.INTERNAL_DIV,0x009220,0x1" ]
	run -0 nocsvid pcread -d sim:g84 --reg PTIMER.CLOCK_SOURCE.INTERNAL_DIV --format csv
	check [ "${lines[1]}" = "PTIMER.CLOCK_SOURCE.INTERNAL_DIV,0x009220,0x1," ]
	# An enum name, as pcsetup --reg takes it; an address stays raw.
	pcsim -d sim:g84 reg 'PTIMER.CLOCK_SOURCE.SELECT=EXTERNAL' 0x9ff0=7
	run -0 nocsvid pcsim -d sim:g84 --format csv reg PTIMER.CLOCK_SOURCE
	check [ "${lines[1]}" = "PTIMER.CLOCK_SOURCE,0x009220,0x00010103" ]
	run -2 pcsim -d sim:g84 reg PTIMER.CLOCK_SOURCE.NOPE=1
	[[ "$output" == "pcsim: reg PTIMER.CLOCK_SOURCE.NOPE=1: "* ]]
}

@test "pcsetup --reg: malformed assignments exit 2 with one line" {
	vsim g84
	run -2 pcsetup -d sim:g84 --reg PTIMER.ALARM=
	check [ "$output" = "pcsetup: --reg PTIMER.ALARM=: expected NAME|ADDR=VALUE[:MASK]" ]
	run -2 pcsetup -d sim:g84 --reg =1
	check [ "$output" = "pcsetup: --reg =1: expected NAME|ADDR=VALUE[:MASK]" ]
	run -2 pcsetup -d sim:g84 --reg 0x9420=0x100:0xf
	check [ "$output" = "pcsetup: --reg 0x9420=0x100:0xf: value 0x100 has bits outside mask 0xf" ]
	run -2 pcsetup -d sim:g84 --reg 0x9422=1
	check [ "$output" = "pcsetup: --reg 0x9422=1: address 0x9422 is not 4-byte aligned (registers are 32-bit; .b or .w reads 1 or 2 bytes)" ]
	run -2 pcsetup -d sim:g84 --reg 0x2000000=1
	check [ "$output" = "pcsetup: --reg 0x2000000=1: address 0x2000000 is past the end of BAR0 (0x1000000 bytes)" ]
	run -2 pcsetup -d sim:g84 --reg 0x9420:8=1
	check [ "$output" = "pcsetup: --reg 0x9420:8=1: a range is not allowed here (one register)" ]
	run -2 pcsetup -d sim:g84 --reg 'PTIMER.ALARM.TIME=1:1'
	check [ "$output" = "pcsetup: --reg PTIMER.ALARM.TIME=1:1: a field takes no :MASK (TIME)" ]
	run -2 pcsetup -d sim:g84 --reg 'PCOUNTER.CTRL[1].NOPE=1'
	[[ "$output" == "pcsetup: --reg PCOUNTER.CTRL[1].NOPE=1: PCOUNTER.CTRL has no field 'NOPE' on G84"* ]]
	run -2 pcsetup -d sim:g84 --reg 'PCOUNTER.CTRL[1].MODE=TRIPLE'
	check [ "$output" = "pcsetup: --reg PCOUNTER.CTRL[1].MODE=TRIPLE: MODE has no value named 'TRIPLE' on G84 (values: SINGLE, QUAD, RECORD)" ]
}

@test "pcread --watch: every change with the PTIMER time and the delta, -n changes; -i moves virtual time" {
	vsim g84
	run -0 nocsvid pcread -d sim:g84 --watch PTIMER.TIME_LOW -n 2 --format csv
	check [ "${lines[0]}" = "device_ns,delta_ns,ptimer,reg,addr,value,fields" ]
	check [ "${lines[1]}" = "0,,0x0000000000000000,PTIMER.TIME_LOW,0x009400,0x00000000,TIME=0" ]
	# 27 MHz crystal, ratio 1: 27 ticks (raw 27 << 5) per simulated microsecond polled.
	check [ "${lines[2]}" = "1000,1000,0x0000000000000360,PTIMER.TIME_LOW,0x009400,0x00000360,TIME=0x1b" ]
	check [ "${lines[3]}" = "2000,1000,0x00000000000006c0,PTIMER.TIME_LOW,0x009400,0x000006c0,TIME=0x36" ]
	check [ "${#lines[@]}" -eq 4 ]
	run -0 nocsvid pcread -d sim:g84 --watch PTIMER.TIME_LOW.TIME --watch PTIMER.ALARM -i 10us -n 1 --format csv
	check [ "${lines[1]}" = "2000,,0x00000000000006c0,PTIMER.TIME_LOW.TIME,0x009400,0x36," ]
	check [ "${lines[2]}" = "2000,,0x00000000000006c0,PTIMER.ALARM,0x009420,0x00000000,TIME=0" ]
	check [ "${lines[3]}" = "12000,10000,0x0000000000002880,PTIMER.TIME_LOW.TIME,0x009400,0x144," ]
	# --timeout without --until just ends the watch.
	run -0 nocsvid pcread -d sim:g84 --watch PTIMER.ALARM --timeout 50us --format csv
	check [ "${#lines[@]}" -eq 2 ]
	# ... having moved simulated time by 50us.
	run -0 nocsvid pcread -d sim:g84 --watch PTIMER.ALARM -n 1 --timeout 1us --format csv
	check [ "${lines[1]}" = "62000,,0x000000000000d140,PTIMER.ALARM,0x009420,0x00000000,TIME=0" ]
}

@test "pcread --until: exit 0 when the condition holds, 4 on --timeout" {
	vsim g84
	run -0 nocsvid pcread -d sim:g84 --until 'PTIMER.TIME_LOW & 0x1000 == 0x1000' --format csv
	check [ "${lines[-1]}" = "5000,1000,0x00000000000010e0,PTIMER.TIME_LOW,0x009400,0x000010e0,TIME=0x87" ]
	run -0 nocsvid pcread -d sim:g84 --until 'PTIMER.TIME_LOW.TIME>=0x200' -i 5us --format csv
	value=$(echo "${lines[-1]}" | cut -d, -f6)
	check [ $((value)) -ge $((0x200)) ]
	check [ $(( $(echo "${lines[-2]}" | cut -d, -f6) )) -lt $((0x200)) ]
	# Already true: no wait at all.
	run -0 nocsvid pcread -d sim:g84 --until 'PCOUNTER.CTRL[0].MODE == SINGLE' --format csv
	check [ "${#lines[@]}" -eq 2 ]
	run -4 --separate-stderr nocsvid pcread -d sim:g84 --until 'PTIMER.TIME_HIGH != 0' --timeout 20us --format csv
	check [ "$stderr" = "pcread: --until 'PTIMER.TIME_HIGH != 0': still false after --timeout 20us" ]
}

@test "pcread --until and --watch: unknown registers, fields and operators exit 2" {
	vsim g84
	run -2 pcread -d sim:g84 --until 'PTIMER.NOPE == 1'
	check [ "$output" = "pcread: --until PTIMER.NOPE: unknown register 'PTIMER.NOPE' on G84 (pcread --list-regs lists them)" ] || \
		[[ "$output" == "pcread: --until PTIMER.NOPE: unknown register 'PTIMER.NOPE' on G84"* ]]
	run -2 pcread -d sim:g84 --until 'PTIMER.ALARM = 1'
	check [ "$output" = "pcread: --until 'PTIMER.ALARM = 1': unknown operator '=' (expected == != < <= > >=)" ]
	run -2 pcread -d sim:g84 --until 'PTIMER.ALARM =~ 1'
	check [ "$output" = "pcread: --until 'PTIMER.ALARM =~ 1': unknown operator '=~' (expected == != < <= > >=)" ]
	run -2 pcread -d sim:g84 --until 'PTIMER.ALARM 1'
	check [ "$output" = "pcread: --until 'PTIMER.ALARM 1': no operator (expected == != < <= > >=)" ]
	run -2 pcread -d sim:g84 --until 'PTIMER.ALARM =='
	check [ "$output" = "pcread: --until 'PTIMER.ALARM ==': no value after the operator" ]
	run -2 pcread -d sim:g84 --until 'PCOUNTER.CTRL[0].MODE == TRIPLE'
	check [ "$output" = "pcread: --until 'PCOUNTER.CTRL[0].MODE == TRIPLE': MODE has no value named 'TRIPLE' on G84 (values: SINGLE, QUAD, RECORD)" ]
	run -2 pcread -d sim:g84 --watch "PCOUNTER.CTRL[0].NOPE"
	[[ "$output" == "pcread: --watch PCOUNTER.CTRL[0].NOPE: PCOUNTER.CTRL has no field 'NOPE' on G84"* ]]
	run -2 pcread -d sim:g84 --watch 0x9400:8
	check [ "$output" = "pcread: --watch 0x9400:8: a range is not allowed here (one register)" ]
	run -2 pcread -d sim:g84 --watch PTIMER.ALARM --timeout 5
	check [ "${#lines[@]}" -eq 1 ]
	run -2 pcread -d sim:g84 --reg PTIMER.ALARM --timeout 5ms
	check [ "${#lines[@]}" -eq 1 ]
}

@test "pcread --decode REG=VALUE: against regdb for --chip or -d's chip, without reading" {
	run -0 nocsvid pcread --decode 'PCOUNTER.CTRL[1]=0x1' --decode PTIMER.ALARM.TIME=0x80 --decode 0x9404=5 --chip g84 --format csv
	check [ "${lines[0]}" = "reg,addr,value,fields" ]
	[[ "${lines[1]}" == "PCOUNTER.CTRL[1],0x00a7c4,0x00000001,MODE=QUAD CTR_MODE=SIMPLE "* ]]
	check [ "${lines[2]}" = "PTIMER.ALARM.TIME,0x009420,0x80," ]
	check [ "${lines[3]}" = "unknown,0x009404,0x00000005," ]
	run -0 nocsvid pcread --decode 'PCOUNTER.CTRL[1].MODE=QUAD' --chip G84 --format csv
	check [ "${lines[1]}" = "PCOUNTER.CTRL[1].MODE,0x00a7c4,0x1,QUAD" ]
	vsim nv40
	run -0 nocsvid pcread -d sim:nv40 --decode 0x9200=3 --format csv
	check [ "${lines[1]}" = "PTIMER.CLOCK_DIV,0x009200,0x00000003,DIV=3" ]
	# The R10000 control word decode is unchanged.
	run -0 pcread --decode r10000:0x138
	[[ "${lines[0]}" == "cpu:"*"R10000" ]]
	run -2 pcread --decode PTIMER.ALARM=1 --chip G8
	[[ "$output" == "pcread: --chip G8: no such chipset in regdb"* ]]
	check [ "${#lines[@]}" -eq 1 ]
	run -2 pcread --decode PTIMER.NOPE=1 --chip G84
	[[ "$output" == "pcread: --decode PTIMER.NOPE=1: unknown register 'PTIMER.NOPE' on G84"* ]]
	run -2 pcread --decode PTIMER.ALARM=1:0xf --chip G84
	check [ "$output" = "pcread: --decode PTIMER.ALARM=1:0xf: a value to decode takes no :MASK" ]
	run -2 pcread --decode PTIMER.ALARM --chip G84
	check [ "$output" = "pcread: --decode PTIMER.ALARM: expected NAME|ADDR=VALUE" ]
	run -2 pcread --decode 0x9402=1 --chip G84
	check [ "$output" = "pcread: --decode 0x9402=1: address 0x9402 is not 4-byte aligned (registers are 32-bit; .b or .w reads 1 or 2 bytes)" ]
	run -2 pcread --chip G84
	check [ "${#lines[@]}" -eq 1 ]
}

@test "several devices: --reg, --list-regs and --clocks report a device that fails and go on (exit 5); --strict's 3 stays 3" {
	vsim g84
	vsim nv40
	run -5 --separate-stderr pcread -d sim:g84 -d sim:nv40 --reg PTIMER.CLOCK_SOURCE --format json
	check [ "$(jq -r 'select(.type=="reg_value")|"\(.device) \(.reg)"' <<<"$output")" = "sim:g84 PTIMER.CLOCK_SOURCE" ]
	check [ "$stderr" = "pcread: --reg PTIMER.CLOCK_SOURCE: register PTIMER.CLOCK_SOURCE does not exist on NV40 (it exists on NV41-)" ]
	run -5 --separate-stderr pcread -d sim:nv40 -d sim:g84 --list-regs PTIMER.CLOCK_SOURCE
	check [ "${lines[1]}" = "sim:g84   PTIMER.CLOCK_SOURCE                 0x009220  rw      clock source selection" ]
	check [ "$stderr" = "pcread: --list-regs: no register of NV40 matches 'PTIMER.CLOCK_SOURCE'" ]
	# every device failed: the failure's own status
	run -2 --separate-stderr pcread -d sim:g84 -d sim:nv40 --list-regs NOSUCH
	check [ "${#stderr_lines[@]}" -eq 2 ]
	run -5 --separate-stderr pcread -d sim:nv40 -d sim:g84 --clocks -D core_a --window 1ms --format json
	check [ "$(jq -r 'select(.type=="pc_clock")|"\(.device) \(.domain)"' <<<"$output")" = "sim:g84 core_a" ]
	[[ "$stderr" == "pcread: -D: no PCOUNTER domain 'core_a' on NV40: "* ]]
	# a clock too uncertain for --strict is no device failure
	vsim gt200
	run -3 --separate-stderr pcread -d sim:g84 -d sim:gt200 --clocks -D core_a --window 1us --strict --format json
	check [ "$(jq -r 'select(.type=="pc_clock")|.device' <<<"$output" | tr '\n' ' ')" = "sim:g84 sim:gt200 " ]
	# --chip without a device: a bad name, and nothing written
	run -2 --separate-stderr pcread --chip G8 --list-regs PTIMER --format json
	check [ "$output" = "" ]
	check [ "$stderr" = "pcread: --chip G8: no such chipset in regdb (pcsim list shows the chipsets)" ]
}
