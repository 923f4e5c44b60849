#!/bin/sh
# SPDX-License-Identifier: MIT
# libhwpc.so exports exactly its public API: every symbol it defines is
# hwpc_*, every function declared in a public header (lib/hwpc.h,
# lib/hwpc/*.h) is exported, so a declaration without HWPC_API, or one of a
# function defined outside the library, is caught, and every function it
# exports is declared there, so one marked HWPC_API in an internal header
# (lib/FAMILY/*_cmd.h: what the commands use that is not API) is caught
# too, and libhwpc(3)'s HISTORY gives their number.  Static inline
# functions of the headers are not exported and not asked for.
#
# usage: tests/checks/exports.sh BUILD_DIR    (from the top of the tree)
# Needs gcc (its -aux-info lists the headers' declarations) and nm.
build=${1:-build}
so="$build/lib/libhwpc.so"
gcc=${HWPC_GCC:-gcc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -e "$so" ]; then
	echo "exports: $so: not built" >&2
	exit 1
fi

# Defined dynamic symbols, less the version node (an absolute symbol named
# after lib/libhwpc.map's node); "name@@HWPC_0" becomes "name".
nm -D --defined-only "$so" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' |
	sort -u >"$tmp/exported" || exit 1

# Every function the public headers declare, as gcc sees them.
printf '#include "hwpc.h"\n' >"$tmp/all.c"
"$gcc" -std=c11 -D_GNU_SOURCE -Ilib -I"$build/gen" -fsyntax-only \
	-aux-info "$tmp/aux" "$tmp/all.c" || {
	echo "exports: $gcc could not read lib/hwpc.h" >&2
	exit 1
}
top=$(pwd)
awk -v top="$top/lib/" '
	# /* FILE:LINE:NC */ extern int name (args);   static ones are inline
	{
		f = $2; sub(/:[0-9]+:[A-Z]+$/, "", f)
		if (index(f, top) == 1) f = substr(f, length(top) + 1)
		else if (index(f, "lib/") == 1) f = substr(f, 5)
		else next
		if (f != "hwpc.h" && f !~ /^hwpc\/[^\/]*\.h$/) next
		if ($4 == "static") next
		s = $0; sub(/ \(.*/, "", s); sub(/.*[ *]/, "", s)
		print s "\t" f
	}' "$tmp/aux" | sort -u >"$tmp/declared"
if [ ! -s "$tmp/declared" ]; then
	echo "exports: found no declaration in the public headers" >&2
	exit 1
fi

rc=0
bad=$(grep -v '^hwpc_' "$tmp/exported")
if [ -n "$bad" ]; then
	echo "exports: $so exports symbols outside the hwpc_ API:" >&2
	echo "$bad" | sed 's/^/  /' >&2
	rc=1
fi
missing=$(cut -f1 "$tmp/declared" | sort -u | comm -23 - "$tmp/exported")
if [ -n "$missing" ]; then
	echo "exports: declared in a public header but not exported by $so" \
		"(HWPC_API missing, or not defined in lib/):" >&2
	for m in $missing; do
		printf '  %s (%s)\n' "$m" "$(awk -v m="$m" '$1 == m { print $2 }' "$tmp/declared")" >&2
	done
	rc=1
fi
extra=$(grep '^hwpc_' "$tmp/exported" | comm -23 - "$(cut -f1 "$tmp/declared" | sort -u >"$tmp/names"; echo "$tmp/names")")
if [ -n "$extra" ]; then
	echo "exports: $so exports functions no public header declares (HWPC_API on an internal one?):" >&2
	echo "$extra" | sed 's/^/  /' >&2
	rc=1
fi
# libhwpc(3)'s HISTORY gives the number: it must be this library's.
n=$(wc -l <"$tmp/exported")
said=$(sed -n 's/.*libhwpc\.so exports \([0-9][0-9]*\) functions.*/\1/p' man/libhwpc.3)
if [ "$said" != "$n" ]; then
	echo "exports: $so exports $n functions; libhwpc(3) says '${said:-no number}' (HISTORY)" >&2
	rc=1
fi
[ "$rc" -eq 0 ] && echo "exports: $(wc -l <"$tmp/exported") hwpc_ symbols, every public declaration exported"
exit "$rc"
