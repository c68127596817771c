# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, network.sh: the network the other
# tests use and its end.
#
# setup_network builds a veth pair across two namespaces (v0 here, v1 in
# peer), a VLAN on it (v0.5, v1.5) and a dummy in a bridge (d0 in br0);
# traffic pings over IPv4, IPv6 and the VLAN; carrier_rename_netns
# changes the carrier, renames d0 and moves it to peer and back. Then
# live_view_after reads v0's and br0's views for a tracker of one of the
# functions the topic converts to a local tracker (those references live
# for one call, a sendmsg(), a setsockopt(), a netlink request, and
# cannot be caught while held), teardown deletes everything and no
# device may wait for its references, and no_untracked_anywhere checks
# the whole log for strict mode's lines.
#
# The tests below are the same on both bases; 6.12/network.sh and
# 7.2/network.sh hold the ones that differ. The scenario of each base
# sources this file (see scenario.sh).

setup_network() {
	ip link set lo up || return 1
	ip netns add peer || return 1
	ip -n peer link set lo up
	ip link add v0 type veth peer name v1 netns peer || return 1
	ip addr add 203.0.113.1/28 dev v0 || return 1
	ip -n peer addr add 203.0.113.2/28 dev v1 || return 1
	ip -6 addr add 2001:db8:2::1/64 dev v0 nodad || return 1
	ip -n peer -6 addr add 2001:db8:2::2/64 dev v1 nodad || return 1
	ip link set v0 up
	ip -n peer link set v1 up
	ip link add link v0 name v0.5 type vlan id 5 || return 1
	ip -n peer link add link v1 name v1.5 type vlan id 5 || return 1
	ip addr add 198.51.100.1/28 dev v0.5 || return 1
	ip -n peer addr add 198.51.100.2/28 dev v1.5 || return 1
	ip link set v0.5 up
	ip -n peer link set v1.5 up
	ip link add d0 type dummy || return 1
	ip link add br0 type bridge || return 1
	ip link set d0 master br0 || return 1
	ip addr add 192.0.2.1/24 dev br0 || return 1
	ip link set d0 up
	ip link set br0 up
	no_untracked
}

traffic() {
	ping -c 2 -W 2 203.0.113.2 || fail "IPv4 ping across the veth failed" || return 1
	ping -c 2 -W 2 2001:db8:2::2 || fail "IPv6 ping across the veth failed" || return 1
	ping -c 2 -W 2 198.51.100.2 || fail "ping over the VLAN failed" || return 1
	ping -c 1 -W 1 192.0.2.9 >/dev/null 2>&1 || true
	no_untracked
}

carrier_rename_netns() {
	ip -n peer link set v1 down
	sleep 1
	grep -q 0 /sys/class/net/v0/carrier || fail "v0 kept its carrier" || return 1
	ip -n peer link set v1 up
	sleep 1
	ip link set d0 nomaster || return 1
	ip link set d0 down
	ip link set d0 name d9 || return 1
	ip link set d9 up
	ip addr add 192.0.2.1/24 dev d9 || return 1
	ip link set d9 netns peer || return 1
	ip -n peer link set d9 up
	ip -n peer link set d9 netns 1 || return 1
	[ -e /sys/class/net/d9 ] || fail "d9 did not come back" || return 1
	ip link set d9 up
	ping -c 1 -W 2 203.0.113.2 || fail "ping after the carrier change failed" || return 1
	no_untracked
}

teardown() {
	ip link del br0 || return 1
	ip link del d9 || return 1
	ip link del v0.5 || return 1
	ip link del v0 || return 1
	ip netns del peer || return 1
	sleep 2
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a device waited for its references" || return 1
	no_untracked
}

no_untracked_anywhere() {
	if dmesg | grep 'netdev: untracked dev_'; then
		fail "strict mode reported the untracked references above"
		return 1
	fi
	echo "no untracked reference reported since boot"
}
