#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Simulated time (issue 27): fine enough for every clock the simulator
# runs, so that advancing by N cycles runs exactly N of them.

bats_require_minimum_version 1.5.0
load helpers

# Field KEY of the first CSV record of pcsim show (the machine record), or
# of domain DOM's record with a third argument.
show_field() {
	pcsim -d "$1" show --format csv | python3 -c '
import csv, sys
key, dom = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
rows = list(csv.reader(sys.stdin))
head = None
for r in rows:
    if "type" in r:
        head = r
        continue
    rec = dict(zip(head, r))
    if dom is None or rec.get("domain") == dom:
        print(rec[key])
        break
' "$2" ${3:+"$3"}
}

@test "advance --cycles 1 --domain shader (1.45 GHz), eight times: eight cycles" {
	local S=sim:g84,clock=virtual,state=$BATS_TEST_TMPDIR/S got=
	pcsim reset "$S"
	check [ "$(show_field "$S" clock_hz shader)" = 1450000000 ]
	for i in 1 2 3 4 5 6 7 8; do
		pcsim -d "$S" advance --cycles 1 --domain shader >/dev/null
		got+="$(show_field "$S" cycles shader) "
	done
	check [ "$got" = "1 2 3 4 5 6 7 8 " ]
}

@test "advance --cycles N --clock CLOCK at GHz clocks: exactly N ticks, however the advance is sliced" {
	local S=sim:g84,clock=virtual,tclk=1.45G,state=$BATS_TEST_TMPDIR/S got=
	pcsim reset "$S"
	# PTIMER counts TCLK itself (CLOCK_SOURCE.SELECT external, ratio 1)
	pcsim -d "$S" reg PTIMER.CLOCK_SOURCE=0x10000 >/dev/null
	for i in 1 2 3 4 5; do
		pcsim -d "$S" advance --cycles 1 --clock tclk >/dev/null
		got+="$(show_field "$S" ptimer_ticks) "
	done
	pcsim -d "$S" advance --cycles 999995 --clock tclk >/dev/null
	got+="$(show_field "$S" ptimer_ticks)"
	check [ "$got" = "1 2 3 4 5 1000000" ]
	# 3 GHz, the fastest a profile clock gets here, and an odd one
	for hz in 3G 999999937; do
		S=sim:g84,clock=virtual,pchz=$hz,state=$BATS_TEST_TMPDIR/S
		pcsim reset "$S"
		for i in 1 2 3; do pcsim -d "$S" advance --cycles 7 --domain 0 >/dev/null; done
		check [ "$(show_field "$S" cycles host)" = 21 ]
	done
}

@test "a read right after a write sees what the write did, as on a card (nvatiming's PM_TRIGGER swap)" {
	local S=sim:nv40,clock=virtual,state=$BATS_TEST_TMPDIR/S
	pcsim reset "$S"
	# quad mode, PRE always 1 on domain 1; DEBUG_1 bit 5 fires PM_TRIGGER
	pcsim -d "$S" reg 0xa7c4=1 0xa464=0 0xa4a4=0 0xa4e4=0 0xa504=0 0xa524=0 0xa424=0xffff 0x400084=0x20 >/dev/null
	pcsim -d "$S" advance 1s >/dev/null
	pcsim -d "$S" reg 0x400084=0x20 >/dev/null
	run -0 pcsim -d "$S" reg 'CTR_CYCLES[1]'
	check [ "${lines[3]}" = "value: 0x17d78400" ]
	# the read cost the time to the domains' next cycle (the slowest one's),
	# and a read with nothing pending costs nothing
	local t0 t1
	t0=$(show_field "$S" device_ns)
	check [ "$t0" -gt 1000000000 ] && check [ "$t0" -le 1000000100 ]
	pcsim -d "$S" reg 'CTR_CYCLES[1]' 'CTR_PRE[1]' >/dev/null
	t1=$(show_field "$S" device_ns)
	check [ "$t1" = "$t0" ]
}

@test "reads after writes keep the virtual clock exact: the same commands give the same state" {
	local i
	for i in 1 2; do
		local S=sim:g84,clock=virtual,pchz=1M,state=$BATS_TEST_TMPDIR/S$i
		pcsim reset "$S"
		pcsim -d "$S" signal 1 0x20 periodic period=3
		pcsetup -d "$S" -D 1 --mode quad --event 0x20 >/dev/null
		pcsim -d "$S" advance 1ms >/dev/null
		pcread -d "$S" -D 1 --format csv | cut -d, -f4- >"$BATS_TEST_TMPDIR/r$i"
		pcsim -d "$S" show --format csv | cut -d, -f4- | sed "s|$BATS_TEST_TMPDIR/S$i||" >"$BATS_TEST_TMPDIR/s$i"
	done
	check cmp "$BATS_TEST_TMPDIR/r1" "$BATS_TEST_TMPDIR/r2"
	check cmp "$BATS_TEST_TMPDIR/s1" "$BATS_TEST_TMPDIR/s2"
}

# Simulated time now, in ns (a virtual clock: pcsim(1) Clocks).
vnow() {
	pcsim -d sim:g84 time --format csv | tail -n 1 | cut -d, -f4
}

@test "a virtual clock moves with the commands pcsim(1) says move it, and with no other" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --event 1 >/dev/null
	pcread -d sim:g84 -D core_a >/dev/null # the setup's pending effect lands
	t=$(vnow)
	# these do not move it
	pcread -d sim:g84 -D core_a >/dev/null
	ptime -d sim:g84 >/dev/null
	pcsetup -d sim:g84 -D core_b --event 1 >/dev/null
	pcsetup -d sim:g84 --trigger >/dev/null
	ptime -d sim:g84 -- true 2>/dev/null
	pcread -d sim:g84 -D core_a -- true >/dev/null 2>&1
	# (beyond the cycle a write's pending effect takes to land: ns, not us)
	check [ "$(vnow)" -lt $((t + 1000)) ]
	# each of these does
	moves() {
		local before=$(vnow)
		"$@" >/dev/null 2>&1 || true # --until times out: exit 4
		check [ "$(vnow)" -gt "$before" ]
	}
	moves pcread -d sim:g84 -D core_a -i 1ms -n 2
	moves ptime -d sim:g84 -i 1ms -n 2
	moves ptime -d sim:g84 --measure 1ms
	moves pcread -d sim:g84 --watch PTIMER.TIME_LOW -n 1
	moves pcread -d sim:g84 --until 'PTIMER.TIME_HIGH == 5' --timeout 1ms
	moves pcread -d sim:g84 -D core_a --scan 1us
	moves pcread -d sim:g84 -D core_a --trigger
	moves pcread -d sim:g84 --clocks
	moves pcsim -d sim:g84 advance 1us
	# the page says so, command by command
	page="$BATS_TEST_DIRNAME/../../man/pcsim.1"
	run ! grep -q 'moves only with$' "$page"
	for c in 'pcread \\-i' 'ptime \\-\\-measure' 'pcread \\-\\-watch' 'pcread \\-\\-scan' 'pcsetup \\-\\-scan' 'pcread \\-\\-clocks' 'pcread \\-\\-trigger'; do
		grep -q "^\.B $c" "$page"
	done
}
