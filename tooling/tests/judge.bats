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

@test "judge: a newer tree's parser, whose parse_run_tests() needs a printer (7.2), judges the same" {
	# 7.2's kunit_parser.parse_run_tests(kernel_output, printer): made
	# from 6.12's by requiring the argument, as 7.2 does; ktap-parse
	# must pass one, or the judge says the parser did not run.
	local k=$BATS_TEST_TMPDIR/kunit72
	cp -r "$(dirname "$KUNIT_PY_FILE")" "$k"
	sed -i 's/^def parse_run_tests(kernel_output: Iterable\[str\]) -> Test:$/def parse_run_tests(kernel_output: Iterable[str], printer: Printer) -> Test:\n\tassert printer is not None/' \
		"$k/kunit_parser.py"
	grep -q 'printer: Printer) -> Test:' "$k/kunit_parser.py" || fail_with "6.12's parse_run_tests() changed: the stand-in was not made"
	KUNIT_PY=$k/kunit.py judge pass pass.log "$C/plan.expect"
	assert_status 0
	assert_output_has "pass: PASS (3 KTAP tests passed, 0 skipped; 42s)"
}

@test "judge: a kernel panic fails, naming the panic" {
	judge panic panic.log "$C/plan.expect"
	assert_failed panic \
		undeclared-splats "first: Kernel panic - not syncing: Attempted to kill init!" \
		guest-finished "no '# reftrack: guest done' line" \
		ktap "no KTAP output at all" \
		"splat x1" "expected 1, found 0" \
		"report x1" "expected 1, found 0" \
		warn-once "did not re-arm" \
		taint "printed no '# reftrack: tainted N' line" \
		tests "no scenario KTAP document" \
		must "absent: ref_tracker: reference already released"
}

@test "judge: a timeout (QEMU_RC 124, log cut mid-way) fails as a timeout" {
	judge timeout timeout.log "$C/plan.expect" 124
	assert_failed timeout \
		qemu-exit "timeout: guest still running after 42s" \
		guest-finished "the guest died or hung" \
		"ktap#1" "passed: 1" \
		"splat x1" "expected 1, found 0" \
		"report x1" "expected 1, found 0" \
		taint "printed no '# reftrack: tainted N' line" \
		tests "veth_ping_across_netns has no result; ref_tracker_selftest_double_release has no result" \
		must "absent: ref_tracker: reference already released"
}

@test "judge: no KTAP at all fails even though the guest finished" {
	judge no-ktap no-ktap.log "$C/plan.expect"
	assert_failed no-ktap ktap "no KTAP output at all" \
		tests "no scenario KTAP document"
}

@test "judge: KTAP without a plan line fails" {
	judge no-plan no-plan.log "$C/plan.expect"
	assert_failed no-plan "ktap#1" "no plan line (1..N)"
}

@test "judge: fewer results than planned fails" {
	judge short short.log "$C/plan.expect"
	assert_failed short "ktap#1" "Ran 3 tests: passed: 2, crashed: 1, errors: 1" \
		tests "ref_tracker_selftest_double_release has no result"
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
	assert_failed twice "splat x1" "expected 1, found 2: at lib/ref_tracker" \
		"report x1" "expected 1, found 2: reference already released"
}

@test "judge: a must pattern that is absent fails" {
	judge must pass.log "$C/must-absent.expect"
	assert_failed must must "absent: ref_tracker: selftest@.* has 1/2 users at"
}

@test "judge: a must_not pattern that is present fails, quoting the line" {
	judge leak netdev-leak.log "$C/plan.expect"
	assert_failed leak must_not \
		"present: unregister_netdevice: waiting for v0 to become free. Usage count = 2" \
		undeclared-reports "1 line(s), first: unregister_netdevice: waiting for v0 to become free"
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
		undeclared-splats "first: WARNING: CPU: 1 PID: 63 at lib/ref_tracker.c:255" \
		undeclared-reports "first: ref_tracker: reference already released." \
		taint "W not allowed by the plan (taint none)" \
		tests "the plan pins no test list"
}

