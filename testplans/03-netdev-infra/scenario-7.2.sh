# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034 # TESTS and ktap_dmesg_mark are read by qemu/ktap.sh
#
# Testplan 03-netdev-infra on 7.2: the net device reference reports.
#
# Uses test_netdev_ref_leak (topic 03's selftest module, built out of
# tree by tooling/build) to hold references on dummy devices and
# deletes them while a reference is held, with
# netdev_unregister_timeout_secs at 1, so that the unregister wait
# report shows within seconds: for a tracked reference it must name
# the holder (netdev_ref_leak_hold_tracked) under the device's tracker
# directory; for a dev_hold() it must count one reference without a
# stack, and strict mode (CONFIG_NET_DEV_REFCNT_TRACKER_STRICT=y) must
# have named the caller when the reference was taken. A double release
# through each release path (netdev_put(), netdev_ref_replace() as
# dst_dev_put() uses it, linkwatch's own release, and a copy of the slot
# of an unsampled reference; all but linkwatch's on a private device the
# module never registers) must be reported without unbalancing the
# refcount, a dev_hold() and a dev_put() in one function must be named
# as two call sites, a rename must rename the device's link, and
# unloading the module must drop what it holds; strict mode reports a
# call site only once. Each leak is released at the end of its test and
# the deletion must then finish.
#
# Then, without the module: three devices named eth0 in three network
# namespaces must have three links, and a namespace move must rename
# the link. And the seed series' conversions, each exercised while the
# device's live view must show a holder whose acquire stack goes through
# the converting function: rx and tx queue kobjects, dst entries from
# routes and pings (and a dst a socket keeps past the device, moved to
# blackhole_netdev by dst_dev_put()), in_device, a pending linkwatch
# event, ipmr and ip6mr vifs added by refholder.c (MRT_ADD_VIF,
# MRT6_ADD_MIF), and netpoll through netconsole (on a dummy device: veth
# sets IFF_DISABLE_NETPOLL, which is checked too). After each teardown
# the device and its view must be gone with no report. Addresses are
# from the documentation ranges (RFC 5737, RFC 3849); the guest has no
# NIC, nothing leaves it.
#
# What differs from scenario.sh, and why:
# - A device's tracker directory has no name of its own on 7.2: its
#   debugfs file is upstream's "netdev@ADDR", named as its report lines
#   ("ref_tracker: netdev@ADDR has N/M users at"), and topic 03 links it
#   as "netdev-COOKIE-INUM-NAME-IFINDEX" (COOKIE and INUM of the device's
#   namespace, as upstream's "netns-COOKIE-INUM-refcnt" links). 6.12's
#   topic named the directory "NAME/IFINDEX" in the reports and the file
#   "net<INUM>_NAME_IFINDEX-ID". So a report is tied to its device by
#   the address its link points to, and a rename or a move must keep the
#   link's target where 6.12 kept the file's ID.
# - The unregister summary is "references tracked=T no_stack=S
#   (no_tracker=N untracked=U unsampled=M)" (6.12: "tracked=T
#   untracked=U (NULL tracker=N, failed tracker allocation=F)").
# - A double release prints 7.2's unchanged "reference already
#   released." and then a line naming the directory and the case.
# - The module has three more double-release ops, and the sampled mode
#   (ref_tracker.sample) exists: each op gets its test.
# - blackhole_netdev has no debugfs file on 7.2: it is allocated at
#   device_initcall time, before the ref_tracker debugfs directory
#   exists, and is never registered, so topic 03's late initcall, which
#   walks the registered devices of init_net, does not reach it either.
#   boot_devices_linked checks that no device file is left without a
#   link, and view_dst_blackhole proves the move to blackhole_netdev by
#   the device freed while the socket holds the dst.
# - A view lists the 16 oldest groups of holders and skips the others
#   (lib/ref_tracker.c: ref_tracker_dir_seq_print() passes 16; topic 01
#   lists groups oldest first); 6.12's topic file had room for more.
#   The views of a holder taken last (a dst of a ping, a vif and a mif,
#   netpoll) are on devices without IPv6 (no_ipv6), and view_dst_blackhole
#   pings over IPv4 only: with topic 04's conversions a dummy device has
#   17 older groups otherwise.

