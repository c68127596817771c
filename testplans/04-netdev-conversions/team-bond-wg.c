// SPDX-License-Identifier: GPL-2.0
/*
 * team-bond-wg - drive the driver paths of drivers/net that take a short-lived
 * net device reference, for testplan 04-netdev-conversions.
 *
 * Usage: team-bond-wg team TEAMDEV OTHERDEV
 *                  the team generic netlink requests that look the team
 *                  device up by ifindex (team_nl_team_get()):
 *                  OPTIONS_GET and PORT_LIST_GET of TEAMDEV, which must
 *                  succeed with at least one message, OPTIONS_SET of
 *                  TEAMDEV with no option, which must fail with EINVAL
 *                  after the lookup, and OPTIONS_GET of OTHERDEV (not a
 *                  team), which must fail with EINVAL
 *        team-bond-wg wg WGDEV OTHERDEV
 *                  the WireGuard generic netlink requests that look the
 *                  device up (lookup_interface()): GET_DEVICE dumps of
 *                  WGDEV by ifindex and by name, which must carry at
 *                  least one message, and SET_DEVICE of WGDEV changing
 *                  nothing, which must succeed; GET_DEVICE and
 *                  SET_DEVICE of OTHERDEV (not a WireGuard device), which
 *                  must fail with EOPNOTSUPP
 *        team-bond-wg tsinfo DEV
 *                  ETHTOOL_GET_TS_INFO on DEV (for a bond, the active
 *                  slave's timestamping capabilities), which must succeed
 *
 * Every request prints one line; exit 0 when all of them did what they
 * must, 1 when one did not (the line says which), 2 on a usage error.
 */
/* glibc's net/if.h before the uapi headers that include linux/if.h. */
#include <net/if.h>
#include <errno.h>
#include <linux/ethtool.h>
#include <linux/genetlink.h>
#include <linux/if_team.h>
#include <linux/netlink.h>
#include <linux/sockios.h>
#include <linux/wireguard.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include "genl.h"

static int failed;

/*
 * Send the team command CMD for the device of ifindex DEV as an
 * acknowledged doit request. Return the number of messages of the family
 * in the answer, or -errno when the kernel answered with an error.
 */
static int team_request(int fd, int family, int cmd, unsigned int dev)
{
	static unsigned int seq = 10;
	struct {
		struct nlmsghdr nh;
		struct genlmsghdr g;
		struct nlattr a;
		unsigned int dev;
	} req = {
		.nh.nlmsg_len = sizeof(req),
		.nh.nlmsg_type = family,
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK,
		.nh.nlmsg_seq = ++seq,
		.g.cmd = cmd,
		.g.version = TEAM_GENL_VERSION,
		.a.nla_len = NLA_HDRLEN + sizeof(unsigned int),
		.a.nla_type = TEAM_ATTR_TEAM_IFINDEX,
		.dev = dev,
	};

	return genl_send(fd, family, &req);
}

/* Command NAME (CMD) of DEVNAME (ifindex DEV) must answer error ERR, or
 * else (ERR 0) carry at least one message.
 */
static void team_check(int fd, int family, const char *name, int cmd,
		       const char *devname, unsigned int dev, int err)
{
	int ret = team_request(fd, family, cmd, dev);

	if (err) {
		printf("team-bond-wg: team %s of %s: %s%s\n", name, devname,
		       ret < 0 ? strerror(-ret) : "succeeded",
		       ret == -err ? " as expected" : "");
		if (ret != -err)
			failed = 1;
	} else if (ret < 0) {
		printf("team-bond-wg: team %s of %s: %s\n", name, devname,
		       strerror(-ret));
		failed = 1;
	} else {
		printf("team-bond-wg: team %s of %s: %d messages%s\n", name, devname,
		       ret, ret < 1 ? ", too few" : "");
		if (ret < 1)
			failed = 1;
	}
}

static int team(const char *teamdev, const char *other)
{
	unsigned int t = if_nametoindex(teamdev), o = if_nametoindex(other);
	int fd, family;

	if (!t || !o) {
		fprintf(stderr, "team-bond-wg: no such device: %s\n",
			t ? other : teamdev);
		return 2;
	}
	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	if (fd < 0) {
		printf("team-bond-wg: generic netlink socket: %s\n", strerror(errno));
		return 1;
	}
	family = genl_family(fd, TEAM_GENL_NAME);
	if (family < 0) {
		printf("team-bond-wg: team genetlink family: not found\n");
		close(fd);
		return 1;
	}
	team_check(fd, family, "OPTIONS_GET", TEAM_CMD_OPTIONS_GET,
		   teamdev, t, 0);
	team_check(fd, family, "PORT_LIST_GET", TEAM_CMD_PORT_LIST_GET,
		   teamdev, t, 0);
	team_check(fd, family, "OPTIONS_SET without options",
		   TEAM_CMD_OPTIONS_SET, teamdev, t, EINVAL);
	team_check(fd, family, "OPTIONS_GET", TEAM_CMD_OPTIONS_GET,
		   other, o, EINVAL);
	close(fd);
	printf("team-bond-wg: team requests %s\n", failed ? "failed" : "done");
	return failed;
}

