#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# qemu/ktap.sh under busybox sh, the guest's shell: scenarios from
# fixtures/ktap/*.sh run through fixtures/ktap/run.sh (what qemu/init
# does) must print exactly fixtures/ktap/*.ktap.

load helpers

BUSYBOX=/bin/busybox

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	[ -x "$BUSYBOX" ] || fail_with "$BUSYBOX missing: apt-get install busybox-static"
	export KTAP_SH=$REPO/qemu/ktap.sh
	export DMESG_LOG=$BATS_TEST_TMPDIR/dmesg MARK_DIR=$BATS_TEST_TMPDIR/marks
	mkdir -p "$MARK_DIR"
	printf '[    0.000000] Linux version 6.12.0\n[    0.602311] Run /init as init process\n' >"$DMESG_LOG"
}

# scenario NAME: run fixtures/ktap/NAME.sh under busybox sh; compare its
# output with fixtures/ktap/NAME.ktap, where each test's duration line
# reads "# NAME took N.NNs" (the time itself varies).
scenario() {
	run "$BUSYBOX" sh "$FIXTURES/ktap/run.sh" "$FIXTURES/ktap/$1.sh"
	assert_status 0
	printf '%s\n' "$output" |
		sed 's/^\(# [A-Za-z0-9_]* took \)[0-9]*\.[0-9][0-9]s$/\1N.NNs/' >"$BATS_TEST_TMPDIR/$1.out"
	diff -u "$FIXTURES/ktap/$1.ktap" "$BATS_TEST_TMPDIR/$1.out" ||
		fail_with "KTAP output differs from fixtures/ktap/$1.ktap"
}

@test "ktap.sh: plan, results in order, a failure's message; a failed test stops there" {
	scenario three
	[ "${lines[0]}" = "KTAP version 1" ]
	[ "${lines[1]}" = "1..3" ]
	assert_output_has "# second: v0 did not come up"
	assert_output_has "not ok 2 second"
	refute_output_has "second: step 3"
	# set -e: the step after the failed one never ran; the next test did.
	[ -e "$MARK_DIR/first" ]
	[ ! -e "$MARK_DIR/second-step-3" ] || fail_with "second kept running after fail"
	[ -e "$MARK_DIR/third" ]
}

@test "ktap.sh: skip REASON is a skip with its reason; exit status 4 is a failure; a failed command is not ok, and said to be when silent" {
	scenario skip
	assert_output_has "ok 1 needs_netdevsim # SKIP netdevsim not built"
	refute_output_has "after skip"
	assert_output_has "not ok 2 returns_four"
	refute_output_has "ok 2 returns_four # SKIP"
	assert_output_has "not ok 3 plain_failure"
	refute_output_has "plain: after"
	assert_output_has "# ktap: silent_failure ended with status 1 and printed nothing: a command failed under set -e"
	assert_output_has "not ok 4 silent_failure"
	refute_output_has "silent: after"
}

@test "ktap.sh: with KTAP_REARM=1 the once-only warnings are re-armed before every test" {
	# The guest's debugfs file, stood in for by a writable file whose
	# writes are appended and counted; /sys is the host's, so a local copy
	# of ktap.sh points at the stand-in.
	local rearm=$BATS_TEST_TMPDIR/clear_warn_once
	: >"$rearm"
	sed "s|>/sys/kernel/debug/clear_warn_once|>>$rearm|" "$REPO/qemu/ktap.sh" >"$BATS_TEST_TMPDIR/ktap.sh"
	KTAP_SH=$BATS_TEST_TMPDIR/ktap.sh KTAP_REARM=1 run "$BUSYBOX" sh "$FIXTURES/ktap/run.sh" "$FIXTURES/ktap/three.sh"
	assert_status 0
	[ "$(wc -l <"$rearm")" -eq 3 ] || fail_with "re-armed $(wc -l <"$rearm") times for 3 tests"
	KTAP_SH=$BATS_TEST_TMPDIR/ktap.sh KTAP_REARM=0 run "$BUSYBOX" sh "$FIXTURES/ktap/run.sh" "$FIXTURES/ktap/three.sh"
	[ "$(wc -l <"$rearm")" -eq 3 ] || fail_with "re-armed with KTAP_REARM=0"
}

@test "ktap.sh: expect_dmesg sees only the kernel log written during its test" {
	scenario dmesg
	assert_output_has "ok 2 sees_its_own_log"
	assert_output_has "# kernel log lacks: the double release report"
	assert_output_has "not ok 3 misses_an_earlier_log"
}

@test "ktap.sh: wait_until returns once its command succeeds and fails with its message when it never does" {
	scenario wait
	assert_output_has "ok 1 comes_true"
	assert_output_has "# nothing answered"
	assert_output_has "not ok 2 never_true"
	refute_output_has "not reached"
}

