#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# check.bats - tooling/check: every per-patch check trips on a patch made
# to trip it and passes a clean one; the per-series checks likewise.
#
# The fake base gets the real checkpatch.pl, its data files, kernel-doc
# and get_maintainer.pl from Debian's tarball, plus the top-level entries
# checkpatch looks for to recognise a kernel tree.

load helpers

setup_file() {
	setup_kernel_tools
}

setup() {
	setup_test_copy
	# No kernel build here: check-build.bats tests the build checks.
	export CHECK_BUILDS=0
	SCRATCH=$BATS_TEST_TMPDIR/scratch
	git clone -q "$WORK" "$SCRATCH"
	git -C "$SCRATCH" checkout -q --detach "$(base_commit)"
	rm -rf "${TOPICS_DIR:?}"/*
	mkdir -p "$TOPICS_DIR/01-t"
	printf 'prefix: PATCH net-next\n' >"$TOPICS_DIR/01-t/topic.conf"
	: >"$TOPICS_DIR/01-t/config"
}

# commit_file N FILE CONTENT SUBJECT [SOB]: write FILE and commit it.
commit_file() {
	mkdir -p "$(dirname "$SCRATCH/$2")"
	printf '%s\n' "$3" >"$SCRATCH/$2"
	sgit add -f "$2"
	commit_staged "$1" "$4" ${5:+"$5"}
}

# commit_staged N SUBJECT [SOB]: commit what is staged, dated day N.
commit_staged() {
	local date

	date=$(printf '2024-02-%02dT12:00:00+0000' "$1")
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		sgit commit -q -m "$2" -m "Explain why $2 is needed, in a body." \
		${3:+-m "$3"}
}

sob='Signed-off-by: Test Author <test@example.org>'

# run_check: write the scratch commits as topic 01-t, apply, check.
run_check() {
	sgit format-patch -q --stdout --cover-letter "$(base_commit)..HEAD" |
		sed 's/\*\*\* SUBJECT HERE \*\*\*/t/' >"$TOPICS_DIR/01-t/series.mbox"
	"$REPO/tooling/apply" >/dev/null 2>&1 || "$REPO/tooling/apply"
	run "$REPO/tooling/check" 01-t
}

# verdict N CHECK: the result of CHECK for patch N in the TSV.
verdict() {
	awk -F'\t' -v n="$1" -v c="$2" 'index($1, n " ") == 1 && $2 == c { print $3 }' \
		"$OUT/check/01-t.tsv"
}

clean_c='// SPDX-License-Identifier: GPL-2.0

/**
 * clean_sum() - add two numbers
 * @a: the first
 * @b: the second
 *
 * Return: their sum.
 */
int clean_sum(int a, int b)
{
	unsigned long longest_name;
	int shorter;

	longest_name = a;
	shorter = b;
	return longest_name + shorter;
}'

@test "a clean patch passes every check and the exit is 0" {
	commit_file 1 lib/clean.c "$clean_c" 'lib: add clean_sum()' "$sob"
	run_check
	assert_status 0
	for c in checkpatch signoff fixes inline deprecated xmas kerneldoc cc shellcheck selftest yamllint; do
		[ "$(verdict 1 "$c")" = pass ] || fail_with "$c: $(verdict 1 "$c")"
	done
	assert_file_has "$OUT/check/index.html" '<td class="pass"'
	assert_output_has '0 failure(s)'
}

@test "CHECK_JOBS: patches checked three at once give the table and TSV of one at a time" {
	local i one
	for i in 1 2 3 4 5; do
		if [ "$i" = 3 ]; then
			commit_file "$i" "lib/p$i.c" "${clean_c//clean_sum/p${i}_sum}" "lib: add p$i"
		else
			commit_file "$i" "lib/p$i.c" "${clean_c//clean_sum/p${i}_sum}" "lib: add p$i" "$sob"
		fi
	done
	CHECK_JOBS=1 run_check
	assert_status 1
	cp "$OUT/check/01-t.tsv" "$BATS_TEST_TMPDIR/one.tsv"
	one=$(grep -E '^01-t [0-9]/5 ' <<<"$output")
	CHECK_JOBS=3 run "$REPO/tooling/check" 01-t
	assert_status 1
	assert_output_has '5 patches (up to 3 at once)'
	cmp "$BATS_TEST_TMPDIR/one.tsv" "$OUT/check/01-t.tsv" ||
		fail_with "TSV differs: $(diff "$BATS_TEST_TMPDIR/one.tsv" "$OUT/check/01-t.tsv")"
	[ "$one" = "$(grep -E '^01-t [0-9]/5 ' <<<"$output")" ] || fail_with "table rows differ"
	[ "$(verdict 3 signoff)" = fail ] || fail_with "patch 3 signoff: $(verdict 3 signoff)"
	CHECK_JOBS=0 run "$REPO/tooling/check" 01-t
	assert_status 2
	assert_output_has 'CHECK_JOBS=0: not a positive number'
}

