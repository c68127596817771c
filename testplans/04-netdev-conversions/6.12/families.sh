# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions on 6.12, families.sh: the tests of
# ../families.sh that are written differently for 6.12 or run on it only
# (../scenario.sh says why).

# LLC sockets (type 2 is init_net only: a veth pair l1 -> l0 here). A
# datagram socket bound to l1's address, one autobound on l1 by a
# sendto() after SO_BINDTODEVICE, one autobound with no device (on the
# first Ethernet device, netdev_getfirstbyhwtype()), a listener on l0
# and a connection from l1 to it: each socket holds its device on
# llc->dev_tracker until it is closed.
llc_sockets() {
	llc_stack='[^a-z_](llc_ui_bind|llc_ui_autobind|llc_ui_sendmsg|llc_create_incoming_sock|llc_conn_handler)\+0x'
	ip link add l0 type veth peer name l1 || return 1
	ip link set l0 up
	ip link set l1 up
	/plan/bin/sockets llc l1 l0 5 >/tmp/llc.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'llc sockets bound' /tmp/llc.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "sockets llc did not bind: $(cat /tmp/llc.log)" || return 1
		sleep 1
	done
	echo "--- l1"
	view_has l1 '[^a-z_]llc_ui_bind\+0x' || return 1
	view_has l1 '[^a-z_](llc_ui_autobind|llc_ui_sendmsg)\+0x' || return 1
	echo "--- l0"
	view_has l0 '[^a-z_]llc_ui_bind\+0x' || return 1
	view_has l0 '[^a-z_](llc_create_incoming_sock|llc_conn_handler)\+0x' || return 1
	wait "$pid" || fail "sockets llc failed: $(cat /tmp/llc.log)" || return 1
	cat /tmp/llc.log
	for d in l0 l1; do
		live_view "$d" >/tmp/view || return 1
		! grep -E "$llc_stack" /tmp/view ||
			fail "$d still has an LLC socket tracker after close" || return 1
	done
	ip link del l0 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "l0 or l1 waited for its references" || return 1
	no_untracked
}

# A TIPC Ethernet bearer holds its device from tipc_enable_l2_media(),
# through netdev_get_by_name(), until it is disabled.
tipc_bearer() {
	tipc_nh=' netdev_get_by_name\+0x[^ ]* (tipc_enable_l2_media|tipc_enable_bearer|__tipc_nl_bearer_enable)\+0x'
	/plan/bin/sockets tipc v0 3 >/tmp/tipc.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'tipc bearer enabled' /tmp/tipc.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "sockets tipc did not enable: $(cat /tmp/tipc.log)" || return 1
		sleep 1
	done
	live_view v0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$tipc_nh" /tmp/top ||
		fail "no tracker of v0 from netdev_get_by_name() in the TIPC bearer" || return 1
	wait "$pid" || fail "sockets tipc failed: $(cat /tmp/tipc.log)" || return 1
	cat /tmp/tipc.log
	top_lacks v0 "$tipc_nh" "the disabled TIPC bearer still holds v0" || return 1
	no_untracked
}

# AppleTalk on a veth: an interface (atif_add_device()) and routes
# (atrtr_create(): the interface's direct route and a gateway route,
# updated once) hold the device until SIOCDELRT and SIOCDIFADDR.
appletalk_iface() {
	atif_top=' (atif_add_device|atif_ioctl)\+0x[^ ]* (atif_ioctl|atalk_ioctl)\+0x'
	atrt_top=' atrtr_create\+0x[^ ]* (atrtr_ioctl_addrt|atrtr_ioctl|atalk_ioctl|atif_ioctl)\+0x'
	ip link add a0 type veth peer name a1 || return 1
	ip link set a0 up
	ip link set a1 up
	/plan/bin/x25-atalk-atm atalk a0 3 >/tmp/atalk.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'atalk configured' /tmp/atalk.log; do
		n=$((n + 1))
		[ "$n" -le 15 ] || fail "x25-atalk-atm atalk did not configure: $(cat /tmp/atalk.log)" || return 1
		sleep 1
	done
	echo "--- a0"
	top_view a0 || return 1
	grep -E "$atif_top" /tmp/top ||
		fail "no tracker of a0 from the AppleTalk interface" || return 1
	grep -E "$atrt_top" /tmp/top ||
		fail "no tracker of a0 from an AppleTalk route" || return 1
	wait "$pid" || fail "x25-atalk-atm atalk failed: $(cat /tmp/atalk.log)" || return 1
	cat /tmp/atalk.log
	top_lacks a0 "$atif_top|$atrt_top" "a0 still has an AppleTalk tracker after SIOCDIFADDR" || return 1
	ip link del a0 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a0 or a1 waited for its references" || return 1
	no_untracked
}

