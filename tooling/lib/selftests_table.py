# SPDX-License-Identifier: GPL-2.0
"""selftests_table.py - judge make selftests' consoles, base against topic.

Usage: selftests_table.py --out DIR --patterns FILE --explained FILE
           --base NAME --topic NAME --tests "SCRIPT ..." NAME=LOGDIR...

Each LOGDIR holds a kernel's console.log, or one per guest in
guest-*/console.log. A console line "reftrack-selftest: begin SCRIPT"
(the guest writes it to the kernel log before each script) starts that
script's part of the console; every line up to the next begin is its.
The KTAP lines "ok N st_FN", "not ok N st_FN", "ok N st_FN # SKIP why"
and "# st_FN took Ss" give the result and the time.

Lines of the classes in qemu/patterns (splat, report, untracked) seen on
the topic's kernel are attributed to their script and must each match an
"ERE -- reason" line of the explained file.

Verdicts: pass; skip (with the reason); both-fail (fails on the base
too: the environment's or the base's, listed, not failed); OURS (fails
only with the topics: fails the run); no-result (the guest died or hung
before the script ended: fails the run); and any unexplained line fails
the run. No result for any script at all fails too.

Writes DIR/table.tsv, DIR/table.html and DIR/summary; prints the table
and the summary. Exit 0, or 1 when the run fails.
"""
import argparse
import glob
import html
import os
import re
import sys

STAMP = re.compile(r"^\[ *[0-9]+\.[0-9]+\] ")
BEGIN = re.compile(r"reftrack-selftest: begin (\S+)")
RESULT = re.compile(r"^(not ok|ok) [0-9]+ st_(\w+)(?: # SKIP ?(.*))?$")
TOOK = re.compile(r"^# st_(\w+) took ([0-9.]+)s$")


def fn_of(script):
    """The scenario's function name for SCRIPT (tooling/selftests' fn_of)."""
    name = re.sub(r"[^A-Za-z0-9]", "_", script)
    return re.sub(r"_sh$", "", name)


def lines_of(path):
    """The lines of PATH that are neither blank nor # comments."""
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield line


def load_patterns(path):
    classes = []
    for line in lines_of(path):
        cls, _, ere = line.partition(" ")
        classes.append((cls, re.compile(ere)))
    if not classes:
        sys.exit("selftests_table.py: no pattern in " + path)
    return classes


def load_explained(path):
    rules = []
    if not os.path.exists(path):
        return rules
    for line in lines_of(path):
        ere, sep, why = line.partition(" -- ")
        if not sep or not why.strip():
            sys.exit("selftests_table.py: %s: '%s' lacks ' -- reason'" % (path, line))
        rules.append((re.compile(ere), why.strip()))
    return rules


