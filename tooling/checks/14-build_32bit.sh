# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# build_32bit (NIPA: build_32bit) - an ARCH=i386 W=1 build of the
# topic's last patch against its parent (WIDE_BISECT=all: every patch),
# new warnings by identity: tooling/check-wide. Runs when WIDE has
# 32bit (the default) and CHECK_BUILDS=1; "skip" otherwise. The
# self-test proves gcc -m32 compiles and warns.

check_build_32bit() { wide_result 32bit; }

# selftest_build_32bit: the self-test of the tool(s) this check runs (see
# tooling/check); a finding goes in bad[].
selftest_build_32bit() {
	local out rc

	[ "$CHECK_BUILDS" = 1 ] && [[ " ${WIDE//,/ } " == *" 32bit "* ]] || return 0
	ST_TOOLS+=("gcc -m32")
	printf 'unsigned long long selftest_addr(void *p);\nunsigned long long selftest_addr(void *p)\n{\n\treturn (unsigned long long)p;\n}\n' >"$ST/m32.c"
	rc=0
	out=$(cd "$ST" && gcc -m32 -c -o m32.o m32.c 2>&1) || rc=$?
	if [ "$rc" -ne 0 ] || ! grep -q 'cast from pointer to integer of different size' <<<"$out"; then
		bad+=("gcc -m32 (check-wide's 32-bit build) did not compile with a pointer-size warning (exit $rc): $(head -n 2 <<<"$out" | tr '\n' ' ')(package gcc)")
	fi
}
