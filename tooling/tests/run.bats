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

@test "qemu/mkinitramfs: a plan's other *.sh go in the guest as /plan/NAME.sh, its base's directory as /plan/base/, and their content keys the archive" {
	local t=$PLANS_DIR/t1
	# shellcheck disable=SC2016 # the stand-in's own $1
	printf '#!/bin/sh\ncp "$1" "%s/list"\ncat "$1"\n' "$BATS_TEST_TMPDIR" >"$k/gen_init_cpio"
	run "$REPO/qemu/mkinitramfs" "$k" "$t" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	! grep -q '/plan/common.sh\|/plan/base' "$BATS_TEST_TMPDIR/list" || fail_with "files packed for a plan with none"
	printf 'shared() { :; }\n' >"$t/common.sh"
	printf 'area() { :; }\n' >"$t/area.sh"
	printf 'TESTS="two"\ntwo() { :; }\n' >"$t/scenario-7.2.sh"
	mkdir -p "$t/6.12" "$t/7.2"
	printf 'old() { :; }\n' >"$t/6.12/area.sh"
	printf 'new() { :; }\n' >"$t/7.2/area.sh"
	printf 'new() { :; }\n' >"$t/7.2/views.sh"
	run "$REPO/qemu/mkinitramfs" "$k" "$t" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	assert_output_has "initramfs "
	grep /plan/ "$BATS_TEST_TMPDIR/list" | grep -v '/plan/bin\|ktap.sh' | sort >"$BATS_TEST_TMPDIR/plan612"
	cat >"$BATS_TEST_TMPDIR/want612" <<-EOS
		dir /plan/base 0755 0 0
		file /plan/area.sh $t/area.sh 0644 0 0
		file /plan/base/area.sh $t/6.12/area.sh 0644 0 0
		file /plan/common.sh $t/common.sh 0644 0 0
		file /plan/scenario.sh $t/scenario.sh 0644 0 0
	EOS
	diff -u "$BATS_TEST_TMPDIR/want612" "$BATS_TEST_TMPDIR/plan612" || fail_with "6.12: not the plan's files"
	BASE=7.2 run "$REPO/qemu/mkinitramfs" "$k" "$t" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	grep /plan/ "$BATS_TEST_TMPDIR/list" | grep -v '/plan/bin\|ktap.sh' | sort >"$BATS_TEST_TMPDIR/plan72"
	cat >"$BATS_TEST_TMPDIR/want72" <<-EOS
		dir /plan/base 0755 0 0
		file /plan/area.sh $t/area.sh 0644 0 0
		file /plan/base/area.sh $t/7.2/area.sh 0644 0 0
		file /plan/base/views.sh $t/7.2/views.sh 0644 0 0
		file /plan/common.sh $t/common.sh 0644 0 0
		file /plan/scenario.sh $t/scenario-7.2.sh 0644 0 0
	EOS
	diff -u "$BATS_TEST_TMPDIR/want72" "$BATS_TEST_TMPDIR/plan72" || fail_with "7.2: not the plan's files"
	# A change in a base's file alone packs that base's archive again.
	BASE=7.2 run "$REPO/qemu/mkinitramfs" "$k" "$t" "$BATS_TEST_TMPDIR/i.gz"
	assert_output_has "initramfs unchanged"
	printf 'new() { true; }\n' >"$t/7.2/area.sh"
	BASE=7.2 run "$REPO/qemu/mkinitramfs" "$k" "$t" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	refute_output_has "initramfs unchanged"
}