# ATM LAN Emulation and MPOA (built in): x25-atalk-atm mpoa makes lec0, a LANE
# v2 client, and attaches an MPOA daemon. The first attach registers
# MPOA's netdevice notifier, whose NETDEV_REGISTER replay makes the
# client for lec0 and holds it (mpoa_event_listener(); a later attach
# finds the client and holds it from its lookup by name,
# find_lec_by_itfnum()). The daemon closes at once; the client keeps
# the reference as long as it points at lec0. Moving lec0 to another
# namespace is NETDEV_UNREGISTER in init_net, where the client drops it
# (before the fix, a second time: mpoad_close() had dropped it
# already); deleting the namespace moves lec0 back, and the client
# holds it again from NETDEV_REGISTER, for good: a built-in LANE client
# is never unregistered.
atm_mpoa_lec() {
	mpc_top='[^a-z_](mpoa_event_listener|find_lec_by_itfnum|atm_mpoa_mpoad_attach|atm_mpoa_ioctl)\+0x'
	/plan/bin/x25-atalk-atm mpoa 0 >/tmp/mpoa.log 2>&1 ||
		fail "x25-atalk-atm mpoa failed: $(cat /tmp/mpoa.log)" || return 1
	cat /tmp/mpoa.log
	echo "--- lec0, the daemon closed"
	top_view lec0 || return 1
	# Go on when this fails: the move below is what a second drop hits.
	held=ok
	[ "$(grep -cE "$mpc_top" /tmp/top)" = 1 ] ||
		held="the MPOA client should hold lec0 once after its daemon closed"
	ip netns add atmns || return 1
	ip link set lec0 netns atmns || fail "lec0 cannot move to another namespace" || return 1
	ip netns del atmns
	wait_until 20 "lec0 did not come back to init_net" test -e /sys/class/net/lec0 || return 1
	echo "--- lec0, back in init_net"
	top_view lec0 || return 1
	[ "$(grep -cE "$mpc_top" /tmp/top)" = 1 ] ||
		fail "the MPOA client should hold lec0 once, from NETDEV_REGISTER" || return 1
	! dmesg_since | grep -E 'ref_tracker:|refcount_t:' ||
		fail "the MPOA client released lec0 once too often" || return 1
	[ "$held" = ok ] || fail "$held" || return 1
	no_untracked
}

