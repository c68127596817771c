#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/bench-netns (make bench's namespace churn): the table from
# consoles written here with known rates, its errors, the kernels'
# labels checked against their configurations, the off kernel's
# configuration fragment, and the guest plan's helpers. No kernel is
# built or booted (tooling/smoke bench boots the plan in make test).

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	C=$BATS_TEST_TMPDIR/consoles
	mkdir -p "$C"
}

# console FILE MODE:CENTISECONDS...: a console of a guest that ran
# rounds of 10 namespaces, one per MODE:CENTISECONDS, in that order,
# each mode's rounds numbered from 1.
console() {
	local f=$1 m
	local -A r=()
	shift
	echo "KTAP version 1" >"$f"
	for m in "$@"; do
		r[${m%%:*}]=$((${r[${m%%:*}]:-0} + 1))
		printf '# rtnetns: RTNETNS %s %d 10 %s\r\n' "${m%%:*}" "${r[${m%%:*}]}" "${m#*:}" >>"$f"
	done
}

# json EXPR: a Python expression on the JSON written (as j).
json() {
	python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' \
		"$OUT/bench/netns/table.json" "$1"
}

# fake_kernel NAME TRACKS: a kernel directory with a bzImage and a
# config that tracks device references (y) or not (n).
fake_kernel() {
	mkdir -p "$OUT/kernels/$1"
	: >"$OUT/kernels/$1/bzImage"
	if [ "$2" = y ]; then
		echo CONFIG_NET_DEV_REFCNT_TRACKER=y >"$OUT/kernels/$1/config"
	else
		echo '# CONFIG_NET_DEV_REFCNT_TRACKER is not set' >"$OUT/kernels/$1/config"
	fi
}

@test "bench-netns: rates, medians over rounds and boots, spreads and costs against the off kernel" {
	# Boot medians: off 10, 10, 12.5 ns/s (100, 100, 80 cs for 10);
	# upstream 8 (125 cs) in every boot; ours full 5, sampled 1/64 10,
	# per-object 1/64 10, each the median of three rounds.
	local b args=()
	for b in 1 2 3; do
		local off=100
		[ "$b" != 3 ] || off=80
		console "$C/off-$b" "default:$off" "default:$off" "default:999"
		console "$C/up-$b" default:125 default:125 default:125
		console "$C/ours-$b" full:200 sampled64:100 object64:100 full:200 sampled64:100 object64:100 \
			full:1 sampled64:1 object64:1
		args+=("off:$b:$C/off-$b" "upstream:$b:$C/up-$b" "ours:$b:$C/ours-$b")
	done
	run "$REPO/tooling/bench-netns" --report "${args[@]}"
	assert_status 0
	assert_output_has "10 namespaces a round"
	assert_output_has "3 boot(s) per kernel"
	grep -Eq '^off \(built without NET_DEV_REFCNT_TRACKER\) +10\.00 +25% +1\.00x +0\.80-1\.25x$' <<<"$output" ||
		fail_with "off row"
	grep -Eq '^upstream tracking +8\.00 +0% +1\.25x +1\.25-1\.56x$' <<<"$output" || fail_with "upstream row"
	grep -Eq '^ours, full +5\.00 +0% +2\.00x +2\.00-2\.50x$' <<<"$output" || fail_with "ours full row"
	grep -Eq '^ours, sampled 1/64 +10\.00 +0% +1\.00x ' <<<"$output" || fail_with "sampled row"
	grep -Eq '^ours, per-object 1/64 +10\.00 +0% +1\.00x ' <<<"$output" || fail_with "per-object row"
	[ "$(json 'j["reference"]')" = off ] || fail_with "reference in the JSON"
	[ "$(json '[r["mode"] for r in j["rows"]]')" = "['default', 'default', 'full', 'sampled64', 'object64']" ] ||
		fail_with "rows in the JSON"
	cmp -s "$OUT/bench/netns/table.txt" <(printf '%s\n' "$output" | sed '$d') ||
		fail_with "table.txt is not the table printed"
}

@test "bench-netns: without an off kernel (the smoke run), costs are against upstream's" {
	console "$C/up" default:100
	console "$C/ours" full:200 sampled64:100 object64:125
	run "$REPO/tooling/bench-netns" --report "upstream:1:$C/up" "ours:1:$C/ours"
	assert_status 0
	grep -Eq 'cost vs upstream' <<<"$output" || fail_with "header"
	grep -Eq '^ours, full +5\.00 +- +2\.00x +2\.00-2\.00x$' <<<"$output" || fail_with "ours full row"
	grep -Eq '^ours, per-object 1/64 +8\.00 +- +1\.25x ' <<<"$output" || fail_with "per-object row"
}