@test "qemu/mkinitramfs: a kernel's selftests/ goes in the guest as /selftests, scripts executable, and keys the archive" {
	# shellcheck disable=SC2016 # the stand-in's own $1
	printf '#!/bin/sh\ncp "$1" "%s/list"\ncat "$1"\n' "$BATS_TEST_TMPDIR" >"$k/gen_init_cpio"
	run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	! grep -q ' /selftests' "$BATS_TEST_TMPDIR/list" || fail_with "selftests packed for a kernel without any"
	mkdir -p "$k/selftests/net/t/mods"
	printf '#!/bin/sh\nexit 0\n' >"$k/selftests/net/t/t.sh"
	chmod +x "$k/selftests/net/t/t.sh"
	printf 'CONFIG_DUMMY=y\n' >"$k/selftests/net/t/config"
	printf 'ko\n' >"$k/selftests/net/t/mods/t.ko"
	run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	refute_output_has "initramfs unchanged"
	for line in "dir /selftests 0755 0 0" "dir /selftests/net/t/mods 0755 0 0" \
		"file /selftests/net/t/t.sh $k/selftests/net/t/t.sh 0755 0 0" \
		"file /selftests/net/t/config $k/selftests/net/t/config 0644 0 0" \
		"file /selftests/net/t/mods/t.ko $k/selftests/net/t/mods/t.ko 0644 0 0"; do
		grep -qxF "$line" "$BATS_TEST_TMPDIR/list" ||
			fail_with "no '$line' in: $(grep selftests "$BATS_TEST_TMPDIR/list")"
	done
	# A changed selftest script alone packs the archive again.
	printf '#!/bin/sh\nexit 1\n' >"$k/selftests/net/t/t.sh"
	run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	refute_output_has "initramfs unchanged"
}

@test "qemu/mkinitramfs: hostbins packs host programs with their libraries over busybox's applets, root/ as / (over applets too), every parent directory first, one entry per path" {
	local t=$PLANS_DIR/t1
	# shellcheck disable=SC2016 # the stand-in's own $1
	printf '#!/bin/sh\ncp "$1" "%s/list"\n' "$BATS_TEST_TMPDIR" >"$k/gen_init_cpio"
	printf 'bin /usr/bin/bc bc\nbin /bin/bash bash\nfile /etc/protocols netbase\ndir /usr/lib/x86_64-linux-gnu/gconv libc6\n' >"$t/hostbins"
	mkdir -p "$t/root/selftests/net" "$t/root/sbin"
	printf '#!/bin/sh\nexit 0\n' >"$t/root/sbin/modprobe"
	chmod +x "$t/root/sbin/modprobe"
	printf '#!/bin/bash\nexit 0\n' >"$t/root/selftests/net/a.sh"
	chmod +x "$t/root/selftests/net/a.sh"
	printf 'x\n' >"$t/root/selftests/net/lib.sh"
	run "$REPO/qemu/mkinitramfs" "$k" "$t" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	local l=$BATS_TEST_TMPDIR/list
	for line in "file /usr/bin/bc $(readlink -f /usr/bin/bc) 0755 0 0" "file /bin/bash $(readlink -f /bin/bash) 0755 0 0" \
		"dir /selftests/net 0755 0 0" "file /selftests/net/a.sh $t/root/selftests/net/a.sh 0755 0 0" \
		"file /selftests/net/lib.sh $t/root/selftests/net/lib.sh 0644 0 0"; do
		grep -qxF "$line" "$l" || fail_with "no '$line'"
	done
	# bash's libraries (libtinfo), and busybox's bc no longer linked.
	grep -q '^file /[^ ]*libtinfo' "$l" || fail_with "bash's libtinfo not packed"
	! grep -q '^slink /bin/bc ' "$l" || fail_with "busybox's bc still linked over the host's"
	! grep -q '^slink /bin/modprobe ' "$l" || fail_with "busybox's modprobe linked over root/sbin/modprobe"
	grep -qxF "file /etc/protocols $(readlink -f /etc/protocols) 0644 0 0" "$l" || fail_with "no /etc/protocols"
	# The kernel's unpacker makes no directory: each entry's parent is
	# listed before it (/usr/lib, which nothing else names).
	awk '$1 == "dir" { d[$2] = 1 } { p = $2; sub("/[^/]*$", "", p); if (p != "" && !(p in d)) { print "no parent for " $2; bad = 1 } } END { exit bad }' "$l" ||
		fail_with "an entry before its directory"
	grep -q '^file /usr/lib/x86_64-linux-gnu/gconv/' "$l" || fail_with "hostbins dir not packed"
	[ -z "$(awk '{ print $2 }' "$l" | sort | uniq -d)" ] || fail_with "paths twice: $(awk '{ print $2 }' "$l" | sort | uniq -d | head -3)"
	printf 'bin /usr/bin/no-such-program-here x\n' >"$t/hostbins"
	run "$REPO/qemu/mkinitramfs" "$k" "$t" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 2
	assert_output_has "/usr/bin/no-such-program-here missing on the host"
	printf 'link /usr/bin/bc bc\n' >"$t/hostbins"
	run "$REPO/qemu/mkinitramfs" "$k" "$t" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 2
	assert_output_has "bin PATH, dir PATH or file PATH"
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

# split_plan: a plan whose five tests run in two guests (a, b) after a
# setup every guest runs, and a stand-in QEMU that prints the KTAP
# document of the tests its reftrack.tests= names (all five without
# one), failing those in $FAKE_FAIL, leaving out those in $FAKE_DROP
# and printing "TEST says hello" for the others.
split_plan() {
	cat >"$PLANS_DIR/t1/expect" <<-'EOP'
		# Split among two guests.
		guest all
		test setup
		guest a
		test one
		test two
		guest b
		test three
		guest all
		test last
		must ^# three says hello$
		must_not unregister_netdevice: waiting for
	EOP
	cat >"$BATS_TEST_TMPDIR/bin/fake-qemu" <<-'EOS'
		#!/bin/sh
		tests=setup,one,two,three,last
		for a in "$@"; do
			case $a in *reftrack.tests=*) tests=$(printf '%s\n' "$a" | tr ' ' '\n' | sed -n 's/^reftrack\.tests=//p') ;; esac
		done
		for t in ${FAKE_DROP:-}; do
			tests=$(echo ",$tests," | sed "s/,$t,/,/; s/^,//; s/,$//")
		done
		echo "# reftrack: once-only warnings re-armed before each test"
		echo "# reftrack: scenario begins"
		echo "KTAP version 1"
		echo "1..$(echo "$tests" | tr ',' '\n' | wc -l)"
		i=0
		for t in $(echo "$tests" | tr ',' ' '); do
			i=$((i + 1))
			case ",${FAKE_FAIL:-}," in
			*",$t,"*) echo "not ok $i $t" ;;
			*) echo "# $t says hello"; echo "ok $i $t" ;;
			esac
		done
		echo "# reftrack: tainted 0"
		echo "# reftrack: guest done"
	EOS
}

