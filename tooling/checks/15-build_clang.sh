# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# build_clang (NIPA: build_clang) - the same with clang
# (LLVM=-$LLVM_VERSION, 19 by default): tooling/check-wide. Runs when
# WIDE has clang (the default) and CHECK_BUILDS=1; "skip" otherwise.
# The self-test proves clang-19 and ld.lld-19 are there and clang flags
# what gcc does not.

check_build_clang() { wide_result clang; }

# selftest_build_clang: the self-test of the tool(s) this check runs (see
# tooling/check); a finding goes in bad[].
selftest_build_clang() {
	local out rc cl=clang-${LLVM_VERSION:-19}

	[ "$CHECK_BUILDS" = 1 ] && [[ " ${WIDE//,/ } " == *" clang "* ]] || return 0
	ST_TOOLS+=("$cl")
	printf 'int selftest_eq(int x);\nint selftest_eq(int x)\n{\n\tif ((x == 1))\n\t\treturn 2;\n\treturn 0;\n}\n' >"$ST/cl.c"
	rc=0
	out=$(cd "$ST" && "$cl" -c -o cl.o cl.c 2>&1) || rc=$?
	if ! command -v "$cl" >/dev/null 2>&1 || ! command -v "ld.lld-${LLVM_VERSION:-19}" >/dev/null 2>&1; then
		bad+=("$cl or ld.lld-${LLVM_VERSION:-19}: not found (packages clang-${LLVM_VERSION:-19} lld-${LLVM_VERSION:-19} llvm-${LLVM_VERSION:-19}; WIDE without clang skips the clang build)")
	elif [ "$rc" -ne 0 ] || ! grep -q 'equality comparison with extraneous parentheses' <<<"$out"; then
		bad+=("$cl (check-wide's clang build) did not flag '((x == 1))' (exit $rc): $(head -n 2 <<<"$out" | tr '\n' ' ')(package clang-${LLVM_VERSION:-19})")
	fi
}
