#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kbuild_enabled - which objects a kernel configuration builds.

Usage: kbuild_enabled.py SRC CONFIG ARCH < OBJECTS

Reads object paths (dir/file.o, relative to the source tree SRC), one a
line, and prints those the configuration CONFIG (a .config) builds; for
each other one, a line "# OBJ: REASON" on standard error.

kbuild compiles any single target it is asked for (make dir/file.o),
enabled or not, so tooling/check-wide cannot learn from it which users
of a changed name allmodconfig builds. Building whole directories would
tell, at the cost of compiling them (drivers/gpu/drm/i915/ alone is
minutes). This reads the Makefiles instead, as a reader would:

  - arch/NAME/ for another architecture than ARCH: not built;
  - the object's own line in its directory's Makefile or Kbuild:
    "obj-y += file.o", "obj-$(CONFIG_X) += file.o" (every CONFIG_ in the
    key set to y or m), "lib-y += file.o", or a composite object's
    "NAME-y/NAME-objs/NAME-$(CONFIG_X) += file.o" with NAME.o itself
    enabled the same way (NAME may hold dashes), or a variable that an
    enabled line names as $(VAR) (i915's "gem-y += gem/x.o" then
    "i915-y += $(gem-y)");
  - or the same in an ancestor directory's Makefile naming the object by
    its path from there ("icssg-prueth-y := icssg/icssg_prueth.o",
    "atomisp-objs += pci/atomisp_cmd.o"); that directory is then the one
    that must be reached;
  - each directory up to the top: the parent's "obj-...+= dir/" line
    when there is one (a directory its parent does not name, such as
    one the top-level Makefile lists, counts as reached).

Conditionals (ifdef/ifeq blocks) are not evaluated: an object inside
one counts as enabled when its own line's key is. Files named in
KBUILD_FILES (default "Makefile Kbuild") are read; object names may be
given relative to the directory or to the top (as the tooling tests'
stand-in kbuild writes them).
"""
import os
import re
import sys


def load_config(path):
    on = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"^(CONFIG_[A-Za-z0-9_]+)=[ym]$", line.strip())
            if m:
                on.add(m.group(1))
    return on


class Tree:
    def __init__(self, src, config, arch):
        self.src = src
        self.on = load_config(config)
        self.arch = arch
        self.files = os.environ.get("KBUILD_FILES", "Makefile Kbuild").split()
        self.cache = {}

    def assignments(self, d):
        """(key, [words]) for every += / := / = line of directory d."""
        if d in self.cache:
            return self.cache[d]
        out = []
        for name in self.files:
            p = os.path.join(self.src, d, name)
            if not os.path.isfile(p):
                continue
            with open(p, encoding="utf-8", errors="replace") as f:
                text = f.read().replace("\\\n", " ")
            for line in text.splitlines():
                line = line.split("#", 1)[0]
                m = re.match(r"^\s*([A-Za-z0-9_$()., -]+?)\s*(\+=|:=|=)\s*(.*)$", line)
                if m:
                    out.append((m.group(1).strip(), m.group(3).split()))
        self.cache[d] = out
        return out

    def key_on(self, key):
        """obj-$(CONFIG_X)/NAME-y style key: is its condition met?"""
        syms = re.findall(r"CONFIG_[A-Za-z0-9_]+", key)
        if syms:
            return all(s in self.on for s in syms)
        return key.endswith("-y") or key.endswith("-objs") or key.endswith("-m")

    def obj_on(self, d, word, depth=0):
        """Is object `word` (file.o, relative to d) enabled in d?"""
        if depth > 4:
            return False
        names = {word, (d + "/" + word) if d else word}
        for key, words in self.assignments(d):
            if names & set(words) and self.key_enabled(d, key, depth, set()):
                return True
        return False

    def key_enabled(self, d, key, depth, seen):
        """Does the assignment to `key` in d reach the build: an obj-/lib-
        line whose options are on, a composite object (NAME-y, NAME-objs,
        NAME-$(CONFIG_X)) whose NAME.o is enabled, or a variable another
        enabled assignment of d names as $(key) (i915's gem-y)?"""
        if re.match(r"^(obj|lib)-", key):
            return self.key_on(key)
        # The composite's name may hold dashes (can-raw-y,
        # batman-adv-$(CONFIG_X)): the shortest one before the suffix.
        m = re.match(r"^([A-Za-z0-9_-]+?)-(y|objs|\$\(.*\))$", key)
        if m and self.key_on(key) and self.obj_on(d, m.group(1) + ".o", depth + 1):
            return True
        ref = "$(%s)" % key
        for k2, words in self.assignments(d):
            if ref in words and k2 not in seen:
                seen.add(k2)
                if self.key_enabled(d, k2, depth + 1, seen):
                    return True
        return False

    def owner(self, obj):
        """The directory whose Makefile enables obj, and obj relative to
        it: its own directory, or an ancestor naming it by a path
        (icssg-prueth-y := icssg/icssg_prueth.o); None when none does."""
        d, word = os.path.split(obj)
        parts = d.split("/") if d else []
        for n in range(len(parts), -1, -1):
            a = "/".join(parts[:n])
            rel = "/".join(parts[n:] + [word])
            if self.obj_on(a, rel):
                return a
        return None

    def dir_on(self, d):
        """Is directory d reached (its parent's obj-...+= d/ line)?"""
        if not d or "/" not in d:
            return True
        parent, child = d.rsplit("/", 1)
        named = False
        for key, words in self.assignments(parent):
            if child + "/" in words or d + "/" in words:
                named = True
                if re.match(r"^(obj|subdir|core|drivers|libs)-", key) and self.key_on(key):
                    return self.dir_on(parent)
        return (not named) and self.dir_on(parent)

    def why_not(self, obj):
        parts = obj.split("/")
        if parts[0] == "arch" and len(parts) > 1 and parts[1] != self.arch:
            return "another architecture"
        d, word = os.path.split(obj)
        if not os.path.isfile(os.path.join(self.src, obj[:-2] + ".c")):
            return "no such source"
        a = self.owner(obj)
        if a is None:
            return "its Makefile line's options are off (or no line names it)"
        if not self.dir_on(a):
            return "its directory is not built"
        return None


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: kbuild_enabled.py SRC CONFIG ARCH < OBJECTS")
    t = Tree(sys.argv[1], sys.argv[2], sys.argv[3])
    for line in sys.stdin:
        obj = line.strip()
        if not obj:
            continue
        why = t.why_not(obj)
        if why:
            print("# %s: %s" % (obj, why), file=sys.stderr)
        else:
            print(obj)


if __name__ == "__main__":
    main()
