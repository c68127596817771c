#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# qemu/run with a stand-in QEMU (a script that prints a recorded console
# or sleeps) and a stand-in gen_init_cpio: the plan's own timeout is
# used, QEMU never inherits the cache lock's descriptor, and the console
# goes to the judge.

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	local kf
	kf=$(kernel_files)
	export KUNIT_PY=$kf/tools/testing/kunit/kunit.py
	[ -f "$KUNIT_PY" ] || fail_with "no kunit.py in $kf"
	k=$OUT/kernels/t1
	mkdir -p "$k/modules" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/bin"
	: >"$k/bzImage"
	# shellcheck disable=SC2016 # the stand-in's own $1
	printf '#!/bin/sh\ncat "$1" >/dev/null\n' >"$k/gen_init_cpio"
	chmod +x "$k/gen_init_cpio"
	printf 'TESTS="one"\none() { :; }\n' >"$PLANS_DIR/t1/scenario.sh"
	cp "$FIXTURES/console/plan.expect" "$PLANS_DIR/t1/expect"
	# The stand-in QEMU: records whether fd 9 was open, then plays
	# $FAKE_CONSOLE or sleeps $FAKE_SLEEP seconds.
	cat >"$BATS_TEST_TMPDIR/bin/fake-qemu" <<-'EOS'
		#!/bin/sh
		if [ -e /proc/self/fd/9 ]; then echo open; else echo closed; fi >"$FAKE_FD9"
		[ -n "${FAKE_SLEEP:-}" ] && sleep "$FAKE_SLEEP"
		cat "$FAKE_CONSOLE"
	EOS
	chmod +x "$BATS_TEST_TMPDIR/bin/fake-qemu"
	export QEMU=$BATS_TEST_TMPDIR/bin/fake-qemu FAKE_FD9=$BATS_TEST_TMPDIR/fd9
	export FAKE_CONSOLE=$FIXTURES/console/pass.log
}

@test "qemu/run: a passing console passes; QEMU gets no fd 9 (the cache lock)" {
	exec 9>"$BATS_TEST_TMPDIR/lock"
	run "$REPO/qemu/run" t1
	exec 9>&-
	assert_status 0
	assert_output_has "t1: PASS"
	[ "$(cat "$FAKE_FD9")" = closed ] || fail_with "QEMU inherited fd 9"
	assert_file_has "$OUT/logs/t1/qemu.cmd" "fake-qemu"
}

@test "qemu/run: the plan's timeout line wins over QEMU_TIMEOUT, and a guest past it fails as a timeout" {
	echo "timeout 1" >>"$PLANS_DIR/t1/expect"
	FAKE_SLEEP=5 QEMU_TIMEOUT=300 run "$REPO/qemu/run" t1
	assert_status 1
	assert_output_has "timeout 1s from the plan"
	assert_output_has "FAIL qemu-exit"
	assert_output_has "timeout: guest still running"
}

@test "qemu/run: QEMU_TIMEOUT_SCALE stretches the plan's timeout" {
	echo "timeout 1" >>"$PLANS_DIR/t1/expect"
	FAKE_SLEEP=2 QEMU_TIMEOUT_SCALE=5 run "$REPO/qemu/run" t1
	assert_output_has "timeout 5s from the plan"
	assert_status 0
}

@test "qemu/run: BASE=7.2 judges by expect-7.2 when the plan has one, by expect otherwise" {
	echo "timeout 1" >"$PLANS_DIR/t1/expect-7.2"
	cat "$PLANS_DIR/t1/expect" >>"$PLANS_DIR/t1/expect-7.2"
	FAKE_SLEEP=3 BASE=7.2 run "$REPO/qemu/run" t1
	assert_status 1
	assert_output_has "timeout 1s from the plan"
	# The default base never reads expect-7.2.
	BASE=6.12 run "$REPO/qemu/run" t1
	assert_status 0
	assert_output_has "t1: PASS"
	rm "$PLANS_DIR/t1/expect-7.2"
	BASE=7.2 run "$REPO/qemu/run" t1
	assert_status 0
}

@test "qemu/run: a pass is kept and said so while nothing changed; a change or FRESH=1 boots again; a failure is never kept" {
	run "$REPO/qemu/run" t1
	assert_status 0
	assert_output_has "booting t1"
	run "$REPO/qemu/run" t1
	assert_status 0
	assert_output_has "t1: PASS (kept from"
	refute_output_has "booting t1"
	FRESH=1 run "$REPO/qemu/run" t1
	assert_status 0
	assert_output_has "booting t1"
	# The plan changed: boots again.
	echo "# a comment" >>"$PLANS_DIR/t1/scenario.sh"
	run "$REPO/qemu/run" t1
	assert_output_has "booting t1"
	# The kernel changed: boots again.
	echo x >>"$OUT/kernels/t1/bzImage"
	run "$REPO/qemu/run" t1
	assert_output_has "booting t1"
	# A failing verdict (the expectations now ask for a line the console
	# lacks) is not kept: the next run boots and fails again.
	echo "must ^a line no console has$" >>"$PLANS_DIR/t1/expect"
	run "$REPO/qemu/run" t1
	assert_status 1
	run "$REPO/qemu/run" t1
	assert_status 1
	assert_output_has "booting t1"
	refute_output_has "kept from"
}

@test "qemu/mkinitramfs: BASE=7.2 puts scenario-7.2.sh in the guest as /plan/scenario.sh when the plan has one" {
	# shellcheck disable=SC2016 # the stand-in's own $1
	printf '#!/bin/sh\ncp "$1" "%s/list"\n' "$BATS_TEST_TMPDIR" >"$k/gen_init_cpio"
	printf 'TESTS="two"\ntwo() { :; }\n' >"$PLANS_DIR/t1/scenario-7.2.sh"
	BASE=7.2 run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	grep -qx "file /plan/scenario.sh $PLANS_DIR/t1/scenario-7.2.sh 0644 0 0" "$BATS_TEST_TMPDIR/list" ||
		fail_with "7.2: $(grep /plan/scenario "$BATS_TEST_TMPDIR/list")"
	BASE=6.12 run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	grep -qx "file /plan/scenario.sh $PLANS_DIR/t1/scenario.sh 0644 0 0" "$BATS_TEST_TMPDIR/list" ||
		fail_with "6.12: $(grep /plan/scenario "$BATS_TEST_TMPDIR/list")"
}

@test "qemu/run: RUN_KERNEL boots NAME's plan on another topic's kernel, with NAME's logs" {
	mkdir -p "$PLANS_DIR/t0"
	cp "$PLANS_DIR/t1/scenario.sh" "$PLANS_DIR/t1/expect" "$PLANS_DIR/t0/"
	# t0 has no kernel of its own.
	run "$REPO/qemu/run" t0
	assert_status 2
	assert_output_has "no kernel for t0 in $OUT/kernels/t0"
	RUN_KERNEL=t1 run "$REPO/qemu/run" t0
	assert_status 0
	assert_output_has "t0: PASS"
	assert_file_has "$OUT/logs/t0/qemu.cmd" "$OUT/kernels/t1/bzImage"
	[ -f "$OUT/logs/t0/console.log" ] || fail_with "no console.log for t0"
}
