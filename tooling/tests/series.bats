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
# appending to one file, so that it needs the one before it in that
# file: lib/big.h (net: #1-10 and #31), net/netfilter/nf_big.c (nf:
# #11, 13, 15, 17), net/xdp/xsk_big.c (bpf: #12, 14, 16) and
# drivers/net/big.c (net: #18-30). As the topics are: authored and
# signed off by the project's placeholder identity. Its plan (part:,
# patch: lines) is big_plan's.
big_topic() {
	local i f

	sgit checkout -q --detach t02
	for i in $(seq 1 31); do
		case $i in
		11 | 13 | 15 | 17) f=net/netfilter/nf_big.c ;;
		12 | 14 | 16) f=net/xdp/xsk_big.c ;;
		1[89] | 2? | 30) f=drivers/net/big.c ;;
		*) f=lib/big.h ;;
		esac
		mkdir -p "$SCRATCH/$(dirname "$f")"
		printf 'int big_%02d(void);\n' "$i" >>"$SCRATCH/$f"
		sgit add -f "$f"
		GIT_AUTHOR_DATE="2024-02-01T12:00:$(printf %02d "$i")+0000" \
			GIT_COMMITTER_DATE="2024-02-01T12:00:$(printf %02d "$i")+0000" \
			GIT_AUTHOR_NAME='Ref Tracker Project' GIT_AUTHOR_EMAIL=ref-tracker@example.org \
			sgit commit -q -m "$(big_subject "$i")" \
			-m "Patch $i of the big topic." -m 'Signed-off-by: Ref Tracker Project <ref-tracker@example.org>'
	done
	write_series t02 "$1/03-big/series.mbox" 'lib: the big one'
	printf 'CONFIG_REF_TRACKER=y\n' >"$1/03-big/config"
	printf 'prefix: PATCH net-next\nlist: netdev@vger.kernel.org\nstatus: draft\n' >"$1/03-big/topic.conf"
	big_plan >>"$1/03-big/topic.conf"
}

# big_subject N: the subject of patch N of 03-big.
big_subject() {
	printf 'lib: declare big_%02d()' "$1"
	[ "$1" -lt 31 ] || printf ', with a subject long enough for b4 send to fold it'
}

# big_plan [PART=N...]: 03-big's posting plan, by tree: core (#1-10,
# #31), nf, bpf (on core), drivers (#18-30, last); PART=N moves patch
# N into PART instead.
big_plan() {
	local i part moved

	printf '%s\n' 'part: core | PATCH net-next | netdev@vger.kernel.org | -' \
		'part: nf | PATCH nf-next | netfilter-devel@vger.kernel.org | core | netdev@vger.kernel.org' \
		'part: bpf | PATCH bpf-next | bpf@vger.kernel.org | core' \
		'part: drivers | PATCH net-next | netdev@vger.kernel.org | core'
	for i in $(seq 1 31); do
		case $i in
		11 | 13 | 15 | 17) part=nf ;;
		12 | 14 | 16) part=bpf ;;
		1[89] | 2? | 30) part=drivers ;;
		*) part=core ;;
		esac
		for moved in "$@"; do [ "${moved#*=}" != "$i" ] || part=${moved%=*}; done
		printf 'patch: %s | %s\n' "$part" "$(big_subject "$i")"
	done
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

# The sender of the messages the tests write: SERIES_IDENTITY, as make
# test and CI set it (hermetic_env unsets it).
TEST_SENDER='Series Tester <series-tester@reftrack.invalid>'

setup_file() {
	setup_base_and_topics
	export SERIES_IDENTITY=$TEST_SENDER
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
	round_trip "$SERIES"/01-core "$SERIES"/02-tests "$SERIES"/03-big-part{1,2,3,4} \
		>"$BATS_FILE_TMPDIR/rt.trees" 2>"$BATS_FILE_TMPDIR/rt.log" ||
		echo failed >>"$BATS_FILE_TMPDIR/rt.trees"
	# The topics as the run left them (with change-id:), for the copies.
	rm -rf "$FILE_TOPICS.run"
	cp -a "$FILE_TOPICS" "$FILE_TOPICS.run"
}

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	export SERIES_IDENTITY=$TEST_SENDER
	WORK=$FILE_WORK
}

