#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# oracle.bats - `make test` fails on every failure of a tooling stage:
# tooling/test counts a non-zero exit of the pipeline that no summary
# row explains, the pipeline empties its summary before its first stage
# (a failed apply leaves no earlier run's passes), check, series and
# roundtrip refuse a topic branch that does not match topics/ (the
# stamp tooling/apply and tooling/export write), roundtrip fails when
# b4 does, and tooling/clean waits for the cache lock.
#
# tooling/test and tooling/pipeline run from a copy of the tooling in a
# temporary repository whose other stages are stand-ins (exit codes
# chosen per test); the stamp and round-trip tests use the fake base and
# topics of helpers.bash and the real apply, export and b4.

load helpers

setup_file() {
	setup_base_and_topics
}

setup() {
	setup_test_copy
	# series signs off as the person sending, and refuses the test
	# gitconfig's example.org: the stamp tests send as make test does.
	export SERIES_IDENTITY='Reftrack Test <make-test@reftrack.invalid>'
}

# standin FILE RC: an executable FILE (under the fake repository) that
# says it ran and exits RC.
standin() {
	mkdir -p "$(dirname "$FAKE/$1")"
	printf '#!/bin/sh\necho "stand-in %s $*"\nexit %s\n' "$1" "$2" >"$FAKE/$1"
	chmod 755 "$FAKE/$1"
}

# fake_repo: $FAKE, a repository with the real tooling/test,
# tooling/pipeline and tooling/lib, stand-ins that pass for every other
# stage, one tooling test that passes and one topic, 01-x.
fake_repo() {
	local s

	FAKE=$BATS_TEST_TMPDIR/repo
	mkdir -p "$FAKE/tooling/tests" "$FAKE/topics/01-x"
	cp -a "$REPO/tooling/test" "$REPO/tooling/pipeline" "$REPO/tooling/lib" \
		"$REPO/tooling/project.conf" "$FAKE/tooling/"
	for s in deps base apply build check series roundtrip send-test; do standin "tooling/$s" 0; done
	standin qemu/run 0
	printf '@test "a tooling test" {\n\ttrue\n}\n' >"$FAKE/tooling/tests/one.bats"
	export TOPICS_DIR=$FAKE/topics OUT=$BATS_TEST_TMPDIR/out
	# The other bases' step has its own tests below.
	export TEST_BASES=''
	mkdir -p "$OUT"
}

# hold_lock: hold $CACHE_DIR/lock on fd 8, as another run would, until
# the test closes it (exec 8>&-).
hold_lock() {
	mkdir -p "$CACHE_DIR"
	exec 8>"$CACHE_DIR/lock"
	flock -n 8
}

# old_summary: what an earlier run that passed everything left.
old_summary() {
	printf '00-base\tboot\tpass\t/old/console.log\n01-x\tboot\tpass\t/old/console.log\n' >"$OUT/summary.tsv"
}

@test "pipeline: a failing apply leaves no earlier run's passes in the summary, and a row naming it" {
	fake_repo
	old_summary
	standin tooling/apply 1
	run "$FAKE/tooling/pipeline" deps base apply build boot
	assert_status 1
	[ "$(cut -f2,3 "$OUT/summary.tsv" | tr '\t\n' ': ')" = 'deps:pass base:pass apply:fail ' ] ||
		fail_with "summary: $(cat "$OUT/summary.tsv")"
	assert_file_has "$OUT/summary.tsv" "$OUT/logs/apply.log"
}

@test "test: a failing apply fails make test; the earlier run's boots are not counted" {
	fake_repo
	old_summary
	standin tooling/apply 1
	run "$FAKE/tooling/test"
	assert_status 1
	assert_output_has "all apply: see $OUT/logs/apply.log"
	# The bats file, the three per-topic stand-ins and send-test; no
	# old boot.
	assert_output_has "5 passed, 1 failed"
}

@test "test: a pipeline exit no summary row explains is a failure with its exit code" {
	fake_repo
	# A pipeline that boots 00-base, then dies without a row (killed,
	# a bug): exit 3.
	# shellcheck disable=SC2016 # expanded by the stand-in
	printf '#!/bin/sh\nprintf "00-base\\tboot\\tpass\\t/c.log\\n" >"$OUT/summary.tsv"\nexit 3\n' \
		>"$FAKE/tooling/pipeline"
	run "$FAKE/tooling/test"
	assert_status 1
	assert_output_has "pipeline: exit 3, and no stage in $OUT/summary.tsv failed (last row: 00-base boot pass)"
	assert_output_has "6 passed, 1 failed"
}

