# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# build (NIPA: build_allmodconfig_warn's bisectability part) - the whole
# kernel builds after the patch, incrementally, in a tree of its own:
# tooling/check-build (BISECT=all|headers|topic|none says which patches
# get a full build). CHECK_BUILDS=0 runs no build: "skip", and NAME.ok
# says so (tooling/series refuses such a record unless SERIES_UNBUILT=1,
# as `make test` sets).

check_build() { build_result build "$BUILDRES" check-build; }
