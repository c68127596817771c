#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# check-warnings.bats - tooling/check-warnings compares W=1 and sparse
# warnings, and objtool's and modpost's, by identity (file, text; line
# numbers and code offsets removed) as multisets:
# a new warning and a warning replaced by another are caught, a warning
# that only moved to another line and an identical log are not.
# Recorded logs in fixtures/warnings/ (see its README).

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	W=$FIXTURES/warnings
}

cw() { run "$REPO/tooling/check-warnings" --strip /abs/src "$@"; }

@test "identities: path relative to the tree, no line numbers, sparse's expected/got attached" {
	cw --keys "$W/base.log"
	assert_status 0
	[ "${#lines[@]}" -eq 2 ] || fail_with "want 2 identities"
	assert_output_has "lib/kb.c: warning: no previous prototype for 'kb_get' [-Wmissing-prototypes]"
	assert_output_has "lib/kb.c: warning: incorrect type in argument 1 (different address spaces) | expected void [noderef] __user *to | got int *p"
	refute_output_has ':10:'
	refute_output_has '../src'
}

@test "identical logs: no new warning, exit 0" {
	cw "$W/base.log" "$W/base.log"
	assert_status 0
	[ -z "$output" ] || fail_with "unexpected output"
}

@test "a new warning: exit 1, named" {
	cw "$W/base.log" "$W/new.log"
	assert_status 1
	assert_output_has "new: lib/kb.c: warning: variable 'unused' set but not used [-Wunused-but-set-variable]"
	[ "$(grep -c '^new: ' <<<"$output")" -eq 1 ] || fail_with "more than one new warning"
}

@test "warnings moved to other lines (absolute path, colour escapes): exit 0" {
	cw "$W/base.log" "$W/moved.log"
	assert_status 0
	refute_output_has 'new: '
	refute_output_has 'gone: '
}

@test "a warning replaced by another, same count: exit 1, the new one named, the old one gone" {
	cw "$W/base.log" "$W/replaced.log"
	assert_status 1
	assert_output_has "new: lib/kb.c: warning: no previous prototype for 'kb_put' [-Wmissing-prototypes]"
	assert_output_has "gone: lib/kb.c: warning: no previous prototype for 'kb_get' [-Wmissing-prototypes]"
}

@test "the same warning once more (multiset): exit 1" {
	cw "$W/base.log" "$W/twice.log"
	assert_status 1
	assert_output_has "new: lib/kb.c: warning: no previous prototype for 'kb_get' [-Wmissing-prototypes]"
}

@test "a warning gone: exit 0, reported as gone" {
	cw "$W/new.log" "$W/base.log"
	assert_status 0
	assert_output_has "gone: lib/kb.c: warning: variable 'unused' set but not used"
}

@test "gcc's UTF-8 quotes and the C locale's give the same identity" {
	printf '../src/lib/kb.c:10:5: warning: no previous prototype for \xe2\x80\x98kb_get\xe2\x80\x99 [-Wmissing-prototypes]\n' \
		>"$BATS_TEST_TMPDIR/utf8.log"
	cw --keys "$BATS_TEST_TMPDIR/utf8.log"
	assert_output_has "no previous prototype for 'kb_get'"
}

@test "objtool and modpost lines have identities (no line numbers, offsets removed)" {
	cw --keys "$W/linker.log"
	assert_status 0
	assert_output_has "lib/kb.o: warning: objtool: kb_get+0xN: unreachable instruction"
	assert_output_has "vmlinux.o: warning: objtool: kb_enter+0xN: call to kb_trace() leaves .noinstr.text section"
	assert_output_has "modpost: warning: vmlinux: section mismatch in reference: kb_get+0xN (section: .text) -> kb_setup (section: .init.text)"
	assert_output_has 'modpost: error: "kb_missing" [lib/kb_mod.ko] undefined!'
	[ "${#lines[@]}" -eq 6 ] || fail_with "want 6 identities"
}

@test "new objtool and modpost warnings: exit 1, each named" {
	cw "$W/base.log" "$W/linker.log"
	assert_status 1
	[ "$(grep -c '^new: ' <<<"$output")" -eq 4 ] || fail_with "want 4 new"
	assert_output_has "new: lib/kb.o: warning: objtool: kb_get+0xN: unreachable instruction"
	assert_output_has "new: modpost: warning: vmlinux: section mismatch in reference:"
}

@test "objtool and modpost warnings at other offsets and paths: exit 0" {
	cw "$W/linker.log" "$W/linker-moved.log"
	assert_status 0
	refute_output_has 'new: '
	refute_output_has 'gone: '
}

@test "a missing log is a usage error" {
	cw "$W/base.log" "$W/no-such.log"
	assert_status 2
	assert_output_has 'no such log'
}