@test "CHECK_JOBS: a patch whose checks die fails its cells, the others are still checked" {
	local d=$BATS_TEST_TMPDIR/checks
	cp -a "$REPO/tooling/checks" "$d"
	# A check that kills its job on patch 2 (as a tool crashing the shell would).
	# shellcheck disable=SC2016 # the check's own text, expanded when it runs
	printf '%s\n' 'check_boom() {' \
		'	git -C "$WORK" log -1 --format=%s "$C" | grep -q p2 && exit 7' \
		'	echo pass' '}' >"$d/99-boom.sh"
	for i in 1 2 3; do
		commit_file "$i" "lib/p$i.c" "${clean_c//clean_sum/p${i}_sum}" "lib: add p$i" "$sob"
	done
	CHECKS_DIR=$d CHECK_JOBS=2 run_check
	assert_status 1
	[ "$(verdict 1 boom)" = pass ] || fail_with "patch 1: $(verdict 1 boom)"
	[ "$(verdict 2 boom)" = fail ] || fail_with "patch 2: $(verdict 2 boom)"
	[ "$(verdict 2 checkpatch)" = pass ] || fail_with "patch 2 checkpatch: $(verdict 2 checkpatch)"
	[ "$(verdict 3 boom)" = pass ] || fail_with "patch 3: $(verdict 3 boom)"
	assert_file_has "$OUT/check/01-t.tsv" 'the check did not run'
}

@test "checkpatch: trailing whitespace and a long line fail" {
	commit_file 1 lib/bad.c "// SPDX-License-Identifier: GPL-2.0
int bad_value(void)
{
	return 1; 
}
int a_very_long_function_name_that_goes_past_eighty_columns_on_one_line(void);" 'lib: add bad_value()' "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 checkpatch)" = fail ] || fail_with "checkpatch: $(verdict 1 checkpatch)"
	assert_file_has "$OUT/check/01-t.tsv" 'trailing whitespace'
}

@test "checkpatch: a typo only codespell's dictionary knows is flagged" {
	commit_file 1 lib/s.c "// SPDX-License-Identifier: GPL-2.0
/* The insallation of the counters. */
int s_value;" 'lib: add s_value' "$sob"
	run_check
	[ "$(verdict 1 checkpatch)" = warn ] || fail_with "checkpatch: $(verdict 1 checkpatch)"
	assert_file_has "$OUT/check/01-t.tsv" "'insallation' may be misspelled"
	refute_output_has 'No codespell typos will be found'
}

@test "checkpatch: a run that ends without its total line fails (did not complete), never warns" {
	# The real checkpatch, except on a patch with the marker: there it
	# dies as perl does (no ERROR: text, no total line).
	mv "$WORK/scripts/checkpatch.pl" "$WORK/scripts/checkpatch-real.pl"
	# shellcheck disable=SC2016 # perl, not shell
	printf '%s\n' '#!/usr/bin/perl' 'open(my $h, "<", $ARGV[-1]) or die; local $/; my $t = <$h>;' \
		'die "Undefined subroutine &main::x called at scripts/checkpatch.pl line 1.\n" if $t =~ /checkpatch-crash-marker/;' \
		'exec("perl", "scripts/checkpatch-real.pl", @ARGV) or die;' >"$WORK/scripts/checkpatch.pl"
	commit_file 1 lib/a.c "$clean_c" 'lib: add a' "$sob"
	commit_file 2 lib/b.c "${clean_c//clean_sum/b_sum}

/* checkpatch-crash-marker */" 'lib: add b' "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 checkpatch)" = pass ] || fail_with "patch 1: $(verdict 1 checkpatch)"
	[ "$(verdict 2 checkpatch)" = fail ] || fail_with "patch 2: $(verdict 2 checkpatch)"
	assert_file_has "$OUT/check/01-t.tsv" 'checkpatch did not complete'
}

@test "self-test: no codespell dictionary is exit 2 naming codespell, and no patch is checked" {
	commit_file 1 lib/a.c "$clean_c" 'lib: add a' "$sob"
	CODESPELL_DICT=$BATS_TEST_TMPDIR/no-such-dictionary.txt run_check
	assert_status 2
	assert_output_has 'codespell: no dictionary'
	assert_output_has '(package codespell)'
	[ ! -e "$OUT/check/01-t.tsv" ] || fail_with "patches were checked"
}

@test "self-test: a crashing checkpatch, silent sparse, gcc, shellcheck, yamllint and kernel-doc, an empty MAINTAINERS: exit 2 naming each" {
	commit_file 1 lib/a.c "$clean_c" 'lib: add a' "$sob"
	sgit format-patch -q --stdout --cover-letter "$(base_commit)..HEAD" >"$TOPICS_DIR/01-t/series.mbox"
	"$REPO/tooling/apply" >/dev/null 2>&1
	printf '#!/usr/bin/perl\ndie "Can'"'"'t locate Term/ANSIColor.pm in @INC\\n";\n' >"$WORK/scripts/checkpatch.pl"
	printf '#!/usr/bin/perl\nexit 0;\n' >"$WORK/scripts/kernel-doc"
	: >"$WORK/MAINTAINERS"
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	for t in sparse gcc shellcheck yamllint; do
		printf '#!/bin/sh\nexit 0\n' >"$BATS_TEST_TMPDIR/bin/$t"
		chmod +x "$BATS_TEST_TMPDIR/bin/$t"
	done
	PATH=$BATS_TEST_TMPDIR/bin:$PATH run "$REPO/tooling/check" 01-t
	assert_status 2
	assert_output_has '7 tool(s) missing or inactive'
	# shellcheck disable=SC2016 # the message quotes $1
	assert_output_has 'shellcheck did not flag an unquoted $1'
	assert_output_has '(package shellcheck)'
	assert_output_has 'yamllint did not report a duplicated key'
	assert_output_has '(package yamllint)'
	assert_output_has 'checkpatch.pl did not complete on the self-test patch (exit '
	assert_output_has "Can't locate Term/ANSIColor.pm"
	assert_output_has 'sparse did not report an undeclared symbol'
	assert_output_has '(package sparse)'
	assert_output_has 'gcc did not compile with a missing-prototype warning'
	assert_output_has '(package gcc)'
	assert_output_has 'kernel-doc did not report an undescribed parameter'
	assert_output_has 'get_maintainer.pl named nobody for lib/ref_tracker.c'
	[ ! -e "$OUT/check/01-t.tsv" ] || fail_with "patches were checked"
}

