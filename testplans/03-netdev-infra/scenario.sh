# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034 # TESTS and ktap_dmesg_mark are read by qemu/ktap.sh
#
# Testplan 03-netdev-infra: the net device reference reports.
#
# Uses test_netdev_ref_leak (topic 03's selftest module, built out of
# tree by tooling/build) to hold
# references on dummy devices and deletes them while a reference is
# held, with netdev_unregister_timeout_secs at 1, so that the unregister
# wait report shows within seconds: for a tracked reference it must name
# the holder (netdev_ref_leak_hold_tracked) under a tracker directory
# named "name/ifindex"; for a dev_hold() it must count one untracked
# reference, and strict mode (CONFIG_NET_DEV_REFCNT_TRACKER_STRICT=y)
# must have named the caller when the reference was taken, and a hold
# and a put in one function as two call sites. A second release of a
# tracked reference must be reported without unbalancing the refcount,
# on every release path: netdev_put(), netdev_ref_replace() (the dst
# move to blackhole_dev), linkwatch's, and in sampled mode a release
# through a copy of an unsampled reference's slot (all but linkwatch's
# on a private device the module never registers). A rename must rename
# the tracker directory, and unloading the module must drop what it
# holds; strict mode reports a call site only once. Each leak is
# released at the end of its test and the deletion must then finish.
#
# Then, without the module: three devices named eth0 in three network
# namespaces must have three debugfs files, net<inum>_eth0_<ifindex>-<id>,
# and a namespace move must rename the file. And the seed series'
# conversions, each exercised while the device's live view
# (/sys/kernel/debug/ref_tracker/net<inum>_<dev>_<ifindex>-<id>) must show
# a holder whose acquire stack goes through the converting function: rx
# and tx queue kobjects, dst entries from routes and pings (and, for a
# dst a socket keeps past the device, the move to blackhole_dev in
# dst_dev_put()), in_device, a pending linkwatch event, ipmr and ip6mr
# vifs added by refholder.c (MRT_ADD_VIF, MRT6_ADD_MIF), and netpoll
# through netconsole (on a dummy device: this 6.12 refuses netpoll on a
# veth, which is checked too). After each teardown the device and its
# view must be gone with no report. Addresses are from the documentation
# ranges (RFC 5737, RFC 3849); the guest has no NIC, nothing leaves it.

TESTS="load_module tracked_leak_report untracked_leak_report
untracked_pair_sites double_release_balanced double_replace_balanced
double_release_linkwatch_balanced double_release_copy_balanced
rename_names_tracker module_exit_releases selftest_netdev_ref_leak
netns_scoped_names view_queues view_in_device view_linkwatch
view_dst_blackhole view_mroute_vifs view_netconsole debugfs_read_irqsoff"

leak=/sys/kernel/debug/netdev_ref_leak
dbg=/sys/kernel/debug/ref_tracker

# The functions both bases' scenarios share.
# shellcheck source=/dev/null # common.sh, linted on its own
. /plan/common.sh

# view_file DEV: the debugfs file of DEV in the init namespace,
# net<inum>_DEV_<ifindex>-<id>.
view_file() {
	vf_idx=$(cat "/sys/class/net/$1/ifindex") || return 1
	set -- "$dbg/net$(netns_inum)_$1_$vf_idx"-*
	[ -e "$1" ] || { echo "no debugfs view for $1" >&2; return 1; }
	echo "$1"
}

# scoped_files PREFIX: the names of the debugfs files starting with PREFIX.
scoped_files() {
	for sf in "$dbg/$1"*; do
		if [ -e "$sf" ]; then
			echo "${sf##*/}"
		fi
	done
}

# groups_with FILE ERE: print the holder groups of the view FILE whose
# acquire site, the first function of the stack, matches ERE; fail if
# there is none. A reference taken through netdev_get_by_index() or
# netdev_get_by_name() (topic 04's conversions: make test boots this
# plan on the last topic's kernel) is taken at that function's caller.
groups_with() {
	awk -v re="^[[:space:]]*(${2})[+]0x" '
		function flush() {
			if (first ~ re) { print g; found = 1 }
		}
		/ has [0-9]+\/[0-9]+ users/ { flush(); g = $0; first = ""; next }
		{
			g = g "\n" $0
			if (first == "" && $0 ~ /[+]0x/ &&
			    $0 !~ /^[[:space:]]*netdev_get_by_(index|name)[+]0x/)
				first = $0
		}
		END { flush(); exit !found }' "$1"
}

