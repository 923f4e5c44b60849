#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The file-level import graph of lib/ and cli/, held against the layers
that the README's "Layout" section states:

    commands (cli/*.c)  >  cli/common/  >  lib/device_open.c, lib/hwpc.h
      >  the families (pc, lop, ptimer, tensix, r10k, stream, regs, sim)
      >  dev/, output/  >  regdb/  >  core/

A public header lib/hwpc/FAMILY.h stands on its family's floor (api.h,
error.h and core.h on core's, dev.h on dev's).  A room is a source with the header of
the same name beside it (foo.c with foo.h), as farm-studio counts them.
An arrow A -> B: A includes B, or (given a build) A's object uses a
global symbol that B's object alone defines (nm).  An arrow that runs
back up goes from a lower floor to a higher one; a circle is a set of
two rooms or more that reach each other (a strongly connected
component).  Arrows between two families are sideways: the README orders
no family above another, but they must not go round in a circle (that
fails whatever the limits).

Prints the figures and every circle and upward arrow with what makes it.
With --max-circles N / --max-up N it exits 1 when there are more.

usage: tests/checks/layers.py [--build DIR] [--max-circles N] [--max-up N]
       (from the top of the tree)
"""
import argparse
import os
import re
import subprocess
import sys

FAMILIES = ("pc", "lop", "ptimer", "tensix", "r10k", "stream", "regs", "sim")
FLOOR_NAMES = {0: "core", 1: "regdb", 2: "dev/output", 3: "families",
               4: "lib top", 5: "cli/common", 6: "commands"}
LIB_FLOORS = {"core": 0, "regdb": 1, "dev": 2, "output": 2}
HEADER_FLOORS = {"api": 0, "error": 0, "core": 0, "regdb": 1, "dev": 2, "output": 2}


def floor(path):
    parts = path.split("/")
    if parts[0] == "cli":
        return 5 if parts[1] == "common" else 6
    if len(parts) == 2:                       # lib/device_open.c, lib/hwpc.h
        return 4
    if parts[1] == "hwpc":
        stem = os.path.splitext(parts[2])[0]
        return HEADER_FLOORS.get(stem, 3 if stem in FAMILIES else None)
    if parts[1] in LIB_FLOORS:
        return LIB_FLOORS[parts[1]]
    return 3 if parts[1] in FAMILIES else None


def family(path):
    parts = path.split("/")
    if parts[0] == "cli" or len(parts) == 2:
        return None
    if parts[1] == "hwpc":
        return os.path.splitext(parts[2])[0]
    return parts[1]


def sources():
    out = []
    for top in ("lib", "cli"):
        for d, _, files in os.walk(top):
            out += [os.path.join(d, f) for f in files if f.endswith((".c", ".h"))]
    return sorted(out)


def room_of(path, files):
    if path.endswith(".h"):
        c = path[:-2] + ".c"
        if c in files:
            return c
    return path


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def include_edges(files):
    edges = {}
    for f in files:
        with open(f, encoding="utf-8", errors="replace") as fp:
            text = fp.read()
        for inc in INCLUDE.findall(text):
            # the including file's folder first, then -Ilib (as cc does)
            for cand in (os.path.normpath(os.path.join(os.path.dirname(f), inc)),
                         os.path.normpath(os.path.join("lib", inc))):
                if cand in files:
                    edges.setdefault((f, cand), "#include \"%s\"" % inc)
                    break
    return edges


def symbol_edges(build, files):
    objs = []
    for top in ("lib", "cli"):
        for d, _, names in os.walk(os.path.join(build, "obj", top)):
            objs += [os.path.join(d, n) for n in names if n.endswith(".o")]
    if not objs:
        sys.exit("layers: no objects under %s/obj (build first)" % build)
    res = subprocess.run(["nm", "-A", "-g", "-P"] + sorted(objs),
                         capture_output=True, text=True, check=True)
    defs, uses = {}, []
    pre = os.path.join(build, "obj") + "/"
    for line in res.stdout.splitlines():
        f = line.split()
        obj, name, kind = f[0].rstrip(":"), f[1], f[2]
        src = obj[len(pre):-2] + ".c"
        if src not in files:                  # generated sources
            continue
        if kind == "U":
            uses.append((src, name))
        elif kind.isupper():
            defs.setdefault(name, set()).add(src)
    edges = {}
    for src, name in uses:
        d = defs.get(name)
        if d and len(d) == 1:                 # a name one file alone defines
            (dst,) = d
            if dst != src:
                edges.setdefault((src, dst), name)
    return edges


def circles(nodes, adj):
    """Strongly connected components of two rooms or more (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    n = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(adj.get(root, ()))))]
        index[root] = low[root] = n
        n += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = n
                    n += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(adj.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", help="a build directory: add the arrows of symbols (nm)")
    ap.add_argument("--max-circles", type=int)
    ap.add_argument("--max-up", type=int)
    a = ap.parse_args()

    files = set(sources())
    unplaced = sorted(f for f in files if floor(f) is None)
    if unplaced:
        sys.exit("layers: on no floor of the README's layout: " + " ".join(unplaced))
    edges = include_edges(files)
    if a.build:
        for k, v in symbol_edges(a.build, files).items():
            edges.setdefault(k, v)

    rooms = sorted({room_of(f, files) for f in files})
    arrows = {}
    for (s, d), why in sorted(edges.items()):
        rs, rd = room_of(s, files), room_of(d, files)
        if rs != rd:
            arrows.setdefault((rs, rd), "%s -> %s: %s" % (s, d, why))
    adj = {}
    for s, d in arrows:
        adj.setdefault(s, set()).add(d)
    up = sorted((k, v) for k, v in arrows.items() if floor(k[0]) < floor(k[1]))
    side = sorted(k for k in arrows
                  if floor(k[0]) == floor(k[1]) == 3 and family(k[0]) != family(k[1]))
    circ = circles(rooms, adj)

    print("layers: %d rooms, %d arrows (%s), %d circles of files, %d arrows back up, "
          "%d sideways between families"
          % (len(rooms), len(arrows), "includes and symbols" if a.build else "includes",
             len(circ), len(up), len(side)))
    for c in circ:
        print("  circle of %d: %s" % (len(c), " ".join(c)))
    for (s, d), why in up:
        print("  up %s (%s) -> %s (%s): %s" % (s, FLOOR_NAMES[floor(s)], d,
                                                FLOOR_NAMES[floor(d)], why))
    pairs = sorted({(family(s), family(d)) for s, d in side})
    if pairs:
        print("  sideways: " + ", ".join("%s->%s" % p for p in pairs))
    fadj = {}
    for s, d in pairs:
        fadj.setdefault(s, set()).add(d)
    fcirc = circles(sorted(fadj), fadj)
    for c in fcirc:
        print("  circle of families: " + " ".join(c))
    rc = 0
    if a.max_circles is not None and len(circ) > a.max_circles:
        print("layers: %d circles of files, at most %d allowed" % (len(circ), a.max_circles),
              file=sys.stderr)
        rc = 1
    if fcirc:
        print("layers: families call each other in a circle", file=sys.stderr)
        rc = 1
    if a.max_up is not None and len(up) > a.max_up:
        print("layers: %d arrows back up, at most %d allowed" % (len(up), a.max_up),
              file=sys.stderr)
        rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
