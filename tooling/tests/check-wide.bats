#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# check-wide.bats - tooling/check-wide, NIPA's builds beyond our
# configuration: a warning or a failure only a 32-bit build shows fails
# build_32bit, one only clang shows fails build_clang, a header change
# that breaks a user only allmodconfig builds fails build_allmod (its
# users found from the names the patch changes); a clean topic passes
# each; the patches WIDE_BISECT=last leaves out show skip; WIDE picks
# the checks; tooling/check shows the three columns.
#
# The kernel is the stand-in of kbuild.bash (fixtures/kbuild/Makefile:
# ARCH=i386 compiles with -m32, CC= is clang for the clang build,
# allmodconfig enables every option of lib/Kbuild.fake but one).

load helpers
load kbuild

setup_file() {
	setup_kernel_tools
}

setup() {
	kbuild_setup
}

# run_cw [VAR=value...]: apply_t, then tooling/check-wide on 02-t.
# The stand-in's Makefile is lib/Kbuild.fake (kbuild_enabled.py reads it).
run_cw() {
	apply_t
	run env WIDE_KBUILD_FILES=Kbuild.fake "$@" "$REPO/tooling/check-wide" 02-t "$RES"
}

# A clean first patch, so that "the last patch" is not the only one.
clean_patch() {
	put lib/c.c '// SPDX-License-Identifier: GPL-2.0
#include <linux/kb.h>

int kb_c(void);
int kb_c(void)
{
	return kb_get();
}'
	printf 'obj-y += lib/c.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	commit 'lib: add kb_c'
}

# commit_m32_warning FILE: a patch adding to FILE a pointer cast to a
# 64-bit integer: clean on x86_64, a warning with -m32.
commit_m32_warning() {
	printf '\nunsigned long long kb_addr(void *p);\nunsigned long long kb_addr(void *p)\n{\n\treturn (unsigned long long)p;\n}\n' >>"$SCRATCH/$1"
	commit 'lib: kb_addr'
}

@test "32-bit: a warning only -m32 gives fails the last patch; the patch before shows skip" {
	clean_patch
	commit_m32_warning lib/c.c
	run_cw WIDE=32bit
	assert_status 0
	expect 1 build_32bit skip
	expect 2 build_32bit fail
	detail 2 build_32bit | grep -q 'cast from pointer to integer of different size' ||
		fail_with "no -m32 warning named: $(detail 2 build_32bit)"
	# The same code is clean on x86_64: the default build is not the one
	# that caught it.
	grep -q -- '-m32' "$OUT/logs/check-wide/02-t/32bit-02-after.log" ||
		fail_with "the 32-bit build did not pass -m32"
}

@test "32-bit: code that cannot build on 32-bit fails with the compiler's error; a clean topic passes" {
	clean_patch
	run_cw WIDE=32bit
	assert_status 0
	expect 1 build_32bit pass
	put lib/w64.c '// SPDX-License-Identifier: GPL-2.0
_Static_assert(sizeof(long) == 8, "a 64-bit long");'
	printf 'obj-y += lib/w64.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	commit 'lib: assume a 64-bit long'
	run_cw WIDE=32bit
	assert_status 0
	expect 2 build_32bit fail
	detail 2 build_32bit | grep -q 'build fails after the patch' ||
		fail_with "not a build failure: $(detail 2 build_32bit)"
}

@test "WIDE_BISECT=all builds every patch against the one before" {
	clean_patch
	commit_m32_warning lib/c.c
	printf '\nint kb_d(void);\nint kb_d(void)\n{\n\treturn 4;\n}\n' >>"$SCRATCH/lib/c.c"
	commit 'lib: kb_d'
	run_cw WIDE=32bit WIDE_BISECT=all
	assert_status 0
	expect 1 build_32bit pass
	expect 2 build_32bit fail
	# Patch 3 keeps patch 2's warning; it adds none.
	expect 3 build_32bit pass
	detail 3 build_32bit | grep -q 'against patch 2' ||
		fail_with "patch 3 not compared with patch 2: $(detail 3 build_32bit)"
}

@test "clang: a warning only clang gives fails; gcc's build of the same patch is clean" {
	command -v clang-19 >/dev/null || fail_with "clang-19 missing: make deps installs it"
	clean_patch
	put lib/cl.c '// SPDX-License-Identifier: GPL-2.0
int kb_cl(int x);
int kb_cl(int x)
{
	if ((x == 1))
		return 2;
	return 0;
}'
	printf 'obj-y += lib/cl.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	commit 'lib: kb_cl'
	run_cw WIDE=clang
	assert_status 0
	expect 1 build_clang skip
	expect 2 build_clang fail
	detail 2 build_clang | grep -q 'equality comparison with extraneous parentheses' ||
		fail_with "no clang warning named: $(detail 2 build_clang)"
	run_cw WIDE=32bit
	expect 2 build_32bit pass
}

