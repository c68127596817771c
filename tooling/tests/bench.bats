#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/bench-refs --report: the table and JSON of `make bench`,
# computed from two recorded guest consoles (fixtures/bench/, made up so
# that every ratio is known: upstream's untracked pair 100 ns, ours 80;
# tracked_q128 20x the untracked pair in both, tracked_q0 19x and 10x,
# sampled64 1.875x, 32 bytes per tracker), the two consoles of a real
# run (run-*.console), and consoles derived from them with figures
# scaled per boot, for the medians, spreads and verdicts over several
# boots. No kernel is built or booted.

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	B=$FIXTURES/bench
}

# scaled IN OUT FIGURE FACTOR: console IN with FIGURE's value times FACTOR.
scaled() {
	awk -v f="$3" -v x="$4" '{
		if (match($0, "RTBENCH " f " [0-9.]+ ")) {
			split(substr($0, RSTART, RLENGTH), p, " ")
			sub("RTBENCH " f " [0-9.]+ ", "RTBENCH " f " " sprintf("%.3f", p[3] * x) " ")
		}
		print
	}' "$1" >"$2"
}

# doc_table N: the Nth recorded make bench table in docs/performance.md,
# from its header line to the end of its code block.
doc_table() {
	awk -v n="$1" 'BEGIN { fence = sprintf("%c%c%c", 96, 96, 96) }
		/^figure  / { k++ } k == n && $0 == fence { exit } k == n { print }' \
		"$REPO/docs/performance.md"
}

# recorded_run PREFIX: the report of a recorded make bench, three boots a
# side ($B/PREFIX-{base,ours}-N.console), in $output; it must succeed.
recorded_run() {
	local consoles=() i
	for i in 1 2 3; do
		consoles+=("$B/$1-base-$i.console" "$B/$1-ours-$i.console")
	done
	run "$REPO/tooling/bench-refs" --report "${consoles[@]}"
	assert_status 0
}

# same_as_doc_table N: the table just written is docs/performance.md's
# Nth, byte for byte.
same_as_doc_table() {
	doc_table "$1" >"$BATS_TEST_TMPDIR/doc.txt"
	[ -s "$BATS_TEST_TMPDIR/doc.txt" ] || fail_with "no table $1 in docs/performance.md"
	cmp -s "$BATS_TEST_TMPDIR/doc.txt" "$OUT/bench/table.txt" ||
		fail_with "docs/performance.md's table $1 differs: $(diff "$BATS_TEST_TMPDIR/doc.txt" "$OUT/bench/table.txt")"
}

# with_figure NAME NS OUT: ours.console with NAME at NS ns after its
# sampled64 line (in the printk and the KTAP copy), as a kernel that has
# the figure prints it, in OUT.
with_figure() {
	sed -e "s/^\\(.*RTBENCH \\)sampled64 150\\.000 ns\\(\r\\?\\)\$/&\\n\\1$1 $2 ns\\2/" \
		"$B/ours.console" >"$3"
	[ "$(grep -c "RTBENCH $1 $2 ns" "$3")" = 2 ]
}

# json EXPR: evaluate a Python expression on the JSON written (as j).
json() {
	python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' \
		"$OUT/bench/bench.json" "$1"
}

