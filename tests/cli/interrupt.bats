#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# What an interrupted command leaves (hwpc(7) SIGNALS): -o FILE is the old
# file or a whole new one, and no temporary file, whatever signal ends the
# command and whenever it comes.
load helpers
bats_require_minimum_version 1.5.0

# What a signal $3 may leave in directory $1 beside FILE $2: nothing else,
# except after SIGKILL, which may come between the link and the rename of
# a replacement (cli/common/outfile_sweep.h): one ".FILE.hwpc-XXXXXX",
# which the next -o of FILE removes.
left_ok() {
	left=$(ls -A "$1" | tr '\n' ' ')
	[ "$left" = "$2 " ] && return 0
	[ "$3" = KILL ] && [[ "$left" =~ ^\.$2\.hwpc-[A-Za-z0-9]{6}\ $2\ $ ]] && return 0
	echo "$3 left: $left"
	return 1
}

# Wait until background job $1 runs command $2 (or has ended): a signal
# sent before is bash's, whose child ignores SIGINT until it execs, and
# the command would then run to its end (-n 100000: minutes under ASan).
started() {
	local exe
	while exe=$(readlink "/proc/$1/exe" 2>/dev/null) && [ "${exe##*/}" != "$2" ]; do :; done
}

# Every line of $1 is a JSON record, or $1 is the old content.
whole_or_old() {
	[ "$(cat "$1")" = old ] && return 0
	/usr/bin/python3 -c '
import json, sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[-1] == "", "no newline at the end"
for l in lines[:-1]:
    json.loads(l)
assert json.loads(lines[0])["type"] == "schema"
' "$1"
}

@test "-o: killed at any moment by INT, TERM, HUP, PIPE or KILL: no temporary file, FILE old or whole" {
	vsim g84
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	for sig in INT TERM HUP PIPE KILL; do
		for delay in 0 0 0.001 0.003 0.005 0.01 0.02 0.05; do
			echo old >"$d/out.json"
			env --default-signal=INT pcread -d sim:g84 -D core_a -i 1ms -n 100000 --format json -o "$d/out.json" 2>/dev/null &
			pid=$!
			started "$pid" pcread
			sleep "$delay"
			kill -s "$sig" "$pid" 2>/dev/null || true
			wait "$pid" || true
			left_ok "$d" out.json "$sig" || { echo "after ${delay}s"; false; }
			whole_or_old "$d/out.json" || { echo "$sig after ${delay}s: $(head -c 300 "$d/out.json")"; false; }
		done
	done
	pcread -d sim:g84 -D core_a --format json -o "$d/out.json"
	check [ "$(ls -A "$d")" = out.json ]
}

@test "-o of a command that does not catch signals (tsdump): nothing left either" {
	printf '1 run\n' >"$BATS_TEST_TMPDIR/tokens.map"
	head -c 4000000 /dev/zero >"$BATS_TEST_TMPDIR/l1.bin"
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	for sig in INT TERM HUP PIPE KILL; do
		for delay in 0 0.005 0.02; do
			echo old >"$d/t.json"
			env --default-signal=INT tsdump "$BATS_TEST_TMPDIR/l1.bin" --buf0 0:0xfffff --format json -o "$d/t.json" 2>/dev/null &
			pid=$!
			started "$pid" tsdump
			sleep "$delay"
			kill -s "$sig" "$pid" 2>/dev/null || true
			wait "$pid" || true
			left_ok "$d" t.json "$sig" || { echo "after ${delay}s"; false; }
		done
	done
	head -c 4096 /dev/zero >"$BATS_TEST_TMPDIR/small.bin"
	tsdump "$BATS_TEST_TMPDIR/small.bin" --buf0 0:0xfff --format json -o "$d/t.json"
	check [ "$(ls -A "$d")" = t.json ]
}