@test "signoff: no Signed-off-by, or one by someone else, fails" {
	commit_file 1 lib/a.c "$clean_c" 'lib: add a.c'
	commit_file 2 lib/b.c "${clean_c//clean_sum/other_sum}" 'lib: add b.c' \
		'Signed-off-by: Someone Else <else@example.org>'
	run_check
	assert_status 1
	[ "$(verdict 1 signoff)" = fail ] || fail_with "patch 1 signoff passed"
	[ "$(verdict 2 signoff)" = fail ] || fail_with "patch 2 signoff passed"
	assert_file_has "$OUT/check/01-t.tsv" "no 'Signed-off-by: Test Author <test@example.org>'"
}

@test "fixes: malformed, unknown and wrong-subject tags and citations fail; right ones pass, in the base or upstream" {
	local base subj
	base=$(base_commit)
	subj=$(git -C "$WORK" log -1 --format=%s "$base")
	commit_file 1 lib/a.c "$clean_c" 'lib: fix a' "Fixes: ${base:0:12} (\"$subj\")
$sob"
	commit_file 2 lib/b.c "${clean_c//clean_sum/b_sum}" 'lib: fix b' "Fixes: 1234abcd
$sob"
	commit_file 3 lib/c.c "${clean_c//clean_sum/c_sum}" 'lib: fix c' "Fixes: 0123456789ab (\"nothing\")
$sob"
	commit_file 4 lib/d.c "${clean_c//clean_sum/d_sum}" 'lib: fix d' "Fixes: ${base:0:12} (\"another subject\")
$sob"
	# Upstream commits the base lacks: tooling/upstream-commits.
	commit_file 5 lib/e.c "${clean_c//clean_sum/e_sum}" 'lib: fix e' "Fixes: 1da177e4c3f4 (\"Linux-2.6.12-rc2\")
$sob"
	commit_file 6 lib/f.c "${clean_c//clean_sum/f_sum}" 'lib: fix f' "Fixes: 1da177e4c3f4 (\"Linux-2.6.12\")
$sob"
	# Citations in the text, wrapped across lines like a commit message.
	commit_file 7 lib/g.c "${clean_c//clean_sum/g_sum}" 'lib: fix g' "As commit ${base:0:12}
(\"$subj\") did.

$sob"
	commit_file 8 lib/h.c "${clean_c//clean_sum/h_sum}" 'lib: fix h' "As commit 1da177e4c3f4 (\"Linux
2.6.12\") did.

$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 fixes)" = pass ] || fail_with "a correct Fixes: failed"
	[ "$(verdict 5 fixes)" = pass ] || fail_with "an upstream Fixes: listed in tooling/upstream-commits failed"
	[ "$(verdict 7 fixes)" = pass ] || fail_with "a right citation wrapped across lines failed"
	for n in 2 3 4 6 8; do
		[ "$(verdict "$n" fixes)" = fail ] || fail_with "patch $n: $(verdict "$n" fixes)"
	done
	assert_file_has "$OUT/check/01-t.tsv" 'malformed'
	assert_file_has "$OUT/check/01-t.tsv" 'no such commit'
	assert_file_has "$OUT/check/01-t.tsv" 'tag says "another subject"'
	assert_file_has "$OUT/check/01-t.tsv" 'tag says "Linux-2.6.12"'
	assert_file_has "$OUT/check/01-t.tsv" 'text says "Linux 2.6.12"'
}

@test "inline: inline in a .c file and a non-inline static in a header fail" {
	commit_file 1 lib/i.c "// SPDX-License-Identifier: GPL-2.0
static inline int i_one(void)
{
	return 1;
}" 'lib: add i_one()' "$sob"
	commit_file 2 include/linux/h.h "/* SPDX-License-Identifier: GPL-2.0 */
static int h_one(void)
{
	return 1;
}" 'include: add h_one()' "$sob"
	commit_file 3 include/linux/ok.h "/* SPDX-License-Identifier: GPL-2.0 */
static inline int ok_one(void)
{
	return 1;
}" 'include: add ok_one()' "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 inline)" = fail ] || fail_with ".c inline passed"
	[ "$(verdict 2 inline)" = fail ] || fail_with ".h static passed"
	[ "$(verdict 3 inline)" = pass ] || fail_with ".h static inline failed"
}