@test "test: a pipeline that cannot start (the lock is held) does not count an old summary" {
	fake_repo
	old_summary
	hold_lock
	run "$FAKE/tooling/test"
	exec 8>&-
	assert_status 1
	assert_output_has "another run holds $CACHE_DIR/lock"
	assert_output_has "pipeline: exit 2, and no stage in $OUT/summary.tsv failed (last row: none)"
	assert_output_has "5 passed, 2 failed"
}

@test "test: the second base's apply failing fails make test, and its per-topic steps are failures, not passes" {
	fake_repo
	# apply fails on 7.2 only; the pipeline is the real one.
	# shellcheck disable=SC2016 # expanded by the stand-in
	printf '#!/bin/sh\necho "stand-in apply BASE=$BASE"\n[ "$BASE" != 7.2 ]\n' >"$FAKE/tooling/apply"
	TEST_BASES=7.2 TEST_BASE_NOCHECK='' run "$FAKE/tooling/test"
	assert_status 1
	assert_output_has "base 7.2 base apply build boot: exit 1; see $OUT/base-7.2/logs/pipeline.log"
	assert_output_has "base 7.2: all apply: fail; see $OUT/base-7.2/logs/apply.log"
	assert_output_has "check 01-x (base 7.2): not run, the base or apply failed"
	assert_output_has "roundtrip 01-x (base 7.2): not run, the base or apply failed"
	assert_file_has "$OUT/base-7.2/logs/pipeline.log" "stand-in apply BASE=7.2"
	assert_output_has "send-test (base 7.2): not run, the base or apply failed"
	# 6.12: the bats file, two boots, three per-topic steps, send-test;
	# 7.2: the apply, its three steps and send-test fail.
	assert_output_has "7 passed, 5 failed"
}

@test "test: on the second base, a passing apply runs check, series and roundtrip there, one test each" {
	fake_repo
	for s in check series roundtrip; do
		# shellcheck disable=SC2016 # expanded by the stand-in
		printf '#!/bin/sh\necho "stand-in %s $* BASE=$BASE OUT=$OUT"\n' "$s" >"$FAKE/tooling/$s"
	done
	TEST_BASES=7.2 TEST_BASE_NOCHECK='' run "$FAKE/tooling/test"
	assert_status 0
	assert_file_has "$OUT/base-7.2/logs/check-01-x.log" "stand-in check 01-x BASE=7.2 OUT=$OUT/base-7.2"
	assert_file_has "$OUT/base-7.2/logs/roundtrip-01-x.log" "stand-in roundtrip 01-x BASE=7.2"
	assert_file_has "$OUT/base-7.2/logs/send-test.log" "stand-in tooling/send-test 01-x"
	assert_output_has "12 passed, 0 failed"
}

@test "test: on the second base, the last topic is built and booted; its checks, series and round trip are left out, said, and not counted" {
	fake_repo
	TEST_BASES=7.2 run "$FAKE/tooling/test"
	assert_status 0
	assert_file_has "$OUT/base-7.2/logs/01-x/build.log" "stand-in tooling/build 01-x"
	assert_file_has "$OUT/base-7.2/logs/01-x/boot.log" "stand-in qemu/run 01-x"
	assert_output_has "check, series and round trip of 01-x (base 7.2): not run by make test (TEST_BASE_NOCHECK); run 'make check series BASE=7.2 TOPICS=01-x'"
	for s in check series roundtrip; do
		[ ! -e "$OUT/base-7.2/logs/$s-01-x.log" ] || fail_with "$s ran on 7.2"
	done
	[ ! -e "$OUT/base-7.2/logs/send-test.log" ] || fail_with "send-test ran on 7.2 with no series"
	# 6.12: seven tests; 7.2: the build and boots.
	assert_output_has "8 passed, 0 failed"
}

@test "test: the second base's boot failing fails make test; its series and round trip still run" {
	fake_repo
	# shellcheck disable=SC2016 # expanded by the stand-in
	printf '#!/bin/sh
echo "stand-in qemu/run $* BASE=$BASE"
[ "$BASE" != 7.2 ]
' >"$FAKE/qemu/run"
	TEST_BASES=7.2 TEST_BASE_NOCHECK='' run "$FAKE/tooling/test"
	assert_status 1
	assert_output_has "base 7.2 base apply build boot: exit 1; see $OUT/base-7.2/logs/pipeline.log"
	assert_output_has "base 7.2: 01-x boot: fail"
	assert_file_has "$OUT/base-7.2/logs/roundtrip-01-x.log" "stand-in tooling/roundtrip 01-x"
	assert_output_has "11 passed, 1 failed"
}

