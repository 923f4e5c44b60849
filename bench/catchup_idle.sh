#!/bin/sh
# SPDX-License-Identifier: MIT
# CPU of the access that catches up one idle second of a realtime simulator
# at its chip's default clocks (PCOUNTER.CTRL[1]=1, the rest idle), per
# chip; target: under 60 ms each (bench/RESULTS.md).  Was a CLI test
# (pcsim_pcounter.bats) until the test suite ran beside other load: a CPU
# bound is a benchmark's figure, not a test's.
#   bench/catchup_idle.sh [BIN_DIR]
set -e
B=${1:-build/bin}
dir=$(mktemp -d "${TMPDIR:-/tmp}/hwpc-catchup.XXXXXX")
trap 'rm -rf "$dir"' EXIT
export XDG_RUNTIME_DIR="$dir"
for chip in g84 gf100 nv40; do
	"$B/pcsim" reset "sim:$chip" >/dev/null
	"$B/pcsim" -d "sim:$chip" reg 'PCOUNTER.CTRL[1]=1' >/dev/null 2>&1 || true
	sleep 1
	/usr/bin/time -f "$chip: %U s user, %S s sys" "$B/pcsim" -d "sim:$chip" time >/dev/null
done
