#!/bin/sh
# SPDX-License-Identifier: MIT
# Big inputs (issue 29, bench/RESULTS.md "Big inputs"): two builds side by
# side, alternating, ROUNDS rounds; each line: wall, user, sys, peak RSS.
#   bench/big_inputs.sh BEFORE_BIN AFTER_BIN [ROUNDS]
# BEFORE_BIN/AFTER_BIN: directories holding tsdump and pcsetup.  Inputs go
# to $BIG (default /tmp/hwpc-big), made once:
#   d1g.mmio  1 GiB driver-like mmiotrace (bench/gen_mmiotrace.py)
#   r1g.bin   1 GiB of random words;  ts1g.bin  1 GiB valid Tensix stream
#   sets.setup  200,000 counter sets for one domain
set -e
before=$1 after=$2 rounds=${3:-3}
BIG=${BIG:-/tmp/hwpc-big}
mkdir -p "$BIG"
top=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$BIG/d1g.mmio" ] || python3 "$top/bench/gen_mmiotrace.py" 1073741824 "$BIG/d1g.mmio"
[ -f "$BIG/r1g.bin" ] || head -c 1073741824 /dev/urandom >"$BIG/r1g.bin"
[ -f "$BIG/ts1g.bin" ] || "$top/build/bench/bench_tsdump" gen "$BIG/ts1g.bin" 1024 >/dev/null
[ -f "$BIG/sets.setup" ] || awk 'BEGIN { print "domain core_a"; print "mode quad";
	for (i = 0; i < 200000; i++) printf "[set s%d]\nevent 0x%x\n", i, 16 + i % 32 }' >"$BIG/sets.setup"
export XDG_RUNTIME_DIR="$BIG/run"
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
"$after/pcsim" reset sim:g84,clock=virtual >/dev/null

t() { # label seconds bindir cmd...: one run, killed after the seconds
	label=$1 secs=$2 bin=$3
	shift 3
	cmd=$1
	shift
	/usr/bin/time -f "$label $bin: %e s wall %U user %S sys %M KiB (exit %x)" \
		timeout "$secs" "$bin/$cmd" "$@" >/dev/null 2>"$BIG/err" || true
	tail -1 "$BIG/err"
}

cat "$BIG"/*.bin "$BIG/d1g.mmio" >/dev/null # into the page cache
for r in $(seq "$rounds"); do
	for b in "$before" "$after"; do
		t mmiotrace-text 600 "$b" tsdump --mmiotrace "$BIG/d1g.mmio"
		t mmiotrace-setup 600 "$b" tsdump --mmiotrace "$BIG/d1g.mmio" --format setup
		t summary-valid 600 "$b" tsdump --summary "$BIG/ts1g.bin"
		t summary-random 600 "$b" tsdump --summary "$BIG/r1g.bin"
		t setfile-200k 130 "$b" pcsetup -d sim:g84 -f "$BIG/sets.setup" --set s199999
	done
done
