#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# soak_table.py - make soak's table from the soak consoles.
#
# Usage: soak_table.py OUT SEED DURATION NAME=CONSOLE...
#
# One column per kernel (NAME), one row per "# soak: SOAK KEY VALUE" line
# the guests printed (testplans-soak/soak), in the order first seen, then
# each test's KTAP result ("ok", "ok (skip)", "not ok" or "no result")
# and the guest time the churn reached (its last "soak: t=N s" line). A
# console that cannot be read gives a column of "-" and "no result".
#
# Exit: 0 written, 2 usage.

import re
import sys

TESTS = ("soak_churn", "soak_teardown", "soak_books")


def main():
    if len(sys.argv) < 5 or any("=" not in a for a in sys.argv[4:]):
        print("usage: soak_table.py OUT SEED DURATION NAME=CONSOLE...", file=sys.stderr)
        return 2
    out, seed, duration, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    cols, keys, vals = [], [], {}

    def put(name, key, value):
        if key not in keys:
            keys.append(key)
        vals[name, key] = value

    for a in args:
        name, path = a.split("=", 1)
        cols.append(name)
        try:
            with open(path, errors="replace") as f:
                text = f.read()
        except OSError:
            text = ""
        for m in re.finditer(r"# soak: SOAK ([a-z0-9_]+) ([0-9]+)", text):
            put(name, m.group(1), m.group(2))
        t = re.findall(r"soak: t=([0-9]+) s", text)
        put(name, "guest_seconds_run", t[-1] if t else "0")
        for test in TESTS:
            m = re.search(r"^\s*(?:\[[ 0-9.]+\] )?((?:not )?ok) [0-9]+ " + test + r"( # SKIP.*)?\r?$",
                          text, re.M)
            put(name, "result_" + test,
                (m.group(1) + (" (skip)" if m.group(2) else "")) if m else "no result")
    w = max(len(k) for k in keys)
    lines = [f"make soak: seed {seed}, {duration} s of guest time per kernel",
             f"{'':{w}}" + "".join(f" {c:>24}" for c in cols)]
    for k in keys:
        lines.append(f"{k:{w}}" + "".join(f" {vals.get((c, k), '-'):>24}" for c in cols))
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
