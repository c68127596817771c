# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034,SC1091 # TESTS and ktap_dmesg_mark are read by qemu/ktap.sh; each sourced file is linted on its own
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
netns_scoped_names view_queues view_in_device view_linkwatch
view_dst_blackhole view_mroute_vifs view_netconsole debugfs_read_irqsoff"

. /plan/common.sh
. /plan/base/common.sh
. /plan/reports.sh
. /plan/base/reports.sh
. /plan/views.sh
. /plan/base/views.sh