# variant NAME FROM PYTHON: fixtures/console/FROM rewritten by PYTHON (a
# function body that gets the console's lines, CR included, as `l` and
# returns the new list; `before(l, MARK, ADDED)` inserts the lines ADDED
# before the line MARK) into $BATS_TEST_TMPDIR/NAME.log; `judge` finds it
# with C=$BATS_TEST_TMPDIR.
variant() {
	python3 -c "
import sys
def before(l, mark, added):
    i = [k for k, x in enumerate(l) if x.rstrip('\r') == mark][0]
    return l[:i] + [a + '\r' for a in added] + l[i:]
l = open(sys.argv[1], newline='').read().split('\n')
def f(l):
$3
open(sys.argv[2], 'w', newline='').write('\n'.join(f(l)))
" "$FIXTURES/console/$2" "$BATS_TEST_TMPDIR/$1.log"
}

@test "judge: a count may be N+ or N-M (a wait the kernel repeats); outside it fails" {
	variant waits pass.log "
    w = '[   10.0] unregister_netdevice: waiting for d0 to become free. Usage count = 2'
    return before(l, '# reftrack: tainted 512', [w, w, w])"
	cp "$FIXTURES/console/plan.expect" "$BATS_TEST_TMPDIR/w.expect"
	echo 'report 1+ ^unregister_netdevice: waiting for d0 ' >>"$BATS_TEST_TMPDIR/w.expect"
	sed -i '/^must_not unregister/d' "$BATS_TEST_TMPDIR/w.expect"
	C=$BATS_TEST_TMPDIR judge w1 waits.log "$BATS_TEST_TMPDIR/w.expect"
	assert_status 0
	sed -i 's/^report 1+ /report 4-9 /' "$BATS_TEST_TMPDIR/w.expect"
	C=$BATS_TEST_TMPDIR judge w2 waits.log "$BATS_TEST_TMPDIR/w.expect"
	assert_failed w2 "report x4-9" "expected 4-9, found 3"
	sed -i 's/^report 4-9 /report 2-3 /' "$BATS_TEST_TMPDIR/w.expect"
	C=$BATS_TEST_TMPDIR judge w3 waits.log "$BATS_TEST_TMPDIR/w.expect"
	assert_status 0
}

@test "judge: a leak report after boot (an undeclared ref_tracker report) fails" {
	variant leak pass.log "
    return before(l, '# reftrack: tainted 512', ['[    4.100000] ref_tracker: eth0/2@000000001234abcd has 1/1 users, oldest 812 ms ago, at', '[    4.100001]  packet_do_bind+0x1/0x2'])"
	C=$BATS_TEST_TMPDIR judge leak leak.log "$FIXTURES/console/plan.expect"
	assert_failed leak undeclared-reports \
		"1 line(s), first: ref_tracker: eth0/2@000000001234abcd has 1/1 users"
}

@test "judge: a double release after boot (the re-armed WARNING and its report, undeclared) fails" {
	variant dbl pass.log "
    return before(l, '# reftrack: tainted 512', ['[    4.2] ref_tracker: eth0/2@00000000abcd: reference already released.', '[    4.3] WARNING: CPU: 0 PID: 90 at lib/ref_tracker.c:300 ref_tracker_free+0x1/0x2'])"
	C=$BATS_TEST_TMPDIR judge dbl dbl.log "$FIXTURES/console/plan.expect"
	assert_failed dbl "splat x1" "expected 1, found 2" \
		"report x1" "expected 1, found 2: reference already released"
}

@test "judge: a test deleted from the scenario (shorter plan, all ok) fails against the pinned list" {
	variant deleted pass.log "
    out = []
    for x in l:
        if x.rstrip('\r') == '1..3': x = '1..2\r'
        if x.startswith('ok 2 veth_ping_across_netns'): continue
        if x.startswith('ok 3 '): x = x.replace('ok 3 ', 'ok 2 ')
        out.append(x)
    return out"
	C=$BATS_TEST_TMPDIR judge deleted deleted.log "$FIXTURES/console/plan.expect"
	assert_failed deleted tests "veth_ping_across_netns has no result"
	assert_output_has "PASS ktap#1                       Ran 2 tests: passed: 2"
}

