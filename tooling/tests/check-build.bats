#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# check-build.bats - tooling/check-build: a patch that breaks the build
# fails "build" and the next one that mends it passes; W=1/sparse
# warnings before and after each patch are compared by identity (a new
# warning fails, one replaced by another fails, one that moved or an
# unchanged file passes); a header's warnings are found through the
# objects that include it; BISECT=headers and BISECT=topic build only
# what they say;
# unchanged patches are not rebuilt; tooling/check shows both columns.
#
# The kernel build is a stand-in (fixtures/kbuild/Makefile: the same
# command lines, real gcc and sparse, a few objects), committed as topic
# 01-kbuild; the patches under test are topic 02-t on top of it.

load helpers
load kbuild

setup_file() {
	setup_kernel_tools
}

setup() {
	kbuild_setup
}

# pipeline_tree: apply the topics, then build topic 02-t at its last
# patch with its configuration in trees/02-t, as tooling/build leaves
# it; the check tree's build directory starts empty.
pipeline_tree() {
	run_cb BISECT=none
	assert_status 0
	trees=$(dirname "$WORK")/trees
	rm -rf "$trees/02-t" "$OUT/logs/check-build"
	git -C "$WORK" worktree add -q --detach "$trees/02-t/src" topic/02-t
	"$REPO/tooling/config" 02-t "$trees/02-t/src" "$trees/02-t/build" >/dev/null 2>&1
	make -s -C "$trees/02-t/src" O="$trees/02-t/build" bzImage >/dev/null
	rm -rf "$trees/check/build"
}

drop_pipeline_tree() {
	git -C "$WORK" worktree remove --force "$trees/02-t/src"
	rm -rf "$trees/02-t"
}

@test "build: a patch that breaks the build fails, the one that mends it passes" {
	put lib/b.c '// SPDX-License-Identifier: GPL-2.0
#include <linux/kb.h>

int kb_b(void);
int kb_b(void)
{
	return kb_get() +
}'
	printf 'obj-y += lib/b.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	commit 'lib: add b'
	sed -i 's/kb_get() +/kb_get();/' "$SCRATCH/lib/b.c"
	commit 'lib: mend b'
	run_cb
	assert_status 0
	expect 1 build fail
	expect 2 build pass
	[[ "$(detail 1 build)" == *"01-build.log"* ]] || fail_with "no log path: $(detail 1 build)"
	[ -s "$OUT/logs/check-build/02-t/01-build.log" ]
}

@test "warnings: a new W=1/sparse warning fails; an unchanged file passes" {
	printf '\nint kb_new(void)\n{\n\treturn 2;\n}\n' >>"$SCRATCH/lib/kb.c"
	commit 'lib: add kb_new'
	sed -i 's/^int warn_old/\/* old *\/\nint warn_old/' "$SCRATCH/lib/warn.c"
	sed -i '1a /* kb */' "$SCRATCH/lib/kb.c"
	commit 'lib: comments'
	run_cb
	assert_status 0
	expect 1 warnings fail
	[[ "$(detail 1 warnings)" == *"no previous prototype for 'kb_new'"* ]] ||
		fail_with "gcc's warning not named: $(detail 1 warnings)"
	[[ "$(detail 1 warnings)" == *"symbol 'kb_new' was not declared"* ]] ||
		fail_with "sparse's warning not named: $(detail 1 warnings)"
	expect 1 build pass
	expect 2 warnings pass
	[[ "$(detail 2 warnings)" == *"lib/kb.o"*"lib/warn.o"* ]] ||
		fail_with "both objects compiled: $(detail 2 warnings)"
}

@test "warnings: a clean object after the patch is not compiled at the parent; one that warns is" {
	sed -i 's/return 1;/return 5;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns 5'
	sed -i 's/return 1;/return 6;/' "$SCRATCH/lib/warn.c"
	commit 'lib: warn_old returns 6'
	run_cb
	assert_status 0
	expect 1 warnings pass
	[[ "$(detail 1 warnings)" == "W=1 C=1 on lib/kb.o: no warning (the parent not compiled)" ]] ||
		fail_with "$(detail 1 warnings)"
	[ ! -s "$OUT/logs/check-build/02-t/01-before.log" ] || fail_with "the parent was compiled"
	# warn.o keeps its warnings: compared with the parent's.
	expect 2 warnings pass
	[[ "$(detail 2 warnings)" == "W=1 C=1 on lib/warn.o: no new warning" ]] || fail_with "$(detail 2 warnings)"
	grep -q "warn_old" "$OUT/logs/check-build/02-t/02-before.log" || fail_with "the parent of patch 2 was not compiled"
}