@test "bench: the report gives ratios to the untracked pair and ours against upstream" {
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/ours.console"
	assert_status 0
	# figure, upstream, x untr., ours, x untr., ours/upstream
	grep -Eq '^untracked \(ns\) +100\.000 +- +1\.00x +80\.000 +- +1\.00x +0\.80x$' <<<"$output" ||
		fail_with "untracked row"
	grep -Eq '^tracked_q128 \(ns\) +2000\.000 +- +20\.00x +1600\.000 +- +20\.00x +1\.00x$' <<<"$output" ||
		fail_with "tracked_q128 row"
	grep -Eq '^tracked_q0 \(ns\) +1900\.000 +- +19\.00x +800\.000 +- +10\.00x +0\.53x$' <<<"$output" ||
		fail_with "tracked_q0 row"
	# Contended figures are relative to the contended untracked pair.
	grep -Eq '^tracked_q0_contended \(ns\) +4800\.000 +- +24\.00x +2000\.000 +- +12\.50x +0\.52x$' <<<"$output" ||
		fail_with "tracked_q0_contended row"
	# Upstream has no sampled mode: a dash, not a zero.
	grep -Eq '^sampled64 \(ns\) +- +- +- +150\.000 +- +1\.88x +-$' <<<"$output" ||
		fail_with "sampled64 row"
	grep -Eq '^tracker_bytes \(bytes\) +32 +- +- +32 +- +- +1\.00x$' <<<"$output" ||
		fail_with "tracker_bytes row"
	cmp -s <(printf '%s\n' "$output" | grep -v '^bench-refs:') "$OUT/bench/table.txt" ||
		fail_with "the printed table differs from $OUT/bench/table.txt"
	[ "$(json 'j["ours_vs_upstream"]["tracked_q0"]')" = 0.5263 ]
	[ "$(json 'j["kernels"]["ours"]["figures"]["sampled64"]["vs_untracked"]')" = 1.875 ]
	[ "$(json 'j["kernels"]["base"]["figures"]["tracked_q128"]["value"]')" = 2000.0 ]
	[ "$(json '"sampled64" in j["kernels"]["base"]["figures"]')" = False ]
}

@test "bench: one boot a side judges no timing target (inconclusive), bytes still" {
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/ours.console"
	assert_status 0
	assert_output_has "target tracked_q128 vs upstream       1.00 (limit 0.8; range 1.00-1.00): inconclusive"
	assert_output_has "target tracked_q0 vs upstream         0.53 (limit 0.6; range 0.53-0.53): inconclusive"
	assert_output_has "target tracker_bytes                 32.00 (limit 32; range 32.00-32.00): met"
	assert_output_has "target sampled64 vs untracked         1.88 (limit 1.2; range 1.88-1.88): inconclusive"
	[ "$(json '[t["verdict"] for t in j["targets"]]')" = "['inconclusive', 'inconclusive', 'met', 'inconclusive']" ]
	[ "$(json '[t["met"] for t in j["targets"]]')" = "[None, None, True, None]" ]
}

@test "bench: two boots a side without spread: every target judged, met or MISSED" {
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/ours.console" "$B/base.console" "$B/ours.console"
	assert_status 0
	assert_output_has "2 boot(s) of each kernel"
	grep -Eq '^tracked_q128 \(ns\) +2000\.000 +0% +20\.00x +1600\.000 +0% +20\.00x +1\.00x$' <<<"$output" ||
		fail_with "tracked_q128 row"
	assert_output_has "target tracked_q128 vs upstream       1.00 (limit 0.8; range 1.00-1.00): MISSED"
	assert_output_has "target tracked_q0 vs upstream         0.53 (limit 0.6; range 0.53-0.53): met"
	assert_output_has "target tracker_bytes                 32.00 (limit 32; range 32.00-32.00): met"
	assert_output_has "target sampled64 vs untracked         1.88 (limit 1.2; range 1.88-1.88): MISSED"
	[ "$(json '[t["met"] for t in j["targets"]]')" = "[False, True, True, False]" ]
	[ "$(json 'j["boots"]')" = "{'base': 2, 'ours': 2}" ]
	[ "$(json 'len(j["kernels"]["ours"]["consoles"])')" = 2 ]
}

@test "bench: a kernel with per-object sampling gets the object_off target; one without, none" {
	# ours.console with a left-out directory's pair at 84 ns: 1.05x its
	# untracked pair (80 ns), the limit itself, in both boots.
	with_figure object_off 84.000 "$BATS_TEST_TMPDIR/ours-obj.console"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/ours-obj.console" \
		"$B/base.console" "$BATS_TEST_TMPDIR/ours-obj.console"
	assert_status 0
	grep -Eq '^object_off \(ns\) +- +- +- +84\.000 +0% +1\.05x +-$' <<<"$output" ||
		fail_with "object_off row"
	assert_output_has "target object_off vs untracked        1.05 (limit 1.05; range 1.05-1.05): met"
	[ "$(json '[t["name"] for t in j["targets"]][-1]')" = "object_off vs untracked" ]
	# Twice as slow in one boot of ours: the range straddles the limit.
	scaled "$BATS_TEST_TMPDIR/ours-obj.console" "$BATS_TEST_TMPDIR/ours-obj2.console" object_off 2
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/ours-obj.console" \
		"$B/base.console" "$BATS_TEST_TMPDIR/ours-obj2.console"
	assert_status 0
	assert_output_has "target object_off vs untracked        1.58 (limit 1.05; range 1.05-2.10): inconclusive"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/ours.console"
	assert_status 0
	! grep -q object_off <<<"$output" || fail_with "object_off reported for a kernel without it"
}