@test "deprecated: a new dev_hold() fails, a new module_param() warns" {
	commit_file 1 lib/h.c "// SPDX-License-Identifier: GPL-2.0
void h_grab(struct net_device *dev)
{
	dev_hold(dev);
}" 'lib: add h_grab()' "$sob"
	commit_file 2 lib/p.c "// SPDX-License-Identifier: GPL-2.0
static int p_level;
module_param(p_level, int, 0444);" 'lib: add p_level' "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 deprecated)" = fail ] || fail_with "dev_hold: $(verdict 1 deprecated)"
	[ "$(verdict 2 deprecated)" = warn ] || fail_with "module_param: $(verdict 2 deprecated)"
	assert_file_has "$OUT/check/01-t.tsv" 'untracked reference: dev_hold(dev); (use netdev_hold/netdev_put with a tracker); added/removed: dev_hold() 1/0'
}

@test "deprecated: calls are counted per name, as NIPA does: moved or rewritten passes, one more fails" {
	commit_file 1 lib/h.c "// SPDX-License-Identifier: GPL-2.0
void h_grab(struct net_device *dev)
{
	dev_hold(dev);
}

void h_drop(struct net_device *dev)
{
	dev_put(dev);
}" 'lib: add h_grab() and h_drop()' "$sob"
	# The dev_hold() moves to another function and gets another argument.
	commit_file 2 lib/h.c "// SPDX-License-Identifier: GPL-2.0
void h_grab(struct net_device *dev)
{
}

void h_drop(struct net_device *ndev)
{
	dev_hold(ndev);
	dev_put(ndev);
}" 'lib: move the hold' "$sob"
	# One dev_put() becomes a __dev_hold(): one more of that name.
	sed -i 's/\tdev_put(ndev);/\t__dev_hold(ndev);/' "$SCRATCH/lib/h.c"
	sgit commit -q -a -m 'lib: hold twice' -m 'Body.' -m "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 deprecated)" = fail ] || fail_with "patch 1: $(verdict 1 deprecated)"
	[ "$(verdict 2 deprecated)" = pass ] || fail_with "moved and rewritten: $(verdict 2 deprecated)"
	[ "$(verdict 3 deprecated)" = fail ] || fail_with "one more __dev_hold: $(verdict 3 deprecated)"
	assert_file_has "$OUT/check/01-t.tsv" 'untracked reference: __dev_hold(ndev); (use netdev_hold/netdev_put with a tracker); added/removed: __dev_hold() 1/0'
	assert_file_has "$OUT/check/01-t.tsv" 'added/removed: dev_hold() 1/0, dev_put() 1/0'
}

@test "deprecated: dev_hold( in a string, a comment or its own definition is not a call" {
	commit_file 1 include/linux/d.h "/* SPDX-License-Identifier: GPL-2.0 */
/* dev_hold(dev) would be untracked */
static inline void dev_hold(struct net_device *dev)
{
	pr_info(\"no dev_hold() here\\n\");
}" 'include: define dev_hold()' "$sob"
	run_check
	[ "$(verdict 1 deprecated)" = pass ] || fail_with "false positive: $(verdict 1 deprecated)"
}

@test "xmas: a longer declaration after a shorter one warns, and STRICT=1 fails" {
	commit_file 1 lib/x.c "// SPDX-License-Identifier: GPL-2.0
int x_sum(int a)
{
	int b;
	unsigned long longer_name;

	b = a;
	longer_name = b;
	return longer_name;
}" 'lib: add x_sum()' "$sob"
	run_check
	assert_status 0
	[ "$(verdict 1 xmas)" = warn ] || fail_with "xmas: $(verdict 1 xmas)"
	assert_file_has "$OUT/check/01-t.tsv" 'longer than line'
	STRICT=1 run "$REPO/tooling/check" 01-t
	assert_status 1
}

@test "xmas: an initialiser that needs an earlier declaration may come later" {
	commit_file 1 lib/x.c "// SPDX-License-Identifier: GPL-2.0
int x_len(struct sk_buff *skb)
{
	struct net_device *dev = skb->dev;
	unsigned int headroom_needed = dev->needed_headroom;

	return headroom_needed;
}" 'lib: add x_len()' "$sob"
	run_check
	[ "$(verdict 1 xmas)" = pass ] || fail_with "dependent initialiser flagged: $(verdict 1 xmas)"
}

@test "xmas: only blocks the patch touches are judged" {
	commit_file 1 lib/x.c "// SPDX-License-Identifier: GPL-2.0
int x_old(int a)
{
	int b;
	unsigned long longer_name;

	b = a;
	longer_name = b;
	return longer_name;
}" 'lib: add x_old()' "$sob"
	printf '\nint x_new(void)\n{\n\treturn 2;\n}\n' >>"$SCRATCH/lib/x.c"
	sgit commit -q -a -m 'lib: add x_new()' -m 'Body.' -m "$sob"
	run_check
	[ "$(verdict 1 xmas)" = warn ] || fail_with "patch 1: $(verdict 1 xmas)"
	[ "$(verdict 2 xmas)" = pass ] || fail_with "untouched block judged: $(verdict 2 xmas)"
}

@test "kerneldoc: a new kernel-doc warning fails, compared as sets" {
	commit_file 1 lib/k.c "$clean_c" 'lib: add clean_sum()' "$sob"
	sed -i 's/^ \* @b: the second$//' "$SCRATCH/lib/k.c"
	sgit commit -q -a -m 'lib: drop a parameter description' -m 'Body.' -m "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 kerneldoc)" = pass ] || fail_with "patch 1: $(verdict 1 kerneldoc)"
	[ "$(verdict 2 kerneldoc)" = fail ] || fail_with "patch 2: $(verdict 2 kerneldoc)"
	assert_file_has "$OUT/check/01-t.tsv" "'b'"
}

