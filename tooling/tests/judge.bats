#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# qemu/judge: recorded guest consoles (fixtures/console/, see its README)
# judged against testplan expectations, with the kernel's own KTAP parser
# (tools/testing/kunit/kunit.py from the packaged linux-source-6.12).
# Every failure must exit 1 naming the failed check; only a pass exits 0;
# $OUT/results/NAME.json must say the same.

load helpers

setup_file() {
	# The parser comes from the tree the project builds; without it the
	# judge cannot be tested, which is a failure, not a skip.
	local kf
	kf=$(kernel_files)
	export KUNIT_PY_FILE=$kf/tools/testing/kunit/kunit.py
	[ -f "$KUNIT_PY_FILE" ]
	# The judge runs python3 a dozen times per console; call the
	# interpreter directly rather than through a version manager's shim
	# (pyenv adds a quarter of a second to each call).
	mkdir -p "$BATS_FILE_TMPDIR/bin"
	ln -s "$(python3 -c 'import sys; print(sys.executable)')" "$BATS_FILE_TMPDIR/bin/python3"
	export PATH=$BATS_FILE_TMPDIR/bin:$PATH
}

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	export KUNIT_PY=$KUNIT_PY_FILE
	C=$FIXTURES/console
}

# judge NAME LOG EXPECT [QEMU_RC]: judge fixture LOG (copied to where
# qemu/run keeps consoles, since the judge writes next to it) against
# EXPECT, as `run` does.
judge() {
	local name=$1 log=$2 expect=$3 rc=${4:-0} dir=$OUT/logs/$1

	mkdir -p "$dir"
	cp "$C/$log" "$dir/console.log"
	run "$REPO/qemu/judge" "$name" "$dir/console.log" "$expect" "$rc" 42
}

# result NAME: "STATUS" then one "CHECK<TAB>DETAIL" line per failed check,
# from $OUT/results/NAME.json.
result() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["status"])
for c in d["checks"]:
    if c["status"] != "pass":
        print(c["check"] + "\t" + c["detail"])
' "$OUT/results/$1.json"
}