# The sweep (cli/common/outfile_sweep.h): the next -o of FILE removes the
# temporary files of dead writers, never a live writer's, nor a name that
# only looks like one.
@test "-o: the next run removes a killed command's temporary file, not a live one's" {
	vsim g84
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	echo old >"$d/out"
	# dead: held by no one
	echo half >"$d/.out.hwpc-Ab3xyz"
	# not ours: another FILE, another mark, a short suffix, a symlink
	touch "$d/.other.hwpc-Ab3xyz" "$d/.out.XYZabc" "$d/.out.hwpc-abc"
	ln -s out "$d/.out.hwpc-link01"
	ptime -d sim:g84 --format json -o "$d/out"
	check [ "$(ls -A "$d" | tr '\n' ' ')" = ".other.hwpc-Ab3xyz .out.XYZabc .out.hwpc-abc .out.hwpc-link01 out " ]
	rm "$d"/.o*
	# a live writer's, named where the filesystem has no O_TMPFILE
	hold "$d/out" named
	live=$(ls -A "$d" | grep hwpc-)
	ptime -d sim:g84 --format json -o "$d/out"
	check [ -e "$d/$live" ]
	kill -s USR1 "$HOLD"
	wait "$HOLD"
	check [ "$(cat "$d/out")" = new ]
	check [ "$(ls -A "$d")" = out ]
	# the same writer killed by SIGKILL leaves its file; the next run
	# removes it
	hold "$d/out" named
	kill -s KILL "$HOLD"
	wait "$HOLD" || true
	check [ "$(ls -A "$d" | wc -l)" -eq 2 ]
	ptime -d sim:g84 --format json -o "$d/out"
	check [ "$(ls -A "$d")" = out ]
	check grep -q '"type":"timer"' "$d/out"
}

# A stop that comes before the first sample (pending when the command
# starts, so at the same moment on every run): the first sample is taken
# all the same, exit 0, and -o FILE holds it whole (it was replaced by an
# empty file when INT came before the first read).
@test "a stop before the first sample: the first sample all the same, FILE whole" {
	vsim g84
	vsim r10000
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	for sig in INT TERM HUP; do
		echo old >"$d/pc.json"
		"$HWPC_TESTBIN/pending_exec" "$sig" pcread -d sim:g84 -D core_a -i 1s -n 1000 --format json -o "$d/pc.json"
		whole_or_old "$d/pc.json"
		check [ "$(jq -s '[.[] | select(.type == "pc_counters")] | map(.sample) == [0]' "$d/pc.json")" = true ]
		"$HWPC_TESTBIN/pending_exec" "$sig" ptime -d sim:g84 -i 1s -n 1000 --format json -o "$d/pt.json"
		check [ "$(jq -s '[.[] | select(.type == "timer_sample")] | length' "$d/pt.json")" -eq 1 ]
		"$HWPC_TESTBIN/pending_exec" "$sig" pcread -d sim:r10000 -i 1s -n 1000 --format json -o "$d/r.json"
		check [ "$(jq -s '[.[] | select(.type == "r10k_counter")] | length' "$d/r.json")" -ge 1 ]
		check [ "$(jq -s '[.[] | select(.type == "r10k_counter") | .sample] | unique' -c "$d/r.json")" = "[0]" ]
	done
	check [ "$(ls -A "$d" | tr '\n' ' ')" = "pc.json pt.json r.json " ]
	# --signals reads at once: every domain; -f: every set, none counted
	# yet (count 0, scaled null); --scan: nothing scanned, said, exit 130
	"$HWPC_TESTBIN/pending_exec" INT pcread -d sim:g84 --signals --format json -o "$d/s.json"
	check [ "$(jq -s '[.[] | select(.type == "pc_signal") | .domain] | unique | length' "$d/s.json")" -eq 8 ] # every G84 domain
	vsim g84 pchz=1M
	printf 'domain core_a\nset a\nevent 1\nset b\nevent 2\n' >"$BATS_TEST_TMPDIR/rot.setup"
	"$HWPC_TESTBIN/pending_exec" INT pcread -d sim:g84 -f "$BATS_TEST_TMPDIR/rot.setup" -i 100us --format json -o "$d/f.json"
	check [ "$(jq -s -c '[.[] | select(.type == "pc_set_count") | [.set, .count, .scaled]] | unique' "$d/f.json")" = '[["a",0,null],["b",0,null]]' ]
	run -130 "$HWPC_TESTBIN/pending_exec" INT pcread -d sim:g84 -D core_a --scan 10ms
	check [ "$output" = "pcread: warning: --scan interrupted: 0 of 1 domain scanned" ]
	# several devices: the first is read whatever the stop, the others are
	# skipped, said, exit 130 with the first's records whole
	pcsim reset sim:nv40 >/dev/null
	run -130 --separate-stderr "$HWPC_TESTBIN/pending_exec" INT pcread -d sim:g84 -d sim:nv40 --signals --format json \
		-o "$d/s2.json"
	check [ "$stderr" = "pcread: warning: interrupted: 1 of 2 devices read" ]
	check [ "$(jq -s -c '[.[] | select(.type == "pc_signal") | .device] | unique' "$d/s2.json")" = '["sim:g84"]' ]
}