@test "bench-netns: a console without a mode its kernel must have fails and names it" {
	console "$C/up" default:100
	console "$C/ours" full:200 sampled64:100
	run "$REPO/tooling/bench-netns" --report "upstream:1:$C/up" "ours:1:$C/ours"
	assert_status 1
	assert_output_has "$C/ours (boot 1): no object64 rounds for ours"
	# A guest that printed nothing at all, likewise.
	: >"$C/empty"
	run "$REPO/tooling/bench-netns" --report "upstream:1:$C/empty"
	assert_status 1
	assert_output_has "$C/empty (boot 1): no default rounds for upstream"
}

@test "bench-netns: a round of no time or no namespaces, a lost round, or uneven modes fail the report" {
	console "$C/up" default:100
	console "$C/zero" full:0 sampled64:100 object64:100
	run "$REPO/tooling/bench-netns" --report "upstream:1:$C/up" "ours:1:$C/zero"
	assert_status 1
	assert_output_has "round 1 of full: 10 namespaces in 0 cs"
	printf '# rtnetns: RTNETNS default 1 10 100\n# rtnetns: RTNETNS default 3 10 100\n' >"$C/lost"
	run "$REPO/tooling/bench-netns" --report "upstream:1:$C/lost"
	assert_status 1
	assert_output_has "round 3 of default follows round 1: a round is missing"
	console "$C/uneven" full:100 full:100 sampled64:100 object64:100
	run "$REPO/tooling/bench-netns" --report "upstream:1:$C/up" "ours:1:$C/uneven"
	assert_status 1
	assert_output_has "modes with different numbers of rounds: full 2, sampled64 1, object64 1"
}

@test "bench-netns: usage errors exit 2" {
	run "$REPO/tooling/bench-netns" --report
	assert_status 2
	: >"$C/x"
	run "$REPO/tooling/bench-netns" --report "nope:1:$C/x"
	assert_status 2
	assert_output_has "nope: not one of off upstream ours"
	run "$REPO/tooling/bench-netns" --report "ours:1:$C/missing"
	assert_status 2
	assert_output_has "no console $C/missing"
	run "$REPO/tooling/bench-netns" extra
	assert_status 2
	BENCH_BOOTS=0 run "$REPO/tooling/bench-netns"
	assert_status 2
	assert_output_has "BENCH_BOOTS=0"
	BENCH_NETNS_COUNT=x run "$REPO/tooling/bench-netns"
	assert_status 2
	assert_output_has "BENCH_NETNS_COUNT=x"
	BENCH_KERNELS=nope run "$REPO/tooling/bench-netns"
	assert_status 2
	assert_output_has "BENCH_KERNELS=nope: bench or test"
	BENCH_BUILD=0 run "$REPO/tooling/bench-netns"
	assert_status 2
	assert_output_has "no bzImage in $OUT/kernels/00-base-bench-off; run make bench first"
}

@test "bench-netns: a kernel whose configuration contradicts its label is refused before any boot" {
	fake_kernel 00-base-bench-off y
	fake_kernel 00-base-bench y
	fake_kernel 01-ref-tracker-core-bench y
	BENCH_BUILD=0 run "$REPO/tooling/bench-netns"
	assert_status 1
	assert_output_has "00-base-bench-off tracks device references (CONFIG_NET_DEV_REFCNT_TRACKER=y): not an off kernel"
	fake_kernel 00-base-bench-off n
	fake_kernel 01-ref-tracker-core-bench n
	BENCH_BUILD=0 run "$REPO/tooling/bench-netns"
	assert_status 1
	assert_output_has "01-ref-tracker-core-bench does not track device references (no CONFIG_NET_DEV_REFCNT_TRACKER=y): the ours kernel must"
	# Refused before anything was laid out for a boot.
	[ ! -e "$OUT/bench/netns/plans" ] || fail_with "a plan was written before the refusal"
}

