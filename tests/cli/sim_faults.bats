#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The simulator's state file under faults (issue 29): resets beside running
# commands, commands killed half way, a full filesystem.  Reduced forms of a
# reliability probe, seconds each.  A small filesystem is a tmpfs mounted in
# a private mount namespace (unshare -m), which needs root, as CI has.

bats_require_minimum_version 1.5.0
load helpers

# Where struct sim_header (lib/sim/sim.h) keeps what the tests look at.
HDR_CRC=816        # the fields fixed at create end here
HDR_SUPERSEDED=820 # set when a reset has put a new state in the file's place

# Run a shell script with a tmpfs of SIZE mounted at $M (its $1 is M).
in_tmpfs() {
	local size=$1 script=$2
	[ "$(id -u)" -eq 0 ] || skip "needs root for unshare -m and a tmpfs"
	command -v unshare >/dev/null || skip "missing tool: unshare"
	local m=$BATS_TEST_TMPDIR/mnt
	mkdir -p "$m"
	unshare -m sh -c 'mount -t tmpfs -o size="$1" tmpfs "$2" && exec bash -c "$3" bash "$2"' \
		sh "$size" "$m" "$script"
}

@test "a reset puts a new state in place: the old file stays whole, marked, for the commands still using it" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset sim:g84,clock=virtual,state=S
	pcsim -d sim:g84,state=S advance 1ms
	exec 8<S
	head -c $HDR_CRC S >before
	pcsim reset sim:g84,clock=virtual,mem=64k,state=S
	# the old file: never cut short or rewritten, only marked
	check cmp -n $HDR_CRC before /dev/fd/8
	check [ "$(stat -L -c %s /dev/fd/8)" -gt "$(stat -c %s S)" ]
	check [ "$(od -An -tu4 -j $HDR_SUPERSEDED -N4 /dev/fd/8 | tr -d ' ')" = 1 ]
	exec 8<&-
	run -0 pcsim -d sim:g84,state=S time
	check [ "${lines[1]}" = "device_ns:  0" ]
}

@test "resets in a loop beside reading commands: each reads or says it was reset (exit 1), never a crash" {
	cd "$BATS_TEST_TMPDIR"
	local spec=sim:g84,state=$BATS_TEST_TMPDIR/S n=0 rc
	pcsim reset "$spec"
	(
		end=$((SECONDS + 3))
		while [ $SECONDS -lt $end ]; do pcsim reset "$spec" 2>>reset.err; done
	) &
	local end=$((SECONDS + 3))
	while [ $SECONDS -lt $end ]; do
		rc=0
		pcread -d "$spec" -D all >/dev/null 2>err || rc=$?
		n=$((n + 1))
		case $rc in
		0) ;;
		1) check [ "$(cat err)" = "pcread: simulator state $BATS_TEST_TMPDIR/S was reset by another process; run the command again" ] ;;
		*) echo "pcread exited $rc: $(cat err)"; false ;;
		esac
	done
	wait
	check [ ! -s reset.err ]
	check [ "$n" -gt 0 ]
	# nothing left beside the state
	check [ -z "$(ls -A | grep '^S.')" ]
}

@test "a reset killed (INT, TERM, KILL) at any moment leaves the old state or the new, never a corrupt one" {
	cd "$BATS_TEST_TMPDIR"
	local spec=sim:g84,clock=virtual,state=S sig d out
	pcsim reset "$spec"
	for d in 0.005 0.01 0.02 0.03 0.05 0.08; do
		for sig in INT TERM KILL; do
			timeout -s $sig $d pcsim reset "$spec" || true
			run pcsim -d "$spec" show
			check [ "$status" -eq 0 ]
		done
	done
	# nothing beside the state: INT and TERM wait for the rename, and what
	# a KILL between naming the new state and the rename leaves is removed
	# by the next reset
	pcsim reset "$spec"
	check [ -z "$(ls -A | grep '^S.')" ]
}

