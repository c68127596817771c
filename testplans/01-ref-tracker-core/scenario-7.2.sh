# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034 # TESTS and ktap_dmesg_mark are read by qemu/ktap.sh
#
# Testplan 01-ref-tracker-core on 7.2: the tree's test_ref_tracker module
# with the core series applied, and the debugfs view of live directories.
#
# The module takes 19 references from 19 call sites plus one from a
# timer, releases 18, releases one of them twice, and exits its dir with
# two still held. With the core series the reports must carry the
# counters line, one age line per group with the oldest group first, and
# the double release must name its directory and show both stacks.
#
# What differs from scenario.sh, and why:
# - 7.2 keeps its report lines as they are and topic 01 adds its own
#   lines: "reference already released." is followed by
#   "CLASS@ADDR: double release of a quarantined reference" (6.12:
#   "CLASS@ADDR: reference already released"), and each group's age is a
#   line "CLASS@ADDR next group: N users, oldest taken X ms ago" before
#   the unchanged "CLASS@ADDR has N/M users at" (6.12: one line "has N/M
#   users, oldest X ms ago, at").
# - 7.2's debugfs files are upstream's, named "CLASS@ADDR" as the
#   reports name the directory (6.12's topic named them NAME-ID, e.g.
#   "lo-3"). Topic 01 alone links no net device to its file (topic 03
#   does), and the loopback device gets no file at all: it is registered
#   before the late initcall that creates /sys/kernel/debug/ref_tracker.
#   So the live view is checked on the files that appear when a network
#   namespace is added (the project's kernels do not enable
#   NET_NS_REFCNT_TRACKER, so upstream links none of them) and when a
#   dummy device is added.

TESTS="selftest_double_release_stacks selftest_leak_groups_oldest_first
selftest_counters debugfs_lists_live_dirs debugfs_netdev_file_follows_device"

dbg=/sys/kernel/debug/ref_tracker

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

# shows_itself FILE: the debugfs FILE, named CLASS@ADDR, starts with its
# directory's counters line, which names the same CLASS@ADDR.
shows_itself() {
	si_line=$(head -n 1 "$1") || return 1
	case "$si_line" in
	"${1##*/} counters: taken="*) return 0 ;;
	esac
	echo "$1 starts with: $si_line"
	return 1
}

# new_files BEFORE: the files of $dbg not listed in the file BEFORE.
# None is not an error here (tests run under set -e, where grep's exit 1
# would end the test without a word): the callers count what they get.
new_files() {
	for nf in "$dbg"/*; do
		[ -f "$nf" ] && [ ! -L "$nf" ] && echo "${nf##*/}"
	done | grep -vxF -f "$1" || true
}

# A new network namespace's trackers (net_refcnt, net_notrefcnt) get a
# file each. This configuration tracks no namespace reference
# (NET_NS_REFCNT_TRACKER is off), so they are idle: the file shows the
# counters line and the size of the acquire site tables, nothing else,
# where 7.2 without topic 01 shows nothing.
debugfs_lists_live_dirs() {
	[ -d "$dbg" ] || fail "$dbg missing"
	# A first line that no file name matches: busybox grep -v -f with
	# an empty pattern file prints nothing.
	echo / >/tmp/none
	{ echo /; new_files /tmp/none; } >/tmp/before
	ip netns add rtns || return 1
	ls -l "$dbg"
	for class in net_refcnt net_notrefcnt; do
		new=$(new_files /tmp/before | grep "^$class@") || true
		[ "$(printf '%s\n' "$new" | grep -c .)" -eq 1 ] ||
			fail "not one new $class file: $new" || return 1
		f=$dbg/$new
		cat "$f"
		shows_itself "$f" || fail "$new shows no counters line of its own" || return 1
		grep -q "^$new acquire site tables: [0-9]* bytes, " "$f" ||
			fail "$new shows no size of its site tables" || return 1
		[ "$(grep -cv -e "^$new counters: " -e "^$new acquire site tables: " "$f")" -eq 0 ] ||
			fail "$new is not idle" || return 1
		grep -q ' taken=0 released=0 ' "$f" || fail "$new counts references" || return 1
		ns_files="${ns_files:-} $f"
	done
	# Every file, idle or not, starts with its own counters line.
	n=0
	for f in "$dbg"/*; do
		[ -f "$f" ] && [ ! -L "$f" ] || continue
		n=$((n + 1))
		shows_itself "$f" || fail "$f shows no counters line of its own" || return 1
	done
	echo "$n files, each with its counters line"
	ip netns del rtns || return 1
	for f in $ns_files; do
		w=0
		while [ -e "$f" ]; do
			w=$((w + 1))
			[ "$w" -le 10 ] || fail "$f still there 10s after the namespace went" ||
				return 1
			sleep 1
		done
	done
}

# netdev_files: the names of the net device tracker files.
netdev_files() {
	for nf in "$dbg"/netdev@*; do
		[ -f "$nf" ] && [ ! -L "$nf" ] && echo "${nf##*/}"
	done
	return 0
}

debugfs_netdev_file_follows_device() {
	{ echo /; netdev_files; } >/tmp/before
	ip link add rt0 type dummy || return 1
	ip link set rt0 up
	netdev_files >/tmp/after
	new=$(grep -vxF -f /tmp/before /tmp/after) || true
	[ -n "$new" ] || fail "no new netdev@ file for rt0" || return 1
	[ "$(printf '%s\n' "$new" | grep -c .)" -eq 1 ] ||
		fail "more than one new netdev@ file: $new" || return 1
	f=$dbg/$new
	cat "$f"
	shows_itself "$f" || fail "rt0's file shows no counters line of its own" ||
		return 1
	grep -A 1 -E "^$new next group: [0-9]+ users, oldest taken [0-9]+ ms ago$" "$f" |
		grep -Eq "^$new has [0-9]+/[0-9]+ users at$" ||
		fail "rt0's file shows no holder with an age" || return 1
	ip link del rt0 || return 1
	w=0
	while [ -e "$f" ]; do
		w=$((w + 1))
		[ "$w" -le 10 ] || fail "$new still there 10s after the device was freed" ||
			return 1
		sleep 1
	done
}
