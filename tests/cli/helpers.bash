# SPDX-License-Identifier: MIT
# Shared setup for the CLI tests: the freshly built commands first on PATH,
# a private runtime dir so simulator state never leaks between tests.
setup() {
	export PATH="$HWPC_BIN:$PATH"
	export XDG_RUNTIME_DIR="$BATS_TEST_TMPDIR"
	unset HWPC_DEVICE HWPC_REGDB
}

# Fail with the command's output when a check does not hold.
check() {
	if ! "$@"; then
		echo "check failed: $*" >&2
		echo "status: $status" >&2
		echo "output: $output" >&2
		return 1
	fi
}

# Milliseconds of the monotonic-enough wall clock, for tests that take their
# bounds from the time that really passed (a loaded machine runs slowly).
now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

# Poll until a command succeeds: a test waits for an event, not for a time
# it guessed.  Gives up (fails) after SECONDS, a bound only a hang reaches.
#   wait_until SECONDS COMMAND...
wait_until() {
	local end=$(($(now_ms) + $1 * 1000))
	shift
	until "$@"; do
		if [ "$(now_ms)" -gt "$end" ]; then
			echo "wait_until: gave up waiting for: $*" >&2
			return 1
		fi
		sleep 0.05
	done
}

# Check that the text tables of stdin line up (table_check.py):
#   aligned FIRST_COLUMN [MAX_WIDTH] <text
aligned() {
	/usr/bin/python3 "$BATS_TEST_DIRNAME/table_check.py" "$@"
}

# A virtual-clock simulated chip, fresh.
vsim() {
	pcsim reset "sim:$1,clock=virtual${2:+,$2}"
}

# Check machine output against the documented schema (hwpc-output(7)):
#   check_schema json|csv FILE
# Fails naming the first record or column that does not fit.
check_schema() {
	local out
	if ! out=$(/usr/bin/python3 "$BATS_TEST_DIRNAME/schema_check.py" "$HWPC_TESTBIN/schema_dump" "$1" "$2" 2>&1); then
		echo "$out" >&2
		echo "--- $2:" >&2
		head -c 2000 "$2" >&2
		return 1
	fi
}


# nocsvid: a command's CSV without its identity columns.
source "$BATS_TEST_DIRNAME/../cli/csv_helpers.bash"

# Run a command, SIGPIPE ignored, its stdout a pipe nobody reads (so every
# write fails with EPIPE); print "status N, stderr '...'".
epipe() {
	/usr/bin/python3 - "$@" <<'PY'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
# Python ignores SIGPIPE; restore_signals=False passes that on.
p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE, restore_signals=False, timeout=60)
print("status %d, stderr %r" % (p.returncode, p.stderr.decode()))
PY
}

# Wait (at most 10 s) until process PID catches SIGINT: it has installed
# its handler, so a SIGINT sent now is its to handle, not a plain death.
wait_catches_int() { # PID
	local i
	for i in $(seq 1000); do
		grep -q '^SigCgt:.*[2367abef]$' "/proc/$1/status" 2>/dev/null && return 0
		sleep 0.01
	done
}