@test "a first use killed (INT, TERM, KILL) at any moment leaves no state or a whole one, in the runtime directory too" {
	local R=$XDG_RUNTIME_DIR/hwpc sig d
	for d in 0.005 0.01 0.02 0.03 0.05 0.08; do
		for sig in INT TERM KILL; do
			rm -f "$R/sim-g84.state"
			timeout -s $sig $d pcsim reset sim:g84,clock=virtual || true
			# made whole or not at all: never one every command calls corrupt
			run pcsim -d sim:g84 show
			check [ "$status" -eq 0 ]
			check [ -z "$(ls -A "$R" | grep -v '^sim-g84\.state$')" ]
		done
	done
}

@test "a corrupt state: the fix the message names is the full spec, state= and all" {
	cd "$BATS_TEST_TMPDIR"
	pcsim reset sim:g84,clock=virtual,pchz=1M,state=S
	printf 'garbage' | dd of=S bs=1 seek=8 conv=notrunc status=none
	run -1 pcread -d sim:g84,pchz=1M,state=S --reg PTIMER.TIME_LOW
	check [ "$output" = "pcread: simulator state S is corrupt (written by another version of hwpc); 'pcsim reset -d sim:g84,pchz=1M,state=S' recreates it" ]
	pcsim reset sim:g84,pchz=1M,state=S
	run -0 pcread -d sim:g84,state=S --reg PTIMER.TIME_LOW
}

@test "a state too big for its filesystem: an error naming the file at create, nothing left behind" {
	in_tmpfs 64k '
		set -e
		rc=0; out=$(pcsim reset sim:g84,state=$1/S 2>&1) || rc=$?
		[ "$rc" -eq 1 ] || { echo "exit $rc: $out"; exit 1; }
		case $out in "pcsim: cannot create simulator state $1/S: No space left on device (it needs 1"?.?" MiB)") ;;
		*) echo "message: $out"; exit 1 ;; esac
		[ -z "$(ls -A $1)" ] || { echo "left behind: $(ls -A $1)"; exit 1; }
	'
}

@test "a reset with no room for a second state: an error, and the old state stays usable" {
	in_tmpfs 1200k '
		set -e
		pcsim reset sim:g84,clock=virtual,mem=64k,state=$1/S
		pcsim -d sim:g84,state=$1/S advance 1ms
		rc=0; out=$(pcsim reset sim:g84,clock=virtual,mem=64k,state=$1/S 2>&1) || rc=$?
		[ "$rc" -eq 1 ] || { echo "exit $rc: $out"; exit 1; }
		case $out in "pcsim: cannot create simulator state $1/S: No space left on device"*) ;;
		*) echo "message: $out"; exit 1 ;; esac
		pcsim -d sim:g84,state=$1/S time | grep -q "^device_ns: *1000000$"
	'
}

@test "record packets filling simulated memory on a full filesystem: written, not a SIGBUS" {
	in_tmpfs 2m '
		set -e
		S=sim:g84,clock=virtual,pchz=1M,mem=1M,state=$1/S
		pcsim reset $S
		dd if=/dev/zero of=$1/fill bs=4k 2>/dev/null || true
		pcsim -d $S signal 1 0x20 const 1
		pcsetup -d $S -D 1 --mode record --record-signals 0x20 --stop 0x20 \
			--record-start 0 --record-limit 0xffff0 >/dev/null
		pcsim -d $S advance 200ms
		pcsim -d $S dump $1/../last.bin 0xfffe0 32
	'
	check [ "$(od -An -tx2 -N2 "$BATS_TEST_TMPDIR/last.bin" | tr -d ' ')" != 0000 ]
}

# Cycles of domain `core` and the simulated time, in ns, of an NV10 whose
# domain runs at 1 GHz: one cycle a nanosecond.
core_and_time() {
	pcsim -d "$1" show --format csv | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
m = dict(zip(rows[0], rows[1]))
d = dict(zip(rows[0], rows[2]))
print(d["cycles"], m["device_ns"])'
}

