#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# Check that the text tables on standard input line up: usage
#   table_check.py FIRST [MAXWIDTH]
# A table is a header line starting with FIRST (its first column's name)
# and the lines after it up to a blank line or a "device:"/"chipset:" line.
# The header's names are parted by two or more spaces; in every column of
# a table, every cell starts where the header's name does or every cell
# ends where it does (left or right aligned), two blanks after the column
# before.  With MAXWIDTH, no line of a
# table is longer.  Exits 1 naming the first line that does not fit.
import re
import sys


def cells(line):
    return [(m.start(), m.end()) for m in re.finditer(r"\S+(?: \S+)*", line)]


def at(line, i):
    return line[i] if 0 <= i < len(line) else " "


def fits(line, c, head, right):
    """Column c of line where the header puts it: a cell that starts where
    the header's name does (left) or ends where it does (right); or nothing
    there at all (an empty cell)."""
    s, e = head[c]
    prev = head[c - 1][1] if c else 0
    nxt = head[c + 1][0] if c + 1 < len(head) else len(line)
    if not line[prev if right else s:e if right else nxt].strip():
        return True
    return any((ce if right else cs) == (e if right else s) for cs, ce in cells(line))


def check(table, maxwidth):
    head = cells(table[0])
    for line in table:
        if maxwidth and len(line) > maxwidth:
            return "line of %d characters (more than %d): %s" % (len(line), maxwidth, line)
    for c in range(len(head)):
        if not all(fits(line, c, head, False) for line in table) and \
           not all(fits(line, c, head, True) for line in table):
            return "column %d (%s) does not line up:\n%s" % (c + 1, table[0][head[c][0]:head[c][1]],
                                                             "\n".join(table))
    return None


def main():
    first = sys.argv[1]
    maxwidth = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    lines = sys.stdin.read().split("\n")
    found = 0
    i = 0
    while i < len(lines):
        if not lines[i].lstrip().startswith(first):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j] and not re.match(r"(device|chipset): ", lines[j]):
            j += 1
        table = lines[i:j]
        found += 1
        err = check(table, maxwidth)
        if err:
            print("table_check: " + err, file=sys.stderr)
            return 1
        i = j
    if not found:
        print("table_check: no table starting with %r" % first, file=sys.stderr)
        return 1
    return 0


sys.exit(main())