/*
 * Send the WireGuard command CMD for the device named NAME (by ifindex
 * DEV when it is not 0), as a dump when DUMP is set and as an
 * acknowledged doit request otherwise. Return the number of messages of
 * the family in the answer, or -errno when the kernel answered with an
 * error.
 */
static int wg_request(int fd, int family, int cmd, const char *name,
		      unsigned int dev, int dump)
{
	static unsigned int seq = 100;
	struct {
		struct nlmsghdr nh;
		struct genlmsghdr g;
		struct nlattr a;
		char name[IFNAMSIZ];
	} req = {
		.nh.nlmsg_type = family,
		.nh.nlmsg_flags = NLM_F_REQUEST | (dump ? NLM_F_DUMP : NLM_F_ACK),
		.nh.nlmsg_seq = ++seq,
		.g.cmd = cmd,
		.g.version = WG_GENL_VERSION,
	};

	if (dev) {
		req.a.nla_type = WGDEVICE_A_IFINDEX;
		req.a.nla_len = NLA_HDRLEN + sizeof(dev);
		memcpy(req.name, &dev, sizeof(dev));
	} else {
		req.a.nla_type = WGDEVICE_A_IFNAME;
		req.a.nla_len = NLA_HDRLEN + strlen(name) + 1;
		strncpy(req.name, name, IFNAMSIZ - 1);
	}
	req.nh.nlmsg_len = NLMSG_ALIGN(sizeof(req.nh) + sizeof(req.g) +
				       NLA_ALIGN(req.a.nla_len));
	return genl_send(fd, family, &req);
}

/* Request NAME (CMD, DUMP) of DEVNAME (by ifindex DEV unless 0) must
 * answer error ERR, or else (ERR 0) succeed with at least MIN messages.
 */
static void wg_check(int fd, int family, const char *name, int cmd,
		     int dump, const char *devname, unsigned int dev, int err,
		     int min)
{
	int ret = wg_request(fd, family, cmd, devname, dev, dump);
	const char *how = dev ? "by ifindex" : "by name";

	if (err) {
		printf("team-bond-wg: wg %s of %s %s: %s%s\n", name, devname, how,
		       ret < 0 ? strerror(-ret) : "succeeded",
		       ret == -err ? " as expected" : "");
		if (ret != -err)
			failed = 1;
	} else if (ret < 0) {
		printf("team-bond-wg: wg %s of %s %s: %s\n", name, devname, how,
		       strerror(-ret));
		failed = 1;
	} else {
		printf("team-bond-wg: wg %s of %s %s: %d messages%s\n", name, devname,
		       how, ret, ret < min ? ", too few" : "");
		if (ret < min)
			failed = 1;
	}
}

static int wg(const char *wgdev, const char *other)
{
	unsigned int w = if_nametoindex(wgdev), o = if_nametoindex(other);
	int fd, family;

	if (!w || !o) {
		fprintf(stderr, "team-bond-wg: no such device: %s\n",
			w ? other : wgdev);
		return 2;
	}
	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	if (fd < 0) {
		printf("team-bond-wg: generic netlink socket: %s\n", strerror(errno));
		return 1;
	}
	family = genl_family(fd, WG_GENL_NAME);
	if (family < 0) {
		printf("team-bond-wg: wireguard genetlink family: not found\n");
		close(fd);
		return 1;
	}
	wg_check(fd, family, "GET_DEVICE dump", WG_CMD_GET_DEVICE, 1,
		 wgdev, w, 0, 1);
	wg_check(fd, family, "GET_DEVICE dump", WG_CMD_GET_DEVICE, 1,
		 wgdev, 0, 0, 1);
	wg_check(fd, family, "SET_DEVICE", WG_CMD_SET_DEVICE, 0,
		 wgdev, w, 0, 0);
	wg_check(fd, family, "GET_DEVICE dump", WG_CMD_GET_DEVICE, 1,
		 other, o, EOPNOTSUPP, 0);
	wg_check(fd, family, "SET_DEVICE", WG_CMD_SET_DEVICE, 0,
		 other, 0, EOPNOTSUPP, 0);
	close(fd);
	printf("team-bond-wg: wg requests %s\n", failed ? "failed" : "done");
	return failed;
}

static int tsinfo(const char *dev)
{
	struct ethtool_ts_info info = { .cmd = ETHTOOL_GET_TS_INFO };
	struct ifreq ifr = { .ifr_data = (void *)&info };
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0) {
		printf("team-bond-wg: inet socket: %s\n", strerror(errno));
		return 1;
	}
	strncpy(ifr.ifr_name, dev, IFNAMSIZ - 1);
	if (ioctl(fd, SIOCETHTOOL, &ifr) < 0) {
		printf("team-bond-wg: ETHTOOL_GET_TS_INFO of %s: %s\n", dev,
		       strerror(errno));
		close(fd);
		return 1;
	}
	printf("team-bond-wg: ETHTOOL_GET_TS_INFO of %s: ok, so_timestamping 0x%x\n",
	       dev, info.so_timestamping);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "team"))
		return team(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "wg"))
		return wg(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "tsinfo"))
		return tsinfo(argv[2]);
	fprintf(stderr, "usage: team-bond-wg team TEAMDEV OTHERDEV | team-bond-wg wg WGDEV OTHERDEV | team-bond-wg tsinfo DEV\n");
	return 2;
}
