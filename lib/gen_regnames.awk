# SPDX-License-Identifier: MIT
# Generate regnames.h: every register, field, space and parameter name that
# lib/ spells out in full as a string literal ("PTIMER.TIME_LOW",
# "RISCV_DEBUG_REG.TIMESTAMP_BUF_START[1]", "PCOUNTER.RECORD_EVENT_MAX", and
# PREFIX "NAME" where PREFIX is a file's own #define of "SPACE."), with the
# file and line that use it, for tests/unit/test_regnames.c, which resolves
# each one on every chipset that has its space.
#
# Names built at run time (snprintf) and names relative to a space
# ("RECORD_START" given to a helper that adds "PCOUNTER.") are not seen.
#
#   awk -f lib/gen_regnames.awk lib/*.c lib/sim/*.c > regnames.h

BEGIN {
	print "/* Generated from the lib/ sources by lib/gen_regnames.awk: do not edit. */"
	print "static const struct regname { const char *name, *where; } regnames[] = {"
	NAME = "[A-Z][A-Z0-9_]*(\\.[A-Z][A-Z0-9_]*)*(\\[[0-9]+\\])*(\\.[A-Z][A-Z0-9_]*)?"
}
FNR == 1 { delete prefix }
# a file's own prefix macro: #define REGS "RISCV_DEBUG_REG."
/^#define [A-Z_]+ "[A-Z][A-Z0-9_.]*\."$/ {
	p = $3
	gsub(/"/, "", p)
	prefix[$2] = p
	next
}
{
	line = $0
	sub(/^[ \t]*(\/\*|\*).*/, "", line) # comment lines
	while (match(line, "([A-Z_]+ )?\"" NAME "\"")) {
		s = substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		pre = ""
		if (s ~ /^[A-Z_]+ /) {
			m = s
			sub(/ .*/, "", m)
			if (!(m in prefix))
				continue # a word before a string: not a prefix macro
			pre = prefix[m]
		}
		sub(/^[A-Z_]+ /, "", s)
		gsub(/"/, "", s)
		s = pre s
		if (s !~ /\./)
			continue # not a full name
		printf "\t{ \"%s\", \"%s:%d\" },\n", s, FILENAME, FNR
		n++
	}
}
END {
	print "};"
	printf "#define REGNAMES_FOUND %d\n", n
}