@test "allmodconfig: a changed prototype breaks a user only allmodconfig builds; objects it leaves out are counted" {
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf 'obj-$(CONFIG_FAKE_EXTRA) += lib/extra.o\nobj-$(CONFIG_FAKE_NONE) += lib/none.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	for f in extra none; do
		put "lib/$f.c" "// SPDX-License-Identifier: GPL-2.0
#include <linux/kb.h>

int kb_$f(void);
int kb_$f(void)
{
	return kb_get();
}"
	done
	commit 'lib: two users of kb_get that the topic does not build'
	sed -i 's/kb_get(void)/kb_get(int n)/' "$SCRATCH/include/linux/kb.h" "$SCRATCH/lib/kb.c"
	sed -i 's/return 1;/return n;/' "$SCRATCH/lib/kb.c"
	commit 'lib: kb_get takes a number'
	run_cw WIDE=allmod
	assert_status 0
	expect 1 build_allmod pass
	expect 2 build_allmod fail
	detail 2 build_allmod | grep -q 'lib/extra.o' ||
		fail_with "the broken user is not named: $(detail 2 build_allmod)"
	# Mend the user: the patch passes, lib/none.o counted as left out.
	sed -i 's/return kb_get();/return kb_get(1);/' "$SCRATCH/lib/extra.c" "$SCRATCH/lib/none.c"
	sgit commit -q --amend -a --no-edit
	run_cw WIDE=allmod
	assert_status 0
	expect 2 build_allmod pass
	detail 2 build_allmod | grep -q 'names 1, users 3, compiled 2 of 3, not in allmodconfig 1' ||
		fail_with "counts: $(detail 2 build_allmod)"
}

@test "allmodconfig: kbuild_enabled.py finds the members of composite objects (dashes, variables, paths from an ancestor's Makefile) and leaves out what is off" {
	local t=$BATS_TEST_TMPDIR/tree
	mkdir -p "$t/net/can/j1939" "$t/net/batman-adv" "$t/net/iucv" "$t/arch/s390" \
		"$t/gpu/i915/gem" "$t/media/atomisp/pci" "$t/ti/icssg"
	# i915: a variable named by an enabled line; atomisp and icssg: a
	# member named by its path from the Makefile above it.
	# shellcheck disable=SC2016
	printf '%s\n' 'obj-$(CONFIG_DRM_I915) += i915.o' 'gem-y += gem/i915_gem_userptr.o' \
		'i915-y += $(gem-y)' >"$t/gpu/i915/Makefile"
	# shellcheck disable=SC2016
	printf '%s\n' 'obj-$(CONFIG_VIDEO_ATOMISP) += atomisp.o' 'atomisp-objs += pci/atomisp_cmd.o' >"$t/media/atomisp/Makefile"
	# shellcheck disable=SC2016
	printf '%s\n' 'obj-$(CONFIG_TI_ICSSG_PRUETH) += icssg-prueth.o' 'icssg-prueth-y := icssg/icssg_prueth.o' >"$t/ti/Makefile"
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf '%s\n' 'obj-$(CONFIG_CAN) += can.o' 'can-y := af_can.o' \
		'obj-$(CONFIG_CAN_RAW) += can-raw.o' 'can-raw-y := raw.o' \
		'obj-$(CONFIG_CAN_J1939) += j1939/' >"$t/net/can/Makefile"
	# shellcheck disable=SC2016
	printf '%s\n' 'obj-$(CONFIG_CAN_J1939) += can-j1939.o' 'can-j1939-objs := socket.o' >"$t/net/can/j1939/Makefile"
	# shellcheck disable=SC2016
	printf '%s\n' 'obj-$(CONFIG_BATMAN_ADV) += batman-adv.o' 'batman-adv-y += main.o' \
		'batman-adv-$(CONFIG_BATMAN_ADV_BATMAN_V) += bat_v_elp.o' \
		'batman-adv-$(CONFIG_BATMAN_ADV_NC) += network-coding.o' >"$t/net/batman-adv/Makefile"
	# shellcheck disable=SC2016
	printf '%s\n' 'obj-$(CONFIG_AFIUCV) += af_iucv.o' >"$t/net/iucv/Makefile"
	for o in net/can/af_can net/can/raw net/can/j1939/socket net/batman-adv/main net/batman-adv/bat_v_elp \
		net/batman-adv/network-coding net/iucv/af_iucv arch/s390/x gpu/i915/gem/i915_gem_userptr \
		media/atomisp/pci/atomisp_cmd ti/icssg/icssg_prueth; do
		: >"$t/$o.c"
	done
	printf '%s\n' CONFIG_CAN=m CONFIG_CAN_RAW=m CONFIG_CAN_J1939=m CONFIG_BATMAN_ADV=m \
		CONFIG_BATMAN_ADV_BATMAN_V=y '# CONFIG_BATMAN_ADV_NC is not set' CONFIG_DRM_I915=m CONFIG_VIDEO_ATOMISP=m >"$t/.config"
	printf '%s\n' net/can/af_can.o net/can/raw.o net/can/j1939/socket.o net/batman-adv/main.o \
		net/batman-adv/bat_v_elp.o net/batman-adv/network-coding.o net/iucv/af_iucv.o arch/s390/x.o \
		gpu/i915/gem/i915_gem_userptr.o media/atomisp/pci/atomisp_cmd.o ti/icssg/icssg_prueth.o >"$t/objs"
	run bash -c 'python3 "$1/tooling/lib/kbuild_enabled.py" "$2" "$2/.config" x86 <"$2/objs" 2>"$2/err"' _ "$REPO" "$t"
	assert_status 0
	[ "$output" = "$(printf '%s\n' net/can/af_can.o net/can/raw.o net/can/j1939/socket.o net/batman-adv/main.o net/batman-adv/bat_v_elp.o \
		gpu/i915/gem/i915_gem_userptr.o media/atomisp/pci/atomisp_cmd.o)" ] ||
		fail_with "built: $output"
	[ "$(cat "$t/err")" = "$(printf '%s\n' "# net/batman-adv/network-coding.o: its Makefile line's options are off (or no line names it)" \
		"# net/iucv/af_iucv.o: its Makefile line's options are off (or no line names it)" \
		"# arch/s390/x.o: another architecture" \
		"# ti/icssg/icssg_prueth.o: its Makefile line's options are off (or no line names it)")" ] || fail_with "left out: $(cat "$t/err")"
}

