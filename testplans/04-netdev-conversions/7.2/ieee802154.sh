# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions on 7.2, ieee802154.sh: the tests of
# ../ieee802154.sh that are written differently for 7.2
# (../scenario-7.2.sh says why).

# A 6LoWPAN link holds its wpan device from lowpan_newlink(), through
# netdev_get_by_index(), until it is deleted. Adding one on lo (not an
# IEEE 802.15.4 device) or a second one on wpan0 takes and drops the
# reference on the error paths.
lowpan_link() {
	lp_nh=' netdev_get_by_index\+0x[^ ]* lowpan_newlink\+0x'
	ip link add link wpan0 name lowpan0 type lowpan ||
		fail "cannot add lowpan0 on wpan0" || return 1
	echo "--- wpan0"
	live_view wpan0 partial >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$lp_nh" /tmp/top ||
		fail "no tracker of wpan0 from netdev_get_by_index() in lowpan_newlink()$(truncated)" || return 1
	! ip link add link lo name lowpan1 type lowpan 2>/dev/null ||
		fail "a lowpan link on lo was added" || return 1
	! ip link add link wpan0 name lowpan1 type lowpan 2>/dev/null ||
		fail "a second lowpan link on wpan0 was added" || return 1
	ip link del lowpan0 || return 1
	sleep 1
	[ ! -e /sys/class/net/lowpan0 ] || fail "lowpan0 was not unregistered" || return 1
	top_lacks wpan0 "$lp_nh" "the deleted lowpan0 still holds wpan0" || return 1
	no_untracked
}
