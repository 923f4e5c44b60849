#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The runtime directory (hwpc(7) FILES): refused when others can write it or
# it is not the user's, and nothing in it follows a link planted there.  The
# hostile user is a real second local user, made for the test when it runs
# as root.
load helpers

setup_file() {
	if [ "$(id -u)" -eq 0 ] && command -v useradd >/dev/null && command -v setpriv >/dev/null; then
		export OTHER="hwpct$$"
		useradd --system --no-create-home --shell /usr/sbin/nologin "$OTHER" || OTHER=
	fi
}

teardown_file() {
	if [ -n "${OTHER:-}" ]; then
		userdel "$OTHER" 2>/dev/null || true
	fi
}

setup() {
	export PATH="$HWPC_BIN:$PATH"
	unset HWPC_DEVICE HWPC_REGDB
	# a parent the other user can reach (the test's own temporary
	# directory is private), owned by us and not writable by others
	T=$(mktemp -d /tmp/hwpc-rundir.XXXXXX)
	chmod 755 "$T"
	export XDG_RUNTIME_DIR="$T"
	R="$T/hwpc"
	echo "the victim's file" >"$T/victim"
}

teardown() {
	rm -rf "$T"
}

need_other() {
	[ -n "${OTHER:-}" ] || skip "needs root with useradd and setpriv to make a second local user"
}

as_other() {
	setpriv --reuid="$OTHER" --regid="$(id -g "$OTHER")" --clear-groups "$@"
}

victim_whole() {
	check [ "$(cat "$T/victim")" = "the victim's file" ]
}

@test "a runtime directory others can write is refused, naming it and its mode" {
	mkdir -m 777 "$R"
	chmod 777 "$R"
	for cmd in "pcsim reset sim:g84" "ptime -d sim:g84" "pcread -d sim:g84 -D core_a"; do
		run $cmd
		check [ "$status" -eq 1 ]
		check [ "$output" = "${cmd%% *}: $R can be written by others (mode 0777), refused: 'chmod 700 $R' makes it private" ]
	done
	chmod 770 "$R"
	run pcsim reset sim:g84
	check [ "$status" -eq 1 ]
	# private again: accepted
	chmod 700 "$R"
	run pcsim reset sim:g84
	check [ "$status" -eq 0 ]
	# pcsetup's notes live there too: refused the same way
	chmod 777 "$R"
	run pcsetup -d sim:g84,state="$T/own.st" -D core_a --event 0x10
	check [ "$status" -eq 1 ]
	[[ "$output" == *"$R can be written by others"* ]] || { echo "$output"; false; }
}

@test "another user's link in a runtime directory left open: nothing written through it" {
	need_other
	mkdir -m 777 "$R"
	chmod 777 "$R"
	as_other ln -s "$T/victim" "$R/sim-g84.state"
	key=$(printf 'sim:%s/sim-g84.state' "$R" | sed 's/:/%3a/; s|/|%2f|g; s/-/%2d/g')
	as_other ln -s "$T/victim" "$R/setup-$key-core_a.txt"
	as_other ln -s "$T/victim" "$R/setup-$key-core_a.txt.tmp"
	run pcsim reset sim:g84
	check [ "$status" -eq 1 ]
	victim_whole
	run pcsetup -d sim:g84 -D core_a --event 0x10
	check [ "$status" -eq 1 ]
	victim_whole
	check [ "$(stat -c %s "$T/victim")" -lt 100 ]
}

@test "a runtime directory of another user is refused" {
	need_other
	mkdir -m 700 "$R"
	chown "$OTHER" "$R"
	run pcsim reset sim:g84
	check [ "$status" -eq 1 ]
	check [ "$output" = "pcsim: $R belongs to another user (uid $(id -u "$OTHER")), refused (set XDG_RUNTIME_DIR)" ]
}

@test "XDG_RUNTIME_DIR that others can write and is not sticky is refused" {
	chmod 777 "$T"
	run pcsim reset sim:g84
	check [ "$status" -eq 1 ]
	check [ "$output" = "pcsim: $T can be written by others and is not sticky (mode 0777): not a place for hwpc's runtime directory (set XDG_RUNTIME_DIR)" ]
	chmod 1777 "$T"
	run pcsim reset sim:g84
	check [ "$status" -eq 0 ]
}

@test "a link in the private runtime directory is not followed" {
	mkdir -m 700 "$R"
	ln -s "$T/victim" "$R/sim-g84.state"
	run pcsim reset sim:g84
	check [ "$status" -eq 1 ]
	[[ "$output" == *"$R/sim-g84.state"*"symbolic link"* ]] || { echo "$output"; false; }
	victim_whole
	# the runtime directory itself a link: refused
	rm -rf "$R"
	mkdir -m 700 "$T/elsewhere"
	ln -s "$T/elsewhere" "$R"
	run pcsim reset sim:g84
	check [ "$status" -eq 1 ]
	check [ "$output" = "pcsim: $R is not a directory (set XDG_RUNTIME_DIR)" ]
	check [ -z "$(ls -A "$T/elsewhere")" ]
}

@test "a setup note or its temporary file a link: not followed" {
	vsim g84
	pcsetup -d sim:g84 -D core_a --event 0x10 >/dev/null
	n=$(ls "$R"/setup-*-core_a.txt)
	ln -s "$T/victim" "$n.tmp"
	run pcsetup -d sim:g84 -D core_a --event 0x11
	check [ "$status" -eq 0 ]
	victim_whole
	check [ ! -L "$n.tmp" ]
	rm -f "$n"
	ln -s "$T/victim" "$n"
	run pcread -d sim:g84 -D core_a --strict
	check [ "$status" -eq 1 ]
	[[ "$output" == *"cannot read $n"* ]] || { echo "$output"; false; }
	# pcsetup reads the note first (whose setup is it?): refused the same
	run pcsetup -d sim:g84 -D core_a --event 0x11
	check [ "$status" -eq 1 ]
	[[ "$output" == *"cannot read $n"* ]] || { echo "$output"; false; }
	victim_whole
	check [ -L "$n" ]
}
