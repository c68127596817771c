# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034,SC1091 # TESTS and ktap_dmesg_mark are read by qemu/ktap.sh; each sourced file is linted on its own
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
#
# The tests are in reports.sh (the selftest module's reports) and
# views.sh (the conversions in the debugfs views), the helpers in
# common.sh; what a base does differently is in 6.12/ or 7.2/ under the
# same name (the guest's /plan/base/), and this file only lists the
# tests and sources the files.

TESTS="load_module tracked_leak_report untracked_leak_report
unsampled_leak_report sampled_out_report untracked_pair_sites double_release_balanced double_replace_balanced
double_release_linkwatch_balanced double_release_copy_balanced
rename_names_tracker module_exit_releases selftest_netdev_ref_leak
netns_scoped_names
boot_devices_linked view_queues view_in_device view_linkwatch
view_dst_blackhole view_mroute_vifs view_netconsole
reports_name_leaked_devices_only debugfs_read_irqsoff"

. /plan/common.sh
. /plan/base/common.sh
. /plan/reports.sh
. /plan/base/reports.sh
. /plan/views.sh
. /plan/base/views.sh