@test "judge: an extra test, or a skip the plan does not declare, fails; a declared skip passes" {
	variant extra pass.log "
    l = [x.replace('1..3', '1..4') for x in l]
    return before(l, '# reftrack: tainted 512', ['ok 4 sneaked_in # SKIP no reason to run'])"
	C=$BATS_TEST_TMPDIR judge extra extra.log "$FIXTURES/console/plan.expect"
	assert_failed extra tests "sneaked_in ran but is not in the plan"
	cp "$FIXTURES/console/plan.expect" "$BATS_TEST_TMPDIR/skip.expect"
	echo "test sneaked_in" >>"$BATS_TEST_TMPDIR/skip.expect"
	C=$BATS_TEST_TMPDIR judge extra2 extra.log "$BATS_TEST_TMPDIR/skip.expect"
	assert_failed extra2 tests "sneaked_in skipped, and the plan declares no skip for it"
	echo "test sneaked_in skip needs hardware QEMU lacks" >>"$BATS_TEST_TMPDIR/skip.expect"
	sed -i '/^test sneaked_in$/d' "$BATS_TEST_TMPDIR/skip.expect"
	C=$BATS_TEST_TMPDIR judge extra3 extra.log "$BATS_TEST_TMPDIR/skip.expect"
	assert_status 0
	assert_output_has "PASS tests                        4 pinned tests"
}

@test "judge: an RCU stall, a SLUB object report and a KASAN report are undeclared splats" {
	variant stall pass.log "
    return before(l, '# reftrack: tainted 512', ['[   60.1] rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:'])"
	C=$BATS_TEST_TMPDIR judge stall stall.log "$FIXTURES/console/plan.expect"
	assert_failed stall undeclared-splats "first: rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:"
	variant slub pass.log "
    return before(l, '# reftrack: tainted 512', ['[    5.0] =============================================================================', '[    5.0] BUG kmalloc-32 (Not tainted): Poison overwritten'])"
	C=$BATS_TEST_TMPDIR judge slub slub.log "$FIXTURES/console/plan.expect"
	assert_failed slub undeclared-splats "first: BUG kmalloc-32 (Not tainted): Poison overwritten"
	variant kasan pass.log "
    return before(l, '# reftrack: tainted 512', ['[    5.0] BUG: KASAN: slab-use-after-free in ref_tracker_free+0x1/0x2'])"
	C=$BATS_TEST_TMPDIR judge kasan kasan.log "$FIXTURES/console/plan.expect"
	assert_failed kasan undeclared-splats "first: BUG: KASAN: slab-use-after-free in ref_tracker_free"
}

@test "judge: a crash after 'guest done' still fails" {
	variant late pass.log "
    return l + ['[    5.1] BUG: kernel NULL pointer dereference, address: 0000000000000008\r', '[    5.1] Kernel panic - not syncing: Fatal exception\r']"
	C=$BATS_TEST_TMPDIR judge late late.log "$FIXTURES/console/plan.expect"
	assert_failed late undeclared-splats "2 line(s), first: BUG: kernel NULL pointer dereference"
}

@test "judge: strict mode's full table and an unregister wait are reports" {
	variant full pass.log "
    return before(l, '# reftrack: tainted 512', ['[    5.0] netdev: too many untracked reference call sites, not reporting more', '[   15.0] unregister_netdevice: waiting for d0 to become free. Usage count = 2'])"
	C=$BATS_TEST_TMPDIR judge full full.log "$FIXTURES/console/plan.expect"
	assert_failed full undeclared-reports "2 line(s), first: netdev: too many untracked reference call sites" \
		must_not "present: unregister_netdevice: waiting for d0"
}

@test "judge: a taint flag the plan does not allow fails; no taint line fails; no re-arm line fails" {
	variant taint pass.log "
    return [x.replace('tainted 512', 'tainted 640') for x in l]"
	C=$BATS_TEST_TMPDIR judge taint taint.log "$FIXTURES/console/plan.expect"
	assert_failed taint taint "tainted 640 (DW): D not allowed by the plan (taint W)"
	variant untainted pass.log "
    return [x for x in l if 'reftrack: tainted' not in x and 're-armed' not in x]"
	C=$BATS_TEST_TMPDIR judge untainted untainted.log "$FIXTURES/console/plan.expect"
	assert_failed untainted taint "printed no '# reftrack: tainted N' line" \
		warn-once "did not re-arm the once-only warnings"
}

@test "judge: an empty KTAP document (KUnit built in, no suite) fails, saying why" {
	variant empty pass.log "
    return before(l, '# reftrack: once-only warnings re-armed before each test', ['[    0.5] KTAP version 1', '[    0.5] 1..0'])"
	C=$BATS_TEST_TMPDIR judge empty empty.log "$FIXTURES/console/plan.expect"
	assert_failed empty "ktap#1" "0 tests run: an empty KTAP document"
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
