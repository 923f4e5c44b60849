#!/bin/sh
# SPDX-License-Identifier: MIT
# The README's "Layout" holds of the code: no file includes or calls a file
# on a higher floor (commands > cli/common > lib/device_open.c > the
# families > dev/, output/ > regdb/ > core/), and no files call each other
# in a circle.  The graph and the figures: tests/checks/layers.py.
#
# usage: tests/checks/layers.sh BUILD_DIR    (from the top of the tree)
exec python3 tests/checks/layers.py --build "${1:-build}" --max-up 0 --max-circles 0
