#!/bin/sh
# SPDX-License-Identifier: MIT
# Start-up cost of the register commands: instructions (valgrind
# --tool=callgrind, exact and repeatable) of one-shot commands, for one
# build or, side by side, two (a previous build's bin directory first).
# Each simulator is fresh, on a virtual clock: a realtime simulator's first
# access catches up the time since the state was made, which depends on
# how slow valgrind runs, not on the command.
#
# usage: sh bench/startup_regdb.sh [OLD_BIN] NEW_BIN   (from the top of the tree)
set -e
if [ $# -eq 2 ]; then old=$1 new=$2; else old= new=${1:-build/bin}; fi
export XDG_RUNTIME_DIR="${TMPDIR:-/tmp}/hwpc-startup.$$"
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
trap 'rm -rf "$XDG_RUNTIME_DIR"' EXIT

ir() { # ir BIN ARGS...: instructions of one run, or "error" when it fails
	bin=$1
	shift
	"$bin/$@" >/dev/null 2>&1 || { echo error; return; }
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin/$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

printf '%-58s %12s %12s\n' "command (instructions)" previous "this build"
for cmd in "pcread -d sim:g84,clock=virtual --reg PTIMER.TIME_LOW" \
	"pcread --decode 0x9220=0x203 --chip G84" \
	"ptime -d sim:g84,clock=virtual" \
	"pcread -d sim:gf100,clock=virtual --reg PTIMER.TIME_LOW" \
	"pcread --list-regs --chip G84 --format csv"; do
	a=-
	for b in $old $new; do
		"$b/pcsim" reset sim:g84,clock=virtual >/dev/null
		"$b/pcsim" reset sim:gf100,clock=virtual >/dev/null
		# shellcheck disable=SC2086
		v=$(ir "$b" $cmd)
		if [ "$b" = "$old" ]; then a=$v; else printf '%-58s %12s %12s\n' "$cmd" "$a" "$v"; fi
	done
done
