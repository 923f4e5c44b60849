# SPDX-License-Identifier: MIT
# What mandoc -Tlint cannot see in our man pages (make lint-man runs this
# on every page): a .TP paragraph that holds two options, its second
# option's .TP missing, so its tag is run into the first one's text.  In a
# paragraph's body, a line that sets an option in bold (.B, .BI, .BR
# \-x or \-\-name) right after a sentence ended and right before one that
# starts ("... in text a line each." / .BR \-\-list\-regs " [PATTERN]" /
# "List the chip's registers") is a tag without its .TP; an option named
# inside a sentence has a lower-case word or a comma around it.
# And a reference to a section in capitals (.B "TRACE FILES") that is no
# section or subsection title of the page, as written.
#
# usage: awk -f tests/checks/man_lint.awk man/*.[1-8]; exit 1 on a finding.
function refs(   l) {
	for (l in ref)
		if (!(ref[l] in title)) {
			printf "%s:%d: \"%s\" is no section of the page\n", file, l, ref[l]
			bad = 1
		}
	split("", ref)
	split("", title)
}
FNR == 1 { refs(); file = FILENAME; body = 0; prev = "" }
/^\.S[HS] / { t = $0; sub(/^\.S[HS] +/, "", t); gsub(/"/, "", t); title[t] = 1 }
/^\.BR? "[A-Z][A-Z ]+[A-Z]"/ { match($0, /"[^"]*"/); ref[FNR] = substr($0, RSTART + 1, RLENGTH - 2) }
/^\.(SH|SS|PP|P|LP|IP|RS|RE|HP)( |$)/ { body = 0 }
/^\.TP/ { body = 1; tag = 1; next }
{
	if (tag) {
		tag = 0
		tagline = $0
		prev = ""
		next
	}
	if (body && cand != "" && $0 ~ /^[A-Z]/ && candprev ~ /[.:]$/) {
		printf "%s:%d: %s looks like a second option in the paragraph of %s (a missing .TP?)\n",
			FILENAME, candline, cand, tagline
		bad = 1
	}
	cand = ""
	if (body && $0 ~ /^\.(B|BI|BR) +\\-/) {
		cand = $0
		candline = FNR
		candprev = prev
	}
	prev = $0
}
END { refs(); exit bad }
