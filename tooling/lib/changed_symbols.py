#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""changed_symbols - the identifiers a header diff changes, one a line.

Usage: git diff -U0 A B -- '*.h' | changed_symbols.py

tooling/check-wide compiles, in an allmodconfig tree, every object that
uses what a patch changes in a header. This reads the patch's header
hunks (git diff -U0, so each hunk is only its changed lines, with git's
function context on its @@ line) and prints, sorted and unique:

  - a name the changed lines declare or define at the top level: a
    function or variable declared there ("void netdev_hold(" at the
    start of a line, "int x;"), a macro ("#define NAME"), a struct,
    union or enum tag ("struct genl_info {"), a typedef;
  - the function a changed line is inside of, from the hunk's context
    (a changed body of a static inline function changes every caller);
  - a member a changed line declares inside a struct (from the hunk's
    context) when its name is distinctive enough to grep for: at least
    six characters with an underscore ("dev_tracker", not "dev").

Keywords and the kernel's common type names never count. The list is
what a maintainer would grep for; it is a heuristic, and check-wide says
how many files it found and how many it compiled.
"""
import re
import sys

KEYWORDS = set("""
auto break case char const continue default do double else enum extern
float for goto if inline int long register restrict return short signed
sizeof static struct switch typedef union unsigned void volatile while
bool true false NULL __always_inline __must_check noinline asmlinkage
__init __exit __cold __rcu __percpu __user __iomem __force __maybe_unused
u8 u16 u32 u64 s8 s16 s32 s64 __u8 __u16 __u32 __u64 __be16 __be32
__le16 __le32 size_t ssize_t gfp_t bool_t atomic_t refcount_t
typeof __typeof__ define ifdef ifndef endif if elif else include undef
EXPORT_SYMBOL EXPORT_SYMBOL_GPL
""".split())

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
HUNK = re.compile(r"^@@ [^@]* @@ ?(.*)$")


def context_names(ctx):
    """The function or aggregate the hunk's context line names."""
    m = re.match(r"^\s*(?:typedef\s+)?(struct|union|enum)\s+(%s)\s*\{?" % IDENT, ctx)
    if m and "(" not in ctx:
        return ("aggregate", m.group(2))
    m = re.search(r"(%s)\s*\(" % IDENT, ctx)
    if m and not ctx.startswith((" ", "\t", "#")):
        return ("function", m.group(1))
    return (None, None)


def names_in_line(line):
    """Names a top-level changed line declares or defines."""
    names = []
    m = re.match(r"^#\s*define\s+(%s)" % IDENT, line)
    if m:
        return [m.group(1)]
    if line.startswith((" ", "\t", "#", "/", "*", "}")) or not line.strip():
        return []
    m = re.match(r"^(?:typedef\s+)?(?:struct|union|enum)\s+(%s)\s*(\{|;|$)" % IDENT, line)
    if m:
        names.append(m.group(1))
    m = re.search(r"(%s)\s*\(" % IDENT, line)
    if m:
        names.append(m.group(1))
    else:
        m = re.search(r"(%s)\s*(\[[^]]*\])?\s*(=[^;]*)?;\s*$" % IDENT, line)
        if m:
            names.append(m.group(1))
    return names


def member_name(line):
    """The member an indented declaration inside an aggregate names."""
    m = re.search(r"(%s)\s*(\[[^]]*\])?\s*(:\s*\d+)?\s*;" % IDENT, line)
    if not m or "(" in line.split(m.group(1))[0]:
        return None
    name = m.group(1)
    if len(name) >= 6 and "_" in name.strip("_"):
        return name
    return None


def main():
    found = set()
    kind = name = None
    for raw in sys.stdin:
        raw = raw.rstrip("\n")
        m = HUNK.match(raw)
        if m:
            kind, name = context_names(m.group(1))
            continue
        if raw.startswith(("+++", "---")) or not raw.startswith(("+", "-")):
            continue
        line = raw[1:]
        top = names_in_line(line)
        found.update(top)
        if top or line.startswith("#"):
            continue
        if kind == "function" and line.startswith((" ", "\t")):
            found.add(name)
        elif kind == "aggregate" and line.startswith((" ", "\t")):
            mem = member_name(line)
            if mem:
                found.add(mem)
    for n in sorted(x for x in found if x not in KEYWORDS and len(x) > 2):
        print(n)


if __name__ == "__main__":
    main()
