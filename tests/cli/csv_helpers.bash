# SPDX-License-Identifier: MIT
# CSV helpers shared by the CLI tests and the libpciaccess tests.
# A command's CSV output without the identity columns every record starts
# with (type, device, chipset: checked in the output_*.bats files), for
# assertions on the values that follow them:  run nocsvid pcread ... --format csv
nocsvid() {
	local out rc=0
	out=$("$@") || rc=$?
	/usr/bin/python3 -c 'import csv, sys
w = csv.writer(sys.stdout, lineterminator="\n")
for row in csv.reader(sys.stdin.read().splitlines()):
    w.writerow(row[3:])' <<<"$out"
	return $rc
}