@test "kerneldoc: kernel-doc failing to run, even the same way before and after, fails" {
	# The real kernel-doc, except on a file with the marker: there it
	# dies as a perl failure does.
	mv "$WORK/scripts/kernel-doc" "$WORK/scripts/kernel-doc-real"
	# shellcheck disable=SC2016 # perl, not shell
	printf '%s\n' '#!/usr/bin/perl' 'open(my $h, "<", $ARGV[-1]) or die; local $/; my $t = <$h>;' \
		'die "syntax error at scripts/kernel-doc line 1\n" if $t =~ /kdoc-crash-marker/;' \
		'exec("perl", "scripts/kernel-doc-real", @ARGV) or die;' >"$WORK/scripts/kernel-doc"
	commit_file 1 lib/k.c "$clean_c

/* kdoc-crash-marker */" 'lib: add clean_sum()' "$sob"
	sed -i 's/^ \* @b: the second$//' "$SCRATCH/lib/k.c"
	sgit commit -q -a -m 'lib: drop a parameter description' -m 'Body.' -m "$sob"
	run_check
	assert_status 1
	[ "$(verdict 2 kerneldoc)" = fail ] || fail_with "patch 2: $(verdict 2 kerneldoc)"
	assert_file_has "$OUT/check/01-t.tsv" 'kernel-doc did not run on lib/k.c at'
}

@test "kerneldoc: a python kernel-doc (7.2's format) is run with python3; a warning that only moved is not new" {
	# 7.2's scripts/kernel-doc is python and prints "Warning: FILE:LINE
	# message". The stand-in: the real (perl) one, its output in that
	# format; it refuses to run under perl.
	mv "$WORK/scripts/kernel-doc" "$WORK/scripts/kernel-doc-real"
	cat >"$WORK/scripts/kernel-doc" <<-'EOF'
		#!/usr/bin/env python3
		import re, subprocess, sys
		out = subprocess.run(['perl', 'scripts/kernel-doc-real'] + sys.argv[1:],
		                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
		for line in out.splitlines():
		    m = re.match(r'^(.*):([0-9]+): warning: (.*)$', line)
		    print(f'Warning: {m[1]}:{m[2]} {m[3]}' if m else line)
	EOF
	commit_file 1 lib/k.c "${clean_c/ \* @b: the second/}" 'lib: add clean_sum()' "$sob"
	# Patch 2 only moves the undescribed parameter's line down.
	sed -i 's|^// SPDX-License-Identifier: GPL-2.0$|&\n\n/* sums */|' "$SCRATCH/lib/k.c"
	sgit commit -q -a -m 'lib: say what k.c is' -m 'Body.' -m "$sob"
	# Patch 3 adds a new one.
	sed -i 's/^ \* @a: the first$//' "$SCRATCH/lib/k.c"
	sgit commit -q -a -m 'lib: drop another parameter description' -m 'Body.' -m "$sob"
	run_check
	assert_status 1
	[ "$(verdict 2 kerneldoc)" = pass ] || fail_with "patch 2 (moved only): $(verdict 2 kerneldoc)"
	[ "$(verdict 3 kerneldoc)" = fail ] || fail_with "patch 3: $(verdict 3 kerneldoc)"
	assert_file_has "$OUT/check/01-t.tsv" "Warning: lib/k.c Function parameter or struct member 'a' not described"
}

@test "shellcheck: a new script with a finding and a clean one made unclean fail; a clean one passes" {
	# shellcheck disable=SC2016 # the script under test expands it
	commit_file 1 tools/testing/selftests/net/t/ok.sh '#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
echo "$1"' 'selftests: net: add ok.sh' "$sob"
	# shellcheck disable=SC2016 # the script under test expands it
	commit_file 2 tools/testing/selftests/net/t/ok.sh '#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
echo $1' 'selftests: net: ok.sh echoes unquoted' "$sob"
	# shellcheck disable=SC2016 # the script under test expands it
	commit_file 3 tools/testing/selftests/net/t/new.sh '#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
cd /tmp
echo "$1"' 'selftests: net: add new.sh' "$sob"
	commit_file 4 lib/a.c "$clean_c" 'lib: add a' "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 shellcheck)" = pass ] || fail_with "patch 1: $(verdict 1 shellcheck)"
	[ "$(verdict 2 shellcheck)" = fail ] || fail_with "patch 2: $(verdict 2 shellcheck)"
	assert_file_has "$OUT/check/01-t.tsv" 'tools/testing/selftests/net/t/ok.sh was shellcheck clean, not any more'
	assert_file_has "$OUT/check/01-t.tsv" 'SC2086 (info)'
	[ "$(verdict 3 shellcheck)" = fail ] || fail_with "patch 3: $(verdict 3 shellcheck)"
	assert_file_has "$OUT/check/01-t.tsv" 'tools/testing/selftests/net/t/new.sh is new and not shellcheck clean'
	[ "$(verdict 4 shellcheck)" = pass ] || fail_with "patch 4: $(verdict 4 shellcheck)"
	assert_file_has "$OUT/check/01-t.tsv" 'no shell script touched'
}