# freed DEV FILE: DEV, just deleted, is gone, its view FILE went with it,
# and nothing was reported for it.
freed() {
	n=0
	while [ -e "/sys/class/net/$1" ] || [ -e "$2" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "$1 or its view $2 still there after 10s" ||
			return 1
		sleep 1
	done
	! dmesg_since | grep -E "unregister_netdevice: waiting for $1 |ref_tracker: $1/" ||
		fail "a report for $1"
}

tracked_leak_report() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/hold" || fail "hold failed" || return 1
	! dmesg_since | grep 'untracked .*netdev_ref_leak_hold_tracked' ||
		fail "strict mode reported a tracked reference" || return 1
	del_in_background d0
	sleep 3
	expect_dmesg "unregister_netdevice: waiting for d0 to become free\. Usage count = 2" ||
		return 1
	report_block d0 | grep -A 1 -E "ref_tracker: d0/$idx@[^ ]+ next group: 1 users, oldest taken [0-9]+ ms ago$" |
		grep -E "ref_tracker: d0/$idx@[^ ]+ has 1/1 users at$" ||
		fail "no tracker group with its age for d0/$idx" || return 1
	report_block d0 | grep -q netdev_ref_leak_hold_tracked ||
		fail "the report does not name netdev_ref_leak_hold_tracked" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=1 no_stack=0 (no_tracker=0 untracked=0 unsampled=0)$' ||
		fail "no tracked=1 no_stack=0 line" || return 1
	echo d0 >"$leak/release" || fail "release failed" || return 1
	wait_deleted d0 10
}

untracked_leak_report() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/hold_untracked" || fail "hold_untracked failed" || return 1
	expect_dmesg "netdev: untracked dev_hold\(\) on d0/$idx from netdev_ref_leak_hold_untracked" \
		"strict mode line naming netdev_ref_leak_hold_untracked" || return 1
	dmesg_since | grep 'netdev: untracked dev_hold() on d0/'
	del_in_background d0
	sleep 3
	expect_dmesg "unregister_netdevice: waiting for d0 to become free\. Usage count = 2" ||
		return 1
	report_block d0 | grep -E "ref_tracker: d0/$idx@[^ ]+ counters: .* no_tracker=1 " ||
		fail "no counters line for d0/$idx with no_tracker=1" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=0 no_stack=1 (no_tracker=1 untracked=0 unsampled=0)$' ||
		fail "no tracked=0 no_stack=1 line" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: holders of references taken with dev_hold() or left untracked by a failed tracker allocation have no stack; the "netdev: untracked dev_hold()" lines name' ||
		fail "no hint about the reference without a stack" || return 1
	echo d0 >"$leak/release_untracked" || fail "release_untracked failed" || return 1
	wait_deleted d0 10
}

# double OP WHAT CASE: OP on a fresh d0 must say its refcount stayed
# balanced ("WHAT on d0: ... (balanced)"), and the tracker must report
# exactly one double release, in d0's directory, of the kind CASE; then
# d0 is deleted without waiting.
double() {
	ip link add d0 type dummy || return 1
	ip link set d0 up || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/$1" || fail "$1 says the refcount is unbalanced" || return 1
	dmesg_since | grep -E "$2 on d0: .*\((balanced|UNBALANCED)\)"
	expect_dmesg "$2 on d0: .* \(balanced\)$" || return 1
	one_double_release "d0/$idx@[^ ]+" "$3" || return 1
	del_in_background d0
	wait_deleted d0 5 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "d0 waited for a reference after $1"
}

# double_private OP WHAT CASE: as double, on p0, a device the module
# allocates and frees without registering it, so that no other holder
# can move the refcount it compares. Its directory is plain "p0".
double_private() {
	echo p0 >"$leak/$1" || fail "$1 says the refcount is unbalanced" || return 1
	dmesg_since | grep -E "$2 on p0: .*\((balanced|UNBALANCED)\)"
	expect_dmesg "$2 on p0: .* \(balanced\)$" || return 1
	one_double_release "p0@[^ ]+" "$3" || return 1
	[ ! -e /sys/class/net/p0 ] || fail "p0 was registered"
}

# Linkwatch's reference, released behind its back: whichever release
# comes second is the double one; the reference was taken for the event.
double_release_linkwatch_balanced() {
	double double_release_linkwatch "double linkwatch release" \
		"double release of a quarantined reference$" || return 1
	stacks 'linkwatch_add_event|linkwatch_fire_event' \
		'netdev_ref_leak_(double_release_linkwatch|write)|linkwatch_do_dev|__linkwatch_run_queue|linkwatch_sync_dev'
}

