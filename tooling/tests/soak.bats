#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/soak (make soak): its usage errors, the soak kernels' fragment,
# the guest plan's helpers and the table. No kernel is built or booted
# here: a soak needs two KASAN kernels and ten minutes of guest time
# each (docs/soak.md says how it is run).

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
}

# guest_sh SCRIPT: run SCRIPT in sh with the soak plan's functions, its
# /proc/cmdline and /sys/class/net redirected under $BATS_TEST_TMPDIR.
guest_sh() {
	sed -e "s|/proc/cmdline|$BATS_TEST_TMPDIR/cmdline|" -e "s|/sys/class/net|$BATS_TEST_TMPDIR/net|g" \
		"$REPO/testplans-soak/soak/scenario.sh" >"$BATS_TEST_TMPDIR/scenario.sh"
	run sh -c ". \"\$1\"; $1" _ "$BATS_TEST_TMPDIR/scenario.sh"
}

@test "soak: usage errors exit 2 before anything is built" {
	local v
	for v in DURATION=0 DURATION=x SEED=-1 SEED=08 SOAK_PERCENT=0 SOAK_PERCENT=101 SOAK_BASE=2 SOAK_TIMEOUT=x; do
		env "$v" "$REPO/tooling/soak" >"$BATS_TEST_TMPDIR/out" 2>&1 && fail_with "$v: exit 0"
		[ $? = 2 ] || fail_with "$v: not exit 2: $(cat "$BATS_TEST_TMPDIR/out")"
		grep -qF "${v%%=*}=" "$BATS_TEST_TMPDIR/out" || fail_with "$v: not named: $(cat "$BATS_TEST_TMPDIR/out")"
	done
	run "$REPO/tooling/soak" extra
	assert_status 2
}

@test "soak: the soak kernels are kasan.config plus fault injection, and the survival check shows it" {
	local c=$BATS_TEST_TMPDIR/dot-config f
	local frags=("$REPO/qemu/base.config" "$REPO/qemu/kasan.config" "$REPO/qemu/kasan-soak.config")
	for f in CONFIG_FAULT_INJECTION CONFIG_FAILSLAB CONFIG_FAIL_PAGE_ALLOC CONFIG_FAULT_INJECTION_DEBUG_FS; do
		grep -qx "$f=y" "$REPO/qemu/kasan-soak.config" || fail_with "kasan-soak.config lacks $f"
	done
	grep -qx 'CONFIG_KASAN=y' "$REPO/qemu/kasan.config" || fail_with "kasan.config lacks KASAN"
	grep -qx 'CONFIG_PROVE_LOCKING=y' "$REPO/qemu/base.config" || fail_with "base.config lacks lockdep"
	{
		cat "${frags[@]}" | grep -E '^CONFIG_' | grep -v '^CONFIG_FAILSLAB='
		grep -hE '^# CONFIG_.* is not set$' "${frags[@]}"
	} >"$c"
	survival "$c" "${frags[@]}"
	assert_status 1
	assert_output_has "CONFIG_FAILSLAB=y"
	echo CONFIG_FAILSLAB=y >>"$c"
	survival "$c" "${frags[@]}"
	assert_status 0
}

@test "soak: tooling/config merges base.config, then kasan.config, then kasan-soak.config for VARIANT=kasan-soak" {
	assert_merge_order kasan-soak base.config kasan.config kasan-soak.config
	grep -qx 'CONFIG_FAILSLAB=y' "$BATS_TEST_TMPDIR/build/.config" || fail_with "no failslab in the .config written"
	grep -qx 'CONFIG_KASAN=y' "$BATS_TEST_TMPDIR/build/.config" || fail_with "no KASAN in the .config written"
}

@test "soak: the guest reads its parameters from the command line" {
	printf 'console=ttyS0 soak.seconds=42 kunit.enable=0 soak.seed=7 soak.percent=x\n' >"$BATS_TEST_TMPDIR/cmdline"
	guest_sh 'soak_param seconds 600; soak_param seed 1; soak_param percent 5'
	assert_status 0
	[ "$output" = "$(printf '42\n7\n5')" ] || fail_with "parameters: $output"
}

@test "soak: teardown looks for the soak's devices only, never the kernel's own (sit0, gre0, tunl0)" {
	local d
	for d in lo sit0 gre0 gretap0 erspan0 tunl0 sv0 sv0.10 sb1 sm0 sx1 si0 sg1 sr0 sd3 sdx2 eth0; do
		mkdir -p "$BATS_TEST_TMPDIR/net/$d"
	done
	guest_sh 'soak_devs'
	assert_status 0
	[ "$(tr '\n' ' ' <<<"$output")" = "sb1 sd3 sdx2 sg1 si0 sm0 sr0 sv0 sv0.10 sx1 " ] || fail_with "devices: $output"
}

@test "soak: the table has a column per kernel, every SOAK figure, each test's result and the guest time" {
	local c=$BATS_TEST_TMPDIR
	printf '%s\r\n' '# soak: SOAK seed 9' '# soak: t=10 s ns0=3' '# soak: SOAK faults_phase1_tracker_cache 12' \
		'# soak: t=20 s ns0=5' 'ok 1 soak_churn' 'ok 2 soak_teardown' 'ok 3 soak_books # SKIP no counters' >"$c/base"
	printf '%s\r\n' '# soak: SOAK seed 9' '# soak: SOAK faults_phase1_tracker_cache 40' '# soak: SOAK books_unbalanced 0' \
		'# soak: t=30 s' 'ok 1 soak_churn' 'not ok 2 soak_teardown' >"$c/topic"
	run python3 "$REPO/tooling/lib/soak_table.py" "$c/table" 9 600 "00-base=$c/base" "04=$c/topic" "gone=$c/nope"
	assert_status 0
	grep -Eq '^faults_phase1_tracker_cache +12 +40 +-$' "$c/table" || fail_with "faults row: $(cat "$c/table")"
	grep -Eq '^books_unbalanced +- +0 +-$' "$c/table" || fail_with "books row"
	grep -Eq '^guest_seconds_run +20 +30 +0$' "$c/table" || fail_with "time row"
	grep -Eq '^result_soak_books +ok \(skip\) +no result +no result$' "$c/table" || fail_with "books result row"
	grep -Eq '^result_soak_teardown +ok +not ok +no result$' "$c/table" || fail_with "teardown result row"
	run python3 "$REPO/tooling/lib/soak_table.py" "$c/table" 9 600 "no-equals-sign"
	assert_status 2
}