@test "allmodconfig: a new W=1 warning in a user fails, one already there at the parent passes" {
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf 'obj-$(CONFIG_FAKE_EXTRA) += lib/extra.o\n' >>"$SCRATCH/lib/Kbuild.fake"
	put lib/extra.c '// SPDX-License-Identifier: GPL-2.0
#include <linux/kb.h>

int kb_old_warning(void)
{
	return KB_ONE;
}'
	printf '#define KB_ONE 1\n' >>"$SCRATCH/include/linux/kb.h"
	commit 'lib: a user of KB_ONE with a W=1 warning'
	sed -i 's/#define KB_ONE 1/#define KB_ONE (unsigned int)-1 < 0/' "$SCRATCH/include/linux/kb.h"
	commit 'lib: KB_ONE compares unsigned with zero'
	run_cw WIDE=allmod
	assert_status 0
	# Patch 1 adds lib/extra.c with its missing prototype: new.
	expect 1 build_allmod fail
	expect 2 build_allmod fail
	detail 2 build_allmod | grep -q 'comparison of unsigned expression' ||
		fail_with "no new W=1 warning named: $(detail 2 build_allmod)"
	detail 2 build_allmod | grep -q 'kb_old_warning' &&
		fail_with "the parent's warning counted as new: $(detail 2 build_allmod)"
	true
}

@test "WIDE picks the checks, none gives no row, a bad name is exit 2; kept verdicts are not rebuilt" {
	clean_patch
	run_cw WIDE=none
	assert_status 0
	[ ! -s "$RES" ] || fail_with "WIDE=none wrote rows: $(cat "$RES")"
	run_cw WIDE=64bit
	assert_status 2
	assert_output_has "not one of 32bit, clang, allmod"
	run_cw WIDE=32bit,allmod
	assert_status 0
	expect 1 build_32bit pass
	expect 1 build_allmod pass
	[ -z "$(res 1 build_clang)" ] || fail_with "clang ran although WIDE left it out"
	run_cw WIDE=32bit,allmod
	assert_status 0
	refute_output_has "building the parent"
	expect 1 build_32bit pass
}

@test "tooling/check: the three columns, WIDE=32bit shows the others as skip, a failure fails the run" {
	commit_m32_warning lib/kb.c
	apply_t
	WIDE_KBUILD_FILES=Kbuild.fake WIDE=32bit run "$REPO/tooling/check" 02-t
	assert_status 1
	awk -F'\t' '$2 == "build_32bit" && $3 == "fail"' "$OUT/check/02-t.tsv" | grep -q . ||
		fail_with "no build_32bit fail in the TSV"
	awk -F'\t' '$2 == "build_clang" && $3 == "skip"' "$OUT/check/02-t.tsv" | grep -q 'WIDE=32bit' ||
		fail_with "build_clang not a skip naming WIDE"
	assert_file_has "$OUT/check/index.html" '<th>build_allmod</th>'
	CHECK_WIDE=/bin/false WIDE=32bit run "$REPO/tooling/check" 02-t
	assert_status 1
	awk -F'\t' '$2 == "build_32bit" && $3 == "fail"' "$OUT/check/02-t.tsv" | grep -q 'no result from tooling/check-wide' ||
		fail_with "a check-wide that failed did not fail its column"
}
