#!/bin/sh
# SPDX-License-Identifier: MIT
# Every tracked source file says its license in its first line,
# "SPDX-License-Identifier: MIT" (the second line after a shebang, or after a
# man page's '\" preprocessor line): C and headers, shell, awk, python, bats,
# Makefiles and man pages.  Fails naming each file without it.
#
# usage: tests/checks/spdx.sh [BUILD_DIR]    (from the top of a git checkout)
tag='SPDX-License-Identifier: MIT'

# Whether a tracked file is source that must carry the line.
is_source() {
	case $1 in
	tests/cli/golden/* | tests/data/* | regdb/*.regdb) return 1 ;;
	*.c | *.h | *.sh | *.bash | *.bats | *.awk | *.py | Makefile | *.mk) return 0 ;;
	man/*.[1-8]) return 0 ;;
	esac
	# Extensionless scripts (tests/run, bench/run, .ci/*) by their shebang.
	case $(head -c 64 "$1" | head -n 1) in
	'#!'*sh* | '#!'*bats* | '#!'*awk* | '#!'*python*) return 0 ;;
	esac
	return 1
}

list=$(git ls-files 2>/dev/null) || {
	echo "spdx: not a git checkout: cannot list the tracked files" >&2
	exit 1
}
missing=0 checked=0
for f in $list; do
	[ -f "$f" ] && [ ! -L "$f" ] || continue
	is_source "$f" || continue
	checked=$((checked + 1))
	first=$(head -n 1 "$f")
	case $first in
	'#!'* | "'\\\""*) want=$(sed -n 2p "$f") ;;
	*) want=$first ;;
	esac
	case $want in
	*"$tag"*) ;;
	*)
		[ "$missing" -eq 0 ] && echo "spdx: without an '$tag' line first:" >&2
		echo "  $f" >&2
		missing=$((missing + 1)) ;;
	esac
done
if [ "$missing" -gt 0 ]; then
	echo "spdx: $missing of $checked source files lack the line" >&2
	exit 1
fi
echo "spdx: $checked source files, each with its license line"
