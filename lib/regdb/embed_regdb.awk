# SPDX-License-Identifier: MIT
# Turn regdb/*.regdb into a C source holding each file's name and text, so the
# register database is part of every binary (see lib/regdb/regdb_load.c).
function flush() {
	if (name != "")
		printf "\t},\n"
}
BEGIN {
	print "/* generated from the regdb files by lib/regdb/embed_regdb.awk; do not edit */"
	print "#include \"regdb/regdb_embedded.h\""
	print "const struct hwpc_regdb_text hwpc_regdb_embedded[] = {"
	name = ""
}
FNR == 1 {
	flush()
	name = FILENAME
	sub(/.*\//, "", name)
	printf "\t{ \"%s\",\n", name
	n++
}
{
	line = $0
	gsub(/\\/, "&&", line)   # "&&" doubles a backslash in every awk (mawk too)
	gsub(/"/, "\\\"", line)
	gsub(/\t/, "\\t", line)
	gsub(/\?/, "\\?", line)   # no trigraphs
	printf "\t  \"%s\\n\"\n", line
}
END {
	flush()
	print "};"
	printf "const unsigned hwpc_regdb_embedded_count = %d;\n", n
}
