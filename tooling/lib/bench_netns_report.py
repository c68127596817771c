#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# bench_netns_report.py - the namespace churn table of make bench
# (tooling/bench-netns) from the guests' consoles.
#
# Usage: bench_netns_report.py --json OUT.json LABEL:BOOT:CONSOLE...
#
# LABEL is the kernel (off, upstream or ours), BOOT its boot number.
# Every console's "RTNETNS MODE ROUND COUNT CENTISECONDS" lines (testplans-
# bench/bench-netns) give one rate per round, COUNT * 100 / CENTISECONDS
# namespaces per second. A boot's figure for a mode is the median of its
# rounds; the table's, the median of the boots' figures, with their
# spread ((max - min) / median) and its cost against the "off" kernel
# (the time a namespace takes, as a ratio: off's rate / this rate), or
# against upstream's when no "off" kernel was booted. The least and most
# favourable boots give the cost's range.
#
# Exit: 0 written, 1 a console without figures, a kernel without a mode
# it must have (ours: full, sampled64, object64; others: default), a
# round of no namespaces or no time, or a round missing, 2 usage.

import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_report import median, spread  # noqa: E402

LINE = re.compile(r"RTNETNS ([a-z0-9]+) ([0-9]+) ([0-9]+) ([0-9]+)\r?$")
MODES = {"ours": ["full", "sampled64", "object64"]}
NAMES = {
    ("off", "default"): "off (built without NET_DEV_REFCNT_TRACKER)",
    ("upstream", "default"): "upstream tracking",
    ("ours", "full"): "ours, full",
    ("ours", "sampled64"): "ours, sampled 1/64",
    ("ours", "object64"): "ours, per-object 1/64",
}
ORDER = ["off", "upstream", "ours"]


class BadConsole(Exception):
    pass


def read(console):
    """{mode: [rate per round]} and the namespaces a round. A round of
    no namespaces or no time, or a mode whose rounds are not 1..N in
    order (a line lost in the console), is an error."""
    rates, rounds, count = {}, {}, None
    with open(console, errors="replace") as f:
        for line in f:
            m = LINE.search(line)
            if not m:
                continue
            mode, r, n, cs = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
            if n <= 0 or cs <= 0:
                raise BadConsole(f"{console}: round {r} of {mode}: {n} namespaces in {cs} cs")
            if r != len(rounds.setdefault(mode, [])) + 1:
                raise BadConsole(f"{console}: round {r} of {mode} follows round "
                                 f"{len(rounds[mode])}: a round is missing")
            rounds[mode].append(r)
            count = n
            rates.setdefault(mode, []).append(n * 100.0 / cs)
    if len({len(v) for v in rounds.values()}) > 1:
        raise BadConsole(f"{console}: modes with different numbers of rounds: "
                         + ", ".join(f"{k} {len(v)}" for k, v in rounds.items()))
    return rates, count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", required=True)
    ap.add_argument("consoles", nargs="+", metavar="LABEL:BOOT:CONSOLE")
    a = ap.parse_args()

    boots = {}   # (label, mode) -> [boot medians]
    counts, bad = set(), False
    for arg in a.consoles:
        try:
            label, boot, console = arg.split(":", 2)
        except ValueError:
            print(f"bench_netns_report: {arg}: not LABEL:BOOT:CONSOLE", file=sys.stderr)
            return 2
        if label not in ORDER:
            print(f"bench_netns_report: {label}: not one of {' '.join(ORDER)}", file=sys.stderr)
            return 2
        try:
            rates, count = read(console)
        except BadConsole as e:
            print(f"bench_netns_report: {e}", file=sys.stderr)
            bad = True
            continue
        for mode in MODES.get(label, ["default"]):
            if not rates.get(mode):
                print(f"bench_netns_report: {console} (boot {boot}): no {mode} rounds "
                      f"for {label}", file=sys.stderr)
                bad = True
                continue
            boots.setdefault((label, mode), []).append(median(rates[mode]))
        if count is not None:
            counts.add(count)
    if bad:
        return 1

    ref = "off" if ("off", "default") in boots else "upstream"
    refrate = median(boots[(ref, "default")]) if (ref, "default") in boots else None
    rows = []
    for label in ORDER:
        for mode in MODES.get(label, ["default"]):
            b = boots.get((label, mode))
            if not b:
                continue
            med = median(b)
            row = {"kernel": label, "mode": mode, "name": NAMES[label, mode],
                   "boots": b, "ns_per_s": med, "spread": spread(b)}
            if refrate:
                row["cost"] = refrate / med
                # The range: this kernel's fastest boot against the
                # reference's slowest, and its slowest against the
                # reference's fastest.
                ref_b = boots[(ref, "default")]
                row["cost_lo"] = min(ref_b) / max(b)
                row["cost_hi"] = max(ref_b) / min(b)
            rows.append(row)

    nb = max(len(r["boots"]) for r in rows)
    print(f"namespace churn: {'/'.join(str(c) for c in sorted(counts))} namespaces a round "
          f"(veth pair, addresses, up, deleted, waited for), {nb} boot(s) per kernel")
    print(f"{'kernel, mode':44} {'ns/s':>7} {'spread':>7} {'cost vs ' + ref:>14} {'range':>13}")
    for r in rows:
        sp = "-" if r["spread"] == "" else f"{100 * r['spread']:.0f}%"
        cost = f"{r['cost']:.2f}x" if "cost" in r else "-"
        rng = f"{r['cost_lo']:.2f}-{r['cost_hi']:.2f}x" if "cost" in r else "-"
        print(f"{r['name']:44} {r['ns_per_s']:7.2f} {sp:>7} {cost:>14} {rng:>13}")
    print("cost: the time a namespace takes against the reference's (its rate / this rate); "
          "range: the least and most favourable boots")
    with open(a.json, "w") as f:
        json.dump({"reference": ref, "namespaces_per_round": sorted(counts), "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
