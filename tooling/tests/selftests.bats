#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# selftests.bats - make selftests: the table's verdicts on made-up
# consoles (what fails only with the topics, what fails on both, a guest
# that died, report lines attributed and explained), and tooling/selftests'
# refusals before it builds or boots anything.

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	C=$BATS_TEST_TMPDIR/c
	mkdir -p "$C/b/guest-g1" "$C/t/guest-g1" "$C/t/guest-g2"
	cat >"$C/b/guest-g1/console.log" <<-'EOS'
		[    1.000000] booting
		[    2.000000] reftrack-selftest: begin net/a.sh
		# st_net_a took 1.50s
		ok 1 st_net_a
		[    3.000000] reftrack-selftest: begin net/b.sh
		not ok 2 st_net_b
		[    3.000000] reftrack-selftest: begin net/c.sh
		ok 3 st_net_c
		[    3.000000] reftrack-selftest: begin net/d-x.sh
		ok 4 st_net_d_x # SKIP kselftest skip (exit 4): SKIP: no tool
	EOS
	EXPL=$BATS_TEST_TMPDIR/explained
	printf '# none\n' >"$EXPL"
}

# table [TESTS]: the table script on $C/b (base) and $C/t (topic).
table() {
	run python3 "$REPO/tooling/lib/selftests_table.py" --out "$C/out" --patterns "$REPO/qemu/patterns" \
		--explained "$EXPL" --base 00-base --topic 04-x --tests "${1:-net/a.sh net/b.sh net/c.sh net/d-x.sh}" \
		00-base="$C/b" 04-x="$C/t"
}

# row TEST: its verdict in the TSV.
row() { awk -F'\t' -v t="$1" '$1 == t { print $6 }' "$C/out/table.tsv"; }

@test "table: a test failing only with the topics fails the run; failing on both is listed; a skip keeps its reason" {
	cat >"$C/t/guest-g1/console.log" <<-'EOS'
		[    2.000000] reftrack-selftest: begin net/a.sh
		# st_net_a took 1.70s
		not ok 1 st_net_a
		[    3.000000] reftrack-selftest: begin net/b.sh
		not ok 2 st_net_b
	EOS
	cat >"$C/t/guest-g2/console.log" <<-'EOS'
		[    3.000000] reftrack-selftest: begin net/c.sh
		ok 1 st_net_c
		[    3.000000] reftrack-selftest: begin net/d-x.sh
		ok 2 st_net_d_x # SKIP kselftest skip (exit 4): SKIP: no tool
	EOS
	table
	assert_status 1
	[ "$(row net/a.sh)" = OURS ] || fail_with "a: $(row net/a.sh)"
	[ "$(row net/b.sh)" = both-fail ] || fail_with "b: $(row net/b.sh)"
	[ "$(row net/c.sh)" = pass ] || fail_with "c: $(row net/c.sh)"
	[ "$(row net/d-x.sh)" = skip ] || fail_with "d: $(row net/d-x.sh)"
	assert_file_has "$C/out/table.tsv" 'skip: kselftest skip (exit 4): SKIP: no tool'
	assert_output_has '1 pass, 1 skip, 1 fail on both kernels, 1 fail only with the topics'
	assert_file_has "$C/out/summary" '1 fail only with the topics'
	assert_file_has "$C/out/table.html" '<td class="fail">OURS</td>'
	# Without the topic's failure: exit 0.
	sed -i 's/^not ok 1 st_net_a/ok 1 st_net_a/' "$C/t/guest-g1/console.log"
	table
	assert_status 0
}

@test "table: report lines go to the script whose begin precedes them; unexplained fails, explained passes with its reason" {
	cat >"$C/t/guest-g1/console.log" <<-'EOS'
		[    2.000000] reftrack-selftest: begin net/a.sh
		[    2.100000] netdev: untracked dev_hold() on v0/3 from foo+0x1/0x2 (called from bar+0x3/0x4)
		ok 1 st_net_a
		[    3.000000] reftrack-selftest: begin net/c.sh
		[    3.200000] unregister_netdevice: waiting for v1 to become free. Usage count = 2
		ok 2 st_net_c
	EOS
	table "net/a.sh net/c.sh"
	assert_status 1
	[ "$(row net/a.sh)" = pass+UNEXPLAINED ] || fail_with "a: $(row net/a.sh)"
	[ "$(row net/c.sh)" = pass+UNEXPLAINED ] || fail_with "c: $(row net/c.sh)"
	awk -F'\t' '$1 == "net/a.sh"' "$C/out/table.tsv" | grep -q 'UNEXPLAINED untracked: netdev: untracked dev_hold() on v0/3 from foo' ||
		fail_with "a's line not attributed to a"
	awk -F'\t' '$1 == "net/c.sh"' "$C/out/table.tsv" | grep -q 'UNEXPLAINED report: unregister_netdevice: waiting for v1' ||
		fail_with "c's line not attributed to c"
	assert_output_has '2 report line(s) on the topic'"'"'s kernel, 2 unexplained'
	printf '%s\n' '^netdev: untracked dev_hold\(\) on v0/[0-9]+ from foo\+ -- foo is a test' \
		'^unregister_netdevice: waiting for v1 -- v1 waits on purpose' >"$EXPL"
	table "net/a.sh net/c.sh"
	assert_status 0
	assert_file_has "$C/out/table.tsv" 'untracked (explained: foo is a test)'
	printf '%s\n' '^netdev: untracked' >"$EXPL"
	table "net/a.sh net/c.sh"
	assert_status 1
	assert_output_has "lacks ' -- reason'"
}