# batman-adv makes a struct batadv_hard_iface for every Ethernet device
# when it registers, which holds the device from
# batadv_hardif_add_interface() until it unregisters; enslaving it to a
# mesh interface (bat0) makes it hold bat0 from
# batadv_hardif_enable_interface() until it is released. Both meshes
# (here and in peer) run over the veth pair; their generic netlink dumps
# and doit requests (batman-adv) look the mesh and hard interfaces up by
# ifindex (a doit request holds the mesh interface from pre_doit to
# post_doit), and enslaving v0 looks its peer v1 up across the
# namespaces (the real device of a veth). Bridging bat0 with a LAN veth makes the multicast worker hold
# the bridge for a moment every half second. The pings send frames
# through bat0 but need no reply (ARP over this two-node mesh did not
# resolve in the guest, with or without the conversions); the dumps
# need the originator and neighbour that the OGMs across the veth make.
# Addresses: 203.0.113.16/28.
batman_adv_mesh() {
	bat_hard='^ (batadv_hardif_add_interface|batadv_hard_if_event)\+0x'
	bat_soft='^ (batadv_hardif_enable_interface|batadv_softif_slave_add)\+0x'
	ip link add bat0 type batadv || fail "ip link add bat0 type batadv failed" || return 1
	ip -n peer link add bat0 type batadv || fail "cannot add bat0 in peer" || return 1
	ip link set v0 master bat0 || fail "cannot enslave v0 to bat0" || return 1
	ip -n peer link set v1 master bat0 || fail "cannot enslave v1 to bat0 in peer" || return 1
	ip link set bat0 up
	ip -n peer link set bat0 up
	ip addr add 203.0.113.17/28 dev bat0 || return 1
	ip -n peer addr add 203.0.113.18/28 dev bat0 || return 1
	echo "--- v0"
	top_has v0 "$bat_hard" || return 1
	echo "--- bat0"
	top_has bat0 "$bat_soft" || return 1
	# The OGMs crossing the veth make each node the other's originator
	# and neighbour; batman-adv fails until they are there.
	n=0
	until /plan/bin/batman-adv query bat0 v0 >/tmp/batman-adv.log 2>&1; do
		n=$((n + 1))
		[ "$n" -le 15 ] || fail "batman-adv query bat0 v0 failed: $(cat /tmp/batman-adv.log)" || return 1
		sleep 1
	done
	cat /tmp/batman-adv.log
	ip netns exec peer /plan/bin/batman-adv query bat0 v1 ||
		fail "batman-adv query in peer failed" || return 1
	ping -c 2 -W 2 203.0.113.18 || true
	ip link add brb type bridge || return 1
	ip link set bat0 master brb || fail "cannot bridge bat0" || return 1
	ip netns add lan || return 1
	ip link add b0 type veth peer name b1 netns lan || return 1
	ip link set b0 master brb || return 1
	ip link set b0 up
	ip link set brb up
	ip -n lan link set b1 up
	ip -n lan addr add 203.0.113.19/28 dev b1 || return 1
	ip netns exec lan ping -c 2 -W 2 203.0.113.18 || true
	sleep 1
	/plan/bin/batman-adv query bat0 v0 || fail "batman-adv query of the bridged mesh failed" || return 1
	ip link set bat0 nomaster || return 1
	ip link del brb || return 1
	ip link del b0 || return 1
	ip netns del lan
	ip link set v0 nomaster || return 1
	top_lacks bat0 "$bat_soft" "v0 still holds bat0 after it was released" || return 1
	ip link del bat0 || return 1
	ip -n peer link del bat0 || return 1
	ip link add d7 type dummy || return 1
	echo "--- d7"
	top_has d7 "$bat_hard" || return 1
	ip link del d7 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a device waited for its references" || return 1
	ping -c 1 -W 2 203.0.113.2 || fail "v0 does not work after leaving bat0" || return 1
	no_untracked
}