@test "warnings: a warning moved to another line passes" {
	sed -i '1a \\n/* Lines above warn_old() move its warnings down. */\n' "$SCRATCH/lib/warn.c"
	commit 'lib: move warn_old down'
	run_cb
	assert_status 0
	expect 1 warnings pass
	grep -q 'warn.c:2:' "$OUT/logs/check-build/02-t/01-before.log" ||
		fail_with "no warning on line 2 before"
	grep -q 'warn.c:5:' "$OUT/logs/check-build/02-t/01-after.log" ||
		fail_with "the warning did not move to line 5"
}

@test "warnings: a warning replaced by another (same count) fails" {
	sed -i 's/warn_old/warn_other/' "$SCRATCH/lib/warn.c"
	commit 'lib: rename warn_old'
	run_cb
	assert_status 0
	expect 1 warnings fail
	[[ "$(detail 1 warnings)" == *"warn_other"* ]] || fail_with "$(detail 1 warnings)"
	[ "$(grep -c 'warning:' "$OUT/logs/check-build/02-t/01-before.log")" -eq \
		"$(grep -c 'warning:' "$OUT/logs/check-build/02-t/01-after.log")" ] ||
		fail_with "the counts differ: a count comparison would catch it too"
}

@test "objtool and modpost: a new objtool warning fails warnings, one at another offset passes, modpost's warns the build" {
	printf '// objtool-standin: kb_get+0x1a: unreachable instruction\n' >>"$SCRATCH/lib/kb.c"
	commit 'lib: kb_get trips objtool'
	sed -i 's/kb_get+0x1a/kb_get+0x2c/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get moves'
	printf '// modpost-standin: vmlinux: section mismatch in reference: kb_get+0x12 (section: .text) -> kb_setup (section: .init.text)\n' >>"$SCRATCH/lib/warn.c"
	commit 'lib: warn_old trips modpost'
	run_cb
	assert_status 0
	expect 1 warnings fail
	[[ "$(detail 1 warnings)" == *"lib/kb.o: warning: objtool: kb_get+0xN: unreachable instruction"* ]] ||
		fail_with "objtool's warning not named: $(detail 1 warnings)"
	expect 2 warnings pass
	expect 3 build warn
	[[ "$(detail 3 build)" == *"modpost: warning: vmlinux: section mismatch in reference: kb_get+0xN"* ]] ||
		fail_with "modpost's warning not named: $(detail 3 build)"
}

@test "warnings: a header's new warning is found through an object that includes it" {
	printf 'static int kb_unused(void)\n{\n\treturn 0;\n}\n' >>"$SCRATCH/include/linux/kb.h"
	commit 'kb.h: add kb_unused'
	run_cb
	assert_status 0
	expect 1 warnings fail
	[[ "$(detail 1 warnings)" == *"include/linux/kb.h: warning: 'kb_unused' defined but not used"* ]] ||
		fail_with "$(detail 1 warnings)"
	expect 1 build warn
}

@test "BISECT=headers: a .c-only patch compiles its objects only, a header patch is built whole" {
	sed -i 's/return 1;/return 3;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns 3'
	printf 'int kb_put(void);\n' >>"$SCRATCH/include/linux/kb.h"
	commit 'kb.h: declare kb_put'
	sed -i 's/return 1;/return 4;/' "$SCRATCH/lib/warn.c"
	commit 'lib: warn_old returns 4'
	run_cb BISECT=headers
	assert_status 0
	expect 1 build pass
	[[ "$(detail 1 build)" == "objects only (BISECT=headers): lib/kb.o" ]] || fail_with "$(detail 1 build)"
	[ ! -e "$OUT/logs/check-build/02-t/01-build.log" ] || fail_with "patch 1 was built whole"
	expect 2 build pass
	[[ "$(detail 2 build)" == "full incremental build ("*" s)" ]] || fail_with "$(detail 2 build)"
	# The topic's last patch is always built whole.
	[ -s "$OUT/logs/check-build/02-t/03-build.log" ] || fail_with "the last patch was not built"
}