@test "qemu/run: a plan split among guests: each runs its tests and the shared ones, is judged on them, and must patterns are read across guests" {
	split_plan
	run "$REPO/qemu/run" t1
	assert_status 0
	assert_output_has "booting t1 in 2 guests (a b)"
	assert_output_has "t1: PASS: 2 guests"
	grep -q ' reftrack\.tests=setup,one,two,last$' "$OUT/logs/t1/guest-a/qemu.cmd" ||
		fail_with "guest a: $(cat "$OUT/logs/t1/guest-a/qemu.cmd")"
	grep -q ' reftrack\.tests=setup,three,last$' "$OUT/logs/t1/guest-b/qemu.cmd" ||
		fail_with "guest b: $(cat "$OUT/logs/t1/guest-b/qemu.cmd")"
	# Each guest pins only its own tests; the pattern only guest b
	# printed satisfies guest a's judge too.
	grep -qx "test two" "$OUT/logs/t1/guest-a/expect" || fail_with "guest a does not pin two"
	grep -q '^test three$' "$OUT/logs/t1/guest-a/expect" && fail_with "guest a pins three"
	assert_output_has "4 pinned tests, each with its result"
	assert_output_has "3 pinned tests, each with its result"
	assert_file_has "$OUT/logs/t1/console.log" "### reftrack: guest b ran setup,three,last"
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["status"] == "pass", r["status"]
assert [g["guest"] for g in r["guests"]] == ["a", "b"], r["guests"]
assert r["ktap"]["passed"] == 7, r["ktap"]
assert any(c["check"] == "guest b: tests" for c in r["checks"]), r["checks"]
' "$OUT/results/t1.json" || fail_with "results: $(cat "$OUT/results/t1.json")"
	# Kept while nothing changed.
	run "$REPO/qemu/run" t1
	assert_output_has "t1: PASS (kept from"
}

