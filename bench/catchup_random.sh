#!/bin/sh
# SPDX-License-Identifier: MIT
# CPU to catch up one second of a G84 at its real clocks (core_a 675 MHz)
# with core_a in quad mode counting a random signal (p=0.3), the other
# domains idle: what a realtime simulator spends per second (issue:
# simulator engine, item 4; bench/RESULTS.md).  A virtual clock's advance
# runs exactly the catch-up an access after one idle second runs.
#   bench/catchup_random.sh [BIN_DIR [simple|mixed]]
# simple: EVENT the random signal, START constant 1 (the README's kind of
#   setup); mixed: PRE random, START periodic (7), EVENT random & periodic,
#   STOP !periodic (bench_pcsim's case (b)).
# Give another build's BIN_DIR to compare two builds side by side.
set -e
B=${1:-build/bin}
case ${2:-simple} in simple|mixed) ;; *) echo "usage: $0 [BIN_DIR [simple|mixed]]" >&2; exit 2 ;; esac
dir=$(mktemp -d "${TMPDIR:-/tmp}/hwpc-catchup.XXXXXX")
trap 'rm -rf "$dir"' EXIT
D=sim:g84,state=$dir/state
# pcsetup keeps its record of the setup under XDG_RUNTIME_DIR: in $dir too
export XDG_RUNTIME_DIR="$dir"
"$B/pcsim" reset "sim:g84,clock=virtual,state=$dir/state" >/dev/null
"$B/pcsim" -d "$D" signal core_a 0x10 random p=0.3 seed=1 >/dev/null
if [ "${2:-simple}" = simple ]; then
	"$B/pcsim" -d "$D" signal core_a 0x05 const 1 >/dev/null
	"$B/pcsetup" -d "$D" -D core_a --mode quad --event 0x10 --start 0x05 >/dev/null
else
	"$B/pcsim" -d "$D" signal core_a 0x11 periodic period=7 duty=3 >/dev/null
	"$B/pcsetup" -d "$D" -D core_a --mode quad --pre 0x10 --start 0x11 --event '0x10 & 0x11' \
		--stop '!0x11' >/dev/null
fi
/usr/bin/time -f "${2:-simple}: %U s user, %S s sys" "$B/pcsim" -d "$D" advance 1s >/dev/null
