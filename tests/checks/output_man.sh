#!/bin/sh
# SPDX-License-Identifier: MIT
# hwpc-output(7) lists every record kind of the output schema exactly as
# the code declares it (lib/output/schema_*.c): the part between the GENERATED
# markers is what `schema_dump --man` prints.  `make man-output` rewrites
# it after a schema change.
#
# usage: tests/checks/output_man.sh BUILD_DIR
b=${1:-build}
page=man/hwpc-output.7
dump=$b/tests/schema_dump
[ -x "$dump" ] || { echo "output_man: $dump not built (make tests)" >&2; exit 1; }
want=$(mktemp) have=$(mktemp)
trap 'rm -f "$want" "$have"' EXIT
"$dump" --man >"$want" || exit 1
sed -n '/^\.\\" BEGIN GENERATED/,/^\.\\" END GENERATED/p' "$page" | sed '1d;$d' >"$have"
if ! cmp -s "$want" "$have"; then
	echo "output_man: $page does not match the schema in lib/output/schema_*.c; run: make man-output" >&2
	diff -u "$have" "$want" | head -40 >&2
	exit 1
fi
echo "output_man: $page matches the schema ($(grep -c '^\.SS' "$want") record kinds)"
