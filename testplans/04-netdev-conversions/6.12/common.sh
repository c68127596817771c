# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # dbg: set in ../common.sh, which the scenario sources first
#
# Testplan 04-netdev-conversions on 6.12, common.sh: how 6.12's tracker
# views are read (see ../common.sh for the helpers both bases share).

# live_view DEV: the debugfs tracker view of DEV (in this namespace).
live_view() {
	idx=$(cat "/sys/class/net/$1/ifindex") || return 1
	for f in "$dbg"/*; do
		case ${f##*/} in
		"$1_$idx"-* | *[!a-z0-9]"$1_$idx"-*) cat "$f"; return 0 ;;
		esac
	done
	fail "no tracker view for $1/$idx in $dbg"
}

# view_has DEV ERE: DEV's tracker view has a stack line matching ERE;
# print the lines that match.
view_has() {
	live_view "$1" >/tmp/view || return 1
	grep -E "$2" /tmp/view || fail "no tracker of $1 names $2" || return 1
}

# top_view DEV: print the first frames of each of DEV's trackers and keep
# them in /tmp/top.
top_view() {
	live_view "$1" >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	cat /tmp/top
}

# top_has DEV ERE: a tracker of DEV was taken by the function ERE names
# (the first frame of its stack); print the top frames that match.
top_has() {
	live_view "$1" >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$2" /tmp/top || fail "no tracker of $1 taken in $2" || return 1
}
