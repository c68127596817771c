# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, ieee802154.sh: IEEE 802.15.4 and
# 6LoWPAN.
#
# On mac802154_hwsim: AF_IEEE802154 sockets, nl802154 and the legacy
# "802.15.4 MAC" netlink requests (ieee802154), and a 6LoWPAN link on
# wpan0 (lowpan_newlink()).
#
# The tests below are the same on both bases; 6.12/ieee802154.sh and
# 7.2/ieee802154.sh hold the ones that differ. The scenario of each base
# sources this file (see scenario.sh).

# IEEE 802.15.4 (mac802154_hwsim's wpan0, ieee802154.c): PAN id and short
# address set with SIOCSIFADDR, the nl802154 requests whose pre_doit
# holds the device until post_doit, AF_IEEE802154 raw and datagram
# sockets bound by extended and by short address and sending, and the
# legacy "802.15.4 MAC" netlink requests that name a device. Unbound
# raw and datagram sockets send on the first IEEE 802.15.4 device
# (netdev_getfirstbyhwtype()), wpan0. Each holds wpan0 for one call, on
# a local tracker: strict mode stays silent and no tracker of theirs is
# left in wpan0's view.
wpan_short_lived='[^a-z_](nl802154_pre_doit|netdev_getfirstbyhwtype|ieee802154_get_dev|ieee802154_dev_ioctl|ieee802154_sock_ioctl|raw_bind|raw_sendmsg|dgram_bind|dgram_sendmsg|ieee802154_nl_get_dev|ieee802154_[a-z_]*_(req|resp|iface|macparams|getparams|setparams)|ieee802154_nl_llsec_change)\+0x'
wpan_sockets() {
	[ -e /sys/class/net/wpan0 ] || fail "no wpan0 (mac802154_hwsim)" || return 1
	ip link set wpan0 down
	/plan/bin/ieee802154 setaddr wpan0 0x0777 0x0001 ||
		fail "ieee802154 setaddr wpan0 failed" || return 1
	/plan/bin/ieee802154 nl802154 wpan0 ||
		fail "ieee802154 nl802154 wpan0 failed" || return 1
	ip link set wpan0 up || return 1
	/plan/bin/ieee802154 sock wpan0 0x0777 0x0001 ||
		fail "ieee802154 sock wpan0 failed" || return 1
	/plan/bin/ieee802154 mac wpan0 || fail "ieee802154 mac wpan0 failed" || return 1
	live_view wpan0 >/tmp/view || return 1
	cat /tmp/view
	top_frames </tmp/view >/tmp/top
	! grep -E "$wpan_short_lived" /tmp/top ||
		fail "a converted IEEE 802.15.4 function still holds wpan0" || return 1
	no_untracked
}

# A legacy ADD_IFACE holds the new interface while it fills the reply,
# DEL_IFACE while it deletes it: the interface must unregister at once.
wpan_legacy_iface() {
	phy=
	for p in /sys/class/ieee802154/*; do
		[ -e "$p" ] && phy=${p##*/} && break
	done
	[ -n "$phy" ] || fail "no IEEE 802.15.4 PHY" || return 1
	/plan/bin/ieee802154 iface "$phy" wpan9 ||
		fail "ieee802154 iface $phy wpan9 failed" || return 1
	gone_at_once wpan9 || return 1
	no_untracked
}