def parse(logdir, scripts, classes):
    """Results, seconds and pattern lines per script of one kernel."""
    by_fn = {fn_of(s): s for s in scripts}
    res, secs, lines = {}, {}, {}
    consoles = sorted(glob.glob(os.path.join(logdir, "guest-*", "console.log")))
    if not consoles and os.path.exists(os.path.join(logdir, "console.log")):
        consoles = [os.path.join(logdir, "console.log")]
    for path in consoles:
        current = "(boot)"
        with open(path, errors="replace") as f:
            for raw in f:
                line = STAMP.sub("", raw.rstrip("\r\n").rstrip("\r"))
                m = BEGIN.search(line)
                if m and m.group(1) in scripts:
                    current = m.group(1)
                    continue
                m = RESULT.match(line)
                if m and m.group(2) in by_fn:
                    s = by_fn[m.group(2)]
                    if m.group(1) == "not ok":
                        res[s] = ("fail", "")
                    elif m.group(3) is not None:
                        res[s] = ("skip", m.group(3))
                    else:
                        res[s] = ("pass", "")
                    continue
                m = TOOK.match(line)
                if m and m.group(1) in by_fn:
                    secs[by_fn[m.group(1)]] = float(m.group(2))
                    continue
                for cls, rx in classes:
                    if rx.search(line):
                        lines.setdefault(current, []).append((cls, line))
                        break
    return consoles, res, secs, lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--patterns", required=True)
    ap.add_argument("--explained", required=True)
    ap.add_argument("--base", required=True)
    ap.add_argument("--topic", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("kernels", nargs="+")
    a = ap.parse_args()

    scripts = a.tests.split()
    classes = load_patterns(a.patterns)
    rules = load_explained(a.explained)
    logdirs = dict(k.split("=", 1) for k in a.kernels)
    for k in (a.base, a.topic):
        if k not in logdirs:
            sys.exit("selftests_table.py: no console directory for " + k)
    runs = {k: parse(d, scripts, classes) for k, d in logdirs.items()}
    for k, (consoles, _, _, _) in runs.items():
        if not consoles:
            print("selftests: no console for %s in %s" % (k, logdirs[k]), file=sys.stderr)

    _, bres, bsecs, blines = runs[a.base]
    _, tres, tsecs, tlines = runs[a.topic]
    rows, failed, unexplained = [], 0, 0
    counts = {"pass": 0, "skip": 0, "both-fail": 0, "OURS": 0, "no-result": 0}
    for s in ["(boot)"] + scripts:
        seen = tlines.get(s, [])
        notes = []
        for cls, line in seen:
            why = next((w for rx, w in rules if rx.search(line)), None)
            if why is None:
                unexplained += 1
                notes.append("UNEXPLAINED %s: %s" % (cls, line))
            else:
                notes.append("%s (explained: %s): %s" % (cls, why, line))
        if s == "(boot)":
            if notes:
                rows.append((s, "-", "-", "", "", "boot" if not any(
                    n.startswith("UNEXPLAINED") for n in notes) else "UNEXPLAINED", notes))
            continue
        b = bres.get(s, ("none", ""))
        t = tres.get(s, ("none", ""))
        if t[0] == "none":
            verdict = "no-result"
        elif t[0] == "fail":
            verdict = "both-fail" if b[0] == "fail" else "OURS"
        else:
            verdict = t[0]
        counts[verdict] += 1
        if any(n.startswith("UNEXPLAINED") for n in notes) and verdict in ("pass", "skip", "both-fail"):
            verdict += "+UNEXPLAINED"
        if t[0] == "skip":
            notes.insert(0, "skip: " + t[1])
        if b[0] == "skip":
            notes.insert(0, "base skip: " + b[1])
        nb = len(blines.get(s, []))
        if nb:
            notes.append("%d such line(s) on %s's kernel too" % (nb, a.base))
        rows.append((s, b[0], t[0], "%.1f" % bsecs[s] if s in bsecs else "",
                     "%.1f" % tsecs[s] if s in tsecs else "", verdict, notes))
    ran = sum(1 for s in scripts if tres.get(s, ("none",))[0] != "none")
    failed = counts["OURS"] + counts["no-result"] + unexplained
    if ran == 0:
        failed += 1

    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "table.tsv"), "w") as f:
        f.write("test\t%s\t%s\t%s seconds\t%s seconds\tverdict\treports attributed\n"
                % (a.base, a.topic, a.base, a.topic))
        for r in rows:
            f.write("\t".join(r[:6]) + "\t" + " | ".join(r[6]).replace("\t", " ") + "\n")
    summary = ("selftests: %d scripts; on %s: %d pass, %d skip, %d fail on both kernels, "
               "%d fail only with the topics, %d without a result; %d report line(s) on the "
               "topic's kernel, %d unexplained%s"
               % (len(scripts), a.topic, counts["pass"], counts["skip"], counts["both-fail"],
                  counts["OURS"], counts["no-result"], sum(len(v) for v in tlines.values()),
                  unexplained, "; NO RESULT AT ALL" if ran == 0 else ""))
    with open(os.path.join(a.out, "summary"), "w") as f:
        f.write(summary + "\n")
    cls_of = {"pass": "pass", "skip": "skip", "both-fail": "warn", "boot": "pass"}
    with open(os.path.join(a.out, "table.html"), "w") as f:
        f.write('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>reftrack selftests</title>\n'
                "<style>td,th{border:1px solid #999;padding:4px;text-align:left;vertical-align:top}"
                ".pass{background:#cfc}.warn{background:#ffc}.fail{background:#fcc}.skip{background:#ddd}"
                "</style></head>\n<body><h1>Net selftests: %s against %s</h1>\n<p>%s</p>\n<table>"
                "<tr><th>test</th><th>%s</th><th>%s</th><th>s (%s)</th><th>s (%s)</th><th>verdict</th>"
                "<th>reports attributed</th></tr>\n"
                % (html.escape(a.topic), html.escape(a.base), html.escape(summary),
                   html.escape(a.base), html.escape(a.topic), html.escape(a.base), html.escape(a.topic)))
        for r in rows:
            f.write('<tr><th>%s</th><td class="%s">%s</td><td class="%s">%s</td><td>%s</td><td>%s</td>'
                    '<td class="%s">%s</td><td>%s</td></tr>\n'
                    % (html.escape(r[0]), cls_of.get(r[1], "fail"), r[1], cls_of.get(r[2], "fail"), r[2],
                       r[3], r[4], cls_of.get(r[5], "fail"), html.escape(r[5]),
                       "<br>".join(html.escape(n) for n in r[6])))
        f.write('</table><p>The per-patch checks: <a href="../check/index.html">make check\'s table</a>.'
                "</p></body></html>\n")
    width = max(len(r[0]) for r in rows)
    print("%-*s %-9s %-9s %8s %8s  %s" % (width, "test", a.base[:9], a.topic[:9], "s base", "s topic", "verdict"),
          file=sys.stderr)
    for r in rows:
        print("%-*s %-9s %-9s %8s %8s  %s" % (width, r[0], r[1], r[2], r[3], r[4], r[5]), file=sys.stderr)
        for n in r[6]:
            print("    " + n[:300], file=sys.stderr)
    print(summary, file=sys.stderr)
    print("table: %s" % os.path.join(a.out, "table.html"), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