@test "BISECT=headers: a .c-only patch whose object does not compile fails" {
	sed -i 's/return 1;/return 1/' "$SCRATCH/lib/kb.c"
	commit 'lib: break kb_get'
	sed -i 's/return 1$/return 1;/' "$SCRATCH/lib/kb.c"
	commit 'lib: mend kb_get'
	run_cb BISECT=headers
	assert_status 0
	expect 1 build fail
	[[ "$(detail 1 build)" == "its objects do not compile: "*"kb.c"* ]] || fail_with "$(detail 1 build)"
	expect 1 warnings fail
	expect 2 build pass
}

@test "BISECT=topic: a header change whose user a later patch mends fails where it breaks" {
	# W1_HDR_OBJS=0: kb.o is not compiled as one of kb.h's includers,
	# only as one of the topic's objects.
	sed -i 's/^int kb_get(void);/long kb_get(void);/' "$SCRATCH/include/linux/kb.h"
	commit 'kb.h: kb_get returns long'
	sed -i 's/^int kb_get(void)$/long kb_get(void)/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns long'
	run_cb BISECT=topic W1_HDR_OBJS=0
	assert_status 0
	expect 1 build fail
	[[ "$(detail 1 build)" == "the topic's objects do not build after this patch: "*"kb"* ]] || fail_with "$(detail 1 build)"
	expect 2 build pass
	[[ "$(detail 2 build)" == "full incremental build ("*" s)" ]] || fail_with "$(detail 2 build)"
}

@test "BISECT=topic: a header patch builds the topic's objects, a .c-only one its own, the last one is built whole" {
	printf 'int kb_put(void);\n' >>"$SCRATCH/include/linux/kb.h"
	commit 'kb.h: declare kb_put'
	sed -i 's/return 1;/return 3;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns 3'
	sed -i 's/return 1;/return 4;/' "$SCRATCH/lib/warn.c"
	commit 'lib: warn_old returns 4'
	run_cb BISECT=topic
	assert_status 0
	expect 1 build pass
	[[ "$(detail 1 build)" == "the topic's 2 objects (BISECT=topic; full build at the last patch): lib/kb.o lib/warn.o" ]] ||
		fail_with "$(detail 1 build)"
	expect 2 build pass
	[[ "$(detail 2 build)" == "only .c files changed: their objects, compiled by the W=1 C=1 pass (BISECT=topic; full build at the last patch): lib/kb.o" ]] ||
		fail_with "$(detail 2 build)"
	# It made no build of the topic's objects.
	[ ! -s "$OUT/logs/check-build/02-t/02-build.log" ] || fail_with "$(cat "$OUT/logs/check-build/02-t/02-build.log")"
	expect 3 build pass
	[[ "$(detail 3 build)" == "full incremental build ("*" s)" ]] || fail_with "$(detail 3 build)"
}

@test "BISECT=topic: a .c-only patch that breaks its own object fails its build check" {
	sed -i 's/return 1;/return 1 +;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get does not compile'
	sed -i 's/return 1 +;/return 1;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get compiles again'
	run_cb BISECT=topic
	assert_status 0
	expect 1 build fail
	[[ "$(detail 1 build)" == "its objects do not compile: "*"kb"* ]] || fail_with "$(detail 1 build)"
	expect 2 build pass
}

