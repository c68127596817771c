# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions on 7.2, network.sh: the tests of
# ../network.sh that are written differently for 7.2 (../scenario-7.2.sh
# says why).

# The functions converted to a local tracker, which must not hold a
# reference once they return.
short_lived='[^a-z_](packet_do_bind|packet_snd|tpacket_snd|packet_cached_dev_get|__ipv6_sock_mc_join|__ipv6_sock_mc_drop|ip6_mc_find_dev|ip6_mc_find_idev|do_ip_setsockopt|do_ipv6_setsockopt|inet_netconf_get_devconf|inet6_netconf_get_devconf|inet6_rtm_getaddr|tc_dump_tclass|__netlink_deliver_tap_skb|icmp6_send|icmp_build_probe|sock_timestamping_bind_phc|sock_set_timestamping|ethnl_default_dumpit|l2tp_eth_show|sysfs_rtnl_lock)\+0x'

# After the traffic and the socket calls, no tracker of a converted
# function is left on the devices they used. On 7.2 the views of v0 and
# br0 are full (see the header): their addresses go first, and with them
# the routes and neighbour entries that hold the devices for them. That
# releases no reference a converted function took and kept, so the
# (then complete) views still show any such leftover.
live_view_after() {
	for d in v0 br0; do
		ip addr flush dev "$d" || return 1
		ip neigh flush dev "$d" || return 1
	done
	sleep 1
	for d in v0 br0; do
		echo "--- $d"
		live_view "$d" >/tmp/view || return 1
		cat /tmp/view
		top_frames </tmp/view >/tmp/top
		! grep -E "$short_lived" /tmp/top ||
			fail "a converted function still holds $d" || return 1
	done
	no_untracked
}
