#!/bin/bash
# SPDX-License-Identifier: MIT
# Commands from many processes on one realtime simulator (issue 29, item
# 12): P processes, each running a random mix of one-shot commands for
# SECONDS, on a G84 at its real clocks with core_a counting a random signal
# in quad mode (a simulator that has real work to catch up).  Prints the
# commands run, their rate, the latency percentiles, the slowest, and the
# lag the simulator ended with.  With "cross", domain core_b also takes
# core_a's FLAG (a cross-domain import: every advance goes to the
# per-cycle reference engine) and the mix is pcread -D all alone.
#   bench/contention.sh [BIN_DIR [P [SECONDS [mixed|cross]]]]
# Give another build's BIN_DIR to compare two builds side by side.
set -e
B=$(cd "${1:-build/bin}" && pwd)
P=${2:-12}
T=${3:-30}
MODE=${4:-mixed}
case $MODE in mixed|cross) ;; *) echo "usage: $0 [BIN_DIR [P [SECONDS [mixed|cross]]]]" >&2; exit 2 ;; esac
dir=$(mktemp -d "${TMPDIR:-/tmp}/hwpc-contention.XXXXXX")
trap 'rm -rf "$dir"' EXIT
export XDG_RUNTIME_DIR="$dir"
D=sim:g84,state=$dir/state
"$B/pcsim" reset "$D" >/dev/null
"$B/pcsim" -d "$D" signal core_a 0x10 random p=0.3 seed=1 >/dev/null
"$B/pcsetup" -d "$D" -D core_a --mode quad --event 0x10 >/dev/null
if [ "$MODE" = cross ]; then
	"$B/pcsetup" -d "$D" -D core_b --mode quad --event dom0.flag >/dev/null
fi
cmds=(
	"$B/pcread -d $D -D all"
	"$B/pcread -d $D -D core_a"
	"$B/ptime -d $D"
	"$B/pcsetup -d $D -D core_b --mode quad --event 0x11"
	"$B/pcsim -d $D show"
	"$B/pcread -d $D --reg PTIMER.TIME_LOW"
)
[ "$MODE" = cross ] && cmds=("$B/pcread -d $D -D all")
worker() {
	local end=$((SECONDS + T)) i=$1 n=${#cmds[@]} k=0 t0 t1 rc
	RANDOM=$((i * 7919))
	while [ $SECONDS -lt $end ]; do
		k=$((RANDOM % n))
		t0=$(date +%s%N)
		rc=0
		${cmds[$k]} >/dev/null 2>>"$dir/err.$i" || rc=$?
		t1=$(date +%s%N)
		echo "$(((t1 - t0) / 1000)) $rc $k" >>"$dir/lat.$i"
	done
}
for i in $(seq 1 "$P"); do worker "$i" & done
wait
cat "$dir"/lat.* | python3 -c '
import sys
P, T, mode = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
rows = [l.split() for l in sys.stdin]
lat = sorted(int(r[0]) / 1e6 for r in rows)
bad = sum(1 for r in rows if r[1] != "0")
n = len(lat)
q = lambda p: lat[min(n - 1, int(p * n))]
print(f"{mode}: {P} processes, {T:.0f} s: {n} commands ({n / T:.1f}/s), {bad} failed")
print(f"latency: p50 {q(0.5):.3f} s, p90 {q(0.9):.3f} s, p99 {q(0.99):.3f} s, max {lat[-1]:.3f} s")
' "$P" "$T" "$MODE"
"$B/pcsim" -d "$D" show | grep -E "^(device_ns|lag_ns):"
# what the failed commands said (warnings of the others left out)
cat "$dir"/err.* | grep -v ': warning: ' | sort | uniq -c | sort -rn | head -3
