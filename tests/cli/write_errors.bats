#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# A write that fails ends the command (hwpc(7) EXIT STATUS): -i without -n
# stops at the first failed write, exit 1 with one line naming what could
# not be written, and quietly when the reader of a pipe went away; a
# virtual clock is not advanced past it.
load helpers

device_ns() {
	pcsim -d sim:g84 show --format json | sed -n 's/.*"device_ns":\([0-9]*\),.*/\1/p'
}

@test "-i without -n on /dev/full: exit 1, one line, the clock stops with it" {
	vsim g84
	for cmd in "pcread -d sim:g84 -D core_a -i 1ms" "pcread -d sim:g84 -D core_a -i 10us --format json" \
		"ptime -d sim:g84 -i 1ms" "ptime -d sim:g84 -i 10us --format csv" "pcread -d sim:g84 --watch PTIMER.TIME_LOW -i 1ms"; do
		run timeout 60 sh -c "$cmd >/dev/full"
		check [ "$status" -eq 1 ]
		check [ "${#lines[@]}" -eq 1 ]
		[[ "$output" == *"write error"*"No space left on device" ]] || { echo "$cmd: $output"; false; }
	done
	# a few samples' worth of simulated time, not minutes of it
	check [ "$(device_ns)" -lt 1000000000 ]
}

@test "-i without -n into a pipe nobody reads (SIGPIPE ignored): exit 1 quietly" {
	vsim g84
	for cmd in "pcread -d sim:g84 -D core_a -i 1ms" "pcread -d sim:g84 -D all -i 10us --format csv" \
		"ptime -d sim:g84 -i 1ms" "pcsim -d sim:g84 show"; do
		run epipe timeout 60 $cmd
		check [ "$output" = "status 1, stderr ''" ]
	done
	check [ "$(device_ns)" -lt 1000000000 ]
}

@test "-o on a full filesystem: exit 1 naming the file, nothing left there" {
	[ "$(id -u)" -eq 0 ] || skip "needs root to mount a small tmpfs"
	unshare -m true 2>/dev/null || skip "needs unshare -m to mount a small tmpfs"
	vsim g84
	d="$BATS_TEST_TMPDIR/full"
	mkdir "$d"
	run unshare -m sh -c "mount -t tmpfs -o size=64k none '$d' && echo old >'$d/out.json' &&
		timeout 60 pcread -d sim:g84 -D core_a -i 1ms --format json -o '$d/out.json'; echo \"status \$?\";
		ls -A '$d'; cat '$d/out.json'"
	check [ "${lines[0]}" = "pcread: cannot write '$d/out.json': No space left on device" ]
	check [ "${lines[1]}" = "status 1" ]
	check [ "${lines[2]}" = "out.json" ]
	check [ "${lines[3]}" = "old" ]
	check [ "${#lines[@]}" -eq 4 ]
}

# A report that cannot be written is said once, whatever wrote it: the
# writer's error ends the run, and -o FILE is then left as it was, not
# closed and reported again.
@test "-o /dev/full: one line for every mode, several devices and -- CMD alike" {
	vsim g84
	pcsim reset sim:nv40 >/dev/null
	pcsim reset sim:r10000 >/dev/null
	for cmd in "pcread -d sim:g84 -d sim:nv40 --signals" "pcread -d sim:g84 -d sim:nv40 -i 1ms -n 2" \
		"pcread -d sim:g84 -D 0 -o /dev/full -- true" "pcread -d sim:g84 -d sim:nv40 -D 0 -o /dev/full -- true" \
		"pcread -d sim:r10000 --events 0,1 -o /dev/full -- true" "pcread -d sim:r10000 -o /dev/full -- true" \
		"pcread -d sim:r10000 -i 1ms -o /dev/full -- false" "pcread -d sim:r10000 -i 1ms -o /dev/full -- sh -c 'sleep 0.05; exit 3'" \
		"pcread -d sim:g84 -D 0 -i 1ms -o /dev/full -- sh -c 'sleep 0.05; exit 3'" \
		"pcread -d sim:r10000 -i 1ms -n 2" "pcread -d sim:g84 -d sim:nv40 --reg PTIMER.TIME_LOW" \
		"pcread -d sim:g84 -d sim:nv40 --clocks --window 1ms"; do
		case $cmd in *" -- "*) run timeout 60 sh -c "$cmd" ;; *) run timeout 60 sh -c "$cmd -o /dev/full" ;; esac
		check [ "$status" -eq 1 ]
		[ "${#lines[@]}" -eq 1 ] || { echo "$cmd: $output"; false; }
		# the write's own reason, not what a later call left in errno
		[[ "$output" == *"No space left on device" ]] || { echo "$cmd: $output"; false; }
	done
}