TESTS="load_module tracked_leak_report untracked_leak_report
untracked_pair_sites double_release_balanced double_replace_balanced
double_release_linkwatch_balanced double_release_copy_balanced
rename_names_tracker module_exit_releases selftest_netdev_ref_leak
netns_scoped_names
boot_devices_linked view_queues view_in_device view_linkwatch
view_dst_blackhole view_mroute_vifs view_netconsole
reports_name_leaked_devices_only debugfs_read_irqsoff"

leak=/sys/kernel/debug/netdev_ref_leak
dbg=/sys/kernel/debug/ref_tracker

# The functions both bases' scenarios share.
# shellcheck source=/dev/null # common.sh, linted on its own
. /plan/common.sh

# link_of DEV [NETNS]: the debugfs link of DEV, in the init namespace or
# in NETNS: netdev-COOKIE-INUM-DEV-IFINDEX. There must be exactly one.
link_of() {
	lo_inum=$(netns_inum "${2:-}") || return 1
	if [ -n "${2:-}" ]; then
		lo_idx=$(ip netns exec "$2" cat "/sys/class/net/$1/ifindex") || return 1
	else
		lo_idx=$(cat "/sys/class/net/$1/ifindex") || return 1
	fi
	lo_dev=$1
	set -- "$dbg"/netdev-*-"$lo_inum-$lo_dev-$lo_idx"
	[ $# -eq 1 ] && [ -L "$1" ] ||
		{ echo "not one link netdev-*-$lo_inum-$lo_dev-$lo_idx: $*" >&2; return 1; }
	echo "$1"
}

# cookie_of DEV [NETNS]: the COOKIE of DEV's link.
cookie_of() {
	co_l=$(link_of "$@") || return 1
	co_l=${co_l#"$dbg"/netdev-}
	echo "${co_l%%-*}"
}

# dir_of DEV [NETNS]: the name of DEV's tracker directory, netdev@ADDR:
# the target of its link, the name of its file, the start of its report
# lines.
dir_of() {
	do_l=$(link_of "$@") || return 1
	do_t=$(readlink "$do_l") || return 1
	case "$do_t" in
	netdev@*) ;;
	*) echo "$do_l points to $do_t" >&2; return 1 ;;
	esac
	[ -f "$dbg/$do_t" ] || { echo "$do_l dangles" >&2; return 1; }
	echo "$do_t"
}

# view_file DEV: the debugfs file of DEV in the init namespace.
view_file() {
	vf_t=$(dir_of "$1") || return 1
	echo "$dbg/$vf_t"
}

# shows_itself FILE: FILE starts with the counters line of the directory
# it is named after.
shows_itself() {
	si_line=$(head -n 1 "$1") || return 1
	case "$si_line" in
	"${1##*/} counters: taken="*) return 0 ;;
	esac
	echo "$1 starts with: $si_line"
	return 1
}

# links_with PATTERN: the names of the links matching the glob PATTERN.
links_with() {
	for lw in "$dbg"/$1; do
		if [ -L "$lw" ]; then
			echo "${lw##*/}"
		fi
	done
}

# groups_with FILE ERE: print the holder groups of the view FILE whose
# acquire site, the first function of the stack, matches ERE; fail if
# there is none. A group starts with its age line ("next group: ...").
# A reference taken through netdev_get_by_index() or netdev_get_by_name()
# (topic 04's conversions) is taken at that function's caller.
groups_with() {
	awk -v re="^[[:space:]]*(${2})[+]0x" '
		function flush() {
			if (first ~ re) { print g; found = 1 }
		}
		/ next group: [0-9]+ users/ { flush(); g = $0; first = ""; next }
		{
			g = g "\n" $0
			if (first == "" && $0 ~ /[+]0x/ &&
			    $0 !~ /^[[:space:]]*netdev_get_by_(index|name)(_lock)?[+]0x/)
				first = $0
		}
		END { flush(); exit !found }' "$1"
}

