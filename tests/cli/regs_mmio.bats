#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The whole MMIO space regdb has (hand-written units and the generated
# regdb/rnndb/): pcread --list-regs --chip without a device, chipset names
# users type, nvapeek's range dump in text, setpci's .b/.w accesses, and
# partial hand-written registers filled in from the generated part.

bats_require_minimum_version 1.5.0
load helpers

@test "--list-regs --chip: a chipset's registers without a device, the units hwpc does not model too" {
	run -0 nocsvid pcread --list-regs --chip G84 --format csv
	check [ "${lines[0]}" = "reg,dims,addr,access,doc" ]
	regs=$(printf '%s\n' "$output" | tail -n +2)
	# PCOUNTER and PTIMER (hand-written), and envytools' units.
	for unit in PMC PTIMER PCOUNTER PFIFO PGRAPH PFB PBUS PDISPLAY PCIPHER PTHERM; do
		check grep -q "^$unit\\." <<<"$regs"
	done
	check [ "$(wc -l <<<"$regs")" -gt 1000 ]
	# in address order
	addrs=$(cut -d, -f3 <<<"$regs")
	check [ "$addrs" = "$(sort <<<"$addrs")" ]
	# a pattern; the same list for nouveau's name and the one regdb gives
	run -0 nocsvid pcread --list-regs --chip G84 'PFIFO.*' --format csv
	check [ -z "$(printf '%s\n' "${lines[@]:1}" | grep -v '^PFIFO\.')" ]
	run -0 pcread --list-regs --chip G84 --format csv
	a=$output
	run -0 pcread --list-regs --chip nv84 --format csv
	check [ "$output" = "$a" ]
	run -0 nocsvid pcread --list-regs --chip GT200 'PMC.BOOT_0' --format csv
	check [ "${lines[1]}" = "PMC.BOOT_0,,0x000000,ro,chip identification; 0xffffffff means a dead or unmapped BAR0" ]
}

@test "--list-regs --chip: a chipset regdb lacks, or --chip with -d, exits 2 with one line" {
	run -2 pcread --list-regs --chip NV85
	check [ "$output" = "pcread: --chip NV85: no such chipset in regdb (did you mean G84?)" ]
	run -2 pcread --list-regs --chip GF101
	check [ "$output" = "pcread: --chip GF101: no such chipset in regdb (did you mean GF100?)" ]
	run -2 pcread --list-regs --chip G84 -d sim:g84
	check [ "$output" = "pcread: --list-regs: give --chip or -d, not both" ]
	run -2 pcread --list-regs --chip G84 'NOSUCH*'
	check [ "$output" = "pcread: --list-regs: no register of G84 matches 'NOSUCH*'" ]
	run -2 pcread --chip G84
	check [ "$output" = "pcread: --chip needs --decode or --list-regs" ]
}

@test "--reg ADDR:LEN in text is nvapeek's dump, 16 bytes a line; JSON keeps a record per word" {
	vsim g84
	pcsim -d sim:g84 reg 'PTIMER.ALARM=0x12345660'
	run -0 pcread -d sim:g84 --reg 0x9410:0x14
	check [ "${lines[0]}" = "device: sim:g84 (G84)" ]
	check [ "${lines[1]}" = "009410: 00000000 00000000 00000000 00000000" ]
	check [ "${lines[2]}" = "009420: 12345660" ]
	check [ "${#lines[@]}" -eq 3 ]
	run -0 pcread -d sim:g84 --reg 0x9410:0x14 --format json
	check [ "$(printf '%s\n' "$output" | jq -s '[.[] | select(.type == "reg_value")] | length')" -eq 5 ]
	check [ "$(printf '%s\n' "$output" | jq -r 'select(.addr_hex == "0x009420") | .reg + " " + .value_hex')" = "PTIMER.ALARM 0x12345660" ]
	# one register: a block; a list of them: a line each, and a range in
	# it the dump
	run -0 pcread -d sim:g84 --reg PTIMER.ALARM
	check [ "${lines[1]}" = "reg:    PTIMER.ALARM" ]
	run -0 pcread -d sim:g84 --reg PTIMER.ALARM --reg 0x9420:8
	check [ "$(echo ${lines[1]})" = "reg addr value fields" ]
	check [ "$(echo ${lines[2]})" = "PTIMER.ALARM 0x009420 0x12345660 TIME=0x91a2b3" ]
	check [ "${lines[3]}" = "009420: 12345660 00000000" ]
	check [ "${#lines[@]}" -eq 4 ]
	run -0 pcread -d sim:g84 --reg 'PTIMER.CLOCK_*'
	check [ "$(echo ${lines[2]})" = "PTIMER.CLOCK_DIV 0x009200 0x00000001 DIV=1" ]
	run -0 pcread --list-regs --chip G84 'PTIMER.TIME_*'
	check [ "${lines[0]}" = "chipset: G84" ]
	check [ "$(echo ${lines[1]})" = "reg dims addr access doc" ]
	check [ "$(echo ${lines[2]})" = "PTIMER.TIME_LOW 0x009400 rw low 27 bits of the counter in bits 5-31" ]
}