@test "BISECT=topic: with the pipeline's build of the topic, the parent is not built whole" {
	sed -i 's/^int kb_get(void);/long kb_get(void);/' "$SCRATCH/include/linux/kb.h"
	commit 'kb.h: kb_get returns long'
	sed -i 's/^int kb_get(void)$/long kb_get(void)/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns long'
	# The pipeline's tree of the topic, built at its last patch with the
	# topic's configuration, as tooling/build leaves it.
	pipeline_tree
	run_cb BISECT=topic W1_HDR_OBJS=0
	assert_status 0
	assert_output_has "the parent is not built whole"
	[ ! -e "$OUT/logs/check-build/02-t/00-build.log" ] || fail_with "the parent was built whole"
	expect 1 build fail
	[[ "$(detail 1 build)" == "the topic's objects do not build after this patch: "*"kb"* ]] || fail_with "$(detail 1 build)"
	expect 2 build pass
	[[ "$(detail 2 build)" == "full incremental build ("*" s)" ]] || fail_with "$(detail 2 build)"
	drop_pipeline_tree
}

@test "BISECT=topic: a header's user that a later patch adds is not compiled before it exists" {
	printf 'int kb_put(void);\n' >>"$SCRATCH/include/linux/kb.h"
	commit 'kb.h: declare kb_put'
	put lib/kc.c '// SPDX-License-Identifier: GPL-2.0
#include <linux/kb.h>

int kb_put(void)
{
	return kb_get();
}'
	printf 'obj-y += lib/kc.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	commit 'lib: add kc.c'
	pipeline_tree
	# kc.o includes kb.h in the pipeline's build, but kc.c does not
	# exist at patch 1.
	run_cb BISECT=topic W1_HDR_OBJS=all
	assert_status 0
	expect 1 build pass
	expect 1 warnings pass
	[[ "$(detail 1 warnings)" != *kc.o* ]] || fail_with "kc.o compiled before kc.c exists: $(detail 1 warnings)"
	expect 2 build pass
	expect 2 warnings pass
	drop_pipeline_tree
}

@test "BISECT=none: build is a skip, never a pass; a bad value is a usage error" {
	sed -i 's/return 1;/return 3;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns 3'
	run_cb BISECT=none
	assert_status 0
	expect 1 build skip
	expect 1 warnings pass
	run_cb BISECT=sometimes
	assert_status 2
	assert_output_has 'want all, headers, topic or none'
}

@test "compile.config: an object only it enables is compiled and compared; one nothing builds warns" {
	# lib/extra.o needs CONFIG_FAKE_EXTRA, which only compile.config
	# sets; lib/none.o needs an option no fragment sets.
	put lib/extra.c '// SPDX-License-Identifier: GPL-2.0
int extra_get(void);
int extra_get(void)
{
	return 1;
}'
	put lib/none.c '// SPDX-License-Identifier: GPL-2.0
int none_get(void);
int none_get(void)
{
	return 1;
}'
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf 'obj-$(CONFIG_FAKE_EXTRA) += lib/extra.o\nobj-$(CONFIG_FAKE_NONE) += lib/none.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	commit 'lib: add extra and none'
	printf '\nint extra_new(void)\n{\n\treturn 2;\n}\n' >>"$SCRATCH/lib/extra.c"
	commit 'lib: add extra_new'
	sed -i 's/return 1;/return 3;/' "$SCRATCH/lib/none.c"
	commit 'lib: none_get returns 3'
	sed -i 's/return 1;/return 1 +;/' "$SCRATCH/lib/extra.c"
	commit 'lib: break extra'

	# Without compile.config nothing compiles extra.c: a warning, not a pass.
	run_cb
	assert_status 0
	expect 2 warnings warn
	[[ "$(detail 2 warnings)" == *"not compiled"*"lib/extra.c"* ]] ||
		fail_with "extra.c not named: $(detail 2 warnings)"
	expect 4 build pass

	printf 'CONFIG_FAKE_EXTRA=y\n' >"$TOPICS_DIR/02-t/compile.config"
	run_cb
	assert_status 0
	expect 1 warnings warn
	[[ "$(detail 1 warnings)" == *"lib/extra.o (compile.config)"*"not compiled"*"lib/none.c"* ]] ||
		fail_with "patch 1: extra.o compiled, none.c named: $(detail 1 warnings)"
	expect 1 build pass
	[[ "$(detail 1 build)" == *"with compile.config: lib/extra.o"* ]] ||
		fail_with "patch 1: extra.o not built: $(detail 1 build)"
	expect 2 warnings fail
	[[ "$(detail 2 warnings)" == *"no previous prototype for 'extra_new'"* ]] ||
		fail_with "patch 2: the new warning not named: $(detail 2 warnings)"
	expect 3 warnings warn
	[[ "$(detail 3 warnings)" == *"not compiled"*"lib/none.c"* ]] ||
		fail_with "patch 3: none.c not named: $(detail 3 warnings)"
	expect 4 build fail
	[[ "$(detail 4 build)" == *"compile.config"*"04-cbuild.log"* ]] ||
		fail_with "patch 4: no log named: $(detail 4 build)"
	[ -d "$(dirname "$WORK")/trees/check/compile" ] || fail_with "no compile tree"
}

