#!/bin/sh
# SPDX-License-Identifier: MIT
# contrib/hwpc-exporter.service is a unit systemd accepts, runs the pcread
# just built with options it takes, and keeps its hardening: systemd's own
# offline assessment must stay "OK" (exposure 2.0 or below; 1.5 when
# written).
#
# usage: tests/checks/contrib_unit.sh BUILD_DIR    (from the top of the tree)
build=${1:-build}
top=$(pwd)
unit=contrib/hwpc-exporter.service
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! command -v systemd-analyze >/dev/null; then
	echo "contrib_unit: missing tool: systemd-analyze (.ci/install-deps installs systemd)" >&2
	exit 1
fi
# The unit as installed, but with the pcread of this build (verify wants
# ExecStart to exist) and without the man page link (not installed here).
sed -e "s|/usr/local/bin/pcread|$top/$build/bin/pcread|" -e '/^Documentation=/d' "$unit" \
	>"$tmp/hwpc-exporter.service"
systemd-analyze verify "$tmp/hwpc-exporter.service" || exit 1
# ExecStart's options are pcread's: parsed in order, an unknown one or a bad
# value fails before --version is reached.
cmd=$(sed -n 's/^ExecStart=//p' "$tmp/hwpc-exporter.service")
# shellcheck disable=SC2086
out=$($cmd --version 2>&1) || {
	echo "contrib_unit: ExecStart: $out" >&2
	exit 1
}
level=$(systemd-analyze security --offline=yes "$tmp/hwpc-exporter.service" 2>&1 |
	sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
if [ -z "$level" ] || ! awk -v l="$level" 'BEGIN { exit !(l <= 2.0) }'; then
	echo "contrib_unit: exposure level ${level:-unknown}, above 2.0" >&2
	exit 1
fi
echo "contrib_unit: $unit verified, exposure level $level"
