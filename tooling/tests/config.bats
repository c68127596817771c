#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# check_survival (tooling/lib/common.sh): every option a kconfig fragment
# asks for must be in the final .config as asked, or the build stops
# listing the ones that were lost and what they became. Fixtures in
# fixtures/config/: dot-config (a final .config) and fragments.

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	C=$FIXTURES/config
}

# survival CONFIG FRAGMENT...: check_survival in a shell of its own, as
# tooling/config calls it.
survival() {
	bash -c '. "$1/tooling/lib/common.sh"; shift; check_survival "$@"' _ "$REPO" "$@"
}

@test "check_survival: every option kept as asked passes silently" {
	run survival "$C/dot-config" "$C/kept.config"
	assert_status 0
	[ -z "$output" ] || fail_with "expected no output"
}

@test "check_survival: an option =y in the fragment but absent from .config is listed" {
	run survival "$C/dot-config" "$C/lost-absent.config"
	[ "$status" -ne 0 ] || fail_with "lost option not detected"
	assert_output_has "did not survive olddefconfig"
	assert_output_has "CONFIG_NETDEVSIM=y (have: absent) from $C/lost-absent.config"
	refute_output_has "CONFIG_NET=y"
}

@test "check_survival: an option =y in the fragment that became =m is listed with =m" {
	run survival "$C/dot-config" "$C/lost-module.config"
	[ "$status" -ne 0 ] || fail_with "lost option not detected"
	assert_output_has "CONFIG_VETH=y (have: CONFIG_VETH=m) from $C/lost-module.config"
	refute_output_has "CONFIG_REF_TRACKER=y"
}

@test "check_survival: an option =y in the fragment that ended up not set is listed" {
	run survival "$C/dot-config" "$C/lost-unset-y.config"
	[ "$status" -ne 0 ] || fail_with "lost option not detected"
	assert_output_has "CONFIG_REF_TRACKER_KUNIT_TEST=y (have: # CONFIG_REF_TRACKER_KUNIT_TEST is not set)"
}

@test "check_survival: '# CONFIG_X is not set' in the fragment that ended up =y is listed" {
	run survival "$C/dot-config" "$C/lost-notset.config"
	[ "$status" -ne 0 ] || fail_with "lost option not detected"
	assert_output_has "# CONFIG_DEBUG_KMEMLEAK is not set (have: CONFIG_DEBUG_KMEMLEAK=y) from $C/lost-notset.config"
	refute_output_has "CONFIG_NET=y"
}

@test "check_survival: CONFIG_X=n means not set: kept when not set, listed when =y" {
	run survival "$C/dot-config" "$C/kept-n.config"
	assert_status 0
	run survival "$C/dot-config" "$C/lost-n.config"
	[ "$status" -ne 0 ] || fail_with "lost option not detected"
	assert_output_has "CONFIG_DEBUG_KMEMLEAK is not set (have: CONFIG_DEBUG_KMEMLEAK=y) from $C/lost-n.config"
}

@test "check_survival: several fragments, every lost option from each is listed" {
	run survival "$C/dot-config" "$C/kept.config" "$C/lost-absent.config" \
		"$C/lost-module.config" "$C/lost-notset.config"
	[ "$status" -ne 0 ] || fail_with "lost options not detected"
	assert_output_has "CONFIG_NETDEVSIM=y (have: absent)"
	assert_output_has "CONFIG_VETH=y (have: CONFIG_VETH=m)"
	assert_output_has "# CONFIG_DEBUG_KMEMLEAK is not set (have: CONFIG_DEBUG_KMEMLEAK=y)"
	[ "$(grep -c '(have: ' <<<"$output")" -eq 3 ]
}

@test "check_survival: the real qemu/base.config is a fragment it reads" {
	# Every line of the project's own fragment is an option line or a
	# comment, so nothing in it is silently skipped.
	run grep -vE '^(CONFIG_[A-Z0-9_]+=.*|# CONFIG_[A-Z0-9_]+ is not set|#.*|)$' "$REPO/qemu/base.config"
	[ "$status" -eq 1 ] || fail_with "lines check_survival would ignore in qemu/base.config"
}