@test "ktap.sh: the output is KTAP that kunit.py would count: one result per planned test" {
	scenario three
	[ "$(grep -cE '^(not )?ok [0-9]+ ' <<<"$output")" -eq 3 ]
	# Every other line is a KTAP diagnostic, so no test output can be
	# mistaken for a result.
	[ "$(grep -cvE '^(KTAP version 1|1\.\.[0-9]+|(not )?ok [0-9]+ .*|# .*)$' <<<"$output")" -eq 0 ]
}

@test "ktap.sh: test output that looks like a result is kept a diagnostic" {
	cat >"$BATS_TEST_TMPDIR/tricky.sh" <<-'EOF'
		TESTS="prints_ok"
		prints_ok() {
			echo "ok 7 not a real result"
			echo "1..9"
		}
	EOF
	run "$BUSYBOX" sh "$FIXTURES/ktap/run.sh" "$BATS_TEST_TMPDIR/tricky.sh"
	assert_status 0
	[ "$(printf '%s\n' "$output" | sed 's/^\(# prints_ok took \)[0-9]*\.[0-9][0-9]s$/\1N.NNs/')" = "KTAP version 1
1..1
# ok 7 not a real result
# 1..9
# prints_ok took N.NNs
ok 1 prints_ok" ] || fail_with "test output leaked into the KTAP structure"
}

@test "ktap.sh: each test says how long it took, before its result" {
	cat >"$BATS_TEST_TMPDIR/slow.sh" <<-'EOF'
		TESTS="quick slow"
		quick() { :; }
		slow() { sleep 1; }
	EOF
	run "$BUSYBOX" sh "$FIXTURES/ktap/run.sh" "$BATS_TEST_TMPDIR/slow.sh"
	assert_status 0
	grep -qxE '# quick took 0\.[0-9]{2}s' <<<"$output" || fail_with "no duration for quick: $output"
	grep -qxE '# slow took [12]\.[0-9]{2}s' <<<"$output" || fail_with "slow did not take about 1 s: $output"
	[ "$(grep -A1 '^# slow took' <<<"$output" | tail -n 1)" = "ok 2 slow" ] || fail_with "the duration is not right before the result"
}

@test "ktap.sh: a test still running after KTAP_TEST_TIMEOUT is not ok, its processes shown and killed; the next test runs" {
	cat >"$BATS_TEST_TMPDIR/hang.sh" <<-'EOF2'
		TESTS="stuck after"
		stuck() {
			echo "stuck: waiting"
			sleep 67 &
			wait
			touch "$MARK_DIR/stuck-woke"
		}
		after() { touch "$MARK_DIR/after"; }
	EOF2
	KTAP_TEST_TIMEOUT=2 run timeout 30 "$BUSYBOX" sh "$FIXTURES/ktap/run.sh" "$BATS_TEST_TMPDIR/hang.sh"
	assert_status 0
	assert_output_has "# ktap: stuck still running after 2s (KTAP_TEST_TIMEOUT); its processes:"
	# The test's own shell and the sleep it waits for, with their states.
	grep -qE '^# ktap: [0-9]+ \[S[^]]*\] sleep 67 \(wchan ' <<<"$output" ||
		fail_with "no line for the sleep the test waits in: $output"
	assert_output_has "# ktap: stuck killed"
	assert_output_has "# stuck: waiting"
	assert_output_has "not ok 1 stuck"
	assert_output_has "ok 2 after"
	[ -e "$MARK_DIR/after" ] || fail_with "the test after the stuck one did not run"
	[ ! -e "$MARK_DIR/stuck-woke" ] || fail_with "the stuck test went on after it was killed"
	# Killed, not left behind (no other test sleeps 67 s).
	! pgrep -fx 'sleep 67' >/dev/null || fail_with "the stuck test's sleep outlived it"
}

@test "ktap.sh: KTAP_TEST_TIMEOUT=0 lets a test take as long as it takes" {
	cat >"$BATS_TEST_TMPDIR/long.sh" <<-'EOF2'
		TESTS="long"
		long() { sleep 6; echo "long: done"; }
	EOF2
	KTAP_TEST_TIMEOUT=0 run "$BUSYBOX" sh "$FIXTURES/ktap/run.sh" "$BATS_TEST_TMPDIR/long.sh"
	assert_status 0
	assert_output_has "ok 1 long"
	refute_output_has "# ktap: long still running"
	KTAP_TEST_TIMEOUT=1 run "$BUSYBOX" sh "$FIXTURES/ktap/run.sh" "$BATS_TEST_TMPDIR/long.sh"
	assert_output_has "not ok 1 long"
}