@test "setpci's .b and .w: a byte or halfword read and written, named after the register holding it" {
	vsim g84
	pcsim -d sim:g84 reg 'PTIMER.ALARM=0x12345660'
	run -0 nocsvid pcread -d sim:g84 --reg 0x9421.b --reg 0x9422.W --reg 0x9420.l --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM+1,0x009421,0x56," ]
	check [ "${lines[2]}" = "PTIMER.ALARM+2,0x009422,0x1234," ]
	check [ "${lines[3]}" = "PTIMER.ALARM,0x009420,0x12345660,TIME=0x91a2b3" ]
	run -0 nocsvid pcsetup -d sim:g84 --reg 0x9422.w=0xabcd --format csv
	check [ "${lines[0]}" = "reg,addr,old,new,read,checked_mask,unverified,fields" ]
	check [ "${lines[1]}" = "PTIMER.ALARM+2,0x009422,0x1234,0xabcd,0xabcd,0xffff,," ]
	run -0 nocsvid pcread -d sim:g84 --reg PTIMER.ALARM --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0xabcd5660,TIME=0x55e6ab3" ]
	run -2 pcread -d sim:g84 --reg 0x9421.w
	check [ "$output" = "pcread: --reg 0x9421.w: address 0x9421 is not 2-byte aligned" ]
	run -2 pcread -d sim:g84 --reg 0x9420.q
	check [ "$output" = "pcread: --reg 0x9420.q: bad width suffix in '0x9420.q' (expected .b, .w or .l, as setpci's)" ]
	run -2 pcread -d sim:g84 --reg 0x9420:8.b
	check [ "$output" = "pcread: --reg 0x9420:8.b: a range takes no .b/.w/.l suffix ('0x9420:8.b')" ]
	# no register holds the byte: refused without --force
	run -2 pcsetup -d sim:g84 --reg 0xfffd.b=1
	check [ "$output" = "pcsetup: --reg 0xfffd.b=1: regdb knows no register at 0x00fffd on G84 (--force writes it anyway)" ]
}