@test "selftest modules: each patch compiles a kselftest target's modules out of tree with W=1 C=1; a new warning fails; none is 'not compiled'" {
	local d=tools/testing/selftests/t1
	put tools/testing/selftests/lib.mk '# stand-in'
	put $d/Makefile 'TEST_PROGS := t1.sh
TEST_GEN_MODS_DIR := mods

include ../lib.mk'
	put $d/t1.sh '#!/bin/sh'
	put $d/mods/Makefile 'obj-m += t1_mod.o'
	put $d/mods/t1_mod.c '// SPDX-License-Identifier: GPL-2.0
int t1_get(void);
int t1_get(void)
{
	return 1;
}'
	commit 'selftests: add t1'
	printf '\nint t1_new(void)\n{\n\treturn 2;\n}\n' >>"$SCRATCH/$d/mods/t1_mod.c"
	commit 'selftests: t1: add t1_new'
	sed -i 's/return 1;/return 3;/' "$SCRATCH/$d/mods/t1_mod.c"
	commit 'selftests: t1: t1_get returns 3'
	sed -i 's/return 3;/return 3 +;/' "$SCRATCH/$d/mods/t1_mod.c"
	commit 'selftests: t1: break t1_get'
	run_cb BISECT=topic
	assert_status 0
	expect 1 warnings pass
	[ "$(detail 1 warnings)" = "W=1 C=1 on $d/mods/ (selftest modules, out of tree): no warning (the parent not compiled)" ] ||
		fail_with "patch 1: $(detail 1 warnings)"
	expect 2 warnings fail
	[[ "$(detail 2 warnings)" == *"no previous prototype for 't1_new'"* ]] ||
		fail_with "gcc's warning not named: $(detail 2 warnings)"
	[[ "$(detail 2 warnings)" == *"symbol 't1_new' was not declared"* ]] ||
		fail_with "sparse's warning not named: $(detail 2 warnings)"
	expect 3 warnings pass
	[ "$(detail 3 warnings)" = "W=1 C=1 on $d/mods/ (selftest modules, out of tree): no new warning" ] ||
		fail_with "patch 3: $(detail 3 warnings)"
	expect 3 build pass
	expect 4 build fail
	[[ "$(detail 4 build)" == *"t1_mod.c"* ]] || fail_with "patch 4: $(detail 4 build)"
	# Compiled in a copy: the check tree's sources stay clean.
	[ -z "$(git -C "$(dirname "$WORK")/trees/check/src" status --porcelain --ignored -- tools)" ] ||
		fail_with "objects left in the check tree"
}

@test "a kbuild that turns C=1 off (a checker it refuses) stops the walk, exit 2, no verdict" {
	sed -i 's/return 1;/return 3;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns 3'
	run_cb CHECKER_REFUSED=1
	assert_status 2
	assert_output_has 'C=1 specified, but sparse is not available or not up to date'
	assert_output_has 'kbuild did not run sparse'
	[ -z "$(awk -F'\t' '$2 == "warnings"' "$RES")" ] || fail_with "a warnings verdict was written: $(cat "$RES")"
}

@test "an unchanged patch is not built again; a changed one is" {
	sed -i 's/return 1;/return 3;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns 3'
	run_cb
	assert_status 0
	expect 1 build pass
	rm -rf "$OUT/logs/check-build"
	run_cb
	assert_status 0
	expect 1 build pass
	[ ! -e "$OUT/logs/check-build/02-t/01-build.log" ] || fail_with "rebuilt an unchanged patch"
	# shellcheck disable=SC2154 # sob: kbuild.bash
	sgit commit -q --amend -m 'lib: kb_get returns three' -m 'Body.' -m "$sob"
	run_cb
	expect 1 build pass
	[ -s "$OUT/logs/check-build/02-t/01-build.log" ] || fail_with "a changed patch was not rebuilt"
}

