# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# warnings (NIPA: build_allmodconfig_warn's W=1 part, and sparse) - W=1
# and sparse (C=1) on the objects the patch touches, in the guest's
# configuration (plus the topic's compile.config), before and after it,
# compared by identity (file and text, line numbers removed;
# tooling/check-warnings): a new warning fails, also one that replaces
# another. Results from tooling/check-build. The self-test proves
# sparse (one the base tree's kbuild accepts: use_kernel_sparse) and the
# compiler report what W=1 and C=1 should.

check_warnings() { build_result warnings "$BUILDRES" check-build; }

# selftest_warnings: the self-test of the tool(s) this check runs (see
# tooling/check); a finding goes in bad[].
selftest_warnings() {
	local out rc

	# sparse: one the base tree's kbuild accepts (7.2's turns C=1 off
	# for an old one), then a symbol neither static nor declared, which
	# gcc accepts.
	if out=$( (use_kernel_sparse "$WORK") 2>&1); then
		use_kernel_sparse "$WORK"
	else
		bad+=("${out#*error: }")
	fi
	printf 'int selftest_sparse_symbol;\n' >"$ST/sparse.c"
	rc=0
	out=$(cd "$ST" && sparse sparse.c 2>&1) || rc=$?
	if ! command -v sparse >/dev/null 2>&1; then
		bad+=("sparse: not found (package sparse)")
	elif ! grep -q "symbol 'selftest_sparse_symbol' was not declared" <<<"$out" ||
		[ -z "$("$REPO/tooling/check-warnings" --keys <(printf '%s\n' "$out"))" ]; then
		bad+=("sparse did not report an undeclared symbol (exit $rc): $(head -n 2 <<<"$out" | tr '\n' ' ')(package sparse)")
	fi
	# The compiler: a missing prototype under W=1's -Wmissing-prototypes.
	printf 'int selftest_no_prototype(void)\n{\n\treturn 0;\n}\n' >"$ST/cc.c"
	rc=0
	out=$(cd "$ST" && gcc -Wmissing-prototypes -c -o cc.o cc.c 2>&1) || rc=$?
	if ! command -v gcc >/dev/null 2>&1; then
		bad+=("gcc: not found (package gcc)")
	elif [ "$rc" -ne 0 ] || [ ! -s "$ST/cc.o" ] ||
		! grep -q "no previous prototype for .*selftest_no_prototype" <<<"$out" ||
		[ -z "$("$REPO/tooling/check-warnings" --keys <(printf '%s\n' "$out"))" ]; then
		bad+=("gcc did not compile with a missing-prototype warning (exit $rc): $(head -n 2 <<<"$out" | tr '\n' ' ')(package gcc)")
	fi
	ST_TOOLS+=("sparse ($(command -v sparse || echo none))" gcc)
}
