# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034,SC1091 # TESTS is read by qemu/ktap.sh; each sourced file is linted on its own
#
# Testplan 04-netdev-conversions on 7.2 (Debian's linux-source-7.2,
# BASE=7.2; qemu/mkinitramfs puts this file in the guest as
# /plan/scenario.sh, and 7.2/ as /plan/base/). The tests are 6.12's
# (scenario.sh describes them and where they are), with these
# differences, which 7.2/*.sh make:
# - A device's view is 7.2's debugfs file netdev@ADDR, found through the
#   link topic 03 makes to it, netdev-COOKIE-INUM-NAME-IFINDEX (COOKIE
#   and INUM of the device's network namespace; live_view).
# - 7.2 prints at most 16 groups (acquire stacks) in a view, the oldest
#   first, and ends with "skipped reports about N/M users" when there
#   are more (6.12's topic printed 64). A device with IPv4 and IPv6
#   addresses already has 16 from its registration, addresses, routes
#   and neighbours, so a holder taken later is left out. A truncated
#   view may still prove a holder there (live_view DEV partial), never
#   one gone: an absence check fails on it. So the tests whose holders
#   were on v0 or br0 (multicast_routing, pktgen_device, tipc_bearer)
#   put them on new dummies instead; those and the LLC and PPPoE veths
#   have IPv6 turned off before they come up (quiet), the refused AMT
#   gateway's device is an nlmon device instead of lo, and
#   batman_adv_mesh and live_view_after remove the addresses and
#   neighbours of bat0, v0 and br0 before their absence checks. The holders and the functions they go
#   through are the same.
# - 7.2 keys a view by the address of the device's tracker directory
#   and removes a freed device's view and link from a work item: a
#   device allocated at that address before the work ran gets neither.
#   udp_tunnel_offload, which makes a port device right after deleting
#   one, waits for the work (reaped).
# - Dropped, as upstream removed the code before 7.2 and the topic's
#   7.2 series drops the patches converting it: appletalk_iface
#   (net/appletalk, CONFIG_ATALK), netrom_rose (net/netrom, net/rose,
#   mkiss, CONFIG_HAMRADIO) and bpq_device (drivers/net/hamradio). Their
#   programs stay in the plan for 6.12: netrom-rose is built and not run,
#   and x25-atalk-atm's atalk command is not run.
# - Kept although upstream tracks the reference already on 7.2, and the
#   7.2 series drops or narrows its patch: the checks still prove the
#   tracking the series relies on. ethtool_dump: ethnl_default_dumpit()
#   holds each device on a local tracker (patch 18 dropped), which
#   strict mode's silence proves. batman_adv_mesh: the hard interface's
#   trackers of its device and of the mesh interface
#   (batadv_hardif_add_interface(), batadv_hardif_enable_interface();
#   patch 51 dropped), still read in the views. can_sockets: the BCM
#   receive op's and the ISO-TP socket's trackers (bcm_rx_setup(),
#   isotp_bind(); patches 56 and 57 keep only the per-call trackers),
#   still read in vcan0's view.
# - batman-adv's dumps answer EINVAL, not ENODEV, for a device that is
#   not a mesh interface: 7.2 moved their lookup into
#   batadv_netlink_get_meshif_from_ifindex() (batman-adv ... EINVAL).
# - Renamed on 7.2: batadv_softif_slave_add() is
#   batadv_meshif_slave_add(), wg_set_device() is wg_set_device_doit();
#   ip6_mc_find_idev() gets its device from ip6_mc_find_dev() on a local
#   tracker too (7.2's version of patch 3), so it is among the functions
#   that must hold nothing afterwards.
#
# Addresses are from the documentation ranges (RFC 5737, RFC 3849).

TESTS="setup_network traffic packet_sockets socket_options netconf
tclass_dump netlink_tap icmp6_error_source icmp_probe fib_nexthop
multicast_routing ethtool_dump pktgen_device tc_mirred llc_sockets
mctp_device l2tp_session_view tipc_bearer
x25_neighbour
batman_adv_mesh
can_sockets can_unregister vsock_tap
wpan_sockets wpan_legacy_iface lowpan_link
udp_tunnel_offload nsim_hwstats
amt_stream_dev ipvlan_multicast
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
