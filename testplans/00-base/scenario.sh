# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 00-base: the packaged 6.12 kernel, no topic applied.
#
# Proves the guest and its network work (lo, dummy, veth across two
# namespaces, bridge, vlan, IPv4 and IPv6 addresses and routes), and that
# the seed series' behaviours exist in the packaged kernel: the tree's
# test_ref_tracker module reports a double release with the stacks where
# the reference was taken and released, and two leaked references, one
# taken from the timer softirq. Addresses are from the documentation
# ranges (RFC 5737, RFC 3849); the guest has no NIC, nothing leaves it.

TESTS="loopback dummy_addresses_routes veth_ping_across_netns bridge_ping vlan
teardown_frees_devices ref_tracker_selftest_double_release
ref_tracker_selftest_leaks"

loopback() {
	ip link set lo up || return 1
	ping -c 1 -W 2 127.0.0.1 || fail "no IPv4 loopback"
	ping -c 1 -W 2 ::1 || fail "no IPv6 loopback"
}

dummy_addresses_routes() {
	ip link add d0 type dummy || return 1
	ip link set d0 up
	ip addr add 192.0.2.1/24 dev d0 || return 1
	ip -6 addr add 2001:db8:1::1/64 dev d0 nodad || return 1
	ip route add 198.51.100.0/24 via 192.0.2.2 || return 1
	ip -6 route add 2001:db8:99::/48 via 2001:db8:1::2 || return 1
	ip route get 198.51.100.7 | grep -q 'via 192.0.2.2 dev d0' ||
		fail "IPv4 route not used"
	ip -6 route get 2001:db8:99::7 | grep -q 'via 2001:db8:1::2 dev d0' ||
		fail "IPv6 route not used"
}

veth_ping_across_netns() {
	ip netns add peer || return 1
	ip link add v0 type veth peer name v1 netns peer || return 1
	ip addr add 203.0.113.1/28 dev v0 || return 1
	ip -n peer addr add 203.0.113.2/28 dev v1 || return 1
	ip -6 addr add 2001:db8:2::1/64 dev v0 nodad
	ip -n peer -6 addr add 2001:db8:2::2/64 dev v1 nodad
	ip link set v0 up
	ip -n peer link set v1 up
	ip -n peer link set lo up
	ping -c 2 -W 2 203.0.113.2 || fail "IPv4 ping across the veth failed"
	ping -c 2 -W 2 2001:db8:2::2 || fail "IPv6 ping across the veth failed"
}

bridge_ping() {
	ip link add br0 type bridge || return 1
	ip link set v0 master br0 || return 1
	ip addr flush dev v0
	ip addr add 203.0.113.1/28 dev br0
	ip link set br0 up
	bridge link show | grep -q 'v0.*master br0' || fail "v0 not in br0"
	ping -c 2 -W 2 203.0.113.2 || fail "ping through the bridge failed"
}

vlan() {
	ip link add link d0 name d0.10 type vlan id 10 || return 1
	ip addr add 203.0.113.17/28 dev d0.10 || return 1
	ip link set d0.10 up
	ip -d link show d0.10 | grep -q 'vlan protocol 802.1Q id 10' ||
		fail "d0.10 is not a vlan"
}

teardown_frees_devices() {
	ip link del d0.10 && ip link del br0 && ip link del v0 &&
		ip link del d0 && ip netns del peer || return 1
	sleep 1
	for d in d0 d0.10 br0 v0; do
		[ ! -e "/sys/class/net/$d" ] || fail "$d still exists"
	done
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a device was leaked"
}

ref_tracker_selftest_double_release() {
	insmod /lib/modules/test_ref_tracker.ko || fail "insmod failed"
	expect_dmesg 'ref_tracker: reference already released'
	# The 19 alloctest_ref_tracker_allocN() are identical; GCC folds
	# them into one (-fipa-icf), so the stack names whichever survived.
	dmesg_since | grep -A 12 'allocated in:' | grep -Eq 'alloctest_ref_tracker_alloc[0-9]+' ||
		fail "no acquire stack naming alloctest_ref_tracker_allocN"
	dmesg_since | grep -A 12 'freed in:' | grep -q 'alloctest_ref_tracker_free' ||
		fail "no release stack naming alloctest_ref_tracker_free"
}

ref_tracker_selftest_leaks() {
	ktap_dmesg_mark=0
	n=$(dmesg | grep -c 'selftest@.* has 1/2 users at')
	[ "$n" -eq 2 ] || fail "expected two leaked-reference groups, got $n"
	dmesg | grep -A 12 'selftest@.* has 1/2 users at' | grep -q alloctest_ref_tracker_alloc1 ||
		fail "no leak report for alloctest_ref_tracker_alloc1"
	dmesg | grep -A 12 'selftest@.* has 1/2 users at' |
		grep -q test_ref_tracker_timer_func || fail "no leak from the timer"
	dmesg | grep -A 16 'selftest@.* has 1/2 users at' |
		grep -Eq 'call_timer_fn|run_timer_softirq|handle_softirqs' ||
		fail "the timer leak's stack does not show the softirq"
}
