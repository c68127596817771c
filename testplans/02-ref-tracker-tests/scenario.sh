# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 02-ref-tracker-tests: the ref_tracker KUnit suite, built in,
# runs at boot with lockdep (PROVE_LOCKING) and DEBUG_ATOMIC_SLEEP on.
# The host parses the suite's own KTAP from the console; the guest checks
# that the results debugfs keeps agree and that lockdep stayed on.

TESTS="kunit_results_in_debugfs lockdep_still_enabled sample_dirs_from_cmdline"

kunit_results_in_debugfs() {
	r=/sys/kernel/debug/kunit/ref_tracker/results
	[ -r "$r" ] || fail "$r missing: the suite did not run"
	cat "$r"
	grep -q '^ok [0-9]* ref_tracker' "$r" || fail "suite not ok in $r"
	! grep -q '^ *not ok' "$r" || fail "a case failed"
}

lockdep_still_enabled() {
	# A lockdep splat turns lockdep off; it must still be on after the
	# suite's concurrent and IRQ cases.
	grep -q 'debug_locks: *1' /proc/lockdep_stats 2>/dev/null ||
		grep -q '^1$' /sys/kernel/debug/debug_locks 2>/dev/null ||
		fail "lockdep is off (debug_locks is not 1)"
}

# The boot left out directories (ref_tracker.sample_dirs=2 on the
# command line, read before the scheduler is up): the parameter kept
# its value, and the suite, whose cases pin their directories tracked,
# passed anyway (kunit_results_in_debugfs).
sample_dirs_from_cmdline() {
	p=/sys/module/ref_tracker/parameters/sample_dirs
	[ -r "$p" ] || fail "$p missing" || return 1
	echo "sample_dirs: $(cat "$p")"
	[ "$(cat "$p")" = 2 ] || fail "sample_dirs is not 2"
}
