#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# The cost of a pcread --serve scrape per device (bench/RESULTS.md,
# "pcread --serve"): exporters on 1, 2, 4 and 8 simulated G84s (every
# domain served, core_a counting in quad mode with --ack --trigger) are
# scraped back to back over one keep-alive connection,
# as Prometheus scrapes, taking turns round by round so that the machine's
# noise falls on all alike.  Per exporter: the exporter's CPU per scrape
# (utime + stime from /proc, so the scraper's own CPU is not counted), the
# median scrape latency, the exposition's size, and the MMIO reads a
# device's read takes (pcread -v's mmio_read_count, summed over its domains;
# firing PM_TRIGGER adds a write, and on NV40:G84 a read).
# CLOCK virtual (default): a simulator access costs what answering it
# costs, as a real BAR0 read costs its PCIe round trip; realtime: each
# access also catches the models up to the host's time (pcsim(1)).
#   bench/serve_cost.py [BIN_DIR [SCRAPES_PER_ROUND [ROUNDS [CLOCK]]]]
import http.client, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

B = sys.argv[1] if len(sys.argv) > 1 else "build/bin"
PER_ROUND = int(sys.argv[2]) if len(sys.argv) > 2 else 100
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
CLOCK = sys.argv[4] if len(sys.argv) > 4 else "virtual"
COUNTS = (1, 2, 4, 8)
TICK = os.sysconf("SC_CLK_TCK")

work = tempfile.mkdtemp(prefix="hwpc-serve-bench.")
env = dict(os.environ, XDG_RUNTIME_DIR=work)


def run(*args):
    return subprocess.run([os.path.join(B, args[0])] + list(args[1:]), env=env, check=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout


def cpu_ticks(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


specs = []
for i in range(max(COUNTS)):
    spec = "sim:g84,state=%s/gpu%d.st" % (work, i)
    run("pcsim", "reset", spec + ",clock=" + CLOCK)
    run("pcsetup", "-d", spec, "-D", "core_a", "--mode", "quad", "--event", "0x10")
    specs.append(spec)
# MMIO reads of one device's read: every domain, once
reads = sum(r["mmio_read_count"] for r in map(json.loads, run("pcread", "-d", specs[0], "-v", "--format",
                                                                  "json").splitlines()[1:]))

servers = {}
try:
    for n in COUNTS:
        args = [os.path.join(B, "pcread")] + sum((["-d", s] for s in specs[:n]), [])
        # -i 1h: between scrapes nothing is read, so every read is a scrape's
        p = subprocess.Popen(args + ["--serve", "127.0.0.1:0", "--ack", "--trigger", "-i", "1h"], env=env,
                             stderr=subprocess.PIPE, text=True)
        line = p.stderr.readline()
        port = int(re.search(r":(\d+)/metrics", line).group(1))
        conn = http.client.HTTPConnection("127.0.0.1", port)
        servers[n] = {"p": p, "conn": conn, "cpu": 0, "lat": [], "bytes": 0}

    def scrape(s):
        t = time.monotonic()
        s["conn"].request("GET", "/metrics", headers={"Accept": "application/openmetrics-text"})
        body = s["conn"].getresponse().read()
        s["lat"].append(time.monotonic() - t)
        s["bytes"] = len(body)

    for s in servers.values():  # the first read of each device, the catch-up since reset
        scrape(s)
        s["lat"].clear()
    for _ in range(ROUNDS):
        for s in servers.values():
            c0 = cpu_ticks(s["p"].pid)
            for _ in range(PER_ROUND):
                scrape(s)
            s["cpu"] += cpu_ticks(s["p"].pid) - c0
    total = ROUNDS * PER_ROUND
    print("%d scrapes of each exporter (%d rounds of %d, taking turns), %s clocks; %d MMIO reads and the "
          "PM_TRIGGER write per device read"
          % (total, ROUNDS, PER_ROUND, CLOCK, reads))
    print("| devices | exporter CPU per scrape | per device | median scrape latency | exposition |")
    print("|---:|---:|---:|---:|---:|")
    for n, s in servers.items():
        cpu = s["cpu"] / TICK / total
        # the CPU figure is whole clock ticks over the run: +-1 tick per round
        err = ROUNDS / TICK / total
        print("| %d | %.0f +- %.0f us | %.0f us | %.2f ms | %d bytes |"
              % (n, cpu * 1e6, err * 1e6, cpu * 1e6 / n, statistics.median(s["lat"]) * 1e3, s["bytes"]))
finally:
    for s in servers.values():
        s["p"].terminate()
        s["p"].wait()
    shutil.rmtree(work)
