#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Closed standard descriptors (hwpc(7) ENVIRONMENT AND FILES): a command
# started with stdin, stdout or stderr closed never opens a file of its own
# on descriptor 0, 1 or 2, so what it prints never lands in the simulator's
# state file or a setup note; output it cannot write is exit 1.
load helpers

# The state file is whole: the same header as a fresh one, and every
# command still reads it.
state_ok() {
	run pcsim -d sim:g84 show
	check [ "$status" -eq 0 ]
	run ptime -d sim:g84
	check [ "$status" -eq 0 ]
}

@test "closed stdout: no command writes its report into the state" {
	vsim g84
	for cmd in "pcsim -d sim:g84 show" "ptime -d sim:g84" "pcread -d sim:g84 -D core_a" \
		"pcread -d sim:g84 --reg PTIMER.TIME_LOW" "pcsetup -d sim:g84 -D core_a --event 0x10" \
		"pcsim -d sim:g84 advance 1us"; do
		run sh -c "$cmd >&-"
		# what it had to print could not be written: exit 1, said on stderr
		check [ "$status" -eq 1 ]
		[[ "$output" == *"write error"*"Bad file descriptor" ]] || { echo "$cmd: $output"; false; }
		state_ok
	done
	vsim tensix
	run sh -c 'tsdump -d sim:tensix >&-'
	check [ "$status" -eq 1 ]
	run pcsim -d sim:tensix show
	check [ "$status" -eq 0 ]
}

@test "closed stderr: an error message never lands in the state or a setup note" {
	vsim g84
	run sh -c 'pcsim -d sim:g84 reg NOSUCHREG 2>&-'
	check [ "$status" -eq 2 ]
	state_ok
	run sh -c 'pcsetup -d sim:g84 -D core_a --event 0x10 --start nosuchsignal 2>&-'
	check [ "$status" -eq 2 ]
	state_ok
	run sh -c 'pcread -d sim:g84 -D nosuchdomain 2>&- >/dev/null'
	check [ "$status" -eq 2 ]
	state_ok
	run sh -c 'ptime -d sim:g84 --alarm +bad 2>&-'
	check [ "$status" -eq 2 ]
	state_ok
	# the setup note pcsetup keeps is not broken by a closed stderr either
	run sh -c 'pcsetup -d sim:g84 -D core_a --event 0x10 2>&- >/dev/null'
	check [ "$status" -eq 0 ]
	run pcread -d sim:g84 -D core_a --strict
	check [ "$status" -eq 0 ]
}

@test "closed stdin: pcsim script - reads nothing from the state file" {
	vsim tensix
	run sh -c 'pcsim -d sim:tensix script - <&-'
	# a read error: never the state file's bytes as a script
	[[ "$output" != *HWPCSIM* && "$output" != *"<stdin>:1"* ]] || { echo "$output"; false; }
	run pcsim -d sim:tensix show
	check [ "$status" -eq 0 ]
}

@test "all three closed: the commands still work on the state" {
	vsim g84
	# it advanced; the report it could not print makes it exit 1
	run sh -c 'pcsim -d sim:g84 advance 1us <&- >&- 2>&-'
	check [ "$status" -eq 1 ]
	state_ok
	run pcsim -d sim:g84 show --format json
	[[ "$output" == *'"device_ns":1000,'* ]] || { echo "${output:0:400}"; false; }
}

@test "--help and --version: exit 1 when the output cannot be written" {
	for c in pcsim ptime pcread pcsetup tsdump; do
		run sh -c "$c --version >/dev/full"
		check [ "$status" -eq 1 ]
		[[ "$output" == "$c: write error on standard output: No space left on device" ]] ||
			{ echo "$c: $output"; false; }
		# (a help longer than a buffer fails before the exit: the reason
		# is gone by then)
		run sh -c "$c --help >/dev/full"
		check [ "$status" -eq 1 ]
		[[ "$output" == "$c: write error on standard output"* && "${#lines[@]}" -eq 1 ]] ||
			{ echo "$c: $output"; false; }
		run sh -c "$c --version >&-"
		check [ "$status" -eq 1 ]
		run sh -c "$c --version >/dev/null"
		check [ "$status" -eq 0 ]
	done
	# a reader that went away is not worth a message
	run epipe pcread --help
	[[ "$output" == "status 1, stderr ''" ]] || { echo "$output"; false; }
}
