#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""selftest_format.py - the layout netdev's CI asks of a selftest's
config and Makefile (NIPA's check_selftest; tooling/check runs this).

Usage: selftest_format.py config|makefile FILE [NAME]

Prints one line per problem, prefixed with NAME (default FILE), and
exits 1 when there is one, 0 otherwise.

config: the option lines (every line holding '=' that is not a comment)
come in the order of their names, underscores not counted.

makefile: a list variable (an upper-case name of three or more
characters that is not a *FLAGS* or *LIBS* variable, assigned with =,
:= or +=, whose value does not start with '$') is assigned in one block
of consecutive lines. Its items are one a line, each after a tab,
sorted (fewer '/' first, then without regard to case). A block of more
than one line ends with a comment line that names the variable when it
says more than a few characters.
"""

import re
import sys

ASSIGN = re.compile(r"^([A-Z_][A-Z0-9_]*)\s*(?::?=|\+=)(.*)$")


def config_problems(text):
    """Option lines out of order, as (line number, message)."""
    problems = []
    prev = None
    for num, line in enumerate(text.split("\n"), 1):
        if line.strip().startswith("#") or "=" not in line:
            continue
        key = line.split("=", 1)[0].strip().replace("_", "")
        if prev is not None and key < prev[1]:
            problems.append((num, f"'{line}' should come before '{prev[0]}'"))
        prev = (line, key)
    return problems


def makefile_blocks(text):
    """{variable: [(line number, text)]}: the lines of every list
    variable's assignments, the first one's value with a tab before it."""
    blocks = {}
    var = None
    for num, line in enumerate(text.split("\n"), 1):
        m = ASSIGN.match(line)
        if m:
            var, value = m.group(1), m.group(2).strip()
            if value.startswith("$") or len(var) < 3 or "FLAGS" in var or "LIBS" in var:
                var = None
            elif value != "\\":
                blocks.setdefault(var, []).append((num, "\t" + value))
        elif var:
            blocks.setdefault(var, []).append((num, line))
        if var and not line.endswith("\\"):
            var = None
    return blocks


def sort_key(item):
    return (item.count("/"), item.lower())


def block_problems(var, lines):
    problems = []
    for (a, _), (b, _) in zip(lines, lines[1:]):
        if b != a + 1:
            problems.append((b, f"{var} assigned again (its first block is at line {lines[0][0]})"))
    body = lines
    if len(lines) > 1:
        end_num, end = lines[-1]
        if end.strip().startswith("#"):
            body = lines[:-1]
            if len(end.strip()) > 5 and var not in end:
                problems.append((end_num, f"the comment ending {var} does not name it: '{end.strip()}'"))
        else:
            problems.append((end_num, f"{var}'s last line is not a comment ('# end of {var}'): '{end.strip()}'"))
    items = []
    for num, line in body:
        if not line.startswith("\t"):
            problems.append((num, f"{var}: an item not indented by a tab: '{line}'"))
        item = line[1:]
        if item.endswith(" \\"):
            item = item[:-2].strip()
        if " " in item and "$" not in item:
            problems.append((num, f"{var}: more than one item on a line: '{item}'"))
        if not item.startswith("$"):
            items.append((num, item))
    for (_, cur), (num, nxt) in zip(items, items[1:]):
        if cur >= nxt and sort_key(cur) > sort_key(nxt):
            problems.append((num, f"{var}: '{nxt}' should come before '{cur}'"))
    return problems


def makefile_problems(text):
    problems = []
    for var, lines in makefile_blocks(text).items():
        problems += block_problems(var, lines)
    return sorted(problems)


def main(argv):
    if len(argv) not in (3, 4) or argv[1] not in ("config", "makefile"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    with open(argv[2], encoding="utf-8") as f:
        text = f.read()
    name = argv[3] if len(argv) == 4 else argv[2]
    problems = config_problems(text) if argv[1] == "config" else makefile_problems(text)
    for num, msg in problems:
        print(f"{name}:{num}: {msg}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
