# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # dbg: set in ../common.sh, which the scenario sources first
#
# Testplan 04-netdev-conversions on 7.2, common.sh: how 7.2's tracker
# views are read (see ../common.sh for the helpers both bases share).

# live_view DEV [partial]: the debugfs tracker view of DEV in this
# namespace, read through its link netdev-COOKIE-INUM-DEV-IFINDEX (INUM
# as /proc/self/ns/net shows it: "net:[4026531840]"; COOKIE is hex, so
# the pattern matches one device). Fails, saying why on stderr (callers
# redirect stdout to a file), when there is not exactly one link, and
# when the view is truncated, unless "partial" is given: a presence
# check may use a truncated view (a group it shows is there), an
# absence check may not. lv_truncated says whether it was.
live_view() {
	lv_truncated=
	lv_dev=$1 lv_mode=${2:-complete}
	lv_link=$(view_link "$lv_dev") || return 1
	cat "$lv_link" >/tmp/live_view || fail "cannot read $lv_link" >&2 || return 1
	if grep ' skipped reports about ' /tmp/live_view >&2; then
		lv_truncated=1
		if [ "$lv_mode" != partial ]; then
			cat /tmp/live_view >&2
			fail "the view of $lv_dev ($lv_link) is truncated: it cannot prove a holder gone" >&2
			return 1
		fi
	fi
	cat /tmp/live_view
}

# view_has DEV ERE: DEV's tracker view has a stack line matching ERE;
# print the lines that match.
view_has() {
	live_view "$1" partial >/tmp/view || return 1
	grep -E "$2" /tmp/view || fail "no tracker of $1 names $2$(truncated)" || return 1
}

# batman-adv makes a struct batadv_hard_iface for every Ethernet device
# when it registers, which holds the device from
# batadv_hardif_add_interface() until it unregisters; enslaving it to a
# mesh interface (bat0) makes it hold bat0 from
# batadv_hardif_enable_interface() until it is released. Both meshes
# (here and in peer) run over the veth pair; their generic netlink dumps
# and doit requests (batman-adv) look the mesh and hard interfaces up by
# ifindex (a doit request holds the mesh interface from pre_doit to
# post_doit), and enslaving v0 looks its peer v1 up across the
# namespaces (the real device of a veth). Bridging bat0 with a LAN veth makes the multicast worker hold
# the bridge for a moment every half second. The pings send frames
# through bat0 but need no reply (ARP over this two-node mesh did not
# resolve in the guest, with or without the conversions); the dumps
# need the originator and neighbour that the OGMs across the veth make.
# Addresses: 203.0.113.16/28.
# top_has DEV ERE: a tracker of DEV was taken by the function ERE names
# (the first frame of its stack); print the top frames that match.
top_has() {
	live_view "$1" partial >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$2" /tmp/top || fail "no tracker of $1 taken in $2$(truncated)" || return 1
}

# quiet DEV...: turn IPv6 off on each new DEV before it comes up, so that
# its view has room (see the header): its link-local address, routes,
# neighbour entries and cached routes would take five or more of the 16
# groups. The idev, and its two groups, stay.
quiet() {
	for q in "$@"; do
		echo 1 >"/proc/sys/net/ipv6/conf/$q/disable_ipv6" ||
			fail "cannot turn IPv6 off on $q" || return 1
	done
}

# view_link DEV: the path of the link to DEV's view (see live_view).
view_link() {
	idx=$(cat "/sys/class/net/$1/ifindex") || return 1
	inum=$(readlink /proc/self/ns/net | tr -cd 0-9)
	[ -n "$inum" ] || fail "cannot read the inode number of this namespace" >&2 || return 1
	vl_dev=$1
	set -- "$dbg"/netdev-*-"$inum-$vl_dev-$idx"
	if [ $# -ne 1 ] || [ ! -e "$1" ]; then
		fail "not one tracker view of $vl_dev/$idx: $*; links named $vl_dev: $(cd "$dbg" && echo netdev-*-"$vl_dev"-*)" >&2
		return 1
	fi
	echo "$1"
}

# reaped LINK FILE: wait (10 s at most) until LINK, a device's view
# link read while the device existed, and FILE, the file it pointed to,
# are gone: 7.2's ref_tracker removes both from a work
# item once the device is freed, and keys its files by the address of
# the device's tracker directory. A device allocated at the address of
# one freed before that work ran gets neither a view nor a link, so a
# test that creates a device right after deleting one lets the work run
# first.
reaped() {
	n=0
	while [ -L "$1" ] || [ -e "$2" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "$1 or $2 is still there 10 s after its device went" || return 1
		sleep 1
	done
}

# truncated: what a failed presence check adds when the view it read
# was truncated (the holder may be among the groups it left out).
truncated() {
	[ -z "$lv_truncated" ] || echo " (the view is truncated: the holder may be among the groups it left out)"
}
