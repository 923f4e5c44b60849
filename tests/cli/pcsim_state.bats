#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# A damaged simulator state file: an error naming the file, at once, never
# a hang or a crash.  Each test damages one field the way fuzzing did; every
# command runs under `timeout 10` so that a regression fails, not hangs.

bats_require_minimum_version 1.5.0
load helpers

# Where struct sim_header (lib/sim/sim.h) keeps what the tests damage.
HDR_VIRT_PS=848 # 128-bit, little-endian
HDR_SECT=104 # struct sim_section[16], 24 bytes each: id, version, offset, size
HDR_CRC=816

# Little-endian bytes of a 64-bit number, as printf escapes.
le64() {
	local v=$1 i out=
	for i in 0 1 2 3 4 5 6 7; do
		out+=$(printf '\\x%02x' $(((v >> (8 * i)) & 255)))
	done
	printf '%s' "$out"
}

# Write 64-bit value V at offset OFF of file F.
poke64() {
	printf "$(le64 "$3")" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# Read a little-endian unsigned number of N bytes at OFF of F.
peek() {
	od -A n -t "u$3" -j "$2" -N "$3" "$1" | tr -d ' '
}

# The header CRC again after changing a field it covers (a deliberate edit
# rather than noise): CRC-32 of the header up to the CRC field (the fields
# that change while the simulator runs come after it) - the CRC gzip keeps
# in its trailer.
fix_crc() {
	head -c $HDR_CRC "$1" | gzip -c | tail -c 8 | head -c 4 |
		dd of="$1" bs=1 seek=$HDR_CRC conv=notrunc status=none
}

# The section table entry of model id ID in F (lib/sim/sim.h SIM_MODEL_*).
sect_entry() {
	local i
	for i in $(seq 0 15); do
		if [ "$(peek "$1" $((HDR_SECT + 24 * i)) 4)" = "$2" ]; then
			echo $((HDR_SECT + 24 * i))
			return
		fi
	done
	return 1
}

@test "virtual time far ahead of the models (header times, no CRC): an error, not an endless catch-up" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset sim:nv10,clock=virtual,state=S
	printf '\001' | dd of=S bs=1 seek=$((HDR_VIRT_PS + 7)) conv=notrunc status=none
	run -1 timeout 10 pcsim -d sim:nv10,state=S show
	check [ "$output" = "pcsim: simulator state S is corrupt (the virtual clock is not where the models are); 'pcsim reset -d sim:nv10,state=S' recreates it" ]
	run -1 timeout 10 ptime -d sim:nv10,state=S
	[[ "$output" == "ptime: simulator state S is corrupt (the virtual clock is not where the models are)"* ]]
}

@test "a PCOUNTER domain clock of 2e16 Hz (no CRC covers it): an error, not an unbounded step" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset sim:nv10,clock=virtual,pchz=1234567,state=S
	# the domain's hz field: the first 8 bytes holding 1234567
	local off
	off=$(LC_ALL=C grep -obUaP '\x87\xd6\x12\x00\x00\x00\x00\x00' S | head -1 | cut -d: -f1)
	check [ -n "$off" ]
	poke64 S "$off" 20000000000000000
	run -1 timeout 10 pcsim -d sim:nv10,state=S show
	check [ "$output" = "pcsim: simulator state S, pcounter model: PCOUNTER state is corrupt (bad domain clock or state)" ]
	run -1 timeout 10 pcsim -d sim:nv10,state=S advance 1ms
	[[ "$output" == *"simulator state S, pcounter model: PCOUNTER state is corrupt"* ]]
}

@test "an advance killed half way: the clock stays where the models surely were, the next command is quick" {
	cd "$BATS_TEST_TMPDIR"
	# 19 ms at 1 GHz: 1.9e7 domain cycles, seconds of CPU for the per-cycle
	# reference engine; killed well before
	pcsim reset sim:nv10,clock=virtual,pchz=1G,engine=reference,state=K
	run -137 timeout -s KILL 0.5 pcsim -d sim:nv10,state=K advance 19ms
	run -0 timeout 10 pcsim -d sim:nv10,state=K time
	check [ "${lines[1]}" = "device_ns:  0" ]
	run -0 timeout 10 pcsim -d sim:nv10,state=K advance 1us
	check [ "${lines[1]}" = "device_ns: 1000" ]
}

@test "a misaligned section offset (CRC fixed up): an error, not a misaligned state" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset sim:nv10,clock=virtual,state=S
	local e off
	e=$(sect_entry S 3)
	off=$(peek S $((e + 8)) 8)
	poke64 S $((e + 8)) $((off + 4))
	fix_crc S
	run -1 timeout 10 pcsim -d sim:nv10,state=S show
	check [ "$output" = "pcsim: simulator state S is corrupt (bad section table); 'pcsim reset -d sim:nv10,state=S' recreates it" ]
}

