#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# series.bats - tooling/series: b4-made, mailing-list-ready messages per
# topic and part, the check gate, versions, and a recipient's round trip
# through `b4 am -m` and `git am`; the check record tooling/check leaves;
# the CI workflow's syntax.
#
# The fake base has no scripts/get_maintainer.pl; the tests put a stub
# in the checkout b4 works in, which logs how b4 calls it and answers
# like the real one (maintainers with --nol, lists with --nom).

load helpers

# big_topic DIR: topic 03-big, 31 patches on top of 02-tests, each
# needing the one before it (they append to one file).
big_topic() {
	local i

	sgit checkout -q --detach t02
	for i in $(seq 1 31); do
		mkdir -p "$SCRATCH/lib"
		printf 'int big_%02d(void);\n' "$i" >>"$SCRATCH/lib/big.h"
		sgit add -f lib/big.h
		GIT_AUTHOR_DATE="2024-02-01T12:00:$(printf %02d "$i")+0000" \
			GIT_COMMITTER_DATE="2024-02-01T12:00:$(printf %02d "$i")+0000" \
			sgit commit -q -m "lib: declare big_$(printf %02d "$i")()$([ "$i" -lt 31 ] ||
				printf ', with a subject long enough for b4 send to fold it')" \
			-m "Patch $i of the big topic." -m 'Signed-off-by: Test Author <test@example.org>'
	done
	write_series t02 "$1/03-big/series.mbox" 'lib: the big one'
	printf 'CONFIG_REF_TRACKER=y\n' >"$1/03-big/config"
	printf 'prefix: PATCH net-next\nlist: netdev@vger.kernel.org\nstatus: draft\n' >"$1/03-big/topic.conf"
}

# series_tree: the checkout tooling/series uses, made ahead so that the
# get_maintainer.pl stub is in it (ignored: Debian's .gitignore is "/*").
series_tree() {
	local tree=$CACHE_DIR/series-trees/b4

	rm -rf "$CACHE_DIR/series-trees"
	git -C "$WORK" worktree prune
	git -C "$WORK" worktree add -q --detach "$tree" "$(base_commit)"
	cat >"$tree/scripts/get_maintainer.pl" <<-'EOF'
		#!/bin/sh
		printf '%s\n' "$*" >>"${0%/*}/../../gm.log"
		patch=$(cat)
		case " $* " in
		*" --nol "*) printf '%s\n' "$patch" | grep -q '^+++ b/lib/ref_tracker.c' &&
			echo 'Maint Ainer <maint@example.org>' ;;
		*" --nom "*) echo 'linux-kernel@vger.kernel.org' ;;
		esac
		exit 0
	EOF
	chmod 755 "$tree/scripts/get_maintainer.pl"
}

# record_checks NAME...: what a passing tooling/check leaves.
record_checks() {
	local t

	mkdir -p "$OUT/check"
	for t in "$@"; do
		git -C "$WORK" rev-parse "topic/$t" >"$OUT/check/$t.ok"
	done
}

setup_file() {
	setup_base_and_topics
	big_topic "$FILE_TOPICS"
	printf 'to: netdev@vger.kernel.org\ncc: someone@example.org, other@example.org\n' \
		>>"$FILE_TOPICS/01-core/topic.conf"
	export MAINTAINERS_NOTES=$BATS_FILE_TMPDIR/MAINTAINERS-notes
	printf '01-core\n\tTo:\tnetdev@vger.kernel.org\n\tCc:\tsomeone@example.org\n' >"$MAINTAINERS_NOTES"
	"$REPO/tooling/apply" >"$BATS_FILE_TMPDIR/apply.log" 2>&1 ||
		{ cat "$BATS_FILE_TMPDIR/apply.log" >&2; return 1; }
	WORK=$(work_repo)
	record_checks 01-core 02-tests 03-big
	series_tree
	# One run over every topic; most tests read what it wrote.
	"$REPO/tooling/series" >"$BATS_FILE_TMPDIR/series.log" 2>&1 ||
		{ cat "$BATS_FILE_TMPDIR/series.log" >&2; return 1; }
	export SERIES=$OUT/series SERIES_LOG=$BATS_FILE_TMPDIR/series.log FILE_WORK=$WORK
	# A recipient applies every part of every topic, in order.
	export RT=$BATS_FILE_TMPDIR/rt
	round_trip "$SERIES"/01-core "$SERIES"/02-tests "$SERIES"/03-big-part{1,2,3} \
		>"$BATS_FILE_TMPDIR/rt.trees" 2>"$BATS_FILE_TMPDIR/rt.log" ||
		echo failed >>"$BATS_FILE_TMPDIR/rt.trees"
	# The topics as the run left them (with change-id:), for the copies.
	rm -rf "$FILE_TOPICS.run"
	cp -a "$FILE_TOPICS" "$FILE_TOPICS.run"
}

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	WORK=$FILE_WORK
}