@test "pipeline: KERNELS=last builds 00-base and the last topic; the others' plans boot on its kernel, after it" {
	fake_repo
	mkdir -p "$FAKE/topics/02-y" "$FAKE/topics/03-z"
	# shellcheck disable=SC2016 # expanded by the stand-ins
	printf '#!/bin/sh
echo "stand-in build $*" >>"$OUT/order"
' >"$FAKE/tooling/build"
	# shellcheck disable=SC2016
	printf '#!/bin/sh
echo "stand-in boot $* on ${RUN_KERNEL:-own}" >>"$OUT/order"
' >"$FAKE/qemu/run"
	KERNELS=last run "$FAKE/tooling/pipeline" build boot
	assert_status 0
	[ "$(cat "$OUT/order")" = "stand-in build 00-base
stand-in boot 00-base on own
stand-in build 03-z
stand-in boot 01-x on 03-z
stand-in boot 02-y on 03-z
stand-in boot 03-z on own" ] || fail_with "order: $(cat "$OUT/order")"
	[ "$(cut -f1,2,3 "$OUT/summary.tsv" | tr '\t\n' ': ')" = '00-base:build:pass 00-base:boot:pass 03-z:build:pass 01-x:boot:pass 02-y:boot:pass 03-z:boot:pass ' ] ||
		fail_with "summary: $(cat "$OUT/summary.tsv")"
	# A plan failing on the last topic's kernel fails the run, named.
	# shellcheck disable=SC2016
	printf '#!/bin/sh
[ "$1" != 02-y ]
' >"$FAKE/qemu/run"
	KERNELS=last run "$FAKE/tooling/pipeline" build boot
	assert_status 1
	grep -q '^02-y	boot	fail	' "$OUT/summary.tsv" || fail_with "summary: $(cat "$OUT/summary.tsv")"
	KERNELS=some run "$FAKE/tooling/pipeline" build boot
	assert_status 2
	assert_output_has "KERNELS=some: each or last"
}

# refused CMD NAME TEXT: tooling/CMD NAME exits 1 saying TEXT.
refused() {
	run "$REPO/tooling/$1" "$2"
	assert_status 1
	assert_output_has "$3"
}

# fresh_ok NAME: roundtrip gets past the branch check (and stops at the
# series not written yet, exit 2).
fresh_ok() {
	run "$REPO/tooling/roundtrip" "$1"
	assert_status 2
	assert_output_has "no series for $1 in $OUT/series"
}

@test "stamp: an mbox edited after apply: check, series and roundtrip refuse its branch and those above" {
	run "$REPO/tooling/apply"
	assert_status 0
	fresh_ok 01-core
	fresh_ok 02-tests
	sed -i 's/^Subject: \[PATCH 0\/3\] .*/&, edited/' "$TOPICS_DIR/01-core/series.mbox"
	for cmd in check series roundtrip; do
		refused "$cmd" 01-core 'topic/01-core is stale: topics/01-core/series.mbox changed since it was applied'
		assert_output_has "run 'make apply'"
		refused "$cmd" 02-tests 'topic/01-core is stale'
	done
	run "$REPO/tooling/apply"
	assert_status 0
	fresh_ok 01-core
	fresh_ok 02-tests
}

@test "stamp: after a failed apply, the previous run's branches are refused" {
	local mbox=$TOPICS_DIR/01-core/series.mbox
	run "$REPO/tooling/apply"
	assert_status 0
	# 01-core changes the line 02-tests' last patch needs as context: 01
	# applies, 02 does not, and topic/02-tests is the previous run's.
	sed -i 's/^+\treturn 3 + 0;$/+\treturn 3 + 1;/' "$mbox"
	grep -q '^+	return 3 + 1;$' "$mbox"
	run "$REPO/tooling/apply"
	assert_status 1
	assert_output_has "topic 02-tests does not apply"
	fresh_ok 01-core
	for cmd in check series roundtrip; do
		refused "$cmd" 02-tests "topic/02-tests is stale: it was applied onto"
		assert_output_has "topic/01-core is now"
	done
	# A corrupt mbox: apply stops before 01-core; its old branch is refused.
	printf 'garbage\n' >"$mbox"
	run "$REPO/tooling/apply"
	assert_status 1
	refused check 01-core 'topic/01-core is stale: topics/01-core/series.mbox changed'
}

@test "stamp: a branch moved without export is refused; make export stamps it again" {
	local ed=$BATS_TEST_TMPDIR/ed
	"$REPO/tooling/apply" >/dev/null 2>&1
	git -C "$WORK" worktree add -q "$ed" topic/02-tests
	printf 'int more(void);\n' >>"$ed/include/linux/ref_tracker.h"
	git -C "$ed" commit -q -a -m 'ref_tracker: declare more()' -m 'Signed-off-by: Test Author <test@example.org>'
	git -C "$WORK" worktree remove -f "$ed"
	for cmd in check series roundtrip; do
		refused "$cmd" 02-tests "topic/02-tests moved since 'make apply'"
		assert_output_has "topics/02-tests/series.mbox does not hold it; run 'make export TOPIC=02-tests'"
	done
	fresh_ok 01-core
	run "$REPO/tooling/export" 02-tests
	assert_status 0
	fresh_ok 02-tests
	# Export of an unchanged branch stamps it too; apply gives new
	# commit ids (committer dates) and stamps those.
	run "$REPO/tooling/export" 02-tests
	assert_status 0
	assert_output_has "series.mbox unchanged"
	fresh_ok 02-tests
	"$REPO/tooling/apply" >/dev/null 2>&1
	fresh_ok 02-tests
}

@test "stamp: a branch never stamped (made by hand) is refused; no branch is exit 2" {
	git -C "$WORK" branch -f topic/01-core "$(base_commit)"
	refused check 01-core "topic/01-core was not made by this tooling's 'make apply'"
	git -C "$WORK" branch -D topic/01-core >/dev/null
	run "$REPO/tooling/roundtrip" 01-core
	assert_status 2
	assert_output_has "branch topic/01-core missing; run 'make apply' first"
}

# write_messages NAME: $OUT/series/NAME/*.eml as a recipient gets them
# (threaded, a cover letter), from the branch.
write_messages() {
	local d=$OUT/series/$1 f

	mkdir -p "$d"
	git -C "$WORK" format-patch -q --thread --cover-letter -o "$d" \
		"$(git -C "$WORK" rev-parse "topic/$1~3")..topic/$1"
	for f in "$d"/*.patch; do
		sed -e '1d' -e 's/\*\*\* SUBJECT HERE \*\*\*/core/' -e 's/\*\*\* BLURB HERE \*\*\*/Why./' \
			"$f" >"${f%.patch}.eml"
		rm "$f"
	done
}

@test "roundtrip: b4 failing fails the round trip, naming b4's error and its log" {
	"$REPO/tooling/apply" >/dev/null 2>&1
	write_messages 01-core
	# Control: with the real b4 the same messages round-trip.
	run "$REPO/tooling/roundtrip" 01-core
	assert_status 0
	assert_output_has "01-core: 1 part(s) round-trip to the topic's tree"
	# A b4 that fails: no fallback to the raw messages.
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\necho "b4: cannot parse the thread" >&2\nexit 1\n' >"$BATS_TEST_TMPDIR/bin/b4"
	chmod 755 "$BATS_TEST_TMPDIR/bin/b4"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH run "$REPO/tooling/roundtrip" 01-core
	assert_status 1
	assert_output_has "b4 am -m failed on $OUT/series/01-core (exit 1: b4: cannot parse the thread); log: $OUT/logs/roundtrip-01-core.b4.log"
	refute_output_has "round-trip to the topic's tree"
	assert_file_has "$OUT/logs/roundtrip-01-core.b4.log" 'b4: cannot parse the thread'
}

@test "roundtrip: messages that differ from topics/ fail; after an mbox edit the branch is refused first" {
	"$REPO/tooling/apply" >/dev/null 2>&1
	write_messages 01-core
	# The messages change a line: a different tree.
	sed -i 's/^+\treturn 3 + 0;$/+\treturn 3 + 2;/' "$OUT"/series/01-core/0001-*.eml
	run "$REPO/tooling/roundtrip" 01-core
	assert_status 1
	assert_output_has "round trip of 01-core gives tree"
	# The same edit in topics/ instead of the branch: the old branch is
	# not what topics/ holds, so it is not compared against.
	write_messages 01-core
	sed -i 's/^+\treturn 3 + 0;$/+\treturn 3 + 2;/' "$TOPICS_DIR/01-core/series.mbox"
	refused roundtrip 01-core 'topic/01-core is stale'
}

@test "clean: waits for the cache lock; removes nothing while another run holds it" {
	mkdir -p "$OUT/logs"
	hold_lock
	for what in out base all; do
		run "$REPO/tooling/clean" "$what"
		assert_status 2
		assert_output_has "another run holds $CACHE_DIR/lock"
	done
	exec 8>&-
	[ -d "$OUT/logs" ] && [ -f "$CACHE_DIR/current-base" ] || fail_with "clean removed files under the lock"
	run "$REPO/tooling/clean" out
	assert_status 0
	[ ! -e "$OUT" ] || fail_with "$OUT still there"
}
