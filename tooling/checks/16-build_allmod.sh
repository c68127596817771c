# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# build_allmod (NIPA: build_allmodconfig_warn) - in an allmodconfig tree,
# the .c files the patch changes and the users of the names it changes
# in a header, compiled with W=1 before and after, new warnings by
# identity: tooling/check-wide. Runs when WIDE has allmod (the default)
# and CHECK_BUILDS=1; "skip" otherwise.

check_build_allmod() { wide_result allmod; }