@test "bench: a kernel with acquire site tables gets the unsampled target, judged against 1.5x" {
	# ours.console with an unsampled pair at 120 ns: 1.5x its untracked
	# pair (80 ns), the limit itself, in both boots.
	with_figure unsampled 120.000 "$BATS_TEST_TMPDIR/ours-sites.console"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/ours-sites.console" \
		"$B/base.console" "$BATS_TEST_TMPDIR/ours-sites.console"
	assert_status 0
	grep -Eq '^unsampled \(ns\) +- +- +- +120\.000 +0% +1\.50x +-$' <<<"$output" ||
		fail_with "unsampled row"
	assert_output_has "target unsampled vs untracked         1.50 (limit 1.5; range 1.50-1.50): met"
	[ "$(json '[t["name"] for t in j["targets"]][-1]')" = "unsampled vs untracked" ]
	# Slower by a third in both boots: missed.
	scaled "$BATS_TEST_TMPDIR/ours-sites.console" "$BATS_TEST_TMPDIR/ours-sites2.console" unsampled 1.3333
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/ours-sites2.console" \
		"$B/base.console" "$BATS_TEST_TMPDIR/ours-sites2.console"
	assert_status 0
	assert_output_has "target unsampled vs untracked         2.00 (limit 1.5; range 2.00-2.00): MISSED"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/ours.console"
	assert_status 0
	! grep -q unsampled <<<"$output" || fail_with "unsampled reported for a kernel without site tables"
}

@test "bench: a missed target is reported as MISSED, in the table and the JSON, and is not an error" {
	sed -e 's/RTBENCH tracker_bytes 32 /RTBENCH tracker_bytes 48 /' \
		-e 's/RTBENCH tracked_q128 1600\.000 /RTBENCH tracked_q128 2032.000 /' \
		"$B/ours.console" >"$BATS_TEST_TMPDIR/ours.console"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/ours.console" \
		"$B/base.console" "$BATS_TEST_TMPDIR/ours.console"
	assert_status 0
	assert_output_has "target tracker_bytes                 48.00 (limit 32; range 48.00-48.00): MISSED"
	assert_output_has "target tracked_q128 vs upstream       1.27 (limit 0.8; range 1.27-1.27): MISSED"
	assert_output_has "target tracked_q0 vs upstream         0.53 (limit 0.6; range 0.53-0.53): met"
	[ "$(json '[t["met"] for t in j["targets"]]')" = "[False, True, False, False]" ]
	[ "$(json '[t["value"] for t in j["targets"] if t["name"] == "tracker_bytes"][0]')" = 48.0 ]
}