rename_names_tracker() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	ip link set d0 name d1 || return 1
	set -- "$dbg/net$(netns_inum)_d1_$idx"-*
	[ -e "$1" ] || fail "no debugfs file net*_d1_$idx-* for the renamed device" ||
		return 1
	echo "debugfs: $1"
	echo d1 >"$leak/hold" || fail "hold failed" || return 1
	del_in_background d1
	sleep 3
	report_block d1 | grep -E "ref_tracker: d1/$idx@.* has 1/1 users" ||
		fail "the report does not name d1/$idx" || return 1
	echo d1 >"$leak/release" || fail "release failed" || return 1
	wait_deleted d1 10
}

# Three devices named eth0, in the init namespace and in two others: the
# reports name each "eth0/IFINDEX", and their debugfs files differ by
# namespace. A namespace move renames the file, keeping its ID.
netns_scoped_names() {
	ip netns add nsa || return 1
	ip netns add nsb || return 1
	ip link add eth0 type dummy || return 1
	ip -n nsa link add eth0 type dummy || return 1
	ip -n nsb link add eth0 type dummy || return 1
	i0=$(netns_inum) ia=$(netns_inum nsa) ib=$(netns_inum nsb)
	echo "namespaces: init net$i0, nsa net$ia, nsb net$ib"
	[ -n "$ia" ] && [ "$ia" != "$i0" ] && [ "$ib" != "$ia" ] ||
		fail "namespace inode numbers not distinct" || return 1
	x0=$(cat /sys/class/net/eth0/ifindex)
	xa=$(ip netns exec nsa cat /sys/class/net/eth0/ifindex)
	xb=$(ip netns exec nsb cat /sys/class/net/eth0/ifindex)
	for f in "net${i0}_eth0_$x0" "net${ia}_eth0_$xa" "net${ib}_eth0_$xb"; do
		set -- "$dbg/$f"-*
		[ -e "$1" ] || fail "no debugfs file $f-*" || return 1
		echo "debugfs: $1"
		grep -q "eth0/[0-9]*@.* counters:" "$1" ||
			fail "$1 does not show the directory eth0/IFINDEX" || return 1
	done
	set -- "$dbg/net${ia}_eth0_$xa"-*
	id=${1##*-}
	ip -n nsa link set eth0 name eth1 || return 1
	ip -n nsa link set eth1 netns nsb || return 1
	x1=$(ip netns exec nsb cat /sys/class/net/eth1/ifindex)
	[ -e "$dbg/net${ib}_eth1_$x1-$id" ] ||
		fail "no net${ib}_eth1_$x1-$id after the move: $(scoped_files net)" ||
		return 1
	echo "moved: $dbg/net${ib}_eth1_$x1-$id"
	[ -z "$(scoped_files "net${ia}_eth")" ] ||
		fail "an eth file of nsa remains after the move" || return 1
	f0=$(view_file eth0) || return 1
	ip link del eth0 || return 1
	freed eth0 "$f0" || return 1
	ip netns del nsa || return 1
	ip netns del nsb || return 1
	n=0
	while [ -n "$(scoped_files "net${ib}_")" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "files of nsb remain: $(scoped_files "net${ib}_")" ||
			return 1
		sleep 1
	done
	! dmesg_since | grep -E 'unregister_netdevice: waiting|ref_tracker: eth[01]/' ||
		fail "a report for a device of the namespaces"
}

# struct netdev_rx_queue and struct netdev_queue: one reference per
# queue kobject (rx-N, tx-N in sysfs), taken when the kobject is added.
view_queues() {
	ip link add c6q0 numtxqueues 3 numrxqueues 4 type dummy || return 1
	ls /sys/class/net/c6q0/queues
	for q in rx-0 rx-3 tx-0 tx-2; do
		[ -d "/sys/class/net/c6q0/queues/$q" ] || fail "no queues/$q" || return 1
	done
	g=$(holder c6q0 'rx_queue_add_kobject|net_rx_queue_update_kobjects') ||
		{ echo "$g"; return 1; }
	echo "$g"
	echo "$g" | grep -q ' has 4/' || fail "the rx queue group does not hold 4 references" || return 1
	g=$(holder c6q0 'netdev_queue_add_kobject|netdev_queue_update_kobjects') ||
		{ echo "$g"; return 1; }
	echo "$g"
	echo "$g" | grep -q ' has 3/' || fail "the tx queue group does not hold 3 references" || return 1
	f=$(view_file c6q0) || return 1
	ip link del c6q0 || return 1
	freed c6q0 "$f"
}

# dst_entry: routes and traffic across a veth pair hold it; a dst still
# used by a socket when the device goes away moves its reference to
# blackhole_netdev (dst_dev_put()), so that the device can be freed.
view_dst_blackhole() {
	ip netns add c6p || return 1
	ip link add c6d0 type veth peer name c6d1 netns c6p || return 1
	ip addr add 192.0.2.33/28 dev c6d0 || return 1
	ip -n c6p addr add 192.0.2.34/28 dev c6d1 || return 1
	ip -6 addr add 2001:db8:6:2::1/64 dev c6d0 nodad || return 1
	ip -n c6p -6 addr add 2001:db8:6:2::2/64 dev c6d1 nodad || return 1
	ip link set c6d0 up && ip -n c6p link set c6d1 up || return 1
	ping -c 2 -W 2 192.0.2.34 || fail "IPv4 ping across the veth failed" || return 1
	ping -c 2 -W 2 2001:db8:6:2::2 || fail "IPv6 ping across the veth failed" || return 1
	holder c6d0 'dst_init|dst_alloc' || return 1
	/plan/bin/refholder udp 192.0.2.34 >/tmp/udp.log 2>&1 &
	pid=$!
	wait_ready /tmp/udp.log || return 1
	f=$(view_file c6d0) || return 1
	ip link del c6d0 || return 1
	freed c6d0 "$f" || return 1
	set -- "$dbg"/blackhole_dev-*
	[ -e "$1" ] || fail "no debugfs view for blackhole_dev" || return 1
	bh=$1
	groups_with "$bh" 'dst_dev_put' ||
		fail "no holder of blackhole_dev through dst_dev_put: $(cat "$bh")" ||
		return 1
	kill "$pid"
	wait "$pid"
	n=0
	while groups_with "$bh" 'dst_dev_put' >/dev/null; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "the socket's dst still holds blackhole_dev" ||
			return 1
		sleep 1
	done
	ip netns del c6p
}

# struct vif_device: a multicast routing vif (ipmr) and mif (ip6mr) on a
# device hold it until the routing socket is closed.
view_mroute_vifs() {
	ip link add c6m0 type dummy || return 1
	ip link set c6m0 up || return 1
	ip addr add 192.0.2.49/28 dev c6m0 || return 1
	x=$(cat /sys/class/net/c6m0/ifindex)
	f=$(view_file c6m0) || return 1
	/plan/bin/refholder vif "$x" >/tmp/vif.log 2>&1 &
	pid4=$!
	/plan/bin/refholder mif "$x" >/tmp/mif.log 2>&1 &
	pid6=$!
	wait_ready /tmp/vif.log && wait_ready /tmp/mif.log || return 1
	# vif_add() is inlined into its caller in some configurations
	# (7.2 with the irqsoff tracer).
	holder c6m0 'vif_add|ip_mroute_setsockopt' || return 1
	# mif6_add() is inlined into its one caller.
	holder c6m0 'mif6_add|ip6_mroute_setsockopt' || return 1
	kill "$pid4" "$pid6"
	wait "$pid4" "$pid6"
	sleep 1
	! groups_with "$f" 'vif_add|ip_mroute_setsockopt|mif6_add|ip6_mroute_setsockopt' ||
		fail "vif or mif references left after the sockets closed" ||
		return 1
	ip link del c6m0 || return 1
	freed c6m0 "$f"
}

# struct netpoll: netconsole holds its device from netpoll_setup();
# deleting the device makes netconsole let go. This 6.12 sets
# IFF_DISABLE_NETPOLL on veth, so netconsole must refuse a veth and is
# bound to a dummy device instead.
view_netconsole() {
	ip link add c6n2 type veth peer name c6n3 || return 1
	ip link set c6n3 up && ip link set c6n2 up || return 1
	! insmod /lib/modules/netconsole.ko \
		netconsole=6665@192.0.2.65/c6n2,6666@192.0.2.66/ ||
		fail "netconsole accepted a veth" || return 1
	expect_dmesg "netpoll: netconsole: c6n2 doesn't support polling" || return 1
	ip link del c6n2 || return 1
	ip link add c6n0 type dummy || return 1
	ip link set c6n0 up || return 1
	ip addr add 192.0.2.65/28 dev c6n0 || return 1
	insmod /lib/modules/netconsole.ko \
		netconsole=6665@192.0.2.65/c6n0,6666@192.0.2.66/ ||
		fail "insmod netconsole failed" || return 1
	expect_dmesg 'netconsole: network logging started' || return 1
	holder c6n0 'netpoll_setup' || return 1
	f=$(view_file c6n0) || return 1
	ip link del c6n0 || return 1
	freed c6n0 "$f" || return 1
	rmmod netconsole || fail "rmmod netconsole failed"
}