# A stop while the output waits on a slow reader: the write goes on
# (SA_RESTART), the run ends whole, exit 0 (it failed "Interrupted system
# call", exit 1, its last lines lost).
@test "a stop while the output is blocked on a slow reader: every line written, exit 0" {
	vsim g84
	f="$BATS_TEST_TMPDIR/f"
	for cmd in "pcread -d sim:g84 -D core_a -i 1ms --format json" "ptime -d sim:g84 -i 100us --format json"; do
		rm -f "$f"
		mkfifo "$f"
		$cmd >"$f" 2>"$BATS_TEST_TMPDIR/err" &
		p=$!
		exec 5<"$f"
		# the pipe full, the command blocked writing to it
		wait_until 60 grep -q pipe_write "/proc/$p/wchan"
		kill -INT "$p"
		cat <&5 >"$BATS_TEST_TMPDIR/got"
		exec 5<&-
		st=0
		wait "$p" || st=$?
		check [ "$st" -eq 0 ]
		check [ ! -s "$BATS_TEST_TMPDIR/err" ]
		whole_or_old "$BATS_TEST_TMPDIR/got"
	done
}

# A FILE whose name leaves no room for ".FILE.hwpc-XXXXXX" (13 bytes more,
# a name may have 255): replaced all the same, and again.
@test "-o FILE with a name of 245 bytes: replaced, twice, nothing left beside it" {
	vsim g84
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	f="$d/$(printf 'x%.0s' $(seq 245))"
	echo old >"$f"
	ptime -d sim:g84 --format json -o "$f"
	ptime -d sim:g84 --format json -o "$f"
	check grep -q '"type":"timer"' "$f"
	check [ "$(ls -A "$d" | wc -l)" -eq 1 ]
	# the sweep finds what a dead writer left under the cut name
	touch "$d/.$(printf 'x%.0s' $(seq 242)).hwpc-Ab3xyz"
	ptime -d sim:g84 --format json -o "$f"
	check [ "$(ls -A "$d" | wc -l)" -eq 1 ]
}

# --until exits 0 only when its condition held (pcread(1)): an interrupt
# before is 130, -n changes before is 4 (both were 0).
@test "--until: interrupted before it held is 130, -n changes before it held is 4" {
	vsim g84
	run -130 "$HWPC_TESTBIN/pending_exec" INT pcread -d sim:g84 --until 'PTIMER.INTR == 5'
	check [ "${lines[-1]}" = "pcread: warning: --until 'PTIMER.INTR == 5': interrupted before it held" ]
	run -4 pcread -d sim:g84 --watch PTIMER.TIME_LOW --until 'PTIMER.INTR == 5' -n 3 --format csv
	check [ "${lines[-1]}" = "pcread: --until 'PTIMER.INTR == 5': still false after -n 3 changes" ]
	run -0 pcread -d sim:g84 --watch PTIMER.TIME_LOW --until 'PTIMER.TIME_LOW != 0' -n 3 --format csv
}