@test "bench: medians and spreads over three boots, the consoles read in boot order" {
	local t=$BATS_TEST_TMPDIR
	# Upstream's untracked pair 100, 300, 200 ns: median 200, spread 100%;
	# its tracked_q128 alike, so that its ratio stays 20x in every boot.
	scaled "$B/base.console" "$t/b2.tmp" untracked 3
	scaled "$t/b2.tmp" "$t/b2.console" tracked_q128 3
	scaled "$B/base.console" "$t/b3.tmp" untracked 2
	scaled "$t/b3.tmp" "$t/b3.console" tracked_q128 2
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/ours.console" \
		"$t/b2.console" "$B/ours.console" "$t/b3.console" "$B/ours.console"
	assert_status 0
	assert_output_has "3 boot(s) of each kernel"
	grep -Eq '^untracked \(ns\) +200\.000 +100% +1\.00x +80\.000 +0% +1\.00x +0\.40x$' <<<"$output" ||
		fail_with "untracked row: median 200, spread 100%"
	grep -Eq '^tracked_q128 \(ns\) +4000\.000 +100% +20\.00x +1600\.000 +0% +20\.00x +1\.00x$' <<<"$output" ||
		fail_with "tracked_q128 row: ratios boot by boot"
	# tracked_q0 did not scale, so its ratio to the untracked pair did
	# (19x, 6.33x, 9.5x); the targets are judged in part_* units, which
	# did not scale either: 0.53x upstream in every pairing of boots.
	assert_output_has "target tracked_q0 vs upstream         0.53 (limit 0.6; range 0.53-0.53): met"
	[ "$(json 'j["kernels"]["base"]["figures"]["untracked"]["boots"]')" = "[100.0, 300.0, 200.0]" ]
	[ "$(json 'j["kernels"]["base"]["figures"]["untracked"]["spread"]')" = 1.0 ]
}

@test "bench: noise decides: met, MISSED or inconclusive by where the limit falls in the boots' range" {
	local t=$BATS_TEST_TMPDIR
	# Ours' tracked_q128 at 0.80x upstream in boot 1, 0.84x in boot 2.
	scaled "$B/ours.console" "$t/o80.console" tracked_q128 0.80
	scaled "$B/ours.console" "$t/o84.console" tracked_q128 0.84
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$t/o80.console" "$B/base.console" "$t/o84.console"
	assert_status 0
	# The limit (0.8) lies inside 0.80-0.84: a verdict would flip with the noise.
	assert_output_has "target tracked_q128 vs upstream       0.82 (limit 0.8; range 0.80-0.84): inconclusive"
	[ "$(json '[t["verdict"] for t in j["targets"] if t["name"] == "tracked_q128 vs upstream"][0]')" = inconclusive ]

	# Every boot of ours above the limit: MISSED.
	scaled "$B/ours.console" "$t/o88.console" tracked_q128 0.88
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$t/o84.console" "$B/base.console" "$t/o88.console"
	assert_status 0
	assert_output_has "target tracked_q128 vs upstream       0.86 (limit 0.8; range 0.84-0.88): MISSED"

	# Every boot below it: met, though the boots differ.
	scaled "$B/ours.console" "$t/o72.console" tracked_q128 0.72
	scaled "$B/ours.console" "$t/o76.console" tracked_q128 0.76
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$t/o72.console" "$B/base.console" "$t/o76.console"
	assert_status 0
	assert_output_has "target tracked_q128 vs upstream       0.74 (limit 0.8; range 0.72-0.76): met"

	# Upstream's noise counts as much as ours: its boot 2 10% faster
	# takes ours' 0.76 over the limit in the least favourable pairing.
	scaled "$B/base.console" "$t/b90.console" tracked_q128 0.90
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$t/o76.console" "$t/b90.console" "$t/o76.console"
	assert_status 0
	assert_output_has "(limit 0.8; range 0.76-0.84): inconclusive"
}

@test "bench: a figure missing from either console fails the report and names it" {
	grep -v 'RTBENCH tracked_q0 ' "$B/base.console" >"$BATS_TEST_TMPDIR/base.console"
	run "$REPO/tooling/bench-refs" --report "$BATS_TEST_TMPDIR/base.console" "$B/ours.console"
	assert_status 1
	assert_output_has "upstream:tracked_q0"
	[ ! -f "$OUT/bench/table.txt" ]

	# A kernel without sampled mode in ours' place lacks the sampled figures.
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/base.console"
	assert_status 1
	assert_output_has "ours:sampled64 ours:sampled64_contended"

	# One vCPU: no contended figures.
	grep -v 'RTBENCH untracked_contended ' "$B/ours.console" >"$BATS_TEST_TMPDIR/ours.console"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/ours.console"
	assert_status 1
	assert_output_has "ours:untracked_contended"
}

