# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, routing.sh: routing, ICMP and pktgen.
#
# The peer namespace routes and answers with ICMPv6 "no route" errors;
# RFC 8335 PROBE requests (sockets probe); the nexthop of the local
# route an IPv4 address gets (fib_create_info()); IPv4 and IPv6
# multicast routing interfaces (sockets mroute: vif_add(), mif6_add(),
# and ipmr_reg_vif() and ip6mr_reg_vif() for the register devices; the
# compiler may inline each into its caller, up to
# ip6_mroute_setsockopt()); a pktgen device's output device
# (pktgen_setup_dev()). A long-lived holder must be in its device's view
# while it exists, and gone from it after.
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