# NET/ROM and ROSE (netrom-rose.c) on the devices their modules make (nr0,
# rose0) and an AX.25 device, mkiss on a pty, for the NET/ROM route
# ioctls (nr_ax25_dev_get(), nr_add_node()). netrom-rose binds, listens,
# connects over each protocol's loopback (nr_loopback_timer(),
# rose_loopback_timer()) and accepts, and routes a NET/ROM connect to a
# node behind the neighbour (nr_route_frame()). A ROSE socket keeps its
# device on rose->dev_tracker from rose_bind() or rose_connect()'s
# autobind, an accepted one from rose_rx_call_request(): each must be in
# rose0's view while the sockets are open and gone after they close.
# The NET/ROM references and the other ROSE ones live for one call (a
# bound NET/ROM socket keeps nr->device without a reference): strict
# mode stays silent, none is left in the views, and the devices
# unregister at once when the pty is closed and the modules removed.
ax25_short_lived='[^a-z_](nr_dev_get|nr_dev_first|nr_ax25_dev_get|nr_rt_ioctl|nr_add_node|nr_bind|nr_connect|nr_route_frame|nr_loopback_timer|rose_loopback_timer|rose_route_frame)\+0x'
netrom_rose() {
	for m in netrom rose mkiss; do
		insmod /lib/modules/$m.ko || fail "insmod $m failed" || return 1
	done
	/plan/bin/netrom-rose run 3 >/tmp/ax25.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'netrom-rose: sockets open' /tmp/ax25.log; do
		n=$((n + 1))
		if [ "$n" -gt 15 ] || ! kill -0 "$pid" 2>/dev/null; then
			cat /tmp/ax25.log
			fail "netrom-rose did not open its sockets" || return 1
		fi
		sleep 1
	done
	kiss=$(sed -n 's/^netrom-rose: kiss device //p' /tmp/ax25.log)
	# Checked while netrom-rose holds its sockets; judged once it is done.
	held=1
	echo "--- rose0"
	view_has rose0 '[^a-z_]rose_bind\+0x' || held=
	view_has rose0 '[^a-z_]rose_connect\+0x' || held=
	view_has rose0 '[^a-z_]rose_rx_call_request\+0x' || held=
	# The accepted socket's tracker is taken in rose_rx_call_request(),
	# called by rose_loopback_timer(): that one is long-lived.
	top_frames </tmp/view | grep -vE '^ *rose_rx_call_request\+' >/tmp/top
	! grep -E "$ax25_short_lived" /tmp/top ||
		fail "a short-lived ROSE reference is still held" || held=
	echo "--- nr0"
	live_view nr0 >/tmp/view || held=
	top_frames </tmp/view >/tmp/top
	! grep -E "$ax25_short_lived" /tmp/top ||
		fail "a converted NET/ROM function still holds nr0" || held=
	wait "$pid" || fail "netrom-rose failed" || held=
	cat /tmp/ax25.log
	[ -n "$held" ] || return 1
	for d in rose0 nr0; do
		echo "--- $d after close"
		live_view "$d" >/tmp/view || return 1
		cat /tmp/view
		! grep -E '[^a-z_](rose_bind|rose_connect|rose_rx_call_request)\+0x' /tmp/view ||
			fail "a closed ROSE socket still holds $d" || return 1
		top_frames </tmp/view >/tmp/top
		! grep -E "$ax25_short_lived" /tmp/top ||
			fail "a converted function still holds $d" || return 1
	done
	[ -n "$kiss" ] && [ ! -e "/sys/class/net/$kiss" ] ||
		fail "the mkiss device ${kiss:-?} was not unregistered" || return 1
	# A closed ROSE or NET/ROM socket lingers (and keeps its module)
	# until the loopback has carried its clear or disconnect exchange.
	for m in rose netrom mkiss; do
		n=0
		until rmmod $m 2>/dev/null; do
			n=$((n + 1))
			[ "$n" -le 20 ] || fail "rmmod $m failed" || return 1
			sleep 1
		done
	done
	gone_at_once nr0 rose0 || return 1
	no_untracked
}

# A BPQ device (bpqether.ko) holds the Ethernet device it carries AX.25
# over, on the tracker in its struct bpqdev, from bpq_new_device() (the
# compiler may inline it into bpq_device_event()) when that device comes
# up, until bpq_free_device() when it is unregistered or the module is
# removed. While bq0's and bq1's BPQ devices exist their views must list
# that tracker; bq0's goes when bq0 is deleted (bq0 unregisters at
# once), bq1's when the module is removed.
bpq_device() {
	bpq_stack='[^a-z_](bpq_new_device|bpq_device_event)\+0x'
	insmod /lib/modules/bpqether.ko || fail "insmod bpqether failed" || return 1
	for d in bq0 bq1; do
		ip link add $d type dummy || return 1
		ip link set $d up || return 1
	done
	cat /proc/net/bpqether
	for d in bq0 bq1; do
		awk -v d=$d '$2 == d { f = 1 } END { exit !f }' /proc/net/bpqether ||
			fail "no BPQ device over $d" || return 1
		echo "--- $d"
		view_has $d "$bpq_stack" || return 1
	done
	ip link del bq0 || return 1
	sleep 1
	gone_at_once bq0 || return 1
	rmmod bpqether || fail "rmmod bpqether failed" || return 1
	top_lacks bq1 "$bpq_stack" "bq1 is still held by a removed BPQ device" || return 1
	ip link del bq1 || return 1
	no_untracked
}
