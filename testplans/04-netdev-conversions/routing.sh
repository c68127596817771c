# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, routing.sh: routing, ICMP, pktgen and
# tc's mirred action.
#
# The peer namespace routes and answers with ICMPv6 "no route" errors;
# RFC 8335 PROBE requests (sockets probe); the nexthop of the local
# route an IPv4 address gets (fib_create_info()); IPv4 and IPv6
# multicast routing interfaces (sockets mroute: vif_add(), mif6_add(),
# and ipmr_reg_vif() and ip6mr_reg_vif() for the register devices; the
# compiler may inline each into its caller, up to
# ip6_mroute_setsockopt()); a pktgen device's output device
# (pktgen_setup_dev()); a tc mirred action's target device
# (tcf_mirred_init()) and the offload set-up of a filter using it
# (tcf_mirred_get_dev()). A long-lived holder must be in its device's
# view while it exists, and gone from it after.
#
# The tests below are the same on both bases; 6.12/routing.sh and
# 7.2/routing.sh hold the ones that differ. The scenario of each base
# sources this file (see scenario.sh).

# The peer forwards IPv6 and has no route for 2001:db8:99::/48: each
# echo request it gets for it is answered by icmp6_send() with no
# source address given, which picks one on the incoming device.
icmp6_error_source() {
	ip netns exec peer sh -c 'echo 1 >/proc/sys/net/ipv6/conf/all/forwarding' ||
		fail "cannot enable forwarding in peer" || return 1
	ip -6 route add 2001:db8:99::/48 via 2001:db8:2::2 || return 1
	before=$(ip netns exec peer cat /proc/net/snmp6 | awk '$1 == "Icmp6OutDestUnreachs" { print $2 }')
	ping -c 2 -W 2 2001:db8:99::1 || true
	after=$(ip netns exec peer cat /proc/net/snmp6 | awk '$1 == "Icmp6OutDestUnreachs" { print $2 }')
	echo "peer Icmp6OutDestUnreachs: $before -> $after"
	[ "$after" -gt "$before" ] || fail "the peer sent no ICMPv6 unreachable" || return 1
	ip -6 route del 2001:db8:99::/48
	no_untracked
}

# The peer answers PROBE requests for its v1 by name, for ifindex 1
# (its lo) and for the owners of its IPv4 and IPv6 addresses.
icmp_probe() {
	ip netns exec peer sh -c 'echo 1 >/proc/sys/net/ipv4/icmp_echo_enable_probe' ||
		fail "cannot enable PROBE replies in peer" || return 1
	/plan/bin/sockets probe v1 203.0.113.2 203.0.113.2 2001:db8:2::2 ||
		fail "sockets probe failed" || return 1
	no_untracked
}

# A tc mirred action keeps its target device on the action's tracker,
# taken by tcf_mirred_init() (on a local tracker handed over once the
# previous target is released), until the action is replaced or deleted
# or the device goes away (mirred_device_event()). Inserting a filter
# also sets its actions up for offload, on a device without offload
# callbacks too, which holds the target for the flow rule
# (tcf_mirred_get_dev()) until tc_cleanup_offload_action() drops it
# (tcf_mirred_dev_put()). tm0's ingress is mirrored to tm2 by a matchall
# filter, and a standalone action first redirects to tm2, then is
# replaced to redirect to tm3: the trackers must be in tm2's and tm3's
# views, tm2 must count tm0's frames and unregister at once while the
# filter still names it, and strict mode must stay silent.
tc_mirred() {
	tm_init='[^a-z_]tcf_mirred_init\+0x'
	ip link add tm0 type veth peer name tm1 || return 1
	ip link add tm2 type dummy || return 1
	ip link add tm3 type dummy || return 1
	for d in tm0 tm1 tm2 tm3; do ip link set "$d" up || return 1; done
	tc qdisc add dev tm0 clsact || fail "tc qdisc add dev tm0 clsact failed" || return 1
	tc filter add dev tm0 ingress matchall action mirred egress mirror dev tm2 ||
		fail "tc filter add dev tm0 ingress matchall ... mirred failed" || return 1
	tc actions add action mirred egress redirect dev tm2 index 41 ||
		fail "tc actions add action mirred failed" || return 1
	top_has tm2 "$tm_init" || return 1
	tc actions replace action mirred egress redirect dev tm3 index 41 ||
		fail "tc actions replace action mirred failed" || return 1
	top_has tm3 "$tm_init" || return 1
	tx0=$(cat /sys/class/net/tm2/statistics/tx_packets)
	ip addr add 203.0.113.97/30 dev tm1 || return 1
	ping -c 3 -W 1 203.0.113.98 >/dev/null 2>&1 || true
	tx1=$(cat /sys/class/net/tm2/statistics/tx_packets)
	echo "tc mirred: tm2 sent $tx0 -> $tx1 frames mirrored from tm0's ingress"
	[ "$tx1" -gt "$tx0" ] || fail "tm0's ingress was not mirrored to tm2" || return 1
	ip link del tm2 || return 1
	gone_at_once tm2 || return 1
	tc actions delete action mirred index 41 ||
		fail "tc actions delete action mirred failed" || return 1
	top_lacks tm3 "$tm_init" "the deleted mirred action still holds tm3" || return 1
	ip link del tm0 || return 1
	ip link del tm3 || return 1
	gone_at_once tm0 tm1 tm3 || return 1
	no_untracked
}
