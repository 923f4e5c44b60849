#!/bin/sh
# SPDX-License-Identifier: MIT
# pcread --serve under repeated scrapes for a long time: its resident
# memory and open file descriptors, sampled every minute, must stay flat
# (bench/RESULTS.md, "pcread --serve").  Two realtime simulated GPUs, read
# every 100 ms between scrapes; a scraper keeps one keep-alive connection
# busy (OpenMetrics, as Prometheus asks) while another opens a new
# connection for every scrape (the Prometheus text format, as curl asks),
# and a burst of 8 concurrent ones comes every 10 s.
#   bench/serve_soak.sh [BIN_DIR [SECONDS]]
set -e
B=${1:-build/bin}
secs=${2:-600}
dir=$(mktemp -d "${TMPDIR:-/tmp}/hwpc-soak.XXXXXX")
export XDG_RUNTIME_DIR="$dir"
pids=""
trap 'kill $pids 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"' EXIT
g0=sim:g84,state=$dir/gpu0.st
g1=sim:nv40,state=$dir/gpu1.st
"$B/pcsim" reset "$g0" >/dev/null
"$B/pcsim" reset "$g1" >/dev/null
"$B/pcsetup" -d "$g0" -D core_a --mode quad --event 1 >/dev/null
"$B/pcsetup" -d "$g1" -D core --mode quad --event 1 >/dev/null
"$B/pcread" -d "$g0" -d "$g1" --serve 127.0.0.1:0 --ack --trigger -i 100ms 2>"$dir/err" &
srv=$!
pids="$srv"
while ! grep -q serving "$dir/err"; do sleep 0.1; done
url=$(sed -n 's|.*serving \(http://[^ ]*/metrics\):.*|\1|p' "$dir/err")
/usr/bin/python3 -c 'import http.client, sys, time, urllib.parse
u = urllib.parse.urlparse(sys.argv[1])
c = http.client.HTTPConnection(u.hostname, u.port)
end = time.monotonic() + float(sys.argv[2])
n = 0
while time.monotonic() < end:
    c.request("GET", u.path, headers={"Accept": "application/openmetrics-text"})
    assert c.getresponse().read().endswith(b"# EOF\n")
    n += 1
print("keep-alive scraper: %d scrapes" % n)' "$url" "$secs" &
pids="$pids $!"
(end=$(($(date +%s) + secs)); n=0
 while [ "$(date +%s)" -lt "$end" ]; do
	curl -sf -o /dev/null "$url"; n=$((n + 1))
	if [ $((n % 100)) -eq 0 ]; then
		for i in 1 2 3 4 5 6 7 8; do curl -sf -o /dev/null "$url" & done; wait
	fi
 done; echo "new-connection scraper: $n scrapes and their bursts") &
pids="$pids $!"
echo "| minute | RSS | fds | threads | scrapes |"
echo "|---:|---:|---:|---:|---:|"
sample() {
	rss=$(awk '/^VmRSS/ { print $2 " " $3 }' "/proc/$srv/status")
	thr=$(awk '/^Threads/ { print $2 }' "/proc/$srv/status")
	fds=$(ls "/proc/$srv/fd" | wc -l)
	n=$(curl -sf "$url" | awk '$1 == "hwpc_serve_scrape_count_total" { print $2 }')
	echo "| $1 | $rss | $fds | $thr | $n |"
}
start=$(date +%s)
while [ $(($(date +%s) - start + 60)) -lt "$secs" ]; do
	sample $((($(date +%s) - start) / 60))
	sleep 60
done
wait $(echo "$pids" | cut -d' ' -f2-) 2>/dev/null || true
sample "end"
kill -TERM "$srv"
wait "$srv" && echo "pcread exited 0 on SIGTERM"
pids=""
