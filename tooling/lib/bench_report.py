#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench_report - the table and the JSON of `make bench` (tooling/bench-refs).

Usage: bench_report.py --json PATH --base-commit ID --ours-commit ID
                       [--console PATH]... BASE_FIGURES OURS_FIGURES

BASE_FIGURES and OURS_FIGURES hold one line per figure and boot,
"BOOT NAME VALUE UNIT", as tooling/bench-refs extracts them from the
consoles; the --console options are the consoles, base and ours
alternated, as given to bench-refs. Prints the table (each figure: the
median of the boots, the spread (max - min) / median, the ratio to the
same boot's untracked pair, and ours against upstream), then the
targets, each judged on the range every combination of boots allows:
"met" or "MISSED" only when the whole range agrees, "inconclusive"
otherwise or with one boot a side for a timing. Writes the same to PATH
as JSON.

Values keep the text the guest printed where a figure is one boot's
(the median of an odd count, the boots list), so the JSON and the table
show what the console said; computed values print as awk printed them
before this moved from awk (integral values as integers, others with
six significant digits), which keeps docs/performance.md's recorded
table reproducible (tooling/tests/bench.bats).
"""
import argparse
import math
import sys

# Figures that time the same code in both kernels: their geometric mean is
# a boot's speed, the unit the targets are judged in.
PARTS = ("part_stack_trace", "part_depot_save", "part_slab_pair", "part_lock_pair")


def num(x):
    """The numeric value of a figure, of a computed value, or of ""."""
    if x == "" or x is None:
        return 0.0
    return float(x)


def text(x):
    """A value as text: the console's own text, or a computed number."""
    if isinstance(x, str):
        return x
    if x == int(x) and abs(x) < 1e16:
        return "%d" % x
    return "%.6g" % x


def is_positive(x):
    return x != "" and num(x) > 0


class Figures:
    def __init__(self, base_path, ours_path):
        self.v = {}          # (kernel, figure, boot) -> text
        self.unit = {}       # figure -> unit
        self.nb = {"base": 0, "ours": 0}
        self.order = []
        for k, path in (("base", base_path), ("ours", ours_path)):
            with open(path) as f:
                for line in f:
                    fields = line.split()
                    if len(fields) < 3:
                        continue
                    b, name, value = int(fields[0]), fields[1], fields[2]
                    self.v[k, name, b] = value
                    self.unit[name] = fields[3] if len(fields) > 3 else ""
                    self.nb[k] = max(self.nb[k], b)
                    if name not in self.order:
                        self.order.append(name)

    @staticmethod
    def base_of(f):
        """Contended figures are compared with the contended untracked pair."""
        return "untracked_contended" if f.endswith("_contended") else "untracked"

    def boots(self, k):
        return range(1, self.nb[k] + 1)

    def has(self, k, f):
        return any((k, f, b) in self.v for b in self.boots(k))

    def raw(self, k, f):
        return [self.v[k, f, b] for b in self.boots(k) if (k, f, b) in self.v]

    def speed(self, k, b):
        """The geometric mean of boot b's part_* figures, or None."""
        vals = [num(self.v.get((k, p, b), "")) for p in PARTS]
        if any(x <= 0 for x in vals):
            return None
        return math.exp(sum(math.log(x) for x in vals) / len(vals))

    def in_parts(self, k, f):
        """f over its boot's part_* geometric mean, boot by boot."""
        out = []
        for b in self.boots(k):
            u = self.speed(k, b)
            if (k, f, b) in self.v and u:
                out.append(num(self.v[k, f, b]) / u)
        return out

    def ratio(self, k, f):
        """f over the untracked pair, boot by boot."""
        if self.unit.get(f) != "ns":
            return []
        d = self.base_of(f)
        return [num(self.v[k, f, b]) / num(self.v[k, d, b]) for b in self.boots(k)
                if (k, f, b) in self.v and (k, d, b) in self.v and num(self.v[k, d, b]) > 0]


def median(a):
    if not a:
        return ""
    a = sorted(a, key=num)
    m = len(a)
    return a[m // 2] if m % 2 else (num(a[m // 2 - 1]) + num(a[m // 2])) / 2


def lo(a):
    return min(a, key=num) if a else ""


def hi(a):
    return max(a, key=num) if a else ""


def spread(a):
    """(max - min) / median of the boots, or "" with fewer than two."""
    if len(a) < 2:
        return ""
    med = num(median(a))
    return (num(hi(a)) - num(lo(a))) / med if med > 0 else ""


def fmt(x, p):
    return "-" if x == "" else p % num(x)


class Targets:
    def __init__(self, nb):
        self.nb = nb
        self.rows = []

    def judge(self, name, val, lo_, hi_, limit, what, timing):
        """Judged on the range [lo, hi] the boots allow; a timing needs
        two boots a side."""
        if val == "" or lo_ == "" or hi_ == "":
            met = "inconclusive"
        elif timing and (self.nb["base"] < 2 or self.nb["ours"] < 2):
            met = "inconclusive"
        # A ratio computed through the part_* geometric mean carries
        # rounding error: a value at the limit itself meets it.
        elif num(hi_) <= limit * (1 + 1e-9):
            met = "met"
        elif num(lo_) > limit * (1 + 1e-9):
            met = "MISSED"
        else:
            met = "inconclusive"
        self.rows.append((name, val, limit, what, lo_, hi_, met))


def main():
    ap = argparse.ArgumentParser(description="the table and JSON of make bench")
    ap.add_argument("--json", required=True)
    ap.add_argument("--base-commit", default="unknown")
    ap.add_argument("--ours-commit", default="unknown")
    ap.add_argument("--console", action="append", default=[])
    ap.add_argument("base_figures")
    ap.add_argument("ours_figures")
    args = ap.parse_args()

    fg = Figures(args.base_figures, args.ours_figures)
    rel = {k: {f: fg.ratio(k, f) for f in fg.order} for k in ("base", "ours")}
    raw = {k: {f: fg.raw(k, f) for f in fg.order} for k in ("base", "ours")}
    out = []
    row = "%-28s %10s %7s %8s %10s %7s %8s %11s"
    out.append(row % ("figure", "upstream", "spread", "x untr.", "ours", "spread",
                      "x untr.", "ours/upstr."))

    def show(k, f):
        x = median(raw[k][f])
        return "-" if x == "" else ("%.3f" if fg.unit[f] == "ns" else "%g") % num(x)

    vsu = {}
    for f in fg.order:
        rb, ro = median(rel["base"][f]), median(rel["ours"][f])
        mb, mo = median(raw["base"][f]), median(raw["ours"][f])
        vs = ""
        # The untracked pairs are the unit: compare them raw.
        if f == fg.base_of(f) and is_positive(mb):
            vs = num(mo) / num(mb)
        elif rb != "" and ro != "" and num(rb) > 0:
            vs = num(ro) / num(rb)
        elif fg.unit[f] != "ns" and fg.has("base", f) and fg.has("ours", f) and is_positive(mb):
            vs = num(mo) / num(mb)
        vsu[f] = vs
        sb, so = spread(raw["base"][f]), spread(raw["ours"][f])
        out.append(row % (
            "%s (%s)" % (f, fg.unit[f]),
            show("base", f), fmt("" if sb == "" else 100 * sb, "%.0f%%"), fmt(rb, "%.2fx"),
            show("ours", f), fmt("" if so == "" else 100 * so, "%.0f%%"), fmt(ro, "%.2fx"),
            fmt(vs, "%.2fx")))

    tg = Targets(fg.nb)

    # Timing targets compare ours' figure with upstream's, each in its
    # boot's speed (PARTS), not in its boot's untracked pair: ours'
    # untracked pair is not upstream's code (it counts acquire sites), so
    # as a unit it would move every target by its own cost.
    def judge_parts(name, f, g, limit, what):
        o, b = fg.in_parts("ours", f), fg.in_parts("base", g)
        val = lo_ = hi_ = ""
        if o and b and min(b) > 0:
            val = num(median(o)) / num(median(b))
            lo_, hi_ = min(o) / max(b), max(o) / min(b)
        tg.judge(name, val, lo_, hi_, limit, what, True)

    def ours(f):
        return raw["ours"].get(f, [])

    judge_parts("tracked_q128 vs upstream", "tracked_q128", "tracked_q128", 0.8,
                "full tracking, quarantine 128: ours <= 0.8x upstream")
    judge_parts("tracked_q0 vs upstream", "tracked_q0", "tracked_q0", 0.6,
                "no quarantine: ours <= 0.6x upstream")
    tg.judge("tracker_bytes", median(ours("tracker_bytes")), lo(ours("tracker_bytes")),
             hi(ours("tracker_bytes")), 32, "bytes per tracker object <= 32", False)
    judge_parts("sampled64 vs untracked", "sampled64", "untracked", 1.2,
                "sampled 1/64 <= 1.2x upstream's untracked pair")
    # Only kernels with per-object sampling print the figure.
    if fg.has("ours", "object_off"):
        judge_parts("object_off vs untracked", "object_off", "untracked", 1.05,
                    "a pair on a directory left out by per-object sampling <= 1.05x upstream's untracked pair")
    # Only kernels with acquire site tables print the figure.
    if fg.has("ours", "unsampled"):
        judge_parts("unsampled vs untracked", "unsampled", "untracked", 1.5,
                    "an unsampled pair, counted at its acquire site <= 1.5x upstream's untracked pair")

    out += [
        "",
        "%d boot(s) of each kernel, alternated; figures: the median of the boots."
        % min(fg.nb["base"], fg.nb["ours"]),
        "spread: (max - min) / median across the boots. x untr.: ratio to the",
        "same boot's untracked pair (contended figures: to the contended one),",
        "median of the boots; ours/upstr.: ratio of those ratios (raw for the",
        "untracked pairs and for bytes). part_*: ns per call, not per pair.",
        "Targets compare ours with upstream (\"vs untracked\": upstream's",
        "untracked pair), each figure over its boot's part_* geometric mean.",
        "A target is met or MISSED only when every combination of boots",
        "(range) agrees; otherwise, and with one boot a side, inconclusive.",
        "",
    ]
    for name, val, limit, _, lo_, hi_, met in tg.rows:
        out.append("target %-26s %8s (limit %s; range %s-%s): %s" % (
            name, fmt(val, "%.2f"), text(limit), fmt(lo_, "%.2f"), fmt(hi_, "%.2f"), met))
    print("\n".join(out))

    def f4(x):
        return "null" if x == "" else "%.4f" % num(x)

    j = ['{', '  "boots": {"base": %d, "ours": %d},' % (fg.nb["base"], fg.nb["ours"]),
         '  "kernels": {']
    for i, k in enumerate(("base", "ours")):
        j.append('    "%s": {' % k)
        j.append('      "consoles": [%s],' % ", ".join('"%s"' % c for c in args.console[i::2]))
        j.append('      "commit": "%s",' % (args.base_commit if k == "base" else args.ours_commit))
        j.append('      "figures": {')
        figs = []
        for f in fg.order:
            if not fg.has(k, f):
                continue
            figs.append('        "%s": {"value": %s, "unit": "%s", "boots": [%s], "spread": %s, "vs_untracked": %s}' % (
                f, text(median(raw[k][f])), fg.unit[f], ", ".join(raw[k][f]),
                f4(spread(raw[k][f])), f4(median(rel[k][f]))))
        j.append(",\n".join(figs))
        j.append('      }')
        j.append('    }' + ("," if i == 0 else ""))
    j.append('  },')
    j.append('  "ours_vs_upstream": {')
    j.append(",\n".join('    "%s": %.4f' % (f, num(vsu[f])) for f in fg.order if vsu[f] != ""))
    j.append('  },')
    j.append('  "targets": [')
    for i, (name, val, limit, what, lo_, hi_, met) in enumerate(tg.rows):
        j.append('    {"name": "%s", "what": "%s", "value": %s, "limit": %s, "range": [%s, %s], "verdict": "%s", "met": %s}%s' % (
            name, what, f4(val), text(limit), f4(lo_), f4(hi_), met,
            {"met": "true", "MISSED": "false"}.get(met, "null"),
            "," if i < len(tg.rows) - 1 else ""))
    j.append('  ]')
    j.append('}')
    with open(args.json, "w") as f:
        f.write("\n".join(j) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
