#!/bin/sh
# SPDX-License-Identifier: MIT
# Run README.md's examples as a new user would: every ```sh block after the
# "Examples" heading, in order, in one scratch directory, with the freshly
# built commands first on PATH and a private simulator state.  Every command
# must succeed, and the examples whose figures the README promises must show
# them (the checks at the end, on each command's own output).  A line that
# needs real hardware ends in "# needs a GPU" and is skipped (and counted, so
# the skip is visible).
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
		if (!cont) printf "readme_line %d\n", NR > file
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

mkdir -p "$work/run" "$work/xdg" "$work/lines"
cd "$work/run" || exit 1
for b in "$@"; do
	# errexit with an ERR trap: the first failing command is reported with
	# its README line and output, and the rest of the block is not run.
	# Each command's output goes to lines/LINE (readme_line), for the
	# checks below.
	if ! env -u HWPC_DEVICE -u HWPC_REGDB PATH="$top/$build/bin:$PATH" XDG_RUNTIME_DIR="$work/xdg" \
		HWPC_README_LINES="$work/lines" bash -c 'set -eE -o pipefail
			readme_line() { HWPC_README_LINE=$1; exec >"$HWPC_README_LINES/$1" 2>&1; }
			trap '\''echo "README.md:$HWPC_README_LINE: failed (exit $?): $BASH_COMMAND" >&3'\'' ERR
			. "$1"' sh "$b" 3>"$work/out"; then
		line=$(sed -n 's/^README.md:\([0-9]*\):.*/\1/p' "$work/out")
		[ -n "$line" ] && cat "$work/lines/$line" >&2
		cat "$work/out" >&2
		echo "readme_examples: $(basename "$b" .sh) failed" >&2
		exit 1
	fi
done

# The output of the README command that starts with $1 (its first line).
output_of() {
	n=$(grep -n -F -- "$1" "$readme" | head -1 | cut -d: -f1)
	if [ -z "$n" ] || [ ! -f "$work/lines/$n" ]; then
		echo "readme_examples: no README example starts with '$1' (the check below names it)" >&2
		exit 1
	fi
	cat "$work/lines/$n"
}

# The -i totals example: 64-bit totals that counted something (quad mode
# sums the sets it acked: a domain no set latched on shows all zeros).
totals=$(output_of "pcread -d sim:g84 -D core_a --ack -i" |
	jq -sr '[.[] | select(.type == "pc_counters")] | last | "\(.cycles_total) \(.event_count_total)"') || exit 1
case $totals in
"0 "* | *" 0" | "null "* | *" null" | "")
	echo "readme_examples: the -i totals example shows cycles_total and event_count_total '$totals'" >&2
	exit 1
	;;
esac
echo "readme_examples: $# blocks ran, $(cat "$work/skipped") lines for real hardware skipped; -i totals: $totals"