# own_copy: for a test that runs the tooling: its own copy of the base
# import (with what setup_file's run left: topic branches, tags), the
# topics, the check records and the checkout b4 works in.
own_copy() {
	setup_test_copy
	export SERIES_IDENTITY=$TEST_SENDER
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

# standin_checkers: stand-ins for the kernel's checkers in the work
# repository and for tooling/check-build, for tests that need
# tooling/check's record and per-series rows, not checkpatch's verdicts
# (check.bats covers those).
standin_checkers() {
	# Each still flags what tooling/check's self-test gives it, as the
	# real one does, and checkpatch prints its total line.
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
	# The same for NIPA's wider builds (tooling/check-wide).
	# shellcheck disable=SC2016 # expanded by the stand-in
	printf '#!/bin/sh
for c in $(git -C "$WORK" rev-list "$BASE_REF..topic/$1"); do
	for k in build_32bit build_clang build_allmod; do printf "%%s\t%%s\tpass\t-\n" "$c" "$k"; done
done >"$2"
' \
		>"$BATS_TEST_TMPDIR/check-wide"
	chmod +x "$BATS_TEST_TMPDIR/check-wide"
	export CHECK_WIDE=$BATS_TEST_TMPDIR/check-wide
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
	# Nothing is sent; written with a test identity, no send command.
	grep -qF 'nothing was sent' "$SERIES_LOG" || fail_with "does not say nothing was sent"
	! grep -qF 'git send-email' "$SERIES_LOG" || fail_with "a send command for test-identity messages"
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

@test "a plan: one part per tree with its prefix and To:, on the parts it depends on; in plan order, the topic's tree" {
	local p1 p2 p3 p4 core tip
	p1=$SERIES/03-big-part1 p2=$SERIES/03-big-part2 p3=$SERIES/03-big-part3 p4=$SERIES/03-big-part4
	[ ! -e "$SERIES/03-big" ] && [ ! -e "$SERIES/03-big-part5" ] || fail_with "wrong parts: $(ls "$SERIES")"
	run subjects "$p1"
	[ "${#lines[@]}" -eq 12 ] || fail_with "part 1: $(ls "$p1")"
	[ "${lines[0]}" = '[PATCH net-next 00/11] lib: the big one (part 1/4: core)' ] || fail_with "part 1 cover"
	[ "${lines[10]}" = '[PATCH net-next 10/11] lib: declare big_10()' ] || fail_with "part 1, #10"
	[ "${lines[11]}" = '[PATCH net-next 11/11] lib: declare big_31(), with a subject long enough for b4 send to fold it' ] ||
		fail_with "part 1 end"
	# Not contiguous in the topic: nf's are #11, 13, 15 and 17.
	run subjects "$p2"
	[ "${lines[*]}" = "[PATCH nf-next 0/4] lib: the big one (part 2/4: nf) [PATCH nf-next 1/4] lib: declare big_11() [PATCH nf-next 2/4] lib: declare big_13() [PATCH nf-next 3/4] lib: declare big_15() [PATCH nf-next 4/4] lib: declare big_17()" ] ||
		fail_with "part 2"
	run subjects "$p3"
	[ "${lines[0]}" = '[PATCH bpf-next 0/3] lib: the big one (part 3/4: bpf)' ] || fail_with "part 3"
	[ "${#lines[@]}" -eq 4 ] || fail_with "part 3 count"
	run subjects "$p4"
	[ "${lines[0]}" = '[PATCH net-next 00/13] lib: the big one (part 4/4: drivers)' ] || fail_with "part 4"
	[ "${lines[1]}" = '[PATCH net-next 01/13] lib: declare big_18()' ] || fail_with "part 4 start"
	# Each part's To: is its own; Cc: its own and get_maintainer.pl's.
	grep -q '^To: netfilter-devel@vger.kernel.org' "$(cover "$p2")" || fail_with "nf To: $(grep '^To:' "$(cover "$p2")")"
	grep -A3 '^Cc:' "$(cover "$p2")" | grep -qF netdev@vger.kernel.org || fail_with "nf Cc:"
	grep -q '^To: bpf@vger.kernel.org' "$(cover "$p3")" || fail_with "bpf To:"
	grep -q '^To: netdev@vger.kernel.org' "$(cover "$p4")" || fail_with "drivers To:"
	# Each part names the parts it depends on; the others stand on the
	# core part's last commit, the core part on the topic's parent.
	assert_file_has "$(cover "$p2")" 'part 1/4: "[PATCH net-next] lib: the big one (part 1/4: core)"'
	assert_file_has "$(cover "$p1")" "base-commit: $(git -C "$WORK" rev-parse topic/02-tests)"
	core=$(git -C "$WORK" rev-parse 'series/03-big/parts/core/v1^{commit}')
	for p in "$p2" "$p3" "$p4"; do
		assert_file_has "$(cover "$p")" "base-commit: $core"
	done
	[ "$(git -C "$WORK" rev-list --count "topic/02-tests..$core")" -eq 11 ] || fail_with "core part: not 11 commits"
	# A recipient applying the parts in order gets each part's tree,
	# and the topic's tree at the end.
	mapfile -t trees <"$BATS_FILE_TMPDIR/rt.trees"
	[ "${#trees[@]}" -eq 6 ] || fail_with "round trip failed: $(cat "$BATS_FILE_TMPDIR/rt.log")"
	[ "${trees[2]}" = "$(git -C "$WORK" rev-parse "$core^{tree}")" ] || fail_with "part 1 tree"
	tip=$(git -C "$WORK" rev-parse 'topic/03-big^{tree}')
	[ "${trees[5]}" = "$tip" ] || fail_with "last part's tree ${trees[5]} is not the topic's $tip"
}

@test "a plan that does not fit: mixed trees, a patch in no part or in two, a part over 15, a wrong prefix: exit 1, each named" {
	local conf
	own_copy
	conf=$TOPICS_DIR/03-big/topic.conf
	sed -i '/^part:/d; /^patch:/d' "$conf"
	cp "$conf" "$conf.orig"
	# bpf's #12 in nf; #5 in no part, #6 in two; core's #1-3 moved into
	# drivers (16); a bpf prefix on a net part.
	{ big_plan nf=12 drivers=1 drivers=2 drivers=3 | grep -v 'big_05()' | sed 's/^part: drivers | PATCH net-next/part: drivers | PATCH bpf-next/'
		printf 'patch: bpf | %s\n' "$(big_subject 6)"; } >>"$conf"
	run "$REPO/tooling/series" 03-big
	assert_status 1
	assert_output_has "03-big: the posting plan in $conf is not usable"
	assert_output_has "part nf mixes trees (bpf: #12; nf: #11 #13 #15 #17)"
	assert_output_has "#5 'lib: declare big_05()' (net) is in no part: add 'patch: PART | lib: declare big_05()'"
	assert_output_has "#6 'lib: declare big_06()' is in two parts: core and bpf"
	assert_output_has "part drivers has 16 patches, more than 15"
	assert_output_has "part drivers (tree net) has the prefix '[PATCH bpf-next]'"
	[ -z "$(find "$OUT/series" -path '*03-big*' -name '*.eml' 2>/dev/null)" ] || fail_with "wrote messages anyway"
	# No plan at all, 31 patches: refused, saying what to declare.
	cp "$conf.orig" "$conf"
	run "$REPO/tooling/series" 03-big
	assert_status 1
	assert_output_has "03-big: 31 patches and no posting plan"
	assert_output_has "'part:' and 'patch:' lines"
}

@test "a part that does not apply on the parts it declares fails, naming the patch" {
	local conf
	own_copy
	conf=$TOPICS_DIR/03-big/topic.conf
	sed -i '/^part:/d; /^patch:/d' "$conf"
	# #31 appends to lib/big.h after #10 (core): alone on the base, it
	# has nothing to apply to.
	{ big_plan late=31; printf 'part: late | PATCH net-next | netdev@vger.kernel.org | -\n'; } |
		awk '/^part:/ { print; next } { rest = rest $0 "\n" } END { printf "%s", rest }' >>"$conf"
	run "$REPO/tooling/series" 03-big
	assert_status 1
	assert_output_has "$(big_subject 31)\") does not apply; conflicts in: lib/big.h"
	assert_output_has "03-big: part late does not apply on the topic's base"
	assert_output_has "fix the plan in topic.conf"
	# Depending on core, it applies.
	sed -i 's/^part: late | \(.*\) | -$/part: late | \1 | core/' "$conf"
	run "$REPO/tooling/series" 03-big
	assert_status 0
	run subjects "$OUT/series/03-big-part5"
	[ "${lines[0]}" = "[PATCH net-next] $(big_subject 31)" ] || fail_with "late part: ${lines[*]}"
}

# stable_and_local_topic: 03-big again, with a fix of the base first
# (#1: a new file, so that it applies on the base alone, with a Fixes:
# tag naming the base's import), applied and recorded as checked; its
# plan has no lines yet. The big patches are #2-#32.
stable_and_local_topic() {
	local base subj

	base=$(base_commit)
	subj=$(git -C "$WORK" log -1 --format=%s "$base")
	SCRATCH=$(mktemp -d "$BATS_TEST_TMPDIR/scratch.XXXXXX")
	git clone -q "$WORK" "$SCRATCH"
	sgit checkout -q --detach origin/topic/02-tests
	printf 'int stable_fix(void);\n' >"$SCRATCH/lib/stable_fix.h"
	sgit add -f lib/stable_fix.h
	GIT_AUTHOR_NAME='Ref Tracker Project' GIT_AUTHOR_EMAIL=ref-tracker@example.org \
		sgit commit -q -m 'lib: declare stable_fix()' -m 'What the base lacks.' \
		-m "Fixes: ${base:0:12} (\"$subj\")
Signed-off-by: Ref Tracker Project <ref-tracker@example.org>"
	sgit cherry-pick --allow-empty origin/topic/02-tests..origin/topic/03-big >/dev/null
	write_series origin/topic/02-tests "$TOPICS_DIR/03-big/series.mbox" 'lib: the big one'
	sed -i '/^part:/d; /^patch:/d; /^change-id:/d' "$TOPICS_DIR/03-big/topic.conf"
	"$REPO/tooling/apply" >/dev/null 2>&1 || "$REPO/tooling/apply"
	record_checks 03-big
}

@test "a stable part (fixes, on the packaged base) and a local part (never posted): stable's prefix, To: and base; the round trip gives the topic without the local part" {
	local conf base p1
	own_copy
	stable_and_local_topic
	conf=$TOPICS_DIR/03-big/topic.conf
	base=$(base_commit)
	# The fix to 6.12.y; #31 (#32 now) kept in the fork.
	{ printf 'part: stable | PATCH 6.12.y | stable@vger.kernel.org | - | netdev@vger.kernel.org\n'
		printf 'patch: stable | lib: declare stable_fix()\n'
		big_plan fork=31
		printf 'part: fork | local | - | core\n'; } |
		awk '/^part:/ { print; next } { rest = rest $0 "\n" } END { printf "%s", rest }' >>"$conf"
	run "$REPO/tooling/series" 03-big
	assert_status 0
	assert_output_has "03-big: part fork (1 patches: #32) is local: kept in the fork, not posted"
	p1=$OUT/series/03-big-part1
	run subjects "$p1"
	[ "${lines[*]}" = '[PATCH 6.12.y] lib: declare stable_fix()' ] || fail_with "stable part: ${lines[*]}"
	grep -q '^To: stable@vger.kernel.org' "$p1"/*.eml || fail_with "stable To: $(grep '^To:' "$p1"/*.eml)"
	# Its base is the packaged tree, not the topic's parent.
	assert_file_has "$(find "$p1" -name '*.eml')" "base-commit: $base"
	run subjects "$OUT/series/03-big-part2"
	[ "${lines[0]}" = '[PATCH net-next 00/10] lib: the big one (part 2/5: core)' ] || fail_with "core part: ${lines[0]}"
	[ -d "$OUT/series/03-big-part5" ] && [ ! -e "$OUT/series/03-big-part6" ] || fail_with "parts: $(ls "$OUT/series")"
	! grep -rq 'big_31()' "$OUT/series" || fail_with "the local patch was written"
	# A recipient of every posted part gets the topic without #32.
	run "$REPO/tooling/roundtrip" 03-big
	assert_status 0
	assert_output_has "5 part(s) round-trip to the topic's tree without its local parts"
	[ "$(git -C "$WORK" diff series/03-big/posted topic/03-big | grep '^[-+][^-+]')" = '+int big_31(void);' ] ||
		fail_with "posted vs topic: $(git -C "$WORK" diff series/03-big/posted topic/03-big)"
	# The check's parts row names both kinds.
	standin_checkers
	run "$REPO/tooling/check" 03-big
	assert_status 0
	grep -q $'^series\tparts\tpass\t32 patches in 6 parts, one tree each, stable fixes or kept local: stable (\[PATCH 6.12.y\], 1); core' \
		"$OUT/check/03-big.tsv" || fail_with "parts row: $(grep $'^series\tparts' "$OUT/check/03-big.tsv")"
}

@test "stable and local parts that do not fit: no Fixes:, another base's stable tree, a dependency on either: each named; empty ones are left out" {
	local conf
	own_copy
	stable_and_local_topic
	conf=$TOPICS_DIR/03-big/topic.conf
	cp "$conf" "$conf.orig"
	plan() {
		cp "$conf.orig" "$conf"
		{ printf '%s\n' "$@"; big_plan; } |
			awk '/^part:/ { print; next } { rest = rest $0 "\n" } END { printf "%s", rest }' >>"$conf"
	}
	# A big patch (no Fixes:) with the fix in 6.12.y; core on it.
	plan 'part: stable | PATCH 6.12.y | stable@vger.kernel.org | -' \
		'patch: stable | lib: declare stable_fix()' 'patch: stable | lib: declare big_01()' \
		'part: later | PATCH net-next | netdev@vger.kernel.org | stable'
	sed -i '/^patch: core | lib: declare big_01()$/d' "$conf"
	run plan_errors 03-big
	assert_status 1
	assert_output_has "#2 'lib: declare big_01()' is in the stable part stable without a Fixes: tag"
	assert_output_has "part later depends on the stable part 'stable'"
	assert_output_has "part later has no patch"
	# 7.2's stable tree, on this 6.12 base; a posted part on a local one.
	plan 'part: stable | PATCH 7.2.y | stable@vger.kernel.org | -' \
		'patch: stable | lib: declare stable_fix()' \
		'part: fork | local | - | -' 'part: mine | PATCH net-next | netdev@vger.kernel.org | fork'
	run plan_errors 03-big
	assert_status 1
	assert_output_has "part stable is for the 7.2 stable tree, but this series is on BASE=6.12: its patches (#1) belong in a part of this base"
	assert_output_has "part mine depends on the local part 'fork', which is never posted"
	# Empty, for the other base or the fork: left out, no error.
	plan 'part: stable | PATCH 7.2.y | stable@vger.kernel.org | -' 'part: fork | local | - | -'
	printf 'patch: core | lib: declare stable_fix()\n' >>"$conf"
	run plan_errors 03-big
	assert_status 0
	[ -z "$output" ] || fail_with "empty stable/local parts: $output"
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
	grep -q '^Subject: \[PATCH net-next 00/11\] lib: the big one (part 1/4: core)' "$c" || fail_with "$(grep '^Subject' "$c")"
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
	[ "$(grep -c 'DRYRUN: Would have sent' "$SERIES_LOG")" -eq 6 ] ||
		fail_with "b4 send -o ran $(grep -c 'DRYRUN: Would have sent' "$SERIES_LOG") times, want 6 parts"
	for d in 01-core:4 02-tests:3 03-big-part1:12 03-big-part2:5 03-big-part3:4 03-big-part4:14; do
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
	standin_checkers
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

# plan_errors NAME: plan_load's errors (lib/plan.sh) for topic NAME's
# applied branch and topic.conf, one a line; fails when there are some.
plan_errors() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	bash -c '. "$1/tooling/lib/common.sh"; . "$1/tooling/lib/plan.sh"; load_work
		mapfile -t c < <(git -C "$WORK" rev-list --reverse "$(prev_ref "$2")..topic/$2")
		plan_load "$2" "$WORK" "${c[@]}"; rc=$?
		[ ${#PLAN_ERRORS[@]} -eq 0 ] || printf "%s\n" "${PLAN_ERRORS[@]}"
		exit "$rc"' _ "$REPO" "$1"
}

@test "check: a plan mixing trees, missing a patch or over 15 fails its parts row; a good plan passes, naming the parts" {
	local conf
	own_copy
	standin_checkers
	conf=$TOPICS_DIR/03-big/topic.conf
	parts_row() { awk -F'\t' '$1 == "series" && $2 == "parts" { print $3 "\t" $4 }' "$OUT/check/03-big.tsv"; }
	run "$REPO/tooling/check" 03-big
	assert_status 0
	[ "$(parts_row)" = "pass	31 patches in 4 parts, one tree each: core ([PATCH net-next], 11); nf ([PATCH nf-next], 4); bpf ([PATCH bpf-next], 3); drivers ([PATCH net-next], 13)" ] ||
		fail_with "good plan: $(parts_row)"
	sed -i '/^part:/d; /^patch:/d' "$conf"
	cp "$conf" "$conf.orig"
	big_plan bpf=11 >>"$conf"
	run "$REPO/tooling/check" 03-big
	assert_status 1
	assert_output_has 'part bpf mixes trees'
	[[ "$(parts_row)" == "fail	"*"part bpf mixes trees ("*"nf: #11"* ]] || fail_with "mixed: $(parts_row)"
	[ ! -e "$OUT/check/03-big.ok" ] || fail_with "a failing plan left the record"
	# The plan's other errors, from plan_load itself (lib/plan.sh, which
	# tooling/check calls; the row above shows how it renders them): a
	# whole check per case costs about 40 s.
	cp "$conf.orig" "$conf"
	big_plan | grep -v 'big_20()' >>"$conf"
	run plan_errors 03-big
	assert_status 1
	assert_output_has "#20 'lib: declare big_20()' (net) is in no part"
	cp "$conf.orig" "$conf"
	big_plan drivers=1 drivers=2 drivers=3 >>"$conf"
	run plan_errors 03-big
	assert_status 1
	assert_output_has "part drivers has 16 patches, more than 15"
	cp "$conf.orig" "$conf"
	big_plan >>"$conf"
	run plan_errors 03-big
	assert_status 0
	[ -z "$output" ] || fail_with "a good plan has errors: $output"
	# No plan: over 15 patches fails, saying what to declare.
	cp "$conf.orig" "$conf"
	run "$REPO/tooling/check" 03-big
	assert_status 1
	[[ "$(parts_row)" == "fail	31 patches, more than 15, and no posting plan in topic.conf"* ]] || fail_with "no plan: $(parts_row)"
}

@test "sender: no git identity, the placeholder, a reserved domain or a malformed SERIES_IDENTITY: exit 2 naming git config, nothing written" {
	own_copy
	unset SERIES_IDENTITY
	: >"$GIT_CONFIG_GLOBAL"
	run "$REPO/tooling/series" 01-core
	assert_status 2
	assert_output_has 'no sender identity'
	assert_output_has "git config --global user.name 'Your Name'"
	assert_output_has 'git config --global user.email'
	git config --file "$GIT_CONFIG_GLOBAL" user.name 'Ref Tracker Project'
	git config --file "$GIT_CONFIG_GLOBAL" user.email ref-tracker@example.org
	run "$REPO/tooling/series" 01-core
	assert_status 2
	assert_output_has "the sender identity 'Ref Tracker Project <ref-tracker@example.org>' is the project's placeholder"
	assert_output_has 'git config --global user.email'
	git config --file "$GIT_CONFIG_GLOBAL" user.name 'Test Author'
	git config --file "$GIT_CONFIG_GLOBAL" user.email test@example.org
	run "$REPO/tooling/series" 01-core
	assert_status 2
	assert_output_has "'Test Author <test@example.org>' has a reserved or local domain (example.org)"
	git config --file "$GIT_CONFIG_GLOBAL" user.email dev@localhost
	run "$REPO/tooling/series" 01-core
	assert_status 2
	assert_output_has 'reserved or local domain (localhost)'
	SERIES_IDENTITY='Ref Tracker Project <ref-tracker@example.org>' run "$REPO/tooling/series" 01-core
	assert_status 2
	assert_output_has "is the project's placeholder"
	SERIES_IDENTITY='just-a-name' run "$REPO/tooling/series" 01-core
	assert_status 2
	assert_output_has "SERIES_IDENTITY='just-a-name' is not 'Name <mail@domain>'"
	[ ! -e "$OUT/series/01-core" ] || fail_with "wrote messages anyway"
}

@test "sender: a real-looking git identity is every message's From: and Signed-off-by:, no placeholder left" {
	local f me='Jane Developer <jane.developer@kernel-mail.de>' n
	own_copy
	unset SERIES_IDENTITY
	git config --file "$GIT_CONFIG_GLOBAL" user.name 'Jane Developer'
	git config --file "$GIT_CONFIG_GLOBAL" user.email jane.developer@kernel-mail.de
	run "$REPO/tooling/series" 01-core 03-big
	assert_status 0
	assert_output_has "sender (git config in $REPO): $me"
	refute_output_has 'SERIES_IDENTITY'
	assert_output_has "git send-email --confirm=always --no-thread --to=netdev@vger.kernel.org --from=Jane\\ Developer\\ \\<jane.developer@kernel-mail.de\\> $OUT/series/01-core/*.eml"
	n=0
	for f in "$OUT"/series/01-core/*.eml "$OUT"/series/03-big-part*/*.eml; do
		n=$((n + 1))
		grep -qx "From: $me" "$f" || fail_with "$f: $(grep '^From:' "$f")"
		! grep -qiE 'ref-tracker@example\.org|Ref Tracker Project' "$f" || fail_with "$f: the placeholder is left: $(grep -iE 'ref-tracker@example|Ref Tracker Project' "$f")"
		! grep -q '^X-Reftrack-Test-Identity:' "$f" || fail_with "$f marked as a test"
		case $f in */0000-*) continue ;; esac
		grep -qx "Signed-off-by: $me" "$f" || fail_with "$f: not signed off by the sender"
		[ "$(grep -c '^Signed-off-by:' "$f")" -eq "$(grep -c '^From: Test Author' "$f" | awk '{ print $1 + 1 }')" ] ||
			fail_with "$f: Signed-off-by: lines $(grep '^Signed-off-by:' "$f")"
	done
	[ "$n" -eq 39 ] || fail_with "$n messages, want 4 + 35"
	# The placeholder's patches are the sender's; 01-core's author, a
	# person, keeps authorship (an in-body From:) and their sign-off,
	# the sender's follows.
	f=$(find "$OUT/series/03-big-part2" -name '0001-*.eml')
	! grep -q '^From: .*' <(sed '1,/^$/d' "$f") || fail_with "$f: an in-body From: $(sed '1,/^$/d' "$f" | grep '^From:')"
	f=$(find "$OUT/series/01-core" -name '0001-*.eml')
	sed '1,/^$/d' "$f" | grep -qx 'From: Test Author <test@example.org>' || fail_with "$f: author lost"
	[ "$(grep '^Signed-off-by:' "$f" | tr '\n' '|')" = "Signed-off-by: Test Author <test@example.org>|Signed-off-by: $me|" ] ||
		fail_with "$f: $(grep '^Signed-off-by:' "$f")"
}

@test "sender: SERIES_IDENTITY, a test identity, is said, marks every message and prints no send command" {
	local f
	grep -qF "SERIES_IDENTITY: writing the messages as $TEST_SENDER, a test identity" "$SERIES_LOG" ||
		fail_with "not said: $(grep -i identity "$SERIES_LOG")"
	grep -qF "not to be sent: written as the test identity $TEST_SENDER (SERIES_IDENTITY)" "$SERIES_LOG" ||
		fail_with "no 'not to be sent'"
	for f in "$SERIES"/*/*.eml; do
		grep -q '^X-Reftrack-Test-Identity: ' "$f" || fail_with "$f not marked"
		grep -qx "From: $TEST_SENDER" "$f" || fail_with "$f: $(grep '^From:' "$f")"
	done
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

# send_copy: own_copy, with setup_file's series and a check table per
# topic (a row per patch and check, as tooling/check writes it) in this
# test's OUT, for tooling/send-test.
send_copy() {
	own_copy
	mkdir -p "$OUT/check"
	cp -a "$SERIES" "$OUT/series"
	check_tables 01-core 02-tests 03-big
}

# check_tables NAME...: $OUT/check/NAME.tsv for each topic's patches.
check_tables() {
	local t prev
	for t in "$@"; do
		case $t in
		01-core) prev=$(base_commit) ;;
		02-tests) prev=topic/01-core ;;
		03-big) prev=topic/02-tests ;;
		esac
		{
			printf 'patch\tcheck\tresult\tdetail\n'
			git -C "$WORK" log --reverse --format=%s "$prev..topic/$t" | awk -F'\t' '{
				printf "%d %s\tcheckpatch\tpass\t\n", NR, $0
				printf "%d %s\tcc\taccepted\taccepted: a test reason\n", NR, $0 }'
		} >"$OUT/check/$t.tsv"
	done
}

# servers_gone: every server send-test started has exited.
servers_gone() {
	local p
	[ -s "$OUT/send-test/pids" ] || fail_with "send-test recorded no server pids"
	while read -r p; do
		! kill -0 "$p" 2>/dev/null || fail_with "server $p still running after send-test"
	done <"$OUT/send-test/pids"
}

@test "send-test: every part through SMTP into a public-inbox archive; b4 am by Message-ID gives each topic's tree, the check reply in each thread" {
	local p n
	send_copy
	run "$REPO/tooling/send-test"
	assert_status 0
	servers_gone
	for p in 01-core:4 02-tests:3 03-big-part1:12 03-big-part2:5 03-big-part3:4 03-big-part4:14; do
		n=${p#*:}
		p=${p%%:*}
		assert_output_has "$p: $n messages sent, fetched by <"
		assert_output_has "($((n + 1)) in the thread with the check reply)"
		grep -qx "Analyzing $((n + 1)) messages in the thread" "$OUT/logs/send-test-$p.b4.log" ||
			fail_with "$p: b4 am did not see $((n + 1)) messages: $(grep Analyzing "$OUT/logs/send-test-$p.b4.log")"
		grep -q 'messages, as sent$' "$OUT/logs/send-test-$p.b4.log" || fail_with "$p: thread not checked"
	done
	for p in 01-core 02-tests 03-big; do
		assert_output_has "$p: the archive gives back the topic's tree ($(git -C "$WORK" rev-parse --short "topic/$p^{tree}"))"
	done
	# Every message went through the server, into the netdev archive.
	[ "$(find "$OUT/send-test/spool" -name '*.eml' | wc -l)" -eq 48 ] ||
		fail_with "spool: $(find "$OUT/send-test/spool" -name '*.eml' | wc -l) messages, want 42 and 6 replies"
	! grep -l '"archived": \[\]' "$OUT"/send-test/spool/*.env | grep -q . ||
		fail_with "messages not archived: $(grep -l '"archived": \[\]' "$OUT"/send-test/spool/*.env)"
	# The bot's reply: the check table, in the cover letter's thread.
	grep -l '^In-Reply-To: <.*-01-core-v1-0-' "$OUT"/send-test/spool/*.eml | xargs grep -l 'Checks of this series' |
		xargs grep -q '^Totals: 3 accepted, 3 pass' || fail_with "no check reply to 01-core's cover letter"
}

@test "send-test --keep: v2 after --bump is found from v1's Message-ID with b4 am -c" {
	local id
	send_copy
	id=$(sed -n 's/^change-id: //p' "$TOPICS_DIR/01-core/topic.conf")
	run "$REPO/tooling/send-test" 01-core
	assert_status 0
	git -C "$WORK" worktree add -q "$BATS_TEST_TMPDIR/ed" topic/01-core
	git -C "$BATS_TEST_TMPDIR/ed" commit -q --amend -m 'lib: build test_ref_tracker' \
		-m 'Body, reworded after review.' -m 'Signed-off-by: Test Author <test@example.org>'
	"$REPO/tooling/export" 01-core >/dev/null 2>&1 || "$REPO/tooling/export" 01-core
	record_checks 01-core
	"$REPO/tooling/series" --bump 01-core "reword patch 3 after review" >/dev/null 2>&1
	"$REPO/tooling/series" 01-core >/dev/null 2>&1 || "$REPO/tooling/series" 01-core
	check_tables 01-core
	run "$REPO/tooling/send-test" --keep 01-core
	assert_status 0
	assert_output_has "01-core: b4 am -c <"
	assert_output_has "finds v2 of change-id $id"
	[ "$(awk -F'\t' '$1 == "01-core"' "$OUT/send-test/sent.tsv" | cut -f2 | tr '\n' ' ')" = '1 2 ' ] ||
		fail_with "sent.tsv: $(cat "$OUT/send-test/sent.tsv")"
	servers_gone
}

@test "send-test: a server that refuses, a message over its size limit: exit 1 with the server's answer, topics untouched" {
	local before
	send_copy
	before=$(tree_sum "$TOPICS_DIR")
	SMTP_REFUSE='relaying denied for this test' run "$REPO/tooling/send-test" 01-core
	assert_status 1
	assert_output_has 'git send-email failed for 01-core'
	assert_output_has 'relaying denied for this test'
	servers_gone
	SMTP_MAX_SIZE=600 run "$REPO/tooling/send-test" 01-core
	assert_status 1
	assert_output_has 'git send-email failed for 01-core'
	assert_output_has 'Too much mail data'
	servers_gone
	[ "$(tree_sum "$TOPICS_DIR")" = "$before" ] || fail_with "send-test changed topics/"
}

@test "send-test: a part that no longer applies when fetched by Message-ID fails, naming it" {
	local f
	send_copy
	f=$(find "$OUT/series/03-big-part1" -name '0003-*.eml')
	grep -q '^ int big_0' "$f" || fail_with "$f has no context line to break"
	sed -i '0,/^ int big_0/s/^ int big_0[0-9]/ int big_99/' "$f"
	run "$REPO/tooling/send-test" 03
	assert_status 1
	assert_output_has '03-big-part1: fetched by Message-ID, does not apply onto its base-commit'
	servers_gone
}

@test "send-test: no series written: exit 2 naming make series" {
	own_copy
	run "$REPO/tooling/send-test" 01-core
	assert_status 2
	assert_output_has "no series for 01-core"
	assert_output_has "make series"
}

@test "send-test: a patch sent outside its cover letter's thread fails the thread check, naming it" {
	local f mid
	send_copy
	f=$(find "$OUT/series/01-core" -name '0002-*.eml')
	mid=$(sed -n 's/^Message-Id: <\(.*\)>$/\1/p' "$f")
	sed -i '/^In-Reply-To:/d; /^References:/d' "$f"
	run "$REPO/tooling/send-test" 01-core
	assert_status 1
	assert_output_has "01-core: thread: "
	assert_output_has "sent but not in the thread: <$mid>"
	servers_gone
}

@test "send-test: a missing tool (no aiosmtpd for PYTHON) is exit 2 naming the package, nothing sent" {
	send_copy
	PYTHON=/bin/false run "$REPO/tooling/send-test" 01-core
	assert_status 2
	assert_output_has "python3-aiosmtpd"
	[ ! -e "$OUT/send-test/spool" ] || fail_with "send-test started although a tool is missing"
}