@test "pcsetup --reg ADDR.b=V and ADDR.w=V: old, new and read as wide as the access; a byte of a register compares the bits regdb says read back" {
	vsim g84
	pcsim -d sim:g84 reg 'PTIMER.ALARM=0x12345660'
	# a byte inside a read/write register: every bit compared
	run -0 nocsvid pcsetup -d sim:g84 --reg 0x9421.b=0x9a --format csv
	check [ "${lines[0]}" = "reg,addr,old,new,read,checked_mask,unverified,fields" ]
	check [ "${lines[1]}" = "PTIMER.ALARM+1,0x009421,0x56,0x9a,0x9a,0xff,," ]
	# the halfword at its start: bits 0-4 are reserved (no field), not compared
	run -0 nocsvid pcsetup -d sim:g84 --reg 0x9420.w=0x20 --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x9a60,0x0020,0x0020,0xffe0,," ]
	run -0 nocsvid pcread -d sim:g84 --reg PTIMER.ALARM --format csv
	check [ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x12340020,TIME=0x91a001" ]
	# JSON: the same record, the values as wide as the access
	run -0 pcsetup -d sim:g84 --reg 0x9423.b=0x12 --format json
	check [ "$(printf '%s\n' "$output" | jq -r 'select(.type == "reg_write") | [.reg, .old_hex, .new_hex, .read_hex, .checked_mask_hex] | join(" ")')" = "PTIMER.ALARM+3 0x12 0x12 0x12 0xff" ]
	# PGRAPH.DEBUG_1 on NV40: of its first byte bits 0x7010c7c1 read back
	# (readback=), PM_TRIGGER (bit 5) reads 0, the others read 0; a byte or
	# halfword of it compares those bits alone, as a whole-word write does
	vsim nv40
	run -0 nocsvid pcsetup -d sim:nv40 --reg 0x400084.b=0xe1 --format csv
	check [ "${lines[1]}" = "PGRAPH.DEBUG_1,0x400084,0x00,0xe1,0xc1,0xc1,bits 0x20 (reads 0)," ]
	run -0 nocsvid pcsetup -d sim:nv40 --reg 0x400086.w=0xffff --format csv
	check [ "${lines[1]}" = "PGRAPH.DEBUG_1+2,0x400086,0x0000,0xffff,0x7010,0x7010,bits 0x8fef (reads 0)," ]
	run -0 nocsvid pcread -d sim:nv40 --reg PGRAPH.DEBUG_1 --format csv
	check [ "${lines[1]}" = "PGRAPH.DEBUG_1,0x400084,0x701000c1,PM_TRIGGER=0" ]
	# G84: no bit of DEBUG_1 reads back (readback=0): the byte fires the
	# trigger and exits 0, nothing to compare
	vsim g84
	run -0 nocsvid pcsetup -d sim:g84 --reg 0x400084.b=0x20 --format csv
	check [ "${lines[1]}" = "PGRAPH.DEBUG_1,0x400084,0x00,0x20,0x00,0x00,bits 0x20 (reads 0)," ]
	# a byte that does not stick (no register there reads it back): exit
	# 1, the values as wide as the access
	run -1 pcsetup -d sim:g84 --reg 0x9405.b=0x7 --force
	check [ "${lines[0]}" = "pcsetup: --reg 0x9405.b=0x7: the write did not stick: expected 0x07 in unknown (0x009405, mask 0xff), read 0x00 (regdb does not describe it: --no-verify writes without checking)" ]
}

@test "--decode: generated registers by address and by name; partial hand-written ones filled in" {
	run -0 nocsvid pcread --decode 0x2100=0x1 --chip NV40 --format csv
	check [ "${lines[1]}" = "PFIFO.INTR,0x002100,0x00000001,CACHE_ERROR=1 RUNOUT=0 RUNOUT_OVERFLOW=0 DMA_PUSHER=0 DMA_PTE=0 UNK18=0 UNK19=0 SEMAPHORE=0 UNK21=0 UNK22=0 UNK23=0 ACQUIRE_TIMEOUT=0" ]
	run -0 nocsvid pcread --decode PFIFO.INTR.CACHE_ERROR=1 --chip NV40 --format csv
	check [ "${lines[1]}" = "PFIFO.INTR.CACHE_ERROR,0x002100,0x1," ]
	# PMC.ENABLE: the hand-written PTIMER bit (the PTIMER documentation),
	# envytools' bits of the other units beside it
	run -0 nocsvid pcread --decode PMC.ENABLE=0x10100 --chip G84 --format csv
	check grep -q "^PMC.ENABLE,0x000200,0x00010100,PTIMER=1 .*PFIFO=1 .*PGRAPH=0" <<<"${lines[1]}"
	# 8-bit VGA registers
	run -0 nocsvid pcread --decode 0x6013d4.b=0x11 --chip NV40 --format csv
	check [ "${lines[1]}" = "PRMCIO.CRX,0x6013d4,0x11," ]
}
