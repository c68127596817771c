#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/bench-refs --report: the table and JSON of `make bench`,
# computed from two recorded guest consoles (fixtures/bench/, made up so
# that every ratio is known: upstream's untracked pair 100 ns, ours 80;
# tracked_q128 20x the untracked pair in both, tracked_q0 19x and 10x,
# sampled64 1.875x, 32 bytes per tracker), and the two consoles of a real
# run (run-*.console). No kernel is built or booted.

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	B=$FIXTURES/bench
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
	grep -Eq '^untracked \(ns\) +100\.000 +1\.00x +80\.000 +1\.00x +0\.80x$' <<<"$output" ||
		fail_with "untracked row"
	grep -Eq '^tracked_q128 \(ns\) +2000\.000 +20\.00x +1600\.000 +20\.00x +1\.00x$' <<<"$output" ||
		fail_with "tracked_q128 row"
	grep -Eq '^tracked_q0 \(ns\) +1900\.000 +19\.00x +800\.000 +10\.00x +0\.53x$' <<<"$output" ||
		fail_with "tracked_q0 row"
	# Contended figures are relative to the contended untracked pair.
	grep -Eq '^tracked_q0_contended \(ns\) +4800\.000 +24\.00x +2000\.000 +12\.50x +0\.52x$' <<<"$output" ||
		fail_with "tracked_q0_contended row"
	# Upstream has no sampled mode: a dash, not a zero.
	grep -Eq '^sampled64 \(ns\) +- +- +150\.000 +1\.88x +-$' <<<"$output" ||
		fail_with "sampled64 row"
	grep -Eq '^tracker_bytes \(bytes\) +32 +- +32 +- +1\.00x$' <<<"$output" ||
		fail_with "tracker_bytes row"
	cmp -s <(printf '%s\n' "$output" | grep -v '^bench-refs:') "$OUT/bench/table.txt" ||
		fail_with "the printed table differs from $OUT/bench/table.txt"
	[ "$(json 'j["ours_vs_upstream"]["tracked_q0"]')" = 0.5263 ]
	[ "$(json 'j["kernels"]["ours"]["figures"]["sampled64"]["vs_untracked"]')" = 1.875 ]
	[ "$(json 'j["kernels"]["base"]["figures"]["tracked_q128"]["value"]')" = 2000.0 ]
	[ "$(json '"sampled64" in j["kernels"]["base"]["figures"]')" = False ]
}

@test "bench: every target is judged, met at the limit itself" {
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$B/ours.console"
	assert_status 0
	assert_output_has "target tracked_q128 vs upstream       1.00 (limit 1): met"
	assert_output_has "target tracked_q0 vs upstream         0.53 (limit 0.8): met"
	assert_output_has "target tracker_bytes                 32.00 (limit 32): met"
	assert_output_has "target sampled64 vs untracked         1.88 (limit 2): met"
	[ "$(json '[t["met"] for t in j["targets"]]')" = "[True, True, True, True]" ]
}

@test "bench: a missed target is reported as MISSED, in the table and the JSON, and is not an error" {
	sed -e 's/RTBENCH tracker_bytes 32 /RTBENCH tracker_bytes 48 /' \
		-e 's/RTBENCH tracked_q128 1600\.000 /RTBENCH tracked_q128 2032.000 /' \
		"$B/ours.console" >"$BATS_TEST_TMPDIR/ours.console"
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/ours.console"
	assert_status 0
	assert_output_has "target tracker_bytes                 48.00 (limit 32): MISSED"
	assert_output_has "target tracked_q128 vs upstream       1.27 (limit 1): MISSED"
	assert_output_has "target tracked_q0 vs upstream         0.53 (limit 0.8): met"
	[ "$(json '[t["met"] for t in j["targets"]]')" = "[False, True, False, True]" ]
	[ "$(json '[t["value"] for t in j["targets"] if t["name"] == "tracker_bytes"][0]')" = 48.0 ]
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
	grep -Eq '^untracked \(ns\) +100\.000 +1\.00x +80\.000 ' "$OUT/bench/table.txt" ||
		fail_with "the first value won"
}

@test "bench: usage errors exit 2" {
	run "$REPO/tooling/bench-refs" --report "$B/base.console"
	assert_status 2
	run "$REPO/tooling/bench-refs" --report "$B/base.console" "$BATS_TEST_TMPDIR/none.console"
	assert_status 2
	assert_output_has "no console"
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
}

@test "bench: the consoles of a real run (2026-12-03) give the table recorded in README" {
	run "$REPO/tooling/bench-refs" --report "$B/run-base.console" "$B/run-ours.console"
	assert_status 0
	grep -Eq '^tracked_q128 \(ns\) +9557\.067 +31\.14x +11188\.036 +32\.57x +1\.05x$' <<<"$output" ||
		fail_with "tracked_q128 row"
	assert_output_has "target tracked_q128 vs upstream       1.05 (limit 1): MISSED"
	assert_output_has "target tracked_q0 vs upstream         0.54 (limit 0.8): met"
	assert_output_has "target tracker_bytes                 32.00 (limit 32): met"
	assert_output_has "target sampled64 vs untracked         1.47 (limit 2): met"
}
