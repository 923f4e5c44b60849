#!/bin/sh
# SPDX-License-Identifier: MIT
# The man-page checks mandoc cannot make (tests/checks/man_lint.awk, which
# make lint-man runs on every page) catch what they are for: a page with a
# .TP missing between two options, and one referring to a section it does
# not have, are refused.  And pcsim(1)'s SYNOPSIS has a line for every
# command pcsim --help lists.
#
# usage: tests/checks/man_lint.sh BUILD_DIR    (from the top of the tree)
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

cat >"$tmp/two.1" <<'PAGE'
.TH TWO 1
.SH OPTIONS
.TP
.BI \-\-chip " CHIPSET"
The chipset, or
.B \-\-other
in a sentence.
.BR \-\-list\-regs " [\fIPATTERN\fR]"
List the registers.
PAGE
out=$(awk -f tests/checks/man_lint.awk "$tmp/two.1")
case $out in
*"two.1:8: .BR \-\-list\-regs"*"looks like a second option in the paragraph of .BI \-\-chip"*) ;;
*) echo "man_lint: a .TP paragraph holding two options was not caught: '$out'"; status=1 ;;
esac

printf '.TH REF 1\n.SH FILES\nsee\n.B "TRACE FILES"\nand\n.B "FILES"\n' >"$tmp/ref.1"
out=$(awk -f tests/checks/man_lint.awk "$tmp/ref.1")
if [ "$out" != "$tmp/ref.1:4: \"TRACE FILES\" is no section of the page" ]; then
	echo "man_lint: a reference to a missing section was not caught: '$out'"
	status=1
fi

awk -f tests/checks/man_lint.awk man/*.[1-8] || status=1

# pcsim(1) SYNOPSIS: a line for every command of pcsim --help.
syn=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' man/pcsim.1)
for c in $("$build/bin/pcsim" --help | sed -n '/^Commands:/,/^Options:/{s/^  \([a-z][a-z-]*\).*/\1/p}' | sort -u); do
	printf '%s\n' "$syn" | grep -q "^\.B $(printf '%s' "$c" | sed 's/-/\\\\-/g')\( \|$\)" ||
		{ echo "man/pcsim.1: SYNOPSIS has no line for pcsim $c"; status=1; }
done
printf '%s\n' "$syn" | grep -q 'advance \\-\\-cycles' && printf '%s\n' "$syn" | grep -q '^\.B \\-\\-domain' ||
	{ echo "man/pcsim.1: SYNOPSIS has no advance --cycles N --domain DOM"; status=1; }
exit $status