@test "bench-netns: the off kernel is bench.config with tracking compiled out, and the survival check shows it" {
	local c=$BATS_TEST_TMPDIR/dot-config
	local frags=("$REPO/qemu/base.config" "$REPO/qemu/bench.config" "$REPO/qemu/bench-off.config")
	grep -qx 'CONFIG_NET_DEV_REFCNT_TRACKER=y' "$REPO/qemu/base.config" || fail_with "base.config no longer tracks"
	grep -qx '# CONFIG_NET_DEV_REFCNT_TRACKER is not set' "$REPO/qemu/bench-off.config" ||
		fail_with "bench-off.config leaves tracking on"
	{
		cat "${frags[@]}" | grep -E '^CONFIG_' | grep -v '^CONFIG_NET_DEV_REFCNT_TRACKER='
		grep -hE '^# CONFIG_.* is not set$' "$REPO/qemu/bench.config" "$REPO/qemu/bench-off.config"
	} >"$c"
	survival "$c" "${frags[@]}"
	assert_status 0
	sed -i 's/^# CONFIG_NET_DEV_REFCNT_TRACKER is not set$/CONFIG_NET_DEV_REFCNT_TRACKER=y/' "$c"
	survival "$c" "${frags[@]}"
	assert_status 1
	assert_output_has "# CONFIG_NET_DEV_REFCNT_TRACKER is not set (have: CONFIG_NET_DEV_REFCNT_TRACKER=y) from $REPO/qemu/bench-off.config"
	# tooling/config refuses a VARIANT A-B without qemu/A.config.
	VARIANT=nope-x run "$REPO/tooling/config" 00-base "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/build"
	assert_status 2
	assert_output_has "VARIANT=nope-x: no $REPO/qemu/nope.config"
}

@test "bench-netns: tooling/config merges base.config, then bench.config, then bench-off.config for VARIANT=bench-off" {
	assert_merge_order bench-off base.config bench.config bench-off.config
	grep -qx '# CONFIG_NET_DEV_REFCNT_TRACKER is not set' "$BATS_TEST_TMPDIR/build/.config" ||
		fail_with "tracking still on in the .config written"
}

@test "bench-netns: the guest plan reads its parameters from the command line and gives every pair its own /30" {
	grep -qx 'cmdline kunit.enable=0' "$REPO/testplans-bench/bench-netns/expect"
	printf 'console=ttyS0 rtnetns.count=7 kunit.enable=0 rtnetns.rounds=x\n' >"$BATS_TEST_TMPDIR/cmdline"
	sed "s|/proc/cmdline|$BATS_TEST_TMPDIR/cmdline|" "$REPO/testplans-bench/bench-netns/scenario.sh" \
		>"$BATS_TEST_TMPDIR/scenario.sh"
	run sh -c '. "$1"; rtn_param count 24; rtn_param rounds 5' _ "$BATS_TEST_TMPDIR/scenario.sh"
	assert_status 0
	[ "$output" = "$(printf '7\n5')" ] || fail_with "parameters: $output"
	run sh -c '. "$1"; i=0; while [ $i -lt 1024 ]; do rtn_addr $i 1; rtn_addr $i 2; i=$((i + 1)); done' \
		_ "$BATS_TEST_TMPDIR/scenario.sh"
	assert_status 0
	[ "$(sort -u <<<"$output" | wc -l)" = 2048 ] || fail_with "addresses repeat"
	! grep -vqE '^10\.[0-9]+\.[0-9]+\.[0-9]+$' <<<"$output" || fail_with "not an address"
	! grep -qE '\.(25[6-9]|2[6-9][0-9]|[3-9][0-9][0-9])(\.|$)' <<<"$output" || fail_with "octet over 255"
}

@test "bench-netns: the consoles of make bench on 2026-12-07 give docs/performance.md's churn table" {
	local B=$FIXTURES/bench args=() b k
	for b in 1 2 3; do
		for k in off upstream ours; do
			args+=("$k:$b:$B/netns1-$k-$b.console")
		done
	done
	run "$REPO/tooling/bench-netns" --report "${args[@]}"
	assert_status 0
	awk 'BEGIN { fence = sprintf("%c%c%c", 96, 96, 96) }
		/^namespace churn: / { on = 1 } on && $0 == fence { exit } on { print }' \
		"$REPO/docs/performance.md" >"$BATS_TEST_TMPDIR/doc.txt"
	[ -s "$BATS_TEST_TMPDIR/doc.txt" ] || fail_with "no churn table in docs/performance.md"
	cmp -s "$BATS_TEST_TMPDIR/doc.txt" "$OUT/bench/netns/table.txt" ||
		fail_with "docs/performance.md's churn table differs: $(diff "$BATS_TEST_TMPDIR/doc.txt" "$OUT/bench/netns/table.txt")"
}