@test "selftest: NIPA's layout and listing rules fail a net selftest that breaks them; one that keeps them passes" {
	local d=tools/testing/selftests/net/t
	mkdir -p "$SCRATCH/$d"
	printf '# SPDX-License-Identifier: GPL-2.0\nTEST_PROGS := \\\n\tb.sh \\\n\ta.sh \\\n# end of TEST_PROGS\n\ninclude ../../lib.mk\n' >"$SCRATCH/$d/Makefile"
	printf 'CONFIG_NET=y\nCONFIG_DUMMY=y\n' >"$SCRATCH/$d/config"
	printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0\necho a\n' >"$SCRATCH/$d/a.sh"
	printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0\necho c\n' >"$SCRATCH/$d/c.sh"
	printf '// SPDX-License-Identifier: GPL-2.0\nint main(void)\n{\n\treturn 0;\n}\n' >"$SCRATCH/$d/prog.c"
	sgit add -f "$d"
	commit_staged 1 'selftests: net: add t' "$sob"
	# The same test laid out as NIPA wants.
	printf '# SPDX-License-Identifier: GPL-2.0\nTEST_GEN_PROGS := prog\nTEST_PROGS := \\\n\ta.sh \\\n\tb.sh \\\n\tc.sh \\\n# end of TEST_PROGS\n\ninclude ../../lib.mk\n' >"$SCRATCH/$d/Makefile"
	printf 'CONFIG_DUMMY=y\nCONFIG_NET=y\n' >"$SCRATCH/$d/config"
	printf 'prog\n' >"$SCRATCH/$d/.gitignore"
	sgit add -f "$d"
	commit_staged 2 'selftests: net: t as NIPA lays it out' "$sob"
	commit_file 3 lib/a.c "$clean_c" 'lib: add a' "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 selftest)" = fail ] || fail_with "patch 1: $(verdict 1 selftest)"
	assert_file_has "$OUT/check/01-t.tsv" "$d/Makefile:4: TEST_PROGS: 'a.sh' should come before 'b.sh'"
	assert_file_has "$OUT/check/01-t.tsv" "$d/config:2: 'CONFIG_DUMMY=y' should come before 'CONFIG_NET=y'"
	assert_file_has "$OUT/check/01-t.tsv" "new $d/c.sh is not in $d/Makefile"
	assert_file_has "$OUT/check/01-t.tsv" "new $d/prog.c: 'prog' is not in $d/.gitignore"
	[ "$(verdict 2 selftest)" = pass ] || fail_with "patch 2: $(verdict 2 selftest) $(grep selftest "$OUT/check/01-t.tsv")"
	[ "$(verdict 3 selftest)" = pass ] || fail_with "patch 3: $(verdict 3 selftest)"
	assert_file_has "$OUT/check/01-t.tsv" 'no net selftest file touched'
}

@test "selftest_format.py: each of NIPA's Makefile and config rules trips on its own case; a sorted config passes; bad usage is exit 2" {
	local f=$BATS_TEST_TMPDIR/Makefile
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf 'TEST_PROGS := a.sh\nTEST_FILES := \\\n\tx.sh \\\n\ty.sh\nTEST_INCLUDES := \\\n\tb.sh \\\n# end\nTEST_PROGS += b.sh\nOTHER := \\\n\tp q \\\n# end of OTHER\nTEST_GEN_FILES := \\\n  lib/z.c \\\n\ta.c \\\n# end of TEST_GEN_FILES\nCFLAGS += -Wall -O2\nTESTMODS := $(realpath .)\n' >"$f"
	run python3 "$REPO/tooling/lib/selftest_format.py" makefile "$f" M
	assert_status 1
	assert_output_has "M:4: TEST_FILES's last line is not a comment ('# end of TEST_FILES'): 'y.sh'"
	assert_output_has "M:8: TEST_PROGS assigned again (its first block is at line 1)"
	assert_output_has "M:10: OTHER: more than one item on a line: 'p q'"
	assert_output_has "M:13: TEST_GEN_FILES: an item not indented by a tab"
	assert_output_has "M:14: TEST_GEN_FILES: 'a.c' should come before 'lib/z.c'"
	refute_output_has 'TEST_INCLUDES'
	refute_output_has 'CFLAGS'
	refute_output_has 'TESTMODS'
	printf '# comment\nCONFIG_NET=y\nCONFIG_NET_SCHED=y\nCONFIG_NETDEVSIM=m\n' >"$BATS_TEST_TMPDIR/config"
	run python3 "$REPO/tooling/lib/selftest_format.py" config "$BATS_TEST_TMPDIR/config" C
	assert_status 1
	assert_output_has "C:4: 'CONFIG_NETDEVSIM=m' should come before 'CONFIG_NET_SCHED=y'"
	printf 'CONFIG_NET=y\nCONFIG_NETDEVSIM=m\nCONFIG_NET_SCHED=y\n' >"$BATS_TEST_TMPDIR/config"
	run python3 "$REPO/tooling/lib/selftest_format.py" config "$BATS_TEST_TMPDIR/config" C
	assert_status 0
	run python3 "$REPO/tooling/lib/selftest_format.py" makefile
	assert_status 2
}