# assert_failed NAME CHECK TEXT [CHECK TEXT...]: the judge exited 1 and
# exactly these checks failed, each printed as FAIL with TEXT in its
# detail, and the JSON result says "fail" with the same checks.
assert_failed() {
	local name=$1 want=() got c d judged=$output
	shift

	assert_status 1
	assert_output_has "$name: FAIL ("
	while [ $# -gt 0 ]; do
		c=$1 d=$2
		shift 2
		want+=("$c")
		grep -E "^  FAIL " <<<"$judged" | grep -F " $c " | grep -qF -- "$d" ||
			fail_with "no 'FAIL $c ... $d' line"
	done
	[ -f "$OUT/results/$name.json" ] || fail_with "no $OUT/results/$name.json"
	run result "$name"
	[ "${lines[0]}" = fail ] || fail_with "JSON status is not fail"
	got=$(printf '%s\n' "${lines[@]:1}" | cut -f1 | sort)
	[ "$got" = "$(printf '%s\n' "${want[@]}" | sort)" ] ||
		fail_with "failed checks in JSON: $got; expected: ${want[*]}"
	output=$judged
}

@test "judge: a clean run with its declared WARNING passes (exit 0, status pass)" {
	judge pass pass.log "$C/plan.expect"
	assert_status 0
	assert_output_has "pass: PASS (3 KTAP tests passed, 0 skipped; 42s)"
	refute_output_has "FAIL"
	assert_output_has "PASS splat x1"
	run result pass
	[ "$output" = pass ] || fail_with "JSON says: $output"
	run python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["name"] == "pass" and d["seconds"] == 42, d
assert d["ktap"] == {"documents": 1, "passed": 3, "failed": 0, "skipped": 0}, d["ktap"]
assert d["console"].endswith("/logs/pass/console.log"), d["console"]
' "$OUT/results/pass.json"
	assert_status 0
}

@test "judge: a kernel panic fails, naming the panic" {
	judge panic panic.log "$C/plan.expect"
	assert_failed panic \
		undeclared-splats "first: Kernel panic - not syncing: Attempted to kill init!" \
		guest-finished "no '# reftrack: guest done' line" \
		ktap "no KTAP output at all" \
		"splat x1" "expected 1, found 0" \
		must "absent: ref_tracker: reference already released"
}

@test "judge: a timeout (QEMU_RC 124, log cut mid-way) fails as a timeout" {
	judge timeout timeout.log "$C/plan.expect" 124
	assert_failed timeout \
		qemu-exit "timeout: guest still running after 42s" \
		guest-finished "the guest died or hung" \
		"ktap#1" "passed: 1" \
		"splat x1" "expected 1, found 0" \
		must "absent: ref_tracker: reference already released"
}

@test "judge: no KTAP at all fails even though the guest finished" {
	judge no-ktap no-ktap.log "$C/plan.expect"
	assert_failed no-ktap ktap "no KTAP output at all"
}

@test "judge: KTAP without a plan line fails" {
	judge no-plan no-plan.log "$C/plan.expect"
	assert_failed no-plan "ktap#1" "no plan line (1..N)"
}

@test "judge: fewer results than planned fails" {
	judge short short.log "$C/plan.expect"
	assert_failed short "ktap#1" "Ran 3 tests: passed: 2, crashed: 1, errors: 1"
	assert_output_has "missing expected subtest"
}

@test "judge: a 'not ok' result fails, naming the test" {
	judge not-ok not-ok.log "$C/plan.expect"
	assert_failed not-ok "ktap#1" "passed: 2, failed: 1"
	assert_output_has "[FAILED] veth_ping_across_netns"
}

@test "judge: an undeclared WARNING fails, quoting it" {
	judge undeclared undeclared-warning.log "$C/plan.expect"
	assert_failed undeclared undeclared-splats \
		"1 line(s), first: WARNING: CPU: 0 PID: 1 at lib/foo.c:12 foo+0x1/0x2"
}

@test "judge: a declared WARNING seen twice when declared once fails" {
	judge twice splat-twice.log "$C/plan.expect"
	assert_failed twice "splat x1" "expected 1, found 2: at lib/ref_tracker"
}

@test "judge: a must pattern that is absent fails" {
	judge must pass.log "$C/must-absent.expect"
	assert_failed must must "absent: ref_tracker: selftest@.* has 1/2 users at"
}

@test "judge: a must_not pattern that is present fails, quoting the line" {
	judge leak netdev-leak.log "$C/plan.expect"
	assert_failed leak must_not \
		"present: unregister_netdevice: waiting for v0 to become free. Usage count = 2"
}

@test "judge: boot-time KUnit KTAP then the guest's: both parsed, kunit rule satisfied" {
	judge two two-ktap.log "$C/kunit.expect"
	assert_status 0
	assert_output_has "PASS ktap#1                       Ran 2 tests: passed: 2"
	assert_output_has "PASS ktap#2                       Ran 3 tests: passed: 3"
	assert_output_has "PASS kunit:ref_tracker"
	assert_output_has "two: PASS (5 KTAP tests passed"
	run python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["status"] == "pass", d
assert d["ktap"]["documents"] == 2 and d["ktap"]["passed"] == 5, d["ktap"]
' "$OUT/results/two.json"
	assert_status 0
}

@test "judge: a kunit suite that did not run fails" {
	judge two-missing two-ktap.log "$C/kunit-missing.expect"
	assert_failed two-missing "kunit:netdev_refcnt" "suite missing or not ok"
}

@test "judge: a missing expect file fails" {
	# Without a plan nothing is declared, so the WARNING counts too.
	judge noexpect pass.log "$BATS_TEST_TMPDIR/no-such-plan/expect"
	assert_failed noexpect \
		testplan "no expectations file $BATS_TEST_TMPDIR/no-such-plan/expect" \
		undeclared-splats "first: WARNING: CPU: 1 PID: 63 at lib/ref_tracker.c:255"
}

@test "judge: a console given by a relative path is judged the same" {
	mkdir -p "$OUT/logs/rel"
	cp "$C/pass.log" "$OUT/logs/rel/console.log"
	cd "$OUT"
	run "$REPO/qemu/judge" rel logs/rel/console.log "$C/plan.expect" 0 42
	assert_status 0
	assert_output_has "PASS ktap#1                       Ran 3 tests: passed: 3"
}

@test "judge: a QEMU that exits with an error fails; a missing console or usage is exit 2" {
	judge qemu-err pass.log "$C/plan.expect" 1
	assert_failed qemu-err qemu-exit "QEMU exited with status 1"
	run "$REPO/qemu/judge" x "$BATS_TEST_TMPDIR/none.log" "$C/plan.expect" 0 1
	assert_status 2
	assert_output_has "console log $BATS_TEST_TMPDIR/none.log not found"
	run "$REPO/qemu/judge" x
	assert_status 2
	assert_output_has "usage:"
}