@test "qemu/run: a split plan fails when one guest's test fails, when a guest leaves out a test, or when no guest shows a must pattern" {
	split_plan
	FAKE_FAIL=two run "$REPO/qemu/run" t1
	assert_status 1
	assert_output_has "t1: FAIL: a guest failed"
	assert_output_has "[FAILED] two"
	# A failing test every guest runs fails both.
	FAKE_FAIL=last run "$REPO/qemu/run" t1
	assert_status 1
	for g in a b; do
		python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["status"] == "fail"' \
			"$OUT/results/t1.guest-$g.json" || fail_with "guest $g did not fail"
	done
	# A guest that runs fewer tests than it was given fails on its
	# pinned list.
	FAKE_DROP=three run "$REPO/qemu/run" t1
	assert_status 1
	assert_output_has "three has no result"
	# A must pattern nobody printed.
	split_plan
	echo "must ^# four says hello$" >>"$PLANS_DIR/t1/expect"
	run "$REPO/qemu/run" t1
	assert_status 1
	assert_output_has "absent: ^# four says hello$"
}

@test "qemu/run: GUESTS=1 runs a split plan in one guest; QEMU_GUESTS=1 boots the guests one at a time; one guest id is a usage error" {
	split_plan
	GUESTS=1 run "$REPO/qemu/run" t1
	assert_status 0
	assert_output_has "booting t1 (timeout"
	refute_output_has "guests"
	grep -q reftrack.tests "$OUT/logs/t1/qemu.cmd" && fail_with "GUESTS=1 passed a test list"
	[ ! -e "$OUT/logs/t1/guest-a" ] || fail_with "GUESTS=1 left guest-a"
	QEMU_GUESTS=1 FRESH=1 run "$REPO/qemu/run" t1
	assert_status 0
	assert_output_has "2 guests (a b), 1 at a time"
	QEMU_GUESTS=0 FRESH=1 run "$REPO/qemu/run" t1
	assert_status 2
	sed -i '/^guest b$/d' "$PLANS_DIR/t1/expect"
	run "$REPO/qemu/run" t1
	assert_status 2
	assert_output_has "splits its tests among one guest (a)"
}

@test "qemu/mkinitramfs: an unchanged archive is not packed again; a test program is compiled once per source" {
	# shellcheck disable=SC2016 # the stand-in's own $1
	printf '#!/bin/sh\necho packed >>"%s/packs"\ncat "$1"\n' "$BATS_TEST_TMPDIR" >"$k/gen_init_cpio"
	printf 'int main(void) { return 0; }\n' >"$PLANS_DIR/t1/prog.c"
	run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	assert_output_has "initramfs "
	zcat "$BATS_TEST_TMPDIR/i.gz" | grep -q '^file /plan/bin/prog ' || fail_with "prog is not in the list"
	[ "$(find "$CACHE_DIR/guest-bin" -type f | wc -l)" -eq 1 ] || fail_with "not one compiled program"
	run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	assert_output_has "initramfs unchanged"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/packs")" -eq 1 ] || fail_with "packed again"
	# A changed program: compiled and packed again; a broken one fails.
	printf 'int main(void) { return 1; }\n' >"$PLANS_DIR/t1/prog.c"
	run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 0
	[ "$(wc -l <"$BATS_TEST_TMPDIR/packs")" -eq 2 ] || fail_with "not packed after a change"
	[ "$(find "$CACHE_DIR/guest-bin" -type f | wc -l)" -eq 2 ] || fail_with "the changed program was not compiled"
	printf 'int main(void) { return }\n' >"$PLANS_DIR/t1/prog.c"
	run "$REPO/qemu/mkinitramfs" "$k" "$PLANS_DIR/t1" "$BATS_TEST_TMPDIR/i.gz"
	assert_status 1
	assert_output_has "compiling $PLANS_DIR/t1/prog.c failed"
	[ "$(find "$CACHE_DIR/guest-bin" -name '*.*' | wc -l)" -eq 0 ] ||
		fail_with "a failed compile left a partial program"
}