@test "kept results are not reused once the walk's own code changes (no version string to raise by hand)" {
	local copy=$BATS_TEST_TMPDIR/repo
	sed -i 's/return 1;/return 3;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get returns 3'
	run_cb
	assert_status 0
	expect 1 build pass
	# The same walk from a copy of the tooling: results kept, no build.
	mkdir -p "$copy"
	cp -r "$REPO/tooling" "$REPO/qemu" "$REPO/Makefile" "$copy/"
	rm -rf "$OUT/logs/check-build"
	run "$copy/tooling/check-build" 02-t "$RES"
	assert_status 0
	[ ! -e "$OUT/logs/check-build/02-t/01-build.log" ] || fail_with "rebuilt with identical tooling"
	# The judging code changes: the kept verdicts no longer apply.
	echo '# a rule changed' >>"$copy/tooling/check-warnings"
	run "$copy/tooling/check-build" 02-t "$RES"
	assert_status 0
	[ -s "$OUT/logs/check-build/02-t/01-build.log" ] || fail_with "kept a verdict made by other code"
}

@test "tooling/check: build and warnings columns, a failure fails the run" {
	printf '\nint kb_new(void)\n{\n\treturn 2;\n}\n' >>"$SCRATCH/lib/kb.c"
	commit 'lib: add kb_new'
	run_cb
	# check-wide.bats tests NIPA's wider builds.
	WIDE=none run "$REPO/tooling/check" 02-t
	assert_status 1
	awk -F'\t' '$2 == "warnings" && $3 == "fail"' "$OUT/check/02-t.tsv" | grep -q . ||
		fail_with "no warnings fail in the TSV"
	awk -F'\t' '$2 == "build" && $3 == "pass"' "$OUT/check/02-t.tsv" | grep -q . ||
		fail_with "no build pass in the TSV"
	assert_file_has "$OUT/check/index.html" '<th>warnings</th>'
	[ ! -e "$OUT/check/02-t.ok" ] || fail_with "a failing topic got NAME.ok"
}

@test "tooling/build: a topic whose commit, configuration and kernel are unchanged is not built again; a change or FRESH=1 builds it" {
	put lib/c.c '// SPDX-License-Identifier: GPL-2.0
int kb_c(void);
int kb_c(void)
{
	return 3;
}'
	printf 'obj-y += lib/c.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	commit 'lib: add c'
	run_cb BISECT=none
	assert_status 0
	run "$REPO/tooling/build" 02-t
	assert_status 0
	refute_output_has "up to date"
	[ -s "$OUT/kernels/02-t/bzImage" ] || fail_with "no kernel written"
	run "$REPO/tooling/build" 02-t
	assert_status 0
	assert_output_has "02-t: up to date, not rebuilt"
	FRESH=1 run "$REPO/tooling/build" 02-t
	assert_status 0
	refute_output_has "up to date"
	# The kernel in OUT changed (or went): built again.
	echo x >>"$OUT/kernels/02-t/bzImage"
	run "$REPO/tooling/build" 02-t
	refute_output_has "up to date"
	# The configuration changed: built again.
	printf 'CONFIG_KB_EXTRA=y\n' >"$TOPICS_DIR/02-t/config"
	run "$REPO/tooling/build" 02-t
	refute_output_has "up to date"
	run "$REPO/tooling/build" 02-t
	assert_output_has "up to date"
	# A new commit on the topic: built again, and the kernel says so.
	sed -i 's/return 3;/return 4;/' "$SCRATCH/lib/c.c"
	commit 'lib: c returns 4'
	run_cb BISECT=none
	run "$REPO/tooling/build" 02-t
	assert_status 0
	refute_output_has "up to date"
	[ "$(cat "$OUT/kernels/02-t/commit")" = "$(branch_id 02-t)" ] || fail_with "the kernel is not the new commit's"
}