@test "an advance killed (INT, TERM, KILL) at any moment: all or nothing, the domain where the clock is" {
	cd "$BATS_TEST_TMPDIR"
	local S=sim:nv10,clock=virtual,pchz=1G,engine=reference,state=K sig d t=0 c n
	pcsim reset "$S"
	for d in 0.05 0.2 0.4; do
		for sig in INT TERM KILL; do
			# 19 ms at 1 GHz: seconds of the per-cycle reference engine
			timeout -s $sig $d pcsim -d "$S" advance 19ms >/dev/null || true
			read -r c n < <(core_and_time "$S")
			check [ "$c" = "$n" ]
			check [ "$n" = "$t" ] || check [ "$n" = "$((t + 19000000))" ]
			t=$n
		done
	done
	# what is counted afterwards is what a machine that was never killed counts
	for st in K fresh; do
		S=sim:nv10,clock=virtual,pchz=1G,engine=reference,state=$st
		[ -e $st ] || pcsim reset "$S"
		pcsim -d "$S" signal 0 0x10 const 1
		pcsetup -d "$S" -D 0 --event 0x10 --start 0x10 >/dev/null
		pcsim -d "$S" advance 1ms >/dev/null
		pcread -d "$S" -D 0 --format csv | cut -d, -f4- | tail -1 >$st.counts
	done
	check cmp K.counts fresh.counts
	check grep -q ',999997,' K.counts
}

@test "a domain that takes another's FLAG (every advance per cycle): pcread -D all stays within its catch-up budget and says it lags" {
	cd "$BATS_TEST_TMPDIR"
	local S=sim:g84,state=$BATS_TEST_TMPDIR/S cpu
	pcsim reset "$S"
	pcsetup -d "$S" -D core_b --mode quad --event dom0.flag >/dev/null
	pcread -d "$S" -D all >/dev/null 2>&1 || true
	sleep 0.3
	# 8 domains at the real chip's clocks, per cycle: hundreds of seconds
	# of CPU a second.  The first access catches up its budget (about 0.5
	# s), later ones half the time since the one before: about a second in
	# all (10.7 s while each access could spend a twentieth of a step)
	run -3 --separate-stderr /usr/bin/time -f 'cpu %U' pcread -d "$S" -D all --strict
	[[ "$stderr" == *"the device's time lagged "*" s behind realtime since pcread opened it"* ]]
	cpu=$(printf '%s\n' "$stderr" | sed -n 's/^cpu //p')
	check [ "${cpu%%.*}" -lt 4 ]
}

# What a reset killed with KILL leaves is removed by the next one once its
# owner has ended, even before the owner is reaped: timeout -s KILL kills
# itself too, so the killed command stays a zombie until whoever inherits
# it collects it.  A live owner's file stays.
@test "a new state's leftover is removed once its owner has ended, zombie or gone; a live owner's stays" {
	cd "$BATS_TEST_TMPDIR"
	local spec=sim:g84,clock=virtual,state=S
	pcsim reset "$spec"
	run /usr/bin/python3 - "$spec" <<'PY'
import os, subprocess, sys, time

def stat(pid):
    s = open("/proc/%d/stat" % pid).read()
    rest = s[s.rindex(")") + 2:].split()
    return rest[0], rest[19]  # state (field 3), start time (field 22)

def leftover(pid):
    name = "S.new-%d-%s-0" % (pid, stat(pid)[1])
    open(name, "w").close()
    return name

zombie = os.fork()
if zombie == 0:
    os._exit(0)
while stat(zombie)[0] != "Z":  # ended, not collected
    time.sleep(0.01)
live = subprocess.Popen(["sleep", "600"])
try:
    dead, kept = leftover(zombie), leftover(live.pid)
    subprocess.run(["pcsim", "reset", sys.argv[1]], check=True)
    print("zombie's", "kept" if os.path.exists(dead) else "removed")
    print("live's", "kept" if os.path.exists(kept) else "removed")
    os.unlink(kept)
finally:
    live.kill()
    live.wait()
    os.waitpid(zombie, 0)
PY
	check [ "$status" -eq 0 ]
	check [ "${lines[0]}" = "zombie's removed" ]
	check [ "${lines[1]}" = "live's kept" ]
}
