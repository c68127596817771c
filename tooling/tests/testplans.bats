#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# The testplans' files, read on the host as qemu/mkinitramfs packs them
# for each base: a scenario sources only files the archive holds
# (/plan/NAME.sh from the plan directory, /plan/base/NAME.sh from the
# base's directory), every such file is sourced (a file no scenario
# sources would hold tests that never run), and every test TESTS lists
# is defined exactly once among them (a second definition would
# silently replace the first).

load helpers

setup() {
	cd "$REPO" || return 1
}

# scenario_of PLAN BASE: the scenario qemu/mkinitramfs packs.
scenario_of() {
	if [ "$2" != 6.12 ] && [ -f "$1/scenario-$2.sh" ]; then
		echo "$1/scenario-$2.sh"
	else
		echo "$1/scenario.sh"
	fi
}

# sourced PLAN BASE: the host files the scenario of BASE sources, one a
# line; an unknown guest path prints "missing GUESTPATH".
sourced() {
	local p
	sed -n 's|^\. \(/plan/[^ ;]*\).*$|\1|p' "$(scenario_of "$1" "$2")" | while read -r p; do
		case $p in
		/plan/base/*.sh) echo "$1/$2/${p#/plan/base/}" ;;
		/plan/*/*) echo "missing $p" ;;
		/plan/*.sh) echo "$1/${p#/plan/}" ;;
		*) echo "missing $p" ;;
		esac
	done
}

# check_plan PLAN BASE: prints one line per fault.
check_plan() {
	local plan=$1 base=$2 f t n files

	mapfile -t files < <(sourced "$plan" "$base")
	for f in "${files[@]}"; do
		case $f in missing*) echo "$base: $(scenario_of "$plan" "$base") sources ${f#missing }, which the guest does not have" ;; esac
		[ -f "$f" ] || echo "$base: $(scenario_of "$plan" "$base") sources $f, which does not exist"
	done
	for f in "$plan"/*.sh "$plan/$base"/*.sh; do
		[ -f "$f" ] || continue
		case ${f##*/} in scenario.sh | scenario-*.sh) continue ;; esac
		printf '%s\n' "${files[@]}" | grep -qxF "$f" || echo "$base: $f is not sourced by $(scenario_of "$plan" "$base")"
	done
	# shellcheck disable=SC2016 # $TESTS of the scenario
	for t in $(sh -c '. "$1"; echo $TESTS' _ <(sed '/^\. \/plan\//d' "$(scenario_of "$plan" "$base")")); do
		n=$(cat "$(scenario_of "$plan" "$base")" "${files[@]}" 2>/dev/null | grep -c "^$t() {" || :)
		[ "$n" = 1 ] || echo "$base: test $t is defined $n times"
	done
}

@test "testplans: each base's scenario sources only files the guest gets, every one of them, and defines each test once" {
	local plan base out all=
	for plan in testplans/*/; do
		plan=${plan%/}
		for base in 6.12 7.2; do
			out=$(check_plan "$plan" "$base")
			[ -z "$out" ] || all+="$plan: $out"$'\n'
		done
	done
	[ -z "$all" ] || fail_with "$all"
	# The split plan is among those read.
	[ "$(sourced testplans/04-netdev-conversions 7.2 | grep -c /7.2/)" -ge 5 ] ||
		fail_with "plan 04 sources no 7.2/ file: $(sourced testplans/04-netdev-conversions 7.2)"
}

@test "testplans: the check finds a file no scenario sources, a test defined twice, and a file the guest lacks" {
	local p=$BATS_TEST_TMPDIR/p
	mkdir -p "$p/7.2"
	printf 'TESTS="a b"\n. /plan/x.sh\n. /plan/base/y.sh\n' >"$p/scenario.sh"
	printf 'a() { :; }\n' >"$p/x.sh"
	printf 'b() { :; }\n' >"$p/orphan.sh"
	printf 'TESTS="a"\n. /plan/x.sh\na() { :; }\n' >"$p/scenario-7.2.sh"
	run check_plan "$p" 6.12
	assert_output_has "6.12: $p/orphan.sh is not sourced"
	assert_output_has "sources $p/6.12/y.sh, which does not exist"
	assert_output_has "6.12: test b is defined 0 times"
	run check_plan "$p" 7.2
	assert_output_has "7.2: test a is defined 2 times"
	assert_output_has "7.2: $p/orphan.sh is not sourced"
}
