# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 01-ref-tracker-core: the tree's test_ref_tracker module with
# the core series applied, and the debugfs live view on real netdevs.
#
# The module takes 19 references from 19 call sites plus one from a
# timer, releases 18, releases one of them twice, and exits its dir with
# two still held. With the core series the reports must carry the
# counters line, one age line per group with the oldest group first, and
# the double release must name its directory and show both stacks. The
# report lines the tree already printed stay as they were ("reference
# already released.", "NAME@ADDR has N/M users at"); the series adds
# lines of its own around them.

TESTS="selftest_double_release_stacks selftest_leak_groups_oldest_first
selftest_counters debugfs_lists_live_dirs debugfs_netdev_file_follows_device"

selftest_double_release_stacks() {
	insmod /lib/modules/test_ref_tracker.ko || fail "insmod failed"
	expect_dmesg 'ref_tracker: reference already released\.$'
	expect_dmesg 'ref_tracker: selftest@[^ ]+: double release of a quarantined reference$'
	# The 19 alloctest_ref_tracker_allocN() are identical; GCC folds
	# them into one (-fipa-icf), so the stack names whichever survived.
	dmesg_since | grep -A 12 'allocated in:' | grep -Eq 'alloctest_ref_tracker_alloc[0-9]+' ||
		fail "no acquire stack naming alloctest_ref_tracker_allocN"
	dmesg_since | grep -A 12 'freed in:' | grep -q alloctest_ref_tracker_free ||
		fail "no release stack naming alloctest_ref_tracker_free"
}

selftest_leak_groups_oldest_first() {
	ktap_dmesg_mark=0
	ages=$(dmesg | sed -n 's/.*selftest@[^ ]* next group: 1 users, oldest taken \([0-9]*\) ms ago$/\1/p')
	dmesg | grep -E 'selftest@[^ ]+ (next group|has 1/2 users at)'
	[ "$(printf '%s\n' "$ages" | grep -c .)" -eq 2 ] ||
		fail "expected two leak groups with ages"
	# Each age line comes right before its group's "has" line.
	[ "$(dmesg | grep -A 1 'selftest@[^ ]* next group: ' |
		grep -c 'selftest@[^ ]* has 1/2 users at$')" -eq 2 ] ||
		fail "an age line is not followed by its group"
	a1=$(printf '%s\n' "$ages" | sed -n 1p)
	a2=$(printf '%s\n' "$ages" | sed -n 2p)
	[ "$a1" -ge "$a2" ] || fail "the first group ($a1 ms) is younger than the second ($a2 ms)"
	# alloc1 is taken before the timer can fire: its group comes first.
	first=$(dmesg | grep -A 12 -m 1 'selftest@[^ ]* has 1/2 users at' |
		grep -E 'alloctest_ref_tracker_alloc1|test_ref_tracker_timer_func' | head -n 1)
	case "$first" in
	*alloctest_ref_tracker_alloc1*) ;;
	*) fail "oldest group is not alloctest_ref_tracker_alloc1's: $first" ;;
	esac
	dmesg | grep -A 16 'selftest@[^ ]* has 1/2 users' | grep -q test_ref_tracker_timer_func ||
		fail "no leak group for the timer"
	dmesg | grep -A 16 'selftest@[^ ]* has 1/2 users' |
		grep -Eq 'call_timer_fn|run_timer_softirq|handle_softirqs' ||
		fail "the timer leak's stack does not show the softirq"
}

selftest_counters() {
	ktap_dmesg_mark=0
	line=$(dmesg | grep -m 1 'selftest@[^ ]* counters:')
	echo "$line"
	for want in taken=20 released=18 double_released=1 alloc_failures=0 \
		untracked=0 no_tracker=0; do
		case "$line" in
		*" $want "* | *" $want") ;;
		*) fail "counters line lacks $want" ;;
		esac
	done
}

# dev_files DIR DEV: the debugfs files of DEV's netdev directory. This
# topic names them "DEV-N"; topic 03 names them by namespace and ifindex,
# "netINUM_DEV_IFINDEX-N", and make test boots this plan on the last
# topic's kernel (KERNELS=last), which carries topic 03.
dev_files() {
	# shellcheck disable=SC2010 # debugfs names here are plain
	ls "$1" | grep -E "^($2|net[0-9]+_$2_[0-9]+)-[0-9]+\$"
}

debugfs_lists_live_dirs() {
	d=/sys/kernel/debug/ref_tracker
	[ -d "$d" ] || fail "$d missing"
	ls "$d"
	f=$(dev_files "$d" lo | head -n 1)
	[ -n "$f" ] || fail "no file for lo's netdev dir" || return 1
	grep -q 'counters:' "$d/$f" || fail "lo's file shows no counters"
}

debugfs_netdev_file_follows_device() {
	d=/sys/kernel/debug/ref_tracker
	ip link add rt0 type dummy || return 1
	ip link set rt0 up
	f=$(dev_files "$d" rt0 | head -n 1)
	[ -n "$f" ] || fail "no debugfs file for rt0" || return 1
	cat "$d/$f"
	grep -Eq 'next group: [0-9]+ users, oldest taken [0-9]+ ms ago$' "$d/$f" ||
		fail "rt0's file shows no holder with an age"
	grep -Eq ' has [0-9]+/[0-9]+ users at$' "$d/$f" ||
		fail "rt0's file shows no group of holders"
	ip link del rt0
	sleep 1
	[ ! -e "$d/$f" ] || fail "$f still there after the device was freed"
}