@test "bench: a figure printed twice (printk and KTAP) counts once, its last value" {
	printf '# ref_tracker_bench: RTBENCH untracked 50.000 ns\r\n' >"$BATS_TEST_TMPDIR/ours.console"
	cat "$B/ours.console" >>"$BATS_TEST_TMPDIR/ours.console"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/ours.console"
	assert_status 0
	[ "$(grep -c '^untracked (ns)' "$OUT/bench/table.txt")" -eq 1 ]
	grep -Eq '^untracked \(ns\) +100\.000 +- +1\.00x +80\.000 ' "$OUT/bench/table.txt" ||
		fail_with "the first value won"
}

@test "bench: usage errors exit 2" {
	run "$REPO/tooling/bench-refs" --report "$B/base.console"
	assert_status 2
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/none.console"
	assert_status 2
	assert_output_has "no console"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/ours.console" "$B/base.console"
	assert_status 2
	assert_output_has "usage:"
	run "$REPO/tooling/bench-refs" extra
	assert_status 2
}

@test "bench: every figure the report requires is one the module or the guest plan prints" {
	local names n missing=()
	names=$(sed -n '/^REQUIRED="/,/"$/p; /^REQUIRED_OURS=/p' "$REPO/tooling/bench-refs" |
		sed 's/^REQUIRED[A-Z_]*="//; s/"$//' | tr ' ' '\n' | grep .)
	[ "$(wc -l <<<"$names")" -ge 14 ] || fail_with "could not read REQUIRED: $names"
	while IFS= read -r n; do
		grep -q "\"$n\"" "$REPO/tooling/bench-module/ref_tracker_bench.c" ||
			grep -q "RTBENCH $n " "$REPO/testplans-bench/bench-refs/scenario.sh" ||
			grep -q "RTBENCH $n %zu" "$REPO/tooling/bench-module/ref_tracker_bench.c" ||
			missing+=("$n")
	done <<<"$names"
	[ ${#missing[@]} -eq 0 ] || fail_with "printed by nobody: ${missing[*]}"
}

@test "bench: BENCH_BUILD=0 without the kernels of an earlier run is a usage error" {
	BENCH_BUILD=0 run "$REPO/tooling/bench-refs"
	assert_status 2
	assert_output_has "no kernel in $OUT/kernels/00-base-bench"
	QEMU_SMP=1 run "$REPO/tooling/bench-refs"
	assert_status 2
	assert_output_has "need 2 vCPUs"
	BENCH_KERNELS='test' run "$REPO/tooling/bench-refs"
	assert_status 2
	assert_output_has "no kernel in $OUT/kernels/00-base; run make test first"
	BENCH_KERNELS=nope run "$REPO/tooling/bench-refs"
	assert_status 2
	assert_output_has "BENCH_KERNELS=nope: bench or test"
	BENCH_BOOTS=0 run "$REPO/tooling/bench-refs"
	assert_status 2
	assert_output_has "BENCH_BOOTS=0"
	BENCH_ROUNDS=x run "$REPO/tooling/bench-refs"
	assert_status 2
	assert_output_has "BENCH_ROUNDS=x"
}

@test "bench: the consoles of a real run (2026-12-03, lockdep kernels, one boot each) give their table" {
	run "$REPO/tooling/bench-refs" --report "$B/run-base.console" "$B/run-ours.console"
	assert_status 0
	grep -Eq '^tracked_q128 \(ns\) +9557\.067 +- +31\.14x +11188\.036 +- +32\.57x +1\.05x$' <<<"$output" ||
		fail_with "tracked_q128 row"
	# One boot a side: no spread, so no timing verdict.
	assert_output_has "target tracked_q128 vs upstream       1.15 (limit 0.8; range 1.15-1.15): inconclusive"
	assert_output_has "target tracked_q0 vs upstream         0.59 (limit 0.6; range 0.59-0.59): inconclusive"
	assert_output_has "target tracker_bytes                 32.00 (limit 32; range 32.00-32.00): met"
	assert_output_has "target sampled64 vs untracked         1.61 (limit 1.2; range 1.61-1.61): inconclusive"
}

@test "bench: the bench kernels turn off what base.config turns on for tests, and the survival check shows it" {
	local c=$BATS_TEST_TMPDIR/dot-config f
	local frags=("$REPO/qemu/base.config" "$REPO/topics/01-ref-tracker-core/config" "$REPO/qemu/bench.config")
	for f in CONFIG_PROVE_LOCKING CONFIG_DEBUG_ATOMIC_SLEEP CONFIG_KUNIT CONFIG_TEST_REF_TRACKER; do
		grep -q "^$f=[ym]" "$REPO/qemu/base.config" || fail_with "$f no longer in base.config"
		grep -qx "# $f is not set" "$REPO/qemu/bench.config" || fail_with "bench.config leaves $f on"
	done
	# A .config as olddefconfig writes it for VARIANT=bench passes: bench.config
	# has the last word on what it names...
	{
		cat "${frags[@]}" | grep -E '^CONFIG_' |
			grep -vE '^CONFIG_(PROVE_LOCKING|DEBUG_ATOMIC_SLEEP|KUNIT|RUNTIME_TESTING_MENU|TEST_REF_TRACKER)='
		grep -E '^# CONFIG_.* is not set$' "$REPO/qemu/bench.config"
	} >"$c"
	survival "$c" "${frags[@]}"
	assert_status 0
	# ... and one where lockdep survived fails, naming bench.config only.
	sed -i 's/^# CONFIG_PROVE_LOCKING is not set$/CONFIG_PROVE_LOCKING=y/' "$c"
	survival "$c" "${frags[@]}"
	assert_status 1
	assert_output_has "# CONFIG_PROVE_LOCKING is not set (have: CONFIG_PROVE_LOCKING=y) from $REPO/qemu/bench.config"
	refute_output_has "from $REPO/qemu/base.config"
}

@test "bench: the bench plan boots with kunit.enable=0 and takes the module's parameters from the command line" {
	grep -qx 'cmdline kunit.enable=0' "$REPO/testplans-bench/bench-refs/expect"
	printf 'console=ttyS0 ref_tracker_bench.iters=200 kunit.enable=0 ref_tracker_bench.rounds=1 ref_tracker_bench.mode=depot\n' \
		>"$BATS_TEST_TMPDIR/cmdline"
	sed "s|/proc/cmdline|$BATS_TEST_TMPDIR/cmdline|" "$REPO/testplans-bench/bench-refs/scenario.sh" >"$BATS_TEST_TMPDIR/scenario.sh"
	run sh -c '. "$1"; rtb_params' _ "$BATS_TEST_TMPDIR/scenario.sh"
	assert_status 0
	[ "$output" = "iters=200 rounds=1 " ] || fail_with "parameters"
}

@test "bench: the consoles of a real make bench (2026-12-04, 3 boots a side) give docs/performance.md's table and verdicts" {
	recorded_run run2
	grep -Eq '^tracked_q128 \(ns\) +6369\.003 +41% +60\.12x +6315\.375 +25% +51\.75x +0\.86x$' <<<"$output" ||
		fail_with "tracked_q128 row"
	assert_output_has "target tracked_q128 vs upstream       0.92 (limit 0.8; range 0.88-1.13): MISSED"
	assert_output_has "target tracked_q0 vs upstream         0.57 (limit 0.6; range 0.55-0.68): inconclusive"
	assert_output_has "target tracker_bytes                 32.00 (limit 32; range 32.00-32.00): met"
	assert_output_has "target sampled64 vs untracked         2.38 (limit 1.2; range 1.73-2.70): MISSED"
	# The same table as docs/performance.md's.
	same_as_doc_table 1
}

@test "bench: the consoles of make bench on 2026-12-07 (per-object sampling) give docs/performance.md's second table" {
	recorded_run run3
	assert_output_has "target object_off vs untracked        0.92 (limit 1.05; range 0.86-0.95): met"
	same_as_doc_table 2
}

@test "bench: the consoles of make bench on 2026-12-07 (acquire site tables) give docs/performance.md's third table" {
	recorded_run run4
	grep -Eq '^unsampled \(ns\) +- +- +- +176\.927 +20% +0\.96x +-$' <<<"$output" ||
		fail_with "unsampled row"
	assert_output_has "target unsampled vs untracked         1.37 (limit 1.5; range 1.25-1.59): inconclusive"
	same_as_doc_table 3
}
