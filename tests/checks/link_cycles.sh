#!/bin/sh
# SPDX-License-Identifier: MIT
# Fail, printing it, if the library's objects depend on each other in a
# cycle through OBJECT (default lib/dev/device.o): the device core every backend
# uses must not, through the backends it opens, depend on itself.  The
# graph is derived from nm: an object uses another when one of its
# undefined symbols is defined there.
#
# usage: tests/checks/link_cycles.sh BUILD_DIR [OBJECT]
build=${1:-build}
target=${2:-lib/dev/device.o}
objs=$(find "$build/obj/lib" "$build/obj/gen" -name '*.o' 2>/dev/null | sort)
if [ -z "$objs" ]; then
	echo "link_cycles: no objects under $build/obj/lib (build first)" >&2
	exit 2
fi
# shellcheck disable=SC2086
nm -A -g -P $objs | awk -v pre="$build/obj/" -v target="$target" '
	{
		file = $1; sub(/:$/, "", file); sub("^" pre, "", file)
		seen[file] = 1
		if ($3 == "U") { nuse[file]++; use[file, nuse[file]] = $2 }
		else if ($3 ~ /^[A-Z]$/) def[$2] = file
	}
	END {
		if (!(target in seen)) { print "link_cycles: no object " target > "/dev/stderr"; exit 2 }
		# Edges, each with the first symbol that makes it.
		for (f in nuse)
			for (i = 1; i <= nuse[f]; i++) {
				t = def[use[f, i]]
				if (t == "" || t == f || ((f, t) in via)) continue
				via[f, t] = use[f, i]; nout[f]++; out[f, nout[f]] = t
			}
		# Breadth first from target: the shortest way back to it.
		q[1] = target; head = 1; tail = 1; dist[target] = 0
		while (head <= tail) {
			f = q[head++]
			for (i = 1; i <= nout[f]; i++) {
				t = out[f, i]
				if (t == target) {
					n = 0; for (x = f; x != target; x = parent[x]) chain[++n] = x
					line = target
					for (k = n; k >= 1; k--) line = line " -> " chain[k] " (" via[k == n ? target : chain[k + 1], chain[k]] ")"
					line = line " -> " target " (" via[f, target] ")"
					print "link_cycles: dependency cycle through " target ":" > "/dev/stderr"
					print "  " line > "/dev/stderr"
					exit 1
				}
				if (!(t in dist)) { dist[t] = dist[f] + 1; parent[t] = f; q[++tail] = t }
			}
		}
		print "link_cycles: no dependency cycle through " target
	}'
