# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, sockets.sh: socket and netlink
# requests that look a device up for one call.
#
# AF_PACKET bind, send on the bound device, sendto by ifindex and a
# PACKET_TX_RING (sockets packet); the IPv4 and IPv6 socket options that
# take an ifindex or an address (sockets sockopt); the per-device
# netconf and one address (sockets getaddr); a traffic class dump
# (sockets tclass); netlink traffic with an nlmon tap up; an ethtool
# link state dump of every device (sockets ethtool). Strict mode's
# silence proves them tracked, and network.sh's live_view_after that
# nothing is left behind.
#
# The tests below are the same on both bases. The scenario of each base
# sources this file (see scenario.sh).

packet_sockets() {
	/plan/bin/sockets packet v0 || fail "sockets packet v0 failed" || return 1
	/plan/bin/sockets packet br0 || fail "sockets packet br0 failed" || return 1
	no_untracked
}

socket_options() {
	/plan/bin/sockets sockopt v0 203.0.113.1 || fail "sockets sockopt v0 failed" || return 1
	no_untracked
}

netconf() {
	ip netconf show dev v0 || fail "ip netconf show dev v0 failed" || return 1
	ip -6 netconf show dev v0 || fail "ip -6 netconf show dev v0 failed" || return 1
	/plan/bin/sockets getaddr v0 2001:db8:2::1 || fail "sockets getaddr failed" || return 1
	no_untracked
}

tclass_dump() {
	/plan/bin/sockets tclass v0 || fail "sockets tclass v0 failed" || return 1
	no_untracked
}

# Every netlink message is copied to a tap that is up.
netlink_tap() {
	ip link add nlmon0 type nlmon || return 1
	ip link set nlmon0 up || return 1
	ip link show >/dev/null
	ip addr show >/dev/null
	ip -s link show nlmon0
	ip -s link show nlmon0 | grep -A 1 'RX:' | tail -n 1 | grep -Eq '^ *[1-9]' ||
		fail "nlmon0 received no netlink copies" || return 1
	ip link del nlmon0 || return 1
	no_untracked
}

# Each device's reply holds it on a local tracker for the time of the
# reply; strict mode reports the hold if it is untracked.
ethtool_dump() {
	/plan/bin/sockets ethtool v0 || fail "sockets ethtool v0 failed" || return 1
	no_untracked
}
