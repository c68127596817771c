# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034,SC1091 # TESTS is read by qemu/ktap.sh; each sourced file is linted on its own
#
# Testplan 04-netdev-conversions: the net device references the topic
# converts to tracked ones, exercised with topic 03's strict mode on
# (CONFIG_NET_DEV_REFCNT_TRACKER_STRICT=y), which prints one
# "netdev: untracked dev_hold()/dev_put()" line per call site that takes
# or drops an untracked reference on a registered device. Each test
# fails when strict mode reported an untracked reference while it ran.
# A long-lived holder the topic converts must show in its device's
# debugfs view, on a tracker whose stack names the function that took
# it, while it exists, and be gone from the view after; a reference
# held for one call is read for afterwards, to show that no tracker is
# left behind.
#
# The tests are in files named for what they exercise, each saying in
# its header what it drives; the C programs in /plan/bin are named the
# same way (sockets, x25-atalk-atm, batman-adv, can-vsock, ieee802154,
# netrom-rose, tuntap-pppoe, team-bond-wg). A test written the same way
# on both bases is in the plan directory's NAME.sh (the guest's
# /plan/NAME.sh); one written for one base is in 6.12/NAME.sh or
# 7.2/NAME.sh (the guest's /plan/base/NAME.sh: qemu/mkinitramfs packs
# the directory of the base it boots):
#   common.sh, BASE/common.sh reading a device's tracker view and
#                             strict mode's log
#   network.sh      the veth/VLAN/bridge network, its end, the final
#                   checks
#   sockets.sh      one-call lookups from sockets and netlink requests
#   routing.sh      routes, ICMP, multicast routing, pktgen
#   families.sh     LLC, MCTP, L2TP, TIPC, X.25, batman-adv (and on
#                   6.12 AppleTalk, ATM MPOA, NET/ROM, ROSE, BPQ)
#   can-vsock.sh    CAN sockets, vsock
#   ieee802154.sh   IEEE 802.15.4 sockets and netlink, 6LoWPAN
#   netdevsim.sh    UDP tunnel port offload, L3 offload statistics
#   virtual.sh      AMT, ipvlan, tun, macvtap, macvlan, PPPoE, team,
#                   bonding, WireGuard
# This file lists the tests in the order they run and sources the
# files; a test is one function, named as in TESTS.
#
# Addresses are from the documentation ranges (RFC 5737, RFC 3849).

TESTS="setup_network traffic packet_sockets socket_options netconf
tclass_dump netlink_tap icmp6_error_source icmp_probe fib_nexthop
multicast_routing ethtool_dump pktgen_device tc_mirred llc_sockets
mctp_device l2tp_session_view tipc_bearer
x25_neighbour appletalk_iface atm_mpoa_lec
batman_adv_mesh
can_sockets can_unregister vsock_tap
wpan_sockets wpan_legacy_iface lowpan_link
udp_tunnel_offload nsim_hwstats
netrom_rose bpq_device amt_stream_dev ipvlan_multicast
tun_file macvtap_file macvlan_broadcast_queue pppoe_sockets
team_ports bond_tsinfo wireguard_requests
carrier_rename_netns
live_view_after teardown no_untracked_anywhere"

. /plan/common.sh
. /plan/base/common.sh
. /plan/network.sh
. /plan/base/network.sh
. /plan/sockets.sh
. /plan/routing.sh
. /plan/base/routing.sh
. /plan/families.sh
. /plan/base/families.sh
. /plan/can-vsock.sh
. /plan/ieee802154.sh
. /plan/base/ieee802154.sh
. /plan/netdevsim.sh
. /plan/base/netdevsim.sh
. /plan/virtual.sh
. /plan/base/virtual.sh
