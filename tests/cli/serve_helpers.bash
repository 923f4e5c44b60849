# SPDX-License-Identifier: MIT
# Servers for the pcread --serve tests: each is started on loopback by the
# test, recorded, and stopped by teardown (stop_servers), whatever the
# test's outcome.  Waits poll with a generous deadline, never a fixed
# sleep, so a slow or busy machine only makes them slower.

# Remember a server's pid for stop_servers.
keep_pid() {
	echo "$1" >>"$BATS_TEST_TMPDIR/pids"
}

# SIGTERM every server a test started, and wait for each.
stop_servers() {
	local p
	[ -f "$BATS_TEST_TMPDIR/pids" ] || return 0
	while read -r p; do
		kill -TERM "$p" 2>/dev/null || true
	done <"$BATS_TEST_TMPDIR/pids"
	while read -r p; do
		while kill -0 "$p" 2>/dev/null; do sleep 0.1; done
	done <"$BATS_TEST_TMPDIR/pids"
	rm -f "$BATS_TEST_TMPDIR/pids"
}

# Poll "$@" every 0.1 s until it succeeds, for at most $DEADLINE s (60).
until_ok() {
	local n=$((${DEADLINE:-60} * 10))
	while ! "$@"; do
		n=$((n - 1))
		if [ "$n" -le 0 ]; then
			echo "still failing after ${DEADLINE:-60} s: $*" >&2
			return 1
		fi
		sleep 0.1
	done
}

# Another process holds the simulator state $1's lock, as a wedged device
# would hold its reader: until it is killed ($LOCKER) or the test ends.
hold_lock() {
	/usr/bin/python3 -c 'import fcntl, sys, time
f = open(sys.argv[1])
fcntl.flock(f, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(600)' "$1" >"$BATS_TEST_TMPDIR/locker" 3>&- &
	LOCKER=$!
	keep_pid "$LOCKER"
	until_ok grep -q locked "$BATS_TEST_TMPDIR/locker"
}

# A free TCP port on 127.0.0.1 (for Prometheus, which cannot say which it
# took when given 0).
free_port() {
	/usr/bin/python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

# Start pcread --serve 127.0.0.1:0 with the arguments given; $URL is where
# it serves (its first line on stderr says), its stderr in $SERVE_ERR.
start_serve() {
	SERVE_ERR=$BATS_TEST_TMPDIR/serve.err
	# emptied here, not only by the redirection in the child: a server
	# started before wrote "serving" in it, and the wait below must not
	# take that line for this one's (then stop it before it holds TERM)
	: >"$SERVE_ERR"
	pcread "$@" --serve 127.0.0.1:0 2>"$SERVE_ERR" 3>&- &
	SERVE_PID=$!
	keep_pid "$SERVE_PID"
	until_ok grep -q 'serving http' "$SERVE_ERR"
	URL=$(sed -n 's|.*serving \(http://[^ ]*/metrics\):.*|\1|p' "$SERVE_ERR")
}

# GET $URL (or $2) with Accept $1 (none when empty): body in $BODY, the
# Content-Type in $CTYPE, the status in $CODE.
scrape() {
	local h=$BATS_TEST_TMPDIR/headers
	BODY=$(curl -sS --max-time 60 -D "$h" ${1:+-H "Accept: $1"} "${2:-$URL}")
	CODE=$(sed -n '1s/^HTTP[^ ]* \([0-9]*\).*/\1/p' "$h")
	CTYPE=$(sed -n 's/^[Cc]ontent-[Tt]ype: \(.*\)\r$/\1/p' "$h")
}

# The value of the sample NAME{LABELS} in $BODY ("" when absent).
sample() {
	awk -v s="$1" '$1 == s { print $2 }' <<<"$BODY"
}

# A Prometheus server on loopback scraping $URL every second, with its own
# free port and storage in the test's directory; $PROM is its address.
# A port taken between free_port and Prometheus' bind (tests run side by
# side) is tried again with another.
start_prometheus() {
	local port pid try target=${URL#http://}
	for try in 1 2 3; do
		port=$(free_port)
		PROM=http://127.0.0.1:$port
		cat >"$BATS_TEST_TMPDIR/prometheus.yml" <<-EOT
			global:
			  scrape_interval: 1s
			  scrape_timeout: 1s
			scrape_configs:
			  - job_name: hwpc
			    static_configs:
			      - targets: ['${target%/metrics}']
		EOT
		prometheus --config.file="$BATS_TEST_TMPDIR/prometheus.yml" --storage.tsdb.path="$BATS_TEST_TMPDIR/tsdb" \
			--web.listen-address="127.0.0.1:$port" --log.level=warn >"$BATS_TEST_TMPDIR/prometheus.log" 2>&1 3>&- &
		pid=$!
		keep_pid "$pid"
		until_ok eval 'curl -sf -o /dev/null "$PROM/-/ready" || ! kill -0 '"$pid"' 2>/dev/null'
		kill -0 "$pid" 2>/dev/null && return 0
		grep -q 'address already in use' "$BATS_TEST_TMPDIR/prometheus.log" || break
	done
	cat "$BATS_TEST_TMPDIR/prometheus.log" >&2
	return 1
}

# An instant query's first value ("" when it has no result).
prom_value() {
	curl -sS --max-time 30 "$PROM/api/v1/query" --data-urlencode "query=$1" | jq -r '.data.result[0].value[1] // ""'
}

# How many series an instant query returns.
prom_count() {
	curl -sS --max-time 30 "$PROM/api/v1/query" --data-urlencode "query=$1" | jq -r '.data.result | length'
}