# An interrupted --scan prints what it scanned, with -o in FILE too (FILE
# kept the old content); nothing scanned leaves FILE as it was.
@test "--scan interrupted with -o: FILE holds what was scanned; nothing scanned, FILE as it was" {
	pcsim reset sim:g84
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	echo old >"$d/s.json"
	run -130 "$HWPC_TESTBIN/pending_exec" INT pcread -d sim:g84 --scan 10ms --format json -o "$d/s.json"
	check [ "$(cat "$d/s.json")" = old ]
	# eight domains of 400 ms at the real clock, interrupted a second after
	# pcread catches SIGINT (before, a background job ignores it): in the
	# third, however slowly a loaded machine started it
	pcread -d sim:g84 --scan 400ms --format json -o "$d/s.json" 2>"$BATS_TEST_TMPDIR/err" &
	p=$!
	wait_catches_int "$p"
	sleep 1
	kill -INT "$p"
	st=0
	wait "$p" || st=$?
	check [ "$st" -eq 130 ]
	whole_or_old "$d/s.json"
	check [ "$(jq -s '[.[] | select(.type == "pc_signal")] | length' "$d/s.json")" -gt 0 ]
	check grep -q "^pcread: warning: --scan interrupted: [0-9] of 8 domains scanned" "$BATS_TEST_TMPDIR/err"
}

# outfile_hold FILE anon|named in the background, once it holds FILE's
# temporary file open: its pid in HOLD.
hold() {
	rm -f "$BATS_TEST_TMPDIR/ready"
	# (a background job of a script starts with SIGINT ignored)
	env --default-signal=INT "$HWPC_TESTBIN/outfile_hold" "$@" >"$BATS_TEST_TMPDIR/ready" &
	HOLD=$!
	for _ in $(seq 1000); do
		[ "$(cat "$BATS_TEST_TMPDIR/ready")" = ready ] && return 0
		sleep 0.01
	done
	echo "outfile_hold never got ready"
	return 1
}

# The named temporary file, where the filesystem has no O_TMPFILE: removed
# by each fatal signal; a SIGUSR1 finishes the file.
@test "-o without O_TMPFILE: the named temporary file is removed on INT, TERM, HUP and PIPE" {
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	for sig in INT TERM HUP PIPE; do
		echo old >"$d/out"
		hold "$d/out" named
		check [ "$(ls -A "$d" | wc -l)" -eq 2 ] # out and .out.hwpc-XXXXXX
		kill -s "$sig" "$HOLD"
		wait "$HOLD" || true
		check [ "$(ls -A "$d")" = out ]
		check [ "$(cat "$d/out")" = old ]
	done
	# finished: replaced, nothing else
	hold "$d/out" named
	kill -s USR1 "$HOLD"
	wait "$HOLD"
	check [ "$(ls -A "$d")" = out ]
	check [ "$(cat "$d/out")" = new ]
}

@test "-o with O_TMPFILE: no name until it is whole, not even SIGKILL leaves one" {
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	echo old >"$d/out"
	hold "$d/out" anon
	check [ "$(ls -A "$d")" = out ]
	kill -s KILL "$HOLD"
	wait "$HOLD" || true
	check [ "$(ls -A "$d")" = out ]
	check [ "$(cat "$d/out")" = old ]
	# a new FILE is linked in whole; an existing one replaced
	for f in new.prom out; do
		hold "$d/$f" anon
		kill -s USR1 "$HOLD"
		wait "$HOLD"
		check [ "$(cat "$d/$f")" = new ]
	done
	check [ "$(ls -A "$d" | tr '\n' ' ')" = "new.prom out " ]
}

@test "-o of a device or FIFO writes to it, never replaces it" {
	vsim g84
	d="$BATS_TEST_TMPDIR/o"
	mkdir "$d"
	if mknod "$d/null" c 1 3 2>/dev/null; then
		run ptime -d sim:g84 -o "$d/null"
		check [ "$status" -eq 0 ]
		check [ -c "$d/null" ]
		run pcsim -d sim:g84 dump "$d/null"
		check [ "$status" -eq 0 ]
		check [ -c "$d/null" ]
	fi
	mkfifo "$d/fifo"
	cat "$d/fifo" >"$d/got" &
	run ptime -d sim:g84 --format json -o "$d/fifo"
	wait
	check [ "$status" -eq 0 ]
	check [ -p "$d/fifo" ]
	grep -q '"type":"timer_sample"\|"type":"timer"' "$d/got"
}
