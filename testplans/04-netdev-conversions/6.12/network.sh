# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions on 6.12, network.sh: the tests of
# ../network.sh that are written differently for 6.12 or run on it only
# (../scenario.sh says why).

# The functions converted to a local tracker, which must not hold a
# reference once they return.
short_lived='[^a-z_](packet_do_bind|packet_snd|tpacket_snd|packet_cached_dev_get|__ipv6_sock_mc_join|__ipv6_sock_mc_drop|ip6_mc_find_dev|do_ip_setsockopt|do_ipv6_setsockopt|inet_netconf_get_devconf|inet6_netconf_get_devconf|inet6_rtm_getaddr|tc_dump_tclass|__netlink_deliver_tap_skb|icmp6_send|icmp_build_probe|sock_timestamping_bind_phc|sock_set_timestamping|ethnl_default_dumpit|l2tp_eth_show)\+0x'

# After the traffic and the socket calls, no tracker of a converted
# function is left on the devices they used.
live_view_after() {
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
