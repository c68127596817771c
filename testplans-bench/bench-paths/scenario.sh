# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan bench-paths: the guest half of tooling/bench-paths (make
# bench). Runs /plan/bin/pathbench (pathbench.c) on a dummy device: the
# per-call cost of paths that hold a net device reference for each
# packet, and of a control path that holds none. Its figures end up as
# KTAP diagnostics, "# pathbench: RTPATH NAME VALUE ns".

# shellcheck disable=SC2034 # TESTS is read by qemu/ktap.sh
# Runs as long as it is asked to: no per-test timeout (qemu/ktap.sh).
KTAP_TEST_TIMEOUT=0
TESTS="paths"

# pb_param NAME DEFAULT: pathbench.NAME=N from the kernel command line
# (tooling/bench-paths sets it from BENCH_PATH_ITERS/ROUNDS), or DEFAULT.
pb_param() {
	v=$(tr ' ' '\n' </proc/cmdline | sed -n "s/^pathbench\.$1=\([0-9]*\)$/\1/p")
	echo "${v:-$2}"
}

paths() {
	iters=$(pb_param iters 20000)
	rounds=$(pb_param rounds 7)
	ip link set lo up || fail "lo up failed"
	ip link add benchdum0 type dummy || fail "no dummy device"
	ip link set benchdum0 up || fail "benchdum0 up failed"
	/plan/bin/pathbench benchdum0 "$iters" "$rounds" || fail "pathbench failed"
	ip link del benchdum0
}