# freed DEV FILE: DEV, just deleted from the init namespace, is gone,
# its view FILE and its link went with it, and nothing was reported for
# it.
freed() {
	n=0
	while [ -e "/sys/class/net/$1" ] || [ -e "$2" ] ||
		[ -n "$(links_with "netdev-*-$(netns_inum)-$1-*")" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "$1, its view $2 or its link still there after 10s" ||
			return 1
		sleep 1
	done
	! dmesg_since | grep -E "unregister_netdevice: waiting for $1 |ref_tracker: ${2##*/}[ :]" ||
		fail "a report for $1"
}

# reported DIR: DIR (netdev@ADDR) belongs to a device a test leaks a
# reference of or releases twice on purpose: its report lines are
# expected (reports_name_leaked_devices_only).
reported() {
	echo "$1" >>/tmp/reported
}

# no_ipv6 DEV: no IPv6 on DEV, so that its view keeps room for the
# holder a test takes last: a view shows the 16 oldest groups of
# holders only, and addrconf's (inet6_dev, multicast, routes) are many.
no_ipv6() {
	echo 1 >"/proc/sys/net/ipv6/conf/$1/disable_ipv6" ||
		fail "cannot disable IPv6 on $1"
}

tracked_leak_report() {
	ip link add d0 type dummy || return 1
	a=$(dir_of d0) || return 1
	reported "$a"
	echo "d0: $a"
	echo d0 >"$leak/hold" || fail "hold failed" || return 1
	! dmesg_since | grep 'untracked .*netdev_ref_leak_hold_tracked' ||
		fail "strict mode reported a tracked reference" || return 1
	del_in_background d0
	sleep 3
	expect_dmesg "unregister_netdevice: waiting for d0 to become free\. Usage count = 2" ||
		return 1
	report_block d0 | grep -A 1 -E "ref_tracker: $a next group: 1 users, oldest taken [0-9]+ ms ago$" |
		grep -E "ref_tracker: $a has 1/1 users at$" ||
		fail "no tracker group with its age for $a" || return 1
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
	a=$(dir_of d0) || return 1
	reported "$a"
	echo d0 >"$leak/hold_untracked" || fail "hold_untracked failed" || return 1
	expect_dmesg "netdev: untracked dev_hold\(\) on d0/$idx from netdev_ref_leak_hold_untracked" \
		"strict mode line naming netdev_ref_leak_hold_untracked" || return 1
	dmesg_since | grep 'netdev: untracked dev_hold() on d0/'
	del_in_background d0
	sleep 3
	expect_dmesg "unregister_netdevice: waiting for d0 to become free\. Usage count = 2" ||
		return 1
	report_block d0 | grep -E "ref_tracker: $a counters: .* no_tracker=1 " ||
		fail "no counters line for $a with no_tracker=1" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=0 no_stack=1 (no_tracker=1 untracked=0 unsampled=0)$' ||
		fail "no tracked=0 no_stack=1 line" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: holders of references taken with dev_hold() or left untracked by a failed tracker allocation have no stack; the "netdev: untracked dev_hold()" lines name' ||
		fail "no hint about the reference without a stack" || return 1
	echo d0 >"$leak/release_untracked" || fail "release_untracked failed" || return 1
	wait_deleted d0 10
}

# double_private OP WHAT CASE: as double, on p0, a device the module
# allocates and frees without registering it, so that no other holder
# can move the refcount it compares. p0 has no link: its directory is
# the one the double release names, and no registered device's.
double_private() {
	echo p0 >"$leak/$1" || fail "$1 says the refcount is unbalanced" || return 1
	dmesg_since | grep -E "$2 on p0: .*\((balanced|UNBALANCED)\)"
	expect_dmesg "$2 on p0: .* \(balanced\)$" || return 1
	one_double_release "netdev@[^ ]+" "$3" || return 1
	a=$(dmesg_since | sed -n 's/.*ref_tracker: \(netdev@[^ :]*\): .*/\1/p')
	reported "$a"
	echo "p0: $a"
	[ ! -e /sys/class/net/p0 ] || fail "p0 was registered" || return 1
	for l in "$dbg"/netdev-*; do
		[ "$(readlink "$l")" != "$a" ] ||
			fail "$a is the directory of a registered device: ${l##*/}" || return 1
	done
	# Removed by upstream's reaper work, not at once.
	n=0
	while [ -e "$dbg/$a" ]; do
		n=$((n + 1))
		[ "$n" -le 5 ] || fail "$a's file outlived p0 by 5s" || return 1
		sleep 1
	done
}

# double OP WHAT CASE: OP on a fresh d0 must say its refcount stayed
# balanced ("WHAT on d0: ... (balanced)"), and the tracker must report
# exactly one double release, in d0's directory, of the kind CASE; then
# d0 is deleted without waiting. The directory's name goes to $a.
double() {
	ip link add d0 type dummy || return 1
	ip link set d0 up || return 1
	a=$(dir_of d0) || return 1
	reported "$a"
	echo "d0: $a"
	echo d0 >"$leak/$1" || fail "$1 says the refcount is unbalanced" || return 1
	dmesg_since | grep -E "$2 on d0: .*\((balanced|UNBALANCED)\)"
	expect_dmesg "$2 on d0: .* \(balanced\)$" || return 1
	one_double_release "$a" "$3" || return 1
	del_in_background d0
	wait_deleted d0 5 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "d0 waited for a reference after $1"
}

# Linkwatch's reference, released behind its back: whichever release
# comes second is the double one; the reference was taken for the event.
double_release_linkwatch_balanced() {
	double double_release_linkwatch "double linkwatch release" \
		"double release of a quarantined reference$" || return 1
	stacks 'linkwatch_add_event|linkwatch_fire_event' \
		'netdev_ref_leak_(double_release_linkwatch|write)|linkwatch_do_dev|__linkwatch_run_queue|linkwatch_sync_dev|linkwatch_clean_dev'
}

rename_names_tracker() {
	ip link add d0 type dummy || return 1
	l0=$(link_of d0) || return 1
	a=$(dir_of d0) || return 1
	reported "$a"
	ip link set d0 name d1 || return 1
	l1=$(link_of d1) || return 1
	echo "link: ${l0##*/} -> ${l1##*/} -> $a"
	[ ! -e "$l0" ] && [ ! -L "$l0" ] || fail "${l0##*/} still there after the rename" ||
		return 1
	[ "$(readlink "$l1")" = "$a" ] || fail "${l1##*/} does not point to $a" || return 1
	echo d1 >"$leak/hold" || fail "hold failed" || return 1
	del_in_background d1
	sleep 3
	report_block d1 | grep -E "ref_tracker: $a has 1/1 users at$" ||
		fail "the report for d1 is not $a's" || return 1
	echo d1 >"$leak/release" || fail "release failed" || return 1
	wait_deleted d1 10
}

# Three devices named eth0, in the init namespace and in two others:
# three links, each with its namespace's cookie and inode number, to
# three files. A namespace move renames the link, keeping its target.
netns_scoped_names() {
	ip netns add nsa || return 1
	ip netns add nsb || return 1
	ip link add eth0 type dummy || return 1
	ip -n nsa link add eth0 type dummy || return 1
	ip -n nsb link add eth0 type dummy || return 1
	i0=$(netns_inum) ia=$(netns_inum nsa) ib=$(netns_inum nsb)
	echo "namespaces: init $i0, nsa $ia, nsb $ib"
	[ -n "$ia" ] && [ "$ia" != "$i0" ] && [ "$ib" != "$ia" ] ||
		fail "namespace inode numbers not distinct" || return 1
	# The namespace's cookie: the same in the links of its two devices,
	# another in each namespace. (The project's kernels do not enable
	# NET_NS_REFCNT_TRACKER, so there is no netns-COOKIE-INUM-refcnt
	# link to compare with.)
	c0=$(cookie_of eth0) && ca=$(cookie_of eth0 nsa) && cb=$(cookie_of eth0 nsb) ||
		return 1
	echo "cookies: init $c0, nsa $ca, nsb $cb"
	[ "$c0" != "$ca" ] && [ "$ca" != "$cb" ] && [ "$c0" != "$cb" ] ||
		fail "two namespaces share a cookie" || return 1
	[ "$(cookie_of lo)" = "$c0" ] && [ "$(cookie_of lo nsa)" = "$ca" ] &&
		[ "$(cookie_of lo nsb)" = "$cb" ] ||
		fail "lo and eth0 of one namespace differ in cookie" || return 1
	t0=$(dir_of eth0) && ta=$(dir_of eth0 nsa) && tb=$(dir_of eth0 nsb) ||
		return 1
	for ns in "" nsa nsb; do
		l=$(link_of eth0 "$ns") || return 1
		echo "debugfs: $l -> $(readlink "$l")"
		shows_itself "$dbg/$(readlink "$l")" ||
			fail "$l's file does not show its own directory" || return 1
	done
	[ "$t0" != "$ta" ] && [ "$ta" != "$tb" ] && [ "$t0" != "$tb" ] ||
		fail "two eth0 share a file" || return 1
	ip -n nsa link set eth0 name eth1 || return 1
	ip -n nsa link set eth1 netns nsb || return 1
	lm=$(link_of eth1 nsb) || return 1
	echo "moved: $lm"
	[ "$(cookie_of eth1 nsb)" = "$cb" ] || fail "${lm##*/} lacks nsb's cookie" ||
		return 1
	[ "$(readlink "$lm")" = "$ta" ] ||
		fail "${lm##*/} points to $(readlink "$lm"), not to $ta" || return 1
	[ -z "$(links_with "netdev-*-$ia-eth*")" ] ||
		fail "an eth link of nsa remains after the move: $(links_with "netdev-*-$ia-eth*")" ||
		return 1
	f0=$(view_file eth0) || return 1
	ip link del eth0 || return 1
	freed eth0 "$f0" || return 1
	ip netns del nsa || return 1
	ip netns del nsb || return 1
	n=0
	while [ -n "$(links_with "net*-*-$ib-*")" ] || [ -e "$dbg/$ta" ] ||
		[ -e "$dbg/$tb" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "files or links of nsb remain: $(links_with "net*-*-$ib-*")" ||
			return 1
		sleep 1
	done
	! dmesg_since | grep -E "unregister_netdevice: waiting|ref_tracker: ($t0|$ta|$tb)[ :]" ||
		fail "a report for a device of the namespaces"
}

# The loopback device, registered before the ref_tracker debugfs
# directory existed, got its file and link from topic 03's late
# initcall; and every device file has its link.
boot_devices_linked() {
	ls -l "$dbg"
	t=$(dir_of lo) || return 1
	echo "lo: $t"
	# Not topic 03's: upstream's init_net_debugfs() (net/, linked
	# before lib/) runs before ref_tracker's own late initcall, so the
	# init namespace's trackers have no file.
	echo "init_net's own files: $(cd "$dbg" && echo net_*)"
	grep -q "^$t counters: taken=" "$dbg/$t" ||
		fail "lo's file does not start with its counters" || return 1
	for f in "$dbg"/netdev@*; do
		[ -f "$f" ] && [ ! -L "$f" ] || continue
		[ -n "$(find "$dbg" -maxdepth 1 -type l -name 'netdev-*' |
			while read -r l; do [ "$(readlink "$l")" = "${f##*/}" ] && echo "$l"; done)" ] ||
			fail "no link to ${f##*/}" || return 1
	done
}

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
# blackhole_netdev (dst_dev_put()), so that the device can be freed
# while the socket lives.
view_dst_blackhole() {
	ip netns add c6p || return 1
	ip link add c6d0 type veth peer name c6d1 netns c6p || return 1
	ip addr add 192.0.2.33/28 dev c6d0 || return 1
	ip -n c6p addr add 192.0.2.34/28 dev c6d1 || return 1
	no_ipv6 c6d0 || return 1
	ip link set c6d0 up && ip -n c6p link set c6d1 up || return 1
	ping -c 2 -W 2 192.0.2.34 || fail "IPv4 ping across the veth failed" || return 1
	holder c6d0 'dst_init|dst_alloc' || return 1
	/plan/bin/refholder udp 192.0.2.34 >/tmp/udp.log 2>&1 &
	pid=$!
	wait_ready /tmp/udp.log || return 1
	f=$(view_file c6d0) || return 1
	ip link del c6d0 || return 1
	freed c6d0 "$f" || return 1
	# The socket still holds its dst: dst_dev_put() moved the dst's
	# reference to blackhole_netdev, which has no view on 7.2 (see the
	# header; boot_devices_linked shows every device file is linked).
	kill -0 "$pid" || fail "the socket holding the dst exited early" || return 1
	kill "$pid"
	wait "$pid"
	ip netns del c6p
}

# struct vif_device: a multicast routing vif (ipmr) and mif (ip6mr) on a
# device hold it until the routing socket is closed.
view_mroute_vifs() {
	ip link add c6m0 type dummy || return 1
	no_ipv6 c6m0 || return 1
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
	no_ipv6 c6n0 || return 1
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

# Every line of a net device's tracker in the log (reports, counters,
# ages, double releases) names the directory of a device the leak tests
# hold or release twice on purpose: no other device was reported.
reports_name_leaked_devices_only() {
	ktap_dmesg_mark=0
	[ -s /tmp/reported ] || fail "the leak tests recorded no directory" || return 1
	dmesg | sed -n 's/.*ref_tracker: \(netdev@[^ :]*\)[ :].*/\1/p' | sort -u >/tmp/seen
	echo "reported on purpose: $(sort -u /tmp/reported | tr '\n' ' ')"
	echo "in the log: $(tr '\n' ' ' </tmp/seen)"
	while read -r r; do
		grep -qxF "$r" /tmp/reported || fail "lines for $r, not a leak test's device" ||
			return 1
	done </tmp/seen
}
