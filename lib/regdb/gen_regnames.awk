# SPDX-License-Identifier: MIT
# Generate regnames.h: every register, field, space and parameter name that
# lib/ spells out in full as a string literal ("PTIMER.TIME_LOW",
# "RISCV_DEBUG_REG.TIMESTAMP_BUF_START[1]", "PCOUNTER.RECORD_EVENT_MAX", and
# PREFIX "NAME" where PREFIX is a file's own #define of "SPACE."), with the
# file and line that use it and the chipsets the use is for, for
# tests/unit/test_regnames.c, which resolves each use on each of them.
#
# A use is for every chipset that has the name's space unless its file
# declares otherwise, in a comment line of its own:
#
#   /* regdb-names: G84:GF100 */                         every name in this file
#   /* regdb-names: PTIMER.CLOCK_SOURCE NV41- */         these names in this file
#
# The range is regdb's (as hwpc_gens_parse reads it); a name's own line
# wins over the file's. A declaration that names a name the file does not
# use, or that is malformed, is an error here, so none goes stale.
#
# Names built at run time (snprintf) and names relative to a space
# ("RECORD_START" given to a helper that adds "PCOUNTER.") are not seen.
#
#   awk -f lib/regdb/gen_regnames.awk lib/*.c lib/sim/*.c > regnames.h

BEGIN {
	print "/* Generated from the lib/ sources by lib/regdb/gen_regnames.awk: do not edit. */"
	print "static const struct regname {"
	print "\tconst char *name, *where;"
	print "\tconst char *gens, *gens_where; /* declared range and its place, or NULL: every chipset with its space */"
	print "} regnames[] = {"
	nuse = 0
	NAME = "[A-Z][A-Z0-9_]*(\\.[A-Z][A-Z0-9_]*)*(\\[[0-9]+\\])*(\\.[A-Z][A-Z0-9_]*)?"
}

function fail(msg) {
	printf "gen_regnames.awk: %s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	failed = 1
	exit 1
}

# Print the file's uses with their declared ranges; check every declared
# name was used.
function flush(   i, nm) {
	for (i = 0; i < nuse; i++) {
		nm = use_name[i]
		if (nm in decl)
			printf "\t{ \"%s\", \"%s\", \"%s\", \"%s\" },\n", nm, use_where[i], decl[nm], decl_where[nm]
		else if (file_decl != "")
			printf "\t{ \"%s\", \"%s\", \"%s\", \"%s\" },\n", nm, use_where[i], file_decl, file_decl_where
		else
			printf "\t{ \"%s\", \"%s\", NULL, NULL },\n", nm, use_where[i]
		used[nm] = 1
	}
	for (nm in decl)
		if (!(nm in used)) {
			printf "gen_regnames.awk: %s: regdb-names declares %s, which the file does not spell out\n", \
				decl_where[nm], nm > "/dev/stderr"
			failed = 1
			exit 1
		}
	nuse = 0
	file_decl = file_decl_where = ""
	delete decl
	delete decl_where
	delete used
	delete prefix
}

FNR == 1 && NR > 1 { flush() }

# a declaration: regdb-names: [NAME...] RANGE
/^[ \t]*(\/\*|\*)[ \t]*regdb-names:/ {
	d = $0
	sub(/.*regdb-names:[ \t]*/, "", d)
	sub(/[ \t]*\*\/[ \t]*$/, "", d)
	k = split(d, tok, /[ \t]+/)
	if (k < 1 || tok[k] == "" || tok[k] ~ /\./)
		fail("regdb-names: expected [NAME...] RANGE, got '" d "'")
	for (i = 1; i < k; i++) {
		if (tok[i] !~ ("^" NAME "$") || tok[i] !~ /\./)
			fail("regdb-names: '" tok[i] "' is not a full name (before the range " tok[k] ")")
		if (tok[i] in decl)
			fail("regdb-names: " tok[i] " declared twice (also " decl_where[tok[i]] ")")
		decl[tok[i]] = tok[k]
		decl_where[tok[i]] = FILENAME ":" FNR
	}
	if (k == 1) {
		if (file_decl != "")
			fail("regdb-names: a second range for the whole file (also " file_decl_where ")")
		file_decl = tok[1]
		file_decl_where = FILENAME ":" FNR
	}
	next
}
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
		use_name[nuse] = s
		use_where[nuse] = FILENAME ":" FNR
		nuse++
		n++
	}
}
END {
	if (failed)
		exit 1
	flush()
	if (failed)
		exit 1
	print "};"
	printf "#define REGNAMES_FOUND %d\n", n
}
