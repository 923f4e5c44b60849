#!/bin/sh
# SPDX-License-Identifier: MIT
# pcread's interval samples per second of CPU on a virtual-clock G84, JSON
# and CSV (issue 26: machine output at stream speed): core_a in quad mode
# counting a periodic signal, read with --ack every 1 us of virtual time,
# N samples, output to /dev/zero (which discards writes as /dev/null does;
# on the shared VMs /dev/null has been found a regular file).
#   bench/pcread_rate.sh [BIN_DIR [BEFORE_BIN_DIR [ROUNDS [N]]]]
# With BEFORE_BIN_DIR the two builds run alternately, ROUNDS (3) times each;
# printed: each run's user + system CPU and samples per CPU second, then
# the median of each.
set -e
B=${1:-build/bin}
OLD=${2:-}
ROUNDS=${3:-3}
N=${4:-100000}
dir=$(mktemp -d "${TMPDIR:-/tmp}/hwpc-pcread-rate.XXXXXX")
trap 'rm -rf "$dir"' EXIT
export XDG_RUNTIME_DIR="$dir"
D=sim:g84,state=$dir/state

# one run of build $1, format $2: "CPU_SECONDS"
run() {
	"$1/pcsim" reset "sim:g84,clock=virtual,state=$dir/state" >/dev/null
	"$1/pcsim" -d "$D" signal core_a 0x10 periodic period=4 >/dev/null
	"$1/pcsetup" -d "$D" -D core_a --mode quad --event 0x10 >/dev/null
	/usr/bin/time -f "%U %S" -o "$dir/t" "$1/pcread" -d "$D" -D core_a --ack -i 1us -n "$N" --format "$2" >/dev/zero
	awk '{ printf "%.2f\n", $1 + $2 }' "$dir/t"
}

for f in json csv; do
	: >"$dir/new.$f"
	: >"$dir/old.$f"
done
i=0
while [ $i -lt "$ROUNDS" ]; do
	for f in json csv; do
		[ -n "$OLD" ] && run "$OLD" $f >>"$dir/old.$f"
		run "$B" $f >>"$dir/new.$f"
	done
	i=$((i + 1))
done
for f in json csv; do
	for b in old new; do
		[ -s "$dir/$b.$f" ] || continue
		sort -n "$dir/$b.$f" | awk -v n="$N" -v b=$b -v f=$f '{ t[NR] = $1 } END {
			m = t[int((NR + 1) / 2)]
			printf "%-4s %s: CPU %s s (runs %s-%s): %.0f samples/s of CPU (%.0f-%.0f)\n",
				f, b == "old" ? "before" : "after ", m, t[1], t[NR], n / m, n / t[NR], n / t[1] }'
	done
done