@test "yamllint: a duplicated key fails, a new warning warns, no YAML passes" {
	commit_file 1 tools/net/specs/t.yaml '---
name: t
name: u' 'netlink: add a spec' "$sob"
	commit_file 2 tools/net/specs/u.yaml 'name: u' 'netlink: add another spec' "$sob"
	commit_file 3 lib/a.c "$clean_c" 'lib: add a' "$sob"
	run_check
	assert_status 1
	[ "$(verdict 1 yamllint)" = fail ] || fail_with "patch 1: $(verdict 1 yamllint)"
	assert_file_has "$OUT/check/01-t.tsv" 'tools/net/specs/t.yaml:3:1: [error] duplication of key "name"'
	[ "$(verdict 2 yamllint)" = warn ] || fail_with "patch 2: $(verdict 2 yamllint)"
	[ "$(verdict 3 yamllint)" = pass ] || fail_with "patch 3: $(verdict 3 yamllint)"
}

@test "accept: a topic can accept a warning, with its reason shown" {
	commit_file 1 lib/p.c "// SPDX-License-Identifier: GPL-2.0
static int p_level;
module_param(p_level, int, 0444);" 'lib: add p_level' "$sob"
	printf 'accept: deprecated ^lib: add p_level$ -- the test module needs a knob\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run_check
	assert_status 0
	[ "$(verdict 1 deprecated)" = accepted ] || fail_with "$(verdict 1 deprecated)"
	assert_file_has "$OUT/check/01-t.tsv" 'the test module needs a knob'
}

@test "series: 3 patches without a cover letter and an upper-case tree fail" {
	commit_file 1 lib/a.c "$clean_c" 'lib: add a' "$sob"
	commit_file 2 lib/b.c "${clean_c//clean_sum/b_sum}" 'lib: add b' "$sob"
	commit_file 3 lib/c.c "${clean_c//clean_sum/c_sum}" 'lib: add c' "$sob"
	printf 'prefix: PATCH NET-NEXT\n' >"$TOPICS_DIR/01-t/topic.conf"
	sgit format-patch -q --stdout "$(base_commit)..HEAD" >"$TOPICS_DIR/01-t/series.mbox"
	"$REPO/tooling/apply" >/dev/null 2>&1
	run "$REPO/tooling/check" 01-t
	assert_status 1
	assert_file_has "$OUT/check/01-t.tsv" 'no cover letter'
	assert_file_has "$OUT/check/01-t.tsv" 'lacks a lower-case tree name'
}

@test "no topic branch: exit 2 and say to apply" {
	commit_file 1 lib/a.c "$clean_c" 'lib: add a' "$sob"
	sgit format-patch -q --stdout "$(base_commit)..HEAD" >"$TOPICS_DIR/01-t/series.mbox"
	run "$REPO/tooling/check" 01-t
	assert_status 2
	assert_output_has "run 'make apply' first"
}

# maintainers: an entry appended to the fake base's MAINTAINERS
# (untracked, as the tools are): lib/cc* belongs to a subsystem with a
# list, a maintainer and a reviewer.
maintainers() {
	printf '%s\n' 'CC SUBSYSTEM' \
		'M:	Cee Maintainer <cee@example.org>' \
		'R:	Are Reviewer <are@example.org>' \
		'L:	cc-list@example.org' \
		'S:	Maintained' \
		'F:	lib/cc*' >>"$WORK/MAINTAINERS"
}

@test "cc: a mailing list missing from topic.conf fails, a maintainer missing warns, all named passes" {
	maintainers
	commit_file 1 lib/cc.c "$clean_c" 'lib: add cc.c' "$sob"
	printf 'to: netdev@vger.kernel.org\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run_check
	assert_status 1
	[ "$(verdict 1 cc)" = fail ] || fail_with "missing list: $(verdict 1 cc)"
	assert_file_has "$OUT/check/01-t.tsv" 'mailing list not in to:/cc:/list:: cc-list@example.org'
	printf 'cc: cc-list@example.org\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run "$REPO/tooling/check" 01-t
	assert_status 0
	[ "$(verdict 1 cc)" = warn ] || fail_with "missing maintainer: $(verdict 1 cc)"
	assert_file_has "$OUT/check/01-t.tsv" 'cee@example.org (maintainer:CC SUBSYSTEM), are@example.org (reviewer:CC SUBSYSTEM)'
	printf 'cc: Cee Maintainer <CEE@example.org>, are@example.org\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run "$REPO/tooling/check" 01-t
	[ "$(verdict 1 cc)" = pass ] || fail_with "all named: $(verdict 1 cc)"
}

@test "cc: a section whose name has parentheses still counts (open list:X (Y))" {
	printf '%s\n' 'CC SOCKETS (AF_CC)' \
		'M:	Cee Maintainer <cee@example.org>' \
		'L:	cc-list@example.org' \
		'S:	Maintained' \
		'F:	lib/cc*' >>"$WORK/MAINTAINERS"
	commit_file 1 lib/cc.c "$clean_c" 'lib: add cc.c' "$sob"
	printf 'to: netdev@vger.kernel.org\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run_check
	[ "$(verdict 1 cc)" = fail ] || fail_with "missing list: $(verdict 1 cc)"
	assert_file_has "$OUT/check/01-t.tsv" 'cc-list@example.org (open list:CC SOCKETS (AF_CC))'
	printf 'list: cc-list@example.org\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run_check
	[ "$(verdict 1 cc)" = warn ] || fail_with "missing maintainer: $(verdict 1 cc)"
	assert_file_has "$OUT/check/01-t.tsv" 'cee@example.org (maintainer:CC SOCKETS (AF_CC))'
}

