// SPDX-License-Identifier: GPL-2.0
/*
 * batman-adv - drive the batman-adv generic netlink requests that look their
 * mesh and hard interfaces up by ifindex, for testplan
 * 04-netdev-conversions.
 *
 * Usage: batman-adv query MESHIF HARDIF [DUMPERR]
 *                  every batman-adv table dump for the mesh interface
 *                  MESHIF (hard interfaces, originators, neighbours, local
 *                  and global translation tables, gateways, bridge loop
 *                  avoidance claims and backbones, the DAT cache, multicast
 *                  flags), the originator and neighbour dumps once more
 *                  restricted to its hard interface HARDIF, the doit
 *                  requests whose mesh interface batadv_pre_doit()
 *                  resolves (GET_MESH, and GET_HARDIF of HARDIF, which
 *                  resolves the hard interface too), then a dump and a
 *                  doit request naming HARDIF as the mesh interface,
 *                  which must fail with DUMPERR (ENODEV, the default, or
 *                  EINVAL) and EINVAL. Linux 6.12's dumps look the mesh
 *                  interface up themselves and answer ENODEV; 7.2's share
 *                  batadv_netlink_get_meshif_from_ifindex(), which
 *                  answers EINVAL for a device that is not a mesh
 *                  interface, as the doit requests do
 *
 * Every request prints one line with the number of messages (entries)
 * its answer carried; exit 0 when all of them succeeded (and the hard
 * interface, originator, neighbour and translation table dumps and the
 * doit requests returned at least one entry) and the two failed as they
 * must, 1 when one did not (the line says which), 2 on a usage error.
 */
/* glibc's net/if.h before the uapi headers that include linux/if.h. */
#include <net/if.h>
#include <errno.h>
#include <linux/batman_adv.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "genl.h"

static int failed;

/*
 * Send command CMD of family FAMILY for the mesh interface MESH (and the
 * hard interface HARD when it is not 0), as a dump when DUMP is set and
 * as an acknowledged doit request otherwise. Return the number of
 * messages of the family in the answer, or -errno when the kernel
 * answered with an error.
 */
static int request(int fd, int family, int cmd, unsigned int mesh,
		   unsigned int hard, int dump)
{
	static unsigned int seq = 10;
	struct {
		struct nlmsghdr nh;
		struct genlmsghdr g;
		struct nlattr a1;
		unsigned int mesh;
		struct nlattr a2;
		unsigned int hard;
	} req = {
		.nh.nlmsg_type = family,
		.nh.nlmsg_flags = NLM_F_REQUEST | (dump ? NLM_F_DUMP : NLM_F_ACK),
		.nh.nlmsg_seq = ++seq,
		.g.cmd = cmd,
		.g.version = 1,
		.a1.nla_len = NLA_HDRLEN + sizeof(unsigned int),
		.a1.nla_type = BATADV_ATTR_MESH_IFINDEX,
		.mesh = mesh,
		.a2.nla_len = NLA_HDRLEN + sizeof(unsigned int),
		.a2.nla_type = BATADV_ATTR_HARD_IFINDEX,
		.hard = hard,
	};

	req.nh.nlmsg_len = hard ? sizeof(req) : offsetof(typeof(req), a2);
	return genl_send(fd, family, &req);
}

