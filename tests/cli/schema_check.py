#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Check a command's JSON Lines or CSV output against the output schema.

usage: schema_check.py SCHEMA_DUMP json|csv FILE

SCHEMA_DUMP is build/tests/schema_dump, which prints the documented key set
of every record kind (the same table hwpc-output(7) is generated from).
JSON: the first line is the header record (type "schema" and the schema
version); every other line is an object whose keys are exactly its kind's,
in order (a key marked optional, and its companions, may be left out, but
never set to null), with values of the documented types.  CSV: the header row is
type, device, chipset, then keys of record kinds; each row's type is a
documented kind and every key of that kind is a column.
Prints one line naming the first mismatch and exits 1; exits 0 when all fit.
"""
import csv
import json
import subprocess
import sys

SCHEMA_VERSION = 2


def kinds(dump, mode):
    out = subprocess.run([dump, mode], check=True, capture_output=True, text=True).stdout
    return {line.split()[0]: line.split()[1:] for line in out.splitlines() if line}


def fail(msg):
    print("schema_check: " + msg)
    sys.exit(1)


# JSON values of each schema type (null is any key's "no value")
TYPES = {
    "u64": lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
    "i64": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "double": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
    "hex": lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
    "bool": lambda v: isinstance(v, bool),
}


def check_json(dump, text):
    want = kinds(dump, "--keys")
    types = {t: dict(kv.split("=") for kv in keys) for t, keys in kinds(dump, "--types").items()}
    lines = text.splitlines()
    if not lines:
        fail("no output")
    head = json.loads(lines[0])
    if head.get("type") != "schema" or head.get("schema_version") != SCHEMA_VERSION:
        fail("first line is not the schema header: " + lines[0][:120])
    if list(head) != ["type", "schema_version", "command", "version"]:
        fail("header keys %s" % list(head))
    for n, line in enumerate(lines[1:], 2):
        try:
            rec = json.loads(line)
        except ValueError as e:
            fail("line %d is not JSON (%s): %s" % (n, e, line[:120]))
        t = rec.get("type")
        if t not in want:
            fail("line %d: type %r is not a documented record kind" % (n, t))
        keys = [k.rstrip("?") for k in want[t] if not k.endswith("?") or k.rstrip("?") in rec]
        if list(rec) != keys:
            fail("line %d (%s): keys %s, documented %s" % (n, t, list(rec), want[t]))
        for k in want[t]:
            if k.endswith("?") and k[:-1] in rec and rec[k[:-1]] is None:
                fail("line %d (%s): optional key %s is null, not left out" % (n, t, k[:-1]))
        for k in want[t]:
            base = k.rstrip("?")
            for suffix in ("_hex", "_dec"):
                if base.endswith(suffix) and (base in rec) != (base[:-4] in rec):
                    fail("line %d (%s): %s and %s not both present" % (n, t, base, base[:-4]))
        for k, v in rec.items():
            if v is not None and not TYPES[types[t][k]](v):
                fail("line %d (%s): %s is %r, not of type %s" % (n, t, k, v, types[t][k]))
            if k.endswith("_hex") or k.endswith("_dec"):
                if v is not None and not isinstance(v, str):
                    fail("line %d: %s is not a string" % (n, k))
                if k.endswith("_dec") and v is not None and str(rec[k[:-4]]) != v:
                    fail("line %d: %s %r differs from %s" % (n, k, v, k[:-4]))
            elif isinstance(v, str) and k not in ("type", "device", "chipset") and v.strip() != v:
                fail("line %d: %s has surrounding blanks" % (n, k))


def check_csv(dump, text):
    want = kinds(dump, "--csv")
    rows = list(csv.reader(text.splitlines()))
    if not rows:
        fail("no output")
    cols = rows[0]
    if cols[:3] != ["type", "device", "chipset"]:
        fail("header row starts %s" % cols[:3])
    for n, row in enumerate(rows[1:], 2):
        if len(row) != len(cols):
            fail("row %d has %d cells, the header %d" % (n, len(row), len(cols)))
        t = row[0]
        if t not in want:
            fail("row %d: type %r is not a documented record kind" % (n, t))
        missing = [k for k in want[t] if k not in cols]
        if missing:
            fail("row %d (%s): documented keys %s are not columns" % (n, t, missing))
    documented = set(k for keys in want.values() for k in keys)
    extra = [c for c in cols if c not in documented]
    if extra:
        fail("columns %s are not documented keys" % extra)


def main():
    if len(sys.argv) != 4 or sys.argv[2] not in ("json", "csv"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[3], encoding="utf-8") as f:
        text = f.read()
    (check_json if sys.argv[2] == "json" else check_csv)(sys.argv[1], text)


main()
