#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write a kernel mmiotrace text (Documentation/trace/mmiotrace.rst) of a
G84 at 0xfd000000, for tsdump --mmiotrace's benchmark.

usage: bench/gen_mmiotrace.py BYTES FILE [driver|pcounter]

driver   (default) what a driver's trace looks like: nine reads in ten,
         polls of a few registers that read the same values again and
         again, writes across the engines, one line in fifty a PCOUNTER
         SRC/OP write
pcounter the worst case for the decoder: every value random, half the
         lines writes, four registers in fourteen PCOUNTER SRC/OP
         (each write a new expression to decompile)

The same block of 20,000 lines is repeated (its timestamps do not grow);
the file is BYTES long, give or take a block."""
import random
import sys

size, out = int(sys.argv[1]), sys.argv[2]
mix = sys.argv[3] if len(sys.argv) > 3 else "driver"
rnd = random.Random(1)
hdr = ("VERSION 20070824\n"
       "PCIDEV 0100\t10de0402\t10\tfd000000\te000000c\t0\tfc000000\t0\t0\t0\t1000000\t10000000\t0\t1000000\t0\t0\t0\tnvidia\n"
       "MAP 0.000001 1 0xfd000000 0xffffc90000000000 0x1000000 0x0 0\n"
       "R 4 0.000003 1 0xfd000000 0x084000a1 0x0 0\n")
lop = [0xa484, 0xa4a4, 0xa424, 0xa444]  # core_a's EVENT and START SRC/OP
polled = [0x9400, 0x9410, 0x400700, 0x2504, 0x140, 0x100, 0x88000, 0x610024]
other = [0x200, 0x1540, 0x400084, 0x400100, 0x400108, 0x2500, 0x3250, 0x9420, 0x9140, 0x100c80,
         0x123450, 0x61c000, 0x70000, 0x1700, 0xa7c4, 0xa600, 0xa640]


def line(op, t, off, value):
    return "%s 4 %d.%06d 1 0x%x 0x%08x 0x0 0\n" % (op, t // 1000000, t % 1000000, 0xfd000000 + off, value)


lines = []
for t in range(1, 20001):
    if mix == "pcounter":
        off = rnd.choice(lop + [0x9400, 0x9410, 0x9420, 0xa7c4, 0x400084, 0x1540, 0x88000, 0x123450, 0xa600, 0xa640])
        if rnd.random() < 0.5:
            lines.append(line("R", t, off, rnd.getrandbits(32)))
        else:
            lines.append(line("W", t, off, rnd.getrandbits(16)))
    else:
        x = rnd.random()
        if x < 0.02:
            lines.append(line("W", t, rnd.choice(lop), rnd.choice([0x10, 0x1110, 0xaaaa, 0xcccc, 0x8888, 0x20])))
        elif x < 0.10:
            lines.append(line("W", t, rnd.choice(other), rnd.getrandbits(rnd.choice([1, 8, 32]))))
        else:
            off = rnd.choice(polled)
            lines.append(line("R", t, off, (off * 2654435761 + rnd.randrange(4)) & 0xffffffff))
block = "".join(lines).encode()
with open(out, "wb") as f:
    f.write(hdr.encode())
    n = len(hdr)
    while n < size:
        f.write(block)
        n += len(block)