# own_copy: for a test that runs the tooling: its own copy of the base
# import (with what setup_file's run left: topic branches, tags), the
# topics, the check records and the checkout b4 works in.
own_copy() {
	setup_test_copy
	rm -rf "$TOPICS_DIR"
	cp -a "$FILE_TOPICS.run" "$TOPICS_DIR"
	series_tree
	record_checks 01-core 02-tests 03-big
}

# subjects DIR: the Subject: of every message in DIR, in file order.
subjects() {
	local f

	for f in "$1"/*.eml; do
		sed -n 's/^Subject: //p' "$f" | head -n 1
	done
}

# cover DIR: the cover letter of DIR.
cover() { find "$1" -name '0000-*.eml' | head -n 1; }

# round_trip DIR...: a recipient's view: each DIR's messages as one
# mbox, `b4 am -m` then `git am` on a fresh clone of the base, in
# order; prints the tree after each DIR. Leaves the clone in
# $RT/linux and b4's output for DIR number K in $RT/amK.
round_trip() {
	local d f i=0

	rm -rf "$RT"
	git clone -q "$WORK" "$RT/linux"
	git -C "$RT/linux" checkout -q --detach "$(base_commit)"
	for d in "$@"; do
		i=$((i + 1))
		for f in "$d"/*.eml; do
			printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
			cat "$f"
			printf '\n'
		done >"$RT/$i.mbox"
		mkdir -p "$RT/am$i"
		(cd "$RT/linux" && b4 --offline-mode --no-stdin am -m "$RT/$i.mbox" -o "$RT/am$i") \
			>"$RT/b4am$i.log" 2>&1 || { cat "$RT/b4am$i.log" >&2; return 1; }
		git -C "$RT/linux" am -q "$RT/am$i"/*.mbx >&2 || return 1
		git -C "$RT/linux" rev-parse 'HEAD^{tree}'
	done
}

@test "subjects: cover letter then patches, numbered, with topic.conf's prefix" {
	run subjects "$SERIES/01-core"
	assert_output_has '[PATCH net-next 0/3] ref_tracker: core changes'
	[ "${lines[0]}" = '[PATCH net-next 0/3] ref_tracker: core changes' ] || fail_with "first is not the cover"
	[ "${lines[1]}" = '[PATCH net-next 1/3] lib/ref_tracker: make line 3 explicit' ] || fail_with "patch 1"
	[ "${lines[3]}" = '[PATCH net-next 3/3] lib: build test_ref_tracker' ] || fail_with "patch 3"
	[ "${#lines[@]}" -eq 4 ] || fail_with "expected 4 messages"
	run subjects "$SERIES/02-tests"
	[ "${lines[0]}" = '[PATCH net-next 0/2] ref_tracker: tests' ] || fail_with "02 cover"
	# Every patch threads under its cover letter.
	local id
	id=$(sed -n 's/^Message-Id: //p' "$(cover "$SERIES/01-core")")
	[ "$(grep -l "^In-Reply-To: $id" "$SERIES"/01-core/*.eml | wc -l)" -eq 3 ] || fail_with "not threaded"
	# The command a user would run is printed; nothing is sent.
	grep -qF "git send-email --confirm=always --to=netdev@vger.kernel.org $SERIES/01-core/*.eml" "$SERIES_LOG" ||
		fail_with "no send command in the log"
	grep -qF 'nothing was sent' "$SERIES_LOG" || fail_with "does not say nothing was sent"
}

@test "base-commit and change-id: in the cover letter, change-id kept in topic.conf" {
	local c id
	c=$(cover "$SERIES/01-core")
	assert_file_has "$c" "base-commit: $(git -C "$WORK" rev-parse base)"
	id=$(sed -n 's/^change-id: //p' "$FILE_TOPICS.run/01-core/topic.conf")
	[[ "$id" =~ ^[0-9]{8}-01-core-[0-9a-f]{12}$ ]] || fail_with "change-id '$id' in topic.conf"
	assert_file_has "$c" "change-id: $id"
	# 02-tests is based on 01-core's last commit.
	assert_file_has "$(cover "$SERIES/02-tests")" "base-commit: $(git -C "$FILE_WORK" rev-parse topic/01-core)"
}

@test "To/Cc: topic.conf's to:/cc: merged with get_maintainer.pl as b4 --auto-to-cc runs it" {
	local c gm
	c=$(cover "$SERIES/01-core")
	grep -q '^To: netdev@vger.kernel.org' "$c" || fail_with "To: lacks topic.conf's to:"
	for a in someone@example.org other@example.org maint@example.org linux-kernel@vger.kernel.org; do
		sed -n '/^To:/,/^[^ T]/p; /^Cc:/,/^[^ ]/p' "$c" | grep -qF "$a" || fail_with "To/Cc lack $a: $(grep -A3 '^Cc:' "$c")"
	done
	gm=$BATS_FILE_TMPDIR/cache/series-trees/gm.log
	grep -q -- '--nogit --nogit-fallback --nogit-chief-penguins --norolestats --nol' "$gm" ||
		fail_with "get_maintainer.pl not run for To: $(cat "$gm")"
	grep -q -- '--nogit --nogit-fallback --nogit-chief-penguins --norolestats --nom' "$gm" ||
		fail_with "get_maintainer.pl not run for Cc: $(cat "$gm")"
	# MAINTAINERS-notes is read: an address it does not explain is flagged.
	grep -qF 'topic.conf sends to other@example.org, MAINTAINERS-notes does not say so' "$SERIES_LOG" ||
		fail_with "no MAINTAINERS-notes warning"
}

@test "refuses without a passing check record, and with a stale one" {
	own_copy
	rm -f "$OUT/check/01-core.ok"
	run "$REPO/tooling/series" 01-core
	assert_status 1
	assert_output_has "01-core: no passing check recorded"
	assert_output_has "make check TOPICS=01-core"
	[ ! -e "$OUT/series/01-core" ] || fail_with "wrote messages anyway"
	git -C "$WORK" rev-parse topic/02-tests >"$OUT/check/01-core.ok"
	run "$REPO/tooling/series" 01-core
	assert_status 1
	assert_output_has "01-core: the recorded check passed on"
	[ ! -e "$OUT/series/01-core" ] || fail_with "wrote messages anyway"
	refute_output_has 'b4 '
}

@test "a check run without the per-patch builds: refused, unless SERIES_UNBUILT=1, which says so" {
	own_copy
	printf '%s\nbuilds: not run (CHECK_BUILDS=0)\n' "$(git -C "$WORK" rev-parse topic/01-core)" >"$OUT/check/01-core.ok"
	run "$REPO/tooling/series" 01-core
	assert_status 1
	assert_output_has "01-core: the recorded check ran without the per-patch builds"
	[ ! -e "$OUT/series/01-core" ] || fail_with "wrote messages anyway"
	SERIES_UNBUILT=1 run "$REPO/tooling/series" 01-core
	assert_status 0
	assert_output_has "01-core: the per-patch builds were not run for these commits"
	[ -n "$(cover "$OUT/series/01-core")" ] || fail_with "no messages written"
}

@test "31 patches: parts of 15, 15 and 1, each applying on the previous; the last has the topic's tree" {
	local p1 p2 p3 tip
	p1=$SERIES/03-big-part1 p2=$SERIES/03-big-part2 p3=$SERIES/03-big-part3
	[ ! -e "$SERIES/03-big" ] && [ ! -e "$SERIES/03-big-part4" ] || fail_with "wrong parts: $(ls "$SERIES")"
	[ "$(find "$p1" -name '*.eml' | wc -l)" -eq 16 ] || fail_with "part 1: $(ls "$p1")"
	[ "$(find "$p2" -name '*.eml' | wc -l)" -eq 16 ] || fail_with "part 2: $(ls "$p2")"
	[ "$(find "$p3" -name '*.eml' | wc -l)" -eq 1 ] || fail_with "part 3: $(ls "$p3")"
	run subjects "$p1"
	[ "${lines[0]}" = '[PATCH net-next 00/15] lib: the big one (part 1/3)' ] || fail_with "part 1 cover"
	[ "${lines[15]}" = '[PATCH net-next 15/15] lib: declare big_15()' ] || fail_with "part 1 end"
	run subjects "$p2"
	[ "${lines[1]}" = '[PATCH net-next 01/15] lib: declare big_16()' ] || fail_with "part 2 start"
	# One patch: b4 folds the cover letter under its "---".
	run subjects "$p3"
	[ "${lines[0]}" = '[PATCH net-next] lib: declare big_31(), with a subject long enough for b4 send to fold it' ] ||
		fail_with "part 3"
	# Each part names the parts it depends on; its base is the last
	# commit of the previous part.
	assert_file_has "$(cover "$p2")" 'part 1/3: "lib: the big one (part 1/3)"'
	assert_file_has "$p3"/*.eml 'part 2/3: "lib: the big one (part 2/3)"'
	assert_file_has "$p3"/*.eml 'part 1/3'
	assert_file_has "$(cover "$p1")" "base-commit: $(git -C "$WORK" rev-parse topic/02-tests)"
	assert_file_has "$(cover "$p2")" "base-commit: $(git -C "$WORK" rev-parse 'topic/03-big~16')"
	assert_file_has "$p3"/*.eml "base-commit: $(git -C "$WORK" rev-parse 'topic/03-big~1')"
	# Applied in order by a recipient, on 01-core and 02-tests.
	mapfile -t trees <"$BATS_FILE_TMPDIR/rt.trees"
	[ "${#trees[@]}" -eq 5 ] || fail_with "round trip failed: $(cat "$BATS_FILE_TMPDIR/rt.log")"
	[ "${trees[2]}" = "$(git -C "$WORK" rev-parse 'topic/03-big~16^{tree}')" ] || fail_with "part 1 tree"
	[ "${trees[3]}" = "$(git -C "$WORK" rev-parse 'topic/03-big~1^{tree}')" ] || fail_with "part 2 tree"
	tip=$(git -C "$WORK" rev-parse 'topic/03-big^{tree}')
	[ "${trees[4]}" = "$tip" ] || fail_with "last part's tree ${trees[4]} is not the topic's $tip"
	# Part 2 does not apply without part 1: it depends on it.
	git -C "$RT/linux" checkout -q --detach HEAD~31
	run git -C "$RT/linux" am "$RT"/am4/*.mbx
	git -C "$RT/linux" am --abort 2>/dev/null || true
	[ "$status" -ne 0 ] || fail_with "part 2 applied without part 1"
}

@test "a cover letter longer than a pipe buffer, no change-id yet: written, not killed by SIGPIPE" {
	local mbox c
	own_copy
	mbox=$TOPICS_DIR/03-big/series.mbox
	sed -i '/^change-id:/d' "$TOPICS_DIR/03-big/topic.conf"
	# 4000 lines (~250 KiB) of text after the cover letter's first line.
	awk 'NR == 1 { print; next }
		!done && /^$/ { print; for (i = 1; i <= 4000; i++) printf "Padding line %d of a long cover letter.\n", i; print ""; done = 1; next }
		{ print }' "$mbox" >"$mbox.new"
	mv "$mbox.new" "$mbox"
	# An edited mbox is applied again before its branch is used.
	"$REPO/tooling/apply" >/dev/null 2>&1 || "$REPO/tooling/apply"
	run "$REPO/tooling/series" 03-big
	assert_status 0
	c=$(cover "$OUT/series/03-big-part1")
	grep -q '^Subject: \[PATCH net-next 00/15\] lib: the big one (part 1/3)' "$c" || fail_with "$(grep '^Subject' "$c")"
	assert_file_has "$c" 'Padding line 4000 of a long cover letter.'
	grep -q '^change-id: [0-9]\{8\}-03-big-' "$TOPICS_DIR/03-big/topic.conf" || fail_with "no change-id stored"
}

@test "round trip: b4 am -m, then git am, on a fresh import gives the topic's tree" {
	mapfile -t trees <"$BATS_FILE_TMPDIR/rt.trees"
	[ "${#trees[@]}" -ge 2 ] || fail_with "round trip failed: $(cat "$BATS_FILE_TMPDIR/rt.log")"
	[ "${trees[0]}" = "$(git -C "$WORK" rev-parse 'topic/01-core^{tree}')" ] || fail_with "01-core tree differs"
	[ "${trees[1]}" = "$(git -C "$WORK" rev-parse 'topic/02-tests^{tree}')" ] || fail_with "02-tests tree differs"
	# b4 am found the base-commit the cover letters name.
	grep -q "Base: using specified base-commit $(base_commit | cut -c1-12)" "$RT/b4am1.log" ||
		fail_with "b4 am: $(cat "$RT/b4am1.log")"
}

@test "b4 send -o accepted every part and wrote every message" {
	local d
	[ "$(grep -c 'DRYRUN: Would have sent' "$SERIES_LOG")" -eq 5 ] ||
		fail_with "b4 send -o ran $(grep -c 'DRYRUN: Would have sent' "$SERIES_LOG") times, want 5 parts"
	for d in 01-core:4 02-tests:3 03-big-part1:16 03-big-part2:16 03-big-part3:1; do
		grep -qF "${d%%:*}: ${d#*:} messages in" "$SERIES_LOG" || fail_with "$d not reported"
		[ "$(find "$SERIES/${d%%:*}" -name '*.eml' | wc -l)" -eq "${d#*:}" ] || fail_with "$d"
	done
	! grep -q CRITICAL "$SERIES_LOG" || fail_with "b4 complained: $(grep CRITICAL "$SERIES_LOG")"
}

@test "--bump: v2 with its changelog and a range-diff, the same change-id" {
	local id c
	own_copy
	id=$(sed -n 's/^change-id: //p' "$TOPICS_DIR/01-core/topic.conf")
	# setup_file's run kept what it generated as v1.
	git -C "$WORK" rev-parse -q --verify series/01-core/v1 >/dev/null || fail_with "no tag series/01-core/v1"
	# Reword patch 3 (a new version after review).
	git -C "$WORK" worktree add -q "$BATS_TEST_TMPDIR/ed" topic/01-core
	git -C "$BATS_TEST_TMPDIR/ed" commit -q --amend -m 'lib: build test_ref_tracker' \
		-m 'Body, reworded after review.' -m 'Signed-off-by: Test Author <test@example.org>'
	# The edit loop: the branch is written back to topics/ first.
	"$REPO/tooling/export" 01-core >/dev/null 2>&1 || "$REPO/tooling/export" 01-core
	record_checks 01-core
	run "$REPO/tooling/series" --bump 01-core "reword patch 3 after review"
	assert_status 0
	grep -qx 'version: 2' "$TOPICS_DIR/01-core/topic.conf" || fail_with "topic.conf: $(cat "$TOPICS_DIR/01-core/topic.conf")"
	assert_file_has "$TOPICS_DIR/01-core/series.mbox" 'Changes in v2:'
	run "$REPO/tooling/series" 01-core
	assert_status 0
	c=$(cover "$OUT/series/01-core")
	grep -q '^Subject: \[PATCH net-next v2 0/3\] ref_tracker: core changes' "$c" || fail_with "$(grep Subject "$c")"
	grep -q '^Subject: \[PATCH net-next v2 3/3\]' "$OUT"/series/01-core/0003-*.eml || fail_with "patch 3 subject"
	assert_file_has "$c" 'Changes in v2:'
	assert_file_has "$c" '- reword patch 3 after review'
	assert_file_has "$c" 'Range-diff against v1:'
	assert_file_has "$c" '3:  '
	assert_file_has "$c" '! 3:'
	assert_file_has "$c" "change-id: $id"
	# A second bump keeps every version's entries, newest first.
	record_checks 01-core
	run "$REPO/tooling/series" --bump 01-core "nothing else"
	run "$REPO/tooling/series" 01-core
	assert_status 0
	c=$(cover "$OUT/series/01-core")
	grep -q '^Subject: \[PATCH net-next v3 0/3\]' "$c" || fail_with "v3 subject"
	[ "$(grep -n '^Changes in v' "$c" | cut -d: -f2 | tr '\n' ' ')" = 'Changes in v3 Changes in v2 ' ] ||
		fail_with "changelog order: $(grep '^Changes in v' "$c")"
	assert_file_has "$c" 'Range-diff against v2:'
	assert_file_has "$c" "change-id: $id"
}

@test "check: records success per topic, and drops the record on a failure" {
	own_copy
	# Stand-ins for the kernel's checkers: what this test needs is the
	# record, not checkpatch's verdicts (check.bats covers those). Each
	# still flags what tooling/check's self-test gives it, as the real
	# one does, and checkpatch prints its total line.
	# shellcheck disable=SC2016 # perl, not shell
	printf '%s\n' '#!/usr/bin/perl' 'open(my $h, "<", $ARGV[-1]) or die; local $/; my $t = <$h>;' \
		'print "WARNING: '"'"'coutners'"'"' may be misspelled\n" if $t =~ /coutners/;' \
		'print $ENV{CP_STANDIN_ERROR} && $t !~ /coutners/ ? "x.patch:1: ERROR: bad\ntotal: 1 errors, 0 warnings, 0 checks, 1 lines checked\n" : "total: 0 errors, 0 warnings, 0 checks, 1 lines checked\n";' \
		>"$WORK/scripts/checkpatch.pl"
	# shellcheck disable=SC2016 # perl, not shell
	printf '%s\n' '#!/usr/bin/perl' 'open(my $h, "<", $ARGV[-1]) or die; local $/; my $t = <$h>;' \
		'print "kdoc.c:7: warning: Function parameter or struct member '"'"'b'"'"' not described in '"'"'selftest_kdoc'"'"'\n" if $t =~ /selftest_kdoc/;' \
		>"$WORK/scripts/kernel-doc"
	# shellcheck disable=SC2016 # perl, not shell
	printf '%s\n' '#!/usr/bin/perl' 'print "Some One <one\@example.org> (maintainer:X)\n" if grep { $_ eq "-f" } @ARGV;' \
		>"$WORK/scripts/get_maintainer.pl"
	# shellcheck disable=SC2016 # expanded by the stand-in
	printf '#!/bin/sh\nfor c in $(git -C "$WORK" rev-list "$BASE_REF..topic/$1"); do\n\tprintf "%%s\\tbuild\\tpass\\t-\\n%%s\\twarnings\\tpass\\t-\\n" "$c" "$c"\ndone >"$2"\n' \
		>"$BATS_TEST_TMPDIR/check-build"
	chmod +x "$BATS_TEST_TMPDIR/check-build"
	export CHECK_BUILDER=$BATS_TEST_TMPDIR/check-build
	rm -rf "$OUT/check"
	run "$REPO/tooling/check" 01-core
	assert_status 0
	[ "$(cat "$OUT/check/01-core.ok")" = "$(git -C "$WORK" rev-parse topic/01-core)" ] ||
		fail_with "01-core.ok: $(cat "$OUT/check/01-core.ok" 2>&1)"
	CP_STANDIN_ERROR=1 run "$REPO/tooling/check" 01-core
	assert_status 1
	[ ! -e "$OUT/check/01-core.ok" ] || fail_with "a failing check left its record"
	run "$REPO/tooling/series" 01-core
	assert_status 1
	assert_output_has 'no passing check recorded'
}

@test "workflow: one job per topic running the make targets, artifacts and caches" {
	local wf=$REPO/.github/workflows/topics.yml
	if command -v actionlint >/dev/null 2>&1; then
		run actionlint "$wf"
		assert_status 0
	fi
	run /usr/bin/python3 - "$wf" <<-'EOF'
		import sys, yaml
		wf = yaml.safe_load(open(sys.argv[1]))
		on = wf.get('on', wf.get(True))
		assert on and 'push' in on, 'no push trigger'
		jobs = wf['jobs']
		listed = ' '.join(s.get('run', '') for s in jobs['list']['steps'])
		assert 'topics' in listed and 'GITHUB_OUTPUT' in listed, 'list job does not list topics/'
		job = jobs['topic']
		assert job['needs'] == 'list'
		assert 'fromJSON(needs.list.outputs.topics)' in job['strategy']['matrix']['topic']
		assert job['env']['TOPICS'] == '${{ matrix.topic }}'
		runs = [s.get('run', '') for s in job['steps']]
		uses = [s.get('uses', '') for s in job['steps']]
		assert any('make test TOPICS=' in r for r in runs), 'no make test'
		assert any('make series TOPICS=' in r for r in runs), 'no make series'
		assert any(u.startswith('actions/checkout@') for u in uses)
		caches = [s['with']['path'] for s in job['steps'] if s.get('uses', '').startswith('actions/cache@')]
		assert '~/.cache/ccache' in caches and '/var/cache/apt/archives' in caches, caches
		up = [s for s in job['steps'] if s.get('uses', '').startswith('actions/upload-artifact@')]
		assert up and up[0].get('if') == 'always()', 'artifacts only on success'
		paths = up[0]['with']['path'].split()
		assert paths == ['out/logs', 'out/check', 'out/series'], paths
		for name, j in jobs.items():
		    assert 'runs-on' in j and j['steps'], name
		    for s in j['steps']:
		        assert ('run' in s) != ('uses' in s), (name, s)
		print('ok')
	EOF
	assert_status 0
	assert_output_has ok
}