@test "cc: a file no MAINTAINERS entry covers passes; accept: waives a warning" {
	maintainers
	commit_file 1 lib/other.c "$clean_c" 'lib: add other.c' "$sob"
	commit_file 2 lib/cc.c "${clean_c//clean_sum/cc_sum}" 'lib: add cc.c' "$sob"
	printf 'list: cc-list@example.org\naccept: cc ^lib: add cc -- make series Cc:s them\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run_check
	assert_status 0
	[ "$(verdict 1 cc)" = pass ] || fail_with "uncovered file: $(verdict 1 cc)"
	[ "$(verdict 2 cc)" = accepted ] || fail_with "accepted: $(verdict 2 cc)"
	assert_file_has "$OUT/check/01-t.tsv" 'make series Cc:s them'
}

@test "accept: CHECK:warn accepts a warning but never a failure" {
	maintainers
	commit_file 1 lib/cc.c "$clean_c" 'lib: add cc.c' "$sob"
	printf 'accept: cc:warn . -- make series Cc:s the maintainers\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run_check
	assert_status 1
	[ "$(verdict 1 cc)" = fail ] || fail_with "a missing list was accepted: $(verdict 1 cc)"
	printf 'list: cc-list@example.org\n' >>"$TOPICS_DIR/01-t/topic.conf"
	run "$REPO/tooling/check" 01-t
	assert_status 0
	[ "$(verdict 1 cc)" = accepted ] || fail_with "the warning: $(verdict 1 cc)"
}

@test "base: a written series without base-commit: fails, the right one passes, none yet is a skip" {
	commit_file 1 lib/a.c "$clean_c" 'lib: add a' "$sob"
	run_check
	series_verdict() { awk -F'\t' '$1 == "series" && $2 == "base" { print $3 }' "$OUT/check/01-t.tsv"; }
	[ "$(series_verdict)" = skip ] || fail_with "no series: $(series_verdict)"
	mkdir -p "$OUT/series/01-t"
	printf 'Subject: [PATCH net-next 0/1] t\n\nNo trailer.\n' >"$OUT/series/01-t/0000-cover.eml"
	run "$REPO/tooling/check" 01-t
	assert_status 1
	[ "$(series_verdict)" = fail ] || fail_with "no trailer: $(series_verdict)"
	printf 'base-commit: %s\n' "$(base_commit)" >>"$OUT/series/01-t/0000-cover.eml"
	run "$REPO/tooling/check" 01-t
	assert_status 0
	[ "$(series_verdict)" = pass ] || fail_with "right trailer: $(series_verdict)"
	sed -i 's/^base-commit: .*/base-commit: 0123456789abcdef0123456789abcdef01234567/' "$OUT/series/01-t/0000-cover.eml"
	run "$REPO/tooling/check" 01-t
	[ "$(series_verdict)" = warn ] || fail_with "stale trailer: $(series_verdict)"
}

@test "base: a stable part ([PATCH X.Y.y]) first is not the part compared with the topic's parent" {
	commit_file 1 lib/a.c "$clean_c" 'lib: add a' "$sob"
	run_check
	series_verdict() { awk -F'\t' '$1 == "series" && $2 == "base" { print $3 }' "$OUT/check/01-t.tsv"; }
	mkdir -p "$OUT/series/01-t-part1" "$OUT/series/01-t-part2"
	printf 'Subject: [PATCH 6.12.y] lib: fix a\n\nbase-commit: %s\n' "$(base_commit)" >"$OUT/series/01-t-part1/0001-fix.eml"
	printf 'Subject: [PATCH net-next 0/1] t\n\nbase-commit: 0123456789abcdef0123456789abcdef01234567\n' >"$OUT/series/01-t-part2/0000-cover.eml"
	run "$REPO/tooling/check" 01-t
	[ "$(series_verdict)" = warn ] || fail_with "part 2 is stale, part 1 (stable) was compared: $(series_verdict)"
	assert_output_has "01-t-part2: base-commit: 0123456789ab"
	sed -i "s/^base-commit: .*/base-commit: $(base_commit)/" "$OUT/series/01-t-part2/0000-cover.eml"
	run "$REPO/tooling/check" 01-t
	assert_status 0
	[ "$(series_verdict)" = pass ] || fail_with "part 2 right: $(series_verdict)"
}

@test "CHECK_BUILDS=0: build and warnings are skips, and NAME.ok says the builds were not run" {
	commit_file 1 lib/a.c "$clean_c" 'lib: add a' "$sob"
	run_check
	assert_status 0
	[ "$(verdict 1 build)" = skip ] || fail_with "build: $(verdict 1 build)"
	[ "$(verdict 1 warnings)" = skip ] || fail_with "warnings: $(verdict 1 warnings)"
	[ "$(head -n 1 "$OUT/check/01-t.ok")" = "$(git -C "$WORK" rev-parse topic/01-t)" ] ||
		fail_with "NAME.ok: $(cat "$OUT/check/01-t.ok" 2>&1)"
	grep -qx 'builds: not run (CHECK_BUILDS=0)' "$OUT/check/01-t.ok" ||
		fail_with "NAME.ok does not say the builds were not run: $(cat "$OUT/check/01-t.ok")"
}
