#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# What the environment and a device spec hand a command is bounded and
# unambiguous (hwpc(7) ENVIRONMENT, hwpc-regdb(5)): HWPC_REGDB's files are
# regular files of bounded size, else exit 2 naming the file; state= takes
# any file name, commas included, quoted or escaped.
load helpers

regdb_copy() {
	R="$BATS_TEST_TMPDIR/regdb"
	mkdir -p "$R"
	cp "$HWPC_SRC_REGDB"/*.regdb "$R/"
}

setup() {
	export PATH="$HWPC_BIN:$PATH"
	export XDG_RUNTIME_DIR="$BATS_TEST_TMPDIR"
	unset HWPC_DEVICE HWPC_REGDB
	HWPC_SRC_REGDB="$BATS_TEST_DIRNAME/../../regdb"
}

@test "HWPC_REGDB: a *.regdb linking to /dev/zero is refused at once, naming it" {
	regdb_copy
	ln -s /dev/zero "$R/zero.regdb"
	# (read whole, it grew by about 1 GB a second)
	HWPC_REGDB="$R" run timeout 10 ptime -d sim:g84
	check [ "$status" -eq 2 ]
	check [ "$output" = "ptime: HWPC_REGDB: $R/zero.regdb is not a regular file" ]
}

@test "HWPC_REGDB: a FIFO is refused, not waited on" {
	regdb_copy
	mkfifo "$R/fifo.regdb"
	HWPC_REGDB="$R" run timeout 60 pcread -d sim:g84 -D core_a
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcread: HWPC_REGDB: $R/fifo.regdb is not a regular file" ]
}

@test "HWPC_REGDB: a file past the size bound is refused without reading it" {
	regdb_copy
	truncate -s 100G "$R/huge.regdb"
	HWPC_REGDB="$R" run timeout 60 ptime -d sim:g84
	check [ "$status" -eq 2 ]
	check [ "$output" = "ptime: HWPC_REGDB: $R/huge.regdb is larger than a regdb file may be (64 MiB)" ]
	# the same files without it: fine
	rm "$R/huge.regdb"
	HWPC_REGDB="$R" run ptime -d sim:g84
	check [ "$status" -eq 0 ]
}

@test "state= holds a comma: quoted or escaped" {
	cd "$BATS_TEST_TMPDIR"
	run pcsim reset 'sim:g84,clock=virtual,state="a,b.st"'
	check [ "$status" -eq 0 ]
	check [ -f "a,b.st" ]
	run pcsim -d 'sim:g84,state=a\,b.st' advance 1us
	check [ "$status" -eq 0 ]
	run pcsim -d 'sim:g84,state="a,b.st",clock=virtual' show --format json
	[[ "$output" == *'"device_ns":1000,'* ]] || { echo "${output:0:300}"; false; }
	# a quote and a backslash of a name, escaped
	run pcsim reset 'sim:g84,clock=virtual,state="q\"\\.st"'
	check [ "$status" -eq 0 ]
	check [ -f 'q"\.st' ]
	# unescaped, the comma still separates options
	run pcsim -d 'sim:g84,state=a,b.st' show
	check [ "$status" -eq 2 ]
	check [ "$output" = "pcsim: device 'sim:g84,state=a,b.st': option 'b.st' is not key=value" ]
	run pcsim -d 'sim:g84,state="a,b.st' show
	check [ "$status" -eq 2 ]
	[[ "$output" == *"option 'state': a quoted value ends with '\"' followed by ',' or the end" ]]
}
