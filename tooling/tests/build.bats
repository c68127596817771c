#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# Build failures: `stage` (tooling/lib/common.sh), which runs every build
# and boot, must fail with the command's status, say FAILED with the log's
# path and keep the output in the log; tooling/build without a base must
# say what to run. No kernel is built here.

# shellcheck disable=SC2154 # $stderr is set by bats' run --separate-stderr
load helpers

bats_require_minimum_version 1.5.0

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	LOG=$OUT/logs/demo/build.log
}

# in_stage CMD...: `stage "demo build" $LOG CMD...` in a shell set up as
# the tooling's entry scripts are (set -euo pipefail); prints the status
# stage returned on stdout.
in_stage() {
	bash -c 'set -euo pipefail
		. "$1/tooling/lib/common.sh"
		log=$2
		shift 2
		rc=0
		stage "demo build" "$log" "$@" || rc=$?
		echo "stage returned $rc"' _ "$REPO" "$LOG" "$@"
}

FAILING=(sh -c 'echo "  CC      lib/ref_tracker.o"; echo "lib/ref_tracker.c:12: error: expected ; before }" >&2; exit 3')

@test "stage: a failing command returns its status, says FAILED with the log path" {
	run --separate-stderr in_stage "${FAILING[@]}"
	assert_status 0
	[ "$output" = "stage returned 3" ] || fail_with "stage did not return 3"
	grep -qF "[demo build] FAILED after" <<<"$stderr" || fail_with "no FAILED line: $stderr"
	grep -qF "(exit 3); log: $LOG" <<<"$stderr" || fail_with "no log path: $stderr"
	# The log's tail is shown, and the log has all the output.
	grep -qF "    | lib/ref_tracker.c:12: error: expected ; before }" <<<"$stderr"
	assert_file_has "$LOG" "  CC      lib/ref_tracker.o"
	assert_file_has "$LOG" "lib/ref_tracker.c:12: error: expected ; before }"
	# Its time is recorded.
	grep -qE $'^demo build\t[0-9]+\t3$' "$OUT/timings.tsv" ||
		fail_with "no 'demo build' line with status 3 in timings.tsv"
}

@test "stage: with V=1 the output also streams out, and the failure is still caught" {
	V=1 run --separate-stderr in_stage "${FAILING[@]}"
	assert_status 0
	[ "${lines[-1]}" = "stage returned 3" ] || fail_with "stage did not return 3"
	assert_output_has "  CC      lib/ref_tracker.o"
	grep -qF "(exit 3); log: $LOG" <<<"$stderr"
	assert_file_has "$LOG" "lib/ref_tracker.c:12: error"
}

@test "stage: with V=1 a caller without pipefail still gets the failure" {
	# common.sh sets no options; stage must not depend on the caller's.
	# shellcheck disable=SC2016 # expanded by the inner bash
	V=1 run --separate-stderr bash -c '. "$1/tooling/lib/common.sh"
		rc=0
		stage "demo build" "$2" sh -c "echo compiling; exit 3" || rc=$?
		echo "stage returned $rc"' _ "$REPO" "$LOG"
	assert_status 0
	[ "${lines[-1]}" = "stage returned 3" ] || fail_with "the failure was lost"
	grep -qF "[demo build] FAILED" <<<"$stderr"
}

@test "stage: a command that succeeds returns 0 and records its time" {
	run --separate-stderr in_stage sh -c 'echo built'
	assert_status 0
	[ "$output" = "stage returned 0" ]
	grep -qF "[demo build] done in" <<<"$stderr"
	[ "$(grep -c FAILED <<<"$stderr")" -eq 0 ]
	assert_file_has "$LOG" "built"
	grep -qE $'^demo build\t[0-9]+\t0$' "$OUT/timings.tsv"
}

@test "build: no base imported (empty CACHE_DIR) exits 2 saying to run make base" {
	mkdir -p "$CACHE_DIR"
	run "$REPO/tooling/build" 00-base
	assert_status 2
	assert_output_has "no base imported yet; run 'make base'"
	# Nothing imported or built on the way.
	[ ! -e "$OUT/kernels" ]
	[ ! -e "$CACHE_DIR/base" ]
	[ ! -e "$CACHE_DIR/current-base" ]
}

@test "build: no argument is a usage error (exit 2)" {
	run "$REPO/tooling/build"
	assert_status 2
	assert_output_has "usage:"
}

@test "first: under pipefail, a writer with more than a pipe buffer of output survives" {
	# The regression: `cover_text | head -n 1` killed tooling/series with
	# status 141 and no message once a cover letter outgrew the pipe.
	# shellcheck disable=SC2016 # expanded by the inner bash
	run bash -c 'set -euo pipefail; . "$1/tooling/lib/common.sh"
		x=$(seq 1 200000 | first 2 | paste -sd, -)
		echo "got $x"' _ "$REPO"
	assert_status 0
	[ "$output" = "got 1,2" ] || fail_with "$output"
}