@test "a section offset near 2^64 (CRC fixed up): an error, not a pointer outside the mapping" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset sim:nv10,clock=virtual,state=S
	local e
	e=$(sect_entry S 3)
	poke64 S $((e + 8)) -4096 # 0xfffffffffffff000: offset + size wraps
	fix_crc S
	run -1 timeout 10 pcsim -d sim:nv10,state=S show
	check [ "$output" = "pcsim: simulator state S is corrupt (bad section table); 'pcsim reset -d sim:nv10,state=S' recreates it" ]
}

@test "a domain cycle count behind the simulated time: an error, not a catch-up from there" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset sim:nv10,clock=virtual,pchz=1234567,state=S
	local off
	off=$(LC_ALL=C grep -obUaP '\x87\xd6\x12\x00\x00\x00\x00\x00' S | head -1 | cut -d: -f1)
	check [ -n "$off" ]
	pcsim -d sim:nv10,state=S advance 1s >/dev/null
	poke64 S $((off - 8)) 0 # ncycles, just before hz
	run -1 timeout 10 pcsim -d sim:nv10,state=S show
	check [ "$output" = "pcsim: simulator state S, pcounter model: PCOUNTER state is corrupt (domain cycle count differs from the simulated time)" ]
}

@test "a HWPC_REGDB that does not fit the state is said to be the regdb's fault, and the state survives it" {
	st="$BATS_TEST_TMPDIR/good.st"
	pcsim reset "sim:g84,state=$st" >/dev/null
	r="$BATS_TEST_TMPDIR/regdb"
	cp -r "$BATS_TEST_DIRNAME/../../regdb" "$r"
	rm "$r/pcounter-nv40.regdb"
	HWPC_REGDB="$r" run pcsim -d "sim:g84,state=$st" show
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: HWPC_REGDB=$r does not describe the G84 simulator state $st was made with (unexpected sections): unset HWPC_REGDB, or point it at that regdb" ]
	# a regdb without the PCOUNTER profiles: the model cannot catch up, so the clock stays
	cp "$BATS_TEST_DIRNAME/../../regdb/pcounter-nv40.regdb" "$r/"
	rm "$r/pcounter-profiles.regdb"
	HWPC_REGDB="$r" run pcsim -d "sim:g84,state=$st" show
	sleep 0.2
	run pcsim -d "sim:g84,state=$st" show
	check [ "$status" -eq 0 ]
}

# The offset in F of the first 8 bytes holding little-endian V.
find64() {
	LC_ALL=C grep -obUaP "$(le64 "$2")" "$1" | head -1 | cut -d: -f1
}

@test "a create-time setting changed in the body (a clock, a size): the settings checksum names the model" {
	cd "$BATS_TEST_TMPDIR"
	local off
	# a PCOUNTER domain clock, to another clock the model could run
	pcsim reset sim:g84,clock=virtual,pchz=1234567,state=S
	off=$(find64 S 1234567)
	check [ -n "$off" ]
	poke64 S "$off" 1234568
	run -1 timeout 10 pcsim -d sim:g84,state=S show
	check [ "$output" = "pcsim: simulator state S is corrupt (pcounter settings checksum mismatch); 'pcsim reset -d sim:g84,state=S' recreates it" ]
	# the simulated memory's base address
	pcsim reset sim:g84,clock=virtual,membase=0x12345000,state=S
	off=$(find64 S $((0x12345000)))
	check [ -n "$off" ]
	poke64 S "$off" $((0x12346000))
	run -1 timeout 10 pcread -d sim:g84,state=S --reg PTIMER.TIME_LOW
	check [ "$output" = "pcread: simulator state S is corrupt (memory settings checksum mismatch); 'pcsim reset -d sim:g84,state=S' recreates it" ]
	# an R10000's clock
	pcsim reset sim:r10000,clock=virtual,cpuclk=123456789,state=S
	off=$(find64 S 123456789)
	check [ -n "$off" ]
	poke64 S "$off" 123456790
	run -1 timeout 10 pcsim -d sim:r10000,state=S show
	check [ "$output" = "pcsim: simulator state S is corrupt (r10k settings checksum mismatch); 'pcsim reset -d sim:r10000,state=S' recreates it" ]
}

@test "a counter changed in the body is not caught on open (checking it would cost a CRC of the file per access)" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset sim:g84,clock=virtual,pchz=1234567,state=S
	# domain 0's CYCLES counter: 120 bytes after its clock (struct pc_dom_state)
	local off
	off=$(find64 S 1234567)
	poke64 S $((off + 120)) 77
	run -0 timeout 10 pcread -d sim:g84,state=S --reg 'PCOUNTER.CTR_CYCLES[0]' --format csv
	[[ "${lines[1]}" == *",PCOUNTER.CTR_CYCLES[0],0x00a600,0x0000004d,"* ]]
}