@test "table: a guest that died mid-script gives no result and fails; no result at all fails" {
	cat >"$C/t/guest-g1/console.log" <<-'EOS'
		[    2.000000] reftrack-selftest: begin net/a.sh
		ok 1 st_net_a
		[    3.000000] reftrack-selftest: begin net/c.sh
		[    3.100000] Kernel panic - not syncing: Fatal exception
	EOS
	table "net/a.sh net/c.sh"
	assert_status 1
	[ "$(row net/c.sh)" = no-result+UNEXPLAINED ] || [ "$(row net/c.sh)" = no-result ] || fail_with "c: $(row net/c.sh)"
	assert_file_has "$C/out/table.tsv" 'UNEXPLAINED splat: Kernel panic'
	rm -f "$C"/t/guest-g*/console.log
	table "net/a.sh net/c.sh"
	assert_status 1
	assert_output_has 'NO RESULT AT ALL'
	assert_output_has 'no console for 04-x'
}

@test "tooling/selftests: an unknown SELFTESTS_ONLY script, a bad guest count, a test without a timeout or with an unknown flag, or none for this base is exit 2, before any build" {
	SELFTESTS_ONLY=net/no-such.sh run "$REPO/tooling/selftests"
	assert_status 2
	assert_output_has 'SELFTESTS_ONLY: net/no-such.sh is not a test of'
	SELFTEST_GUESTS=0 run "$REPO/tooling/selftests"
	assert_status 2
	assert_output_has 'SELFTEST_GUESTS=0: a number'
	mkdir -p "$BATS_TEST_TMPDIR/st"
	cp "$REPO/selftests/hostbins" "$BATS_TEST_TMPDIR/st/"
	printf 'test net/a.sh\n' >"$BATS_TEST_TMPDIR/st/list"
	SELFTESTS_DIR=$BATS_TEST_TMPDIR/st run "$REPO/tooling/selftests"
	assert_status 2
	assert_output_has "'net/a.sh' has no timeout in seconds"
	printf 'test net/a.sh 60 fast\n' >"$BATS_TEST_TMPDIR/st/list"
	SELFTESTS_DIR=$BATS_TEST_TMPDIR/st run "$REPO/tooling/selftests"
	assert_status 2
	assert_output_has "'net/a.sh': unknown flag 'fast'"
	# A script for another base is not selected on this one.
	printf 'test net/a.sh 60 quick base=7.2\n' >"$BATS_TEST_TMPDIR/st/list"
	BASE=6.12 SELFTESTS_DIR=$BATS_TEST_TMPDIR/st run "$REPO/tooling/selftests"
	assert_status 2
	assert_output_has 'no test of'
}

@test "selftests/list: at least 25 scripts, each with a timeout; the quick ones are few; explained and config.drop lines have reasons" {
	local n q
	n=$(grep -c '^test ' "$REPO/selftests/list")
	q=$(grep -c '^test .* quick\( base=[^ ]*\)\?$' "$REPO/selftests/list")
	[ "$n" -ge 25 ] || fail_with "only $n scripts"
	[ "$q" -ge 1 ] && [ "$q" -le 10 ] || fail_with "$q quick scripts"
	! grep '^test ' "$REPO/selftests/list" | grep -vE '^test [^ ]+\.sh [0-9]+( quick)?( base=(6\.12|7\.2))?$' || fail_with "a malformed test line"
	! grep -vE '^(#|$)' "$REPO/selftests/explained" | grep -v ' -- .' || fail_with "an explained line without its reason"
	! grep -vE '^(#|$)' "$REPO/selftests/config.drop" | grep -vE '^CONFIG_[A-Z0-9_]+ -- .' || fail_with "a config.drop line without its reason"
}