static const struct {
	const char *name;
	int cmd;
	int dump;		/* a dump, or else a doit request */
	int hard;		/* naming the hard interface too */
	int min;		/* messages the answer must carry */
} requests[] = {
	{ "GET_HARDIF", BATADV_CMD_GET_HARDIF, 1, 0, 1 },
	{ "GET_ORIGINATORS", BATADV_CMD_GET_ORIGINATORS, 1, 0, 1 },
	{ "GET_ORIGINATORS by hard interface", BATADV_CMD_GET_ORIGINATORS, 1, 1, 1 },
	{ "GET_NEIGHBORS", BATADV_CMD_GET_NEIGHBORS, 1, 0, 1 },
	{ "GET_NEIGHBORS by hard interface", BATADV_CMD_GET_NEIGHBORS, 1, 1, 1 },
	{ "GET_TRANSTABLE_LOCAL", BATADV_CMD_GET_TRANSTABLE_LOCAL, 1, 0, 1 },
	{ "GET_TRANSTABLE_GLOBAL", BATADV_CMD_GET_TRANSTABLE_GLOBAL, 1, 0, 1 },
	{ "GET_GATEWAYS", BATADV_CMD_GET_GATEWAYS, 1, 0, 0 },
	{ "GET_BLA_CLAIM", BATADV_CMD_GET_BLA_CLAIM, 1, 0, 0 },
	{ "GET_BLA_BACKBONE", BATADV_CMD_GET_BLA_BACKBONE, 1, 0, 0 },
	{ "GET_DAT_CACHE", BATADV_CMD_GET_DAT_CACHE, 1, 0, 0 },
	{ "GET_MCAST_FLAGS", BATADV_CMD_GET_MCAST_FLAGS, 1, 0, 0 },
	/* batadv_pre_doit() resolves the mesh (and hard) interface */
	{ "GET_MESH", BATADV_CMD_GET_MESH, 0, 0, 1 },
	{ "GET_HARDIF", BATADV_CMD_GET_HARDIF, 0, 1, 1 },
};

/*
 * Command CMD naming DEVNAME (ifindex DEV) as the mesh interface, which
 * it is not: the kernel must answer with error ERR (named ERRNAME).
 */
static void refused(int fd, int family, const char *name, int cmd, int dump,
		    const char *devname, unsigned int dev, int err,
		    const char *errname)
{
	int ret = request(fd, family, cmd, dev, 0, dump);

	printf("batman-adv: %s %s of %s: %s%s\n", name, dump ? "dump" : "request",
	       devname, ret == -err ? errname : ret < 0 ? strerror(-ret) :
	       "succeeded", ret == -err ? " as expected" : "");
	if (ret != -err)
		failed = 1;
}

int main(int argc, char **argv)
{
	const char *dumperr = argc == 5 ? argv[4] : "ENODEV";
	unsigned int mesh, hard;
	int fd, family, ret;
	size_t i;

	if ((argc != 4 && argc != 5) || strcmp(argv[1], "query") ||
	    (strcmp(dumperr, "ENODEV") && strcmp(dumperr, "EINVAL"))) {
		fprintf(stderr,
			"usage: batman-adv query MESHIF HARDIF [ENODEV|EINVAL]\n");
		return 2;
	}
	mesh = if_nametoindex(argv[2]);
	hard = if_nametoindex(argv[3]);
	if (!mesh || !hard) {
		fprintf(stderr, "batman-adv: no such device: %s\n",
			mesh ? argv[3] : argv[2]);
		return 2;
	}
	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	if (fd < 0) {
		printf("batman-adv: generic netlink socket: %s\n", strerror(errno));
		return 1;
	}
	family = genl_family(fd, BATADV_NL_NAME);
	if (family < 0) {
		printf("batman-adv: batadv genetlink family: not found\n");
		return 1;
	}
	for (i = 0; i < sizeof(requests) / sizeof(requests[0]); i++) {
		const char *kind = requests[i].dump ? "dump" : "request";

		ret = request(fd, family, requests[i].cmd, mesh,
			      requests[i].hard ? hard : 0, requests[i].dump);
		if (ret < 0) {
			printf("batman-adv: %s %s: %s\n", requests[i].name, kind,
			       strerror(-ret));
			failed = 1;
		} else {
			printf("batman-adv: %s %s: %d entries%s\n",
			       requests[i].name, kind, ret,
			       ret < requests[i].min ? ", too few" : "");
			if (ret < requests[i].min)
				failed = 1;
		}
	}
	/* The hard interface is not a mesh interface. */
	refused(fd, family, "GET_ORIGINATORS", BATADV_CMD_GET_ORIGINATORS, 1,
		argv[3], hard, strcmp(dumperr, "EINVAL") ? ENODEV : EINVAL,
		dumperr);
	refused(fd, family, "GET_MESH", BATADV_CMD_GET_MESH, 0,
		argv[3], hard, EINVAL, "EINVAL");
	close(fd);
	printf("batman-adv: requests %s\n", failed ? "failed" : "done");
	return failed;
}
