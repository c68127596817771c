#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/bench-paths --report: the per-path table and JSON of `make
# bench` from recorded consoles (fixtures/bench-paths/, made up so that
# every ratio is known: before packet_snd 1000 ns, tap_write 2000,
# udp_lo 500; after 1650, 2200 and 550, so the control's ratio is 1.10x,
# packet_snd's 1.65x, 1.50x the control, 550 ns of tracking per call,
# tap_write's the control's, 0 ns). No kernel is built or booted.

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	P=$FIXTURES/bench-paths
}

# pjson EXPR: evaluate a Python expression on the JSON written (as j).
pjson() {
	python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' \
		"$OUT/bench/paths/paths.json" "$1"
}

# scaled IN OUT PATH FACTOR: console IN with PATH's figure times FACTOR.
scaled() {
	awk -v f="$3" -v x="$4" '$0 ~ "RTPATH " f " " { $5 = sprintf("%.1f", $5 * x) } { print }' "$1" >"$2"
}

@test "bench-paths: after/before per path, the control's ratio, the ns per call left to tracking" {
	run "$REPO/tooling/bench-paths" --report "$P/before.console" "$P/after.console"
	assert_status 0
	assert_output_has 'packet_snd              1000.0       -    1650.0       -        1.65x  1.65-1.65x'
	assert_output_has 'udp_lo                   500.0       -     550.0       -        1.10x  1.10-1.10x'
	assert_output_has 'its ratio
(1.10x) is what the kernels differ by beyond the trackers'
	assert_output_has 'packet_snd: 1.65x, 1.50x the control'"'"'s ratio; about 550 ns per call for tracking'
	assert_output_has 'tap_write: 1.10x, 1.00x the control'"'"'s ratio; about 0 ns per call for tracking'
	[ "$(pjson "j['paths']['packet_snd']['ratio']['median']")" = 1.65 ] || fail_with "json ratio"
	[ "$(pjson "j['boots']")" = 1 ] || fail_with "json boots"
}

@test "bench-paths: three boot pairs: medians, spreads and the ratio's range, in boot order" {
	local t=$BATS_TEST_TMPDIR
	scaled "$P/after.console" "$t/a2.console" packet_snd 1.2
	scaled "$P/before.console" "$t/b3.console" packet_snd 0.5
	run "$REPO/tooling/bench-paths" --report "$P/before.console" "$P/after.console" \
		"$P/before.console" "$t/a2.console" "$t/b3.console" "$P/after.console"
	assert_status 0
	# before 1000, 1000, 500: median 1000, spread 50%; after 1650, 1980,
	# 1650: median 1650, spread 20%; ratios 1.65, 1.98, 3.30.
	assert_output_has 'packet_snd              1000.0     50%    1650.0     20%        1.98x  1.65-3.30x'
	[ "$(pjson "j['paths']['packet_snd']['before']['boots']")" = '[1000.0, 1000.0, 500.0]' ] || fail_with "boot order"
}

@test "bench-paths: a figure missing from a console fails the report, naming it; usage errors exit 2" {
	grep -v 'RTPATH tap_write' "$P/after.console" >"$BATS_TEST_TMPDIR/after.console"
	run "$REPO/tooling/bench-paths" --report "$P/before.console" "$BATS_TEST_TMPDIR/after.console"
	assert_status 1
	assert_output_has "no figure tap_write in $BATS_TEST_TMPDIR/after.console (after, boot 1)"
	[ ! -e "$OUT/bench/paths/paths.json" ] || fail_with "wrote a JSON anyway"
	run "$REPO/tooling/bench-paths" --report "$P/before.console"
	assert_status 2
	run "$REPO/tooling/bench-paths" --report "$P/before.console" "$BATS_TEST_TMPDIR/none.console"
	assert_status 2
	BENCH_BOOTS=0 run "$REPO/tooling/bench-paths"
	assert_status 2
	assert_output_has 'BENCH_BOOTS=0'
	BENCH_PATH_ROUNDS=65 run "$REPO/tooling/bench-paths"
	assert_status 2
	BENCH_BUILD=0 run "$REPO/tooling/bench-paths"
	assert_status 2
	assert_output_has "no kernel in $OUT/kernels/03-netdev-infra-paths"
}

@test "bench-paths: kernels with different configurations are refused before any boot" {
	local k
	for k in 03-netdev-infra-paths 04-netdev-conversions; do
		mkdir -p "$OUT/kernels/$k"
		echo kernel >"$OUT/kernels/$k/bzImage"
		printf 'CONFIG_NET=y\nCONFIG_TUN=y\n' >"$OUT/kernels/$k/config"
	done
	sed -i 's/CONFIG_TUN=y/# CONFIG_TUN is not set/' "$OUT/kernels/03-netdev-infra-paths/config"
	BENCH_BUILD=0 run "$REPO/tooling/bench-paths"
	assert_status 1
	assert_output_has "have different configurations"
	assert_output_has "> CONFIG_TUN=y"
}

@test "bench-paths: every path the report requires is one pathbench prints and the plan expects" {
	local f paths
	paths=$(sed -n 's/^PATHS="\(.*\)"$/\1/p' "$REPO/tooling/bench-paths")
	for f in $paths; do
		grep -q "\"$f\"" "$REPO/testplans-bench/bench-paths/pathbench.c" || fail_with "pathbench.c does not print $f"
		grep -q "^must # pathbench: RTPATH $f " "$REPO/testplans-bench/bench-paths/expect" || fail_with "expect lacks $f"
	done
	[ -n "${f:-}" ] || fail_with "could not read PATHS"
}
