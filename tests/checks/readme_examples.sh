#!/bin/sh
# SPDX-License-Identifier: MIT
# Run README.md's examples as a new user would: every ```sh block after the
# "Examples" heading, in order, in one scratch directory, with the freshly
# built commands first on PATH and a private simulator state.  Every command
# must succeed.  A line that needs real hardware ends in "# needs a GPU" and
# is skipped (and counted, so the skip is visible).
#
# usage: tests/checks/readme_examples.sh BUILD_DIR
build=${1:-build}
top=$(pwd)
readme="$top/README.md"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One script per block, numbered in README order; each line keeps its
# README line number for the error report.
awk -v dir="$work" '
	/^## / { examples = ($0 ~ /^## Examples/) }
	examples && /^```sh$/ { n++; inblock = 1; file = sprintf("%s/block%02d.sh", dir, n); next }
	inblock && /^```$/ { inblock = 0; close(file); next }
	# Inside a here-document the lines are data: copied as they are.
	inblock && heredoc != "" { print > file; if ($0 == heredoc) heredoc = ""; next }
	inblock {
		if ($0 ~ /# needs a GPU$/) { print "# skipped (needs a GPU): " $0 > file; skipped++; next }
		# A line continuing the one before (after \ or |) is part of
		# that command: no marker in between.
		if (!cont) printf "HWPC_README_LINE=%d\n", NR > file
		print > file
		cont = ($0 ~ /(\\|[|]|&&)[ ]*$/)
		if (match($0, "<<-?[ ]*\047?[A-Za-z_]+")) {
			heredoc = substr($0, RSTART, RLENGTH)
			sub("^<<-?[ ]*\047?", "", heredoc)
		}
	}
	END { print skipped + 0 > (dir "/skipped") }
' "$readme"

set -- "$work"/block*.sh
if [ ! -f "$1" ]; then
	echo "readme_examples: no \`\`\`sh blocks under '## Examples' in README.md" >&2
	exit 1
fi

mkdir -p "$work/run" "$work/xdg"
cd "$work/run" || exit 1
for b in "$@"; do
	# errexit with an ERR trap: the first failing command is reported with
	# its README line and output, and the rest of the block is not run.
	if ! env -u HWPC_DEVICE -u HWPC_REGDB PATH="$top/$build/bin:$PATH" XDG_RUNTIME_DIR="$work/xdg" \
		bash -c 'set -eE -o pipefail
			trap '\''echo "README.md:$HWPC_README_LINE: failed (exit $?): $BASH_COMMAND" >&2'\'' ERR
			. "$1"' sh "$b" >"$work/out" 2>&1; then
		cat "$work/out" >&2
		echo "readme_examples: $(basename "$b" .sh) failed" >&2
		exit 1
	fi
done
echo "readme_examples: $# blocks ran, $(cat "$work/skipped") lines for real hardware skipped"
