// SPDX-License-Identifier: GPL-2.0
/*
 * batref - drive the batman-adv generic netlink dumps that look their
 * mesh and hard interfaces up by ifindex, for testplan
 * 04-netdev-conversions.
 *
 * Usage: batref dump MESHIF HARDIF
 *                  every batman-adv table dump for the mesh interface
 *                  MESHIF (hard interfaces, originators, neighbours, local
 *                  and global translation tables, gateways, bridge loop
 *                  avoidance claims and backbones, the DAT cache, multicast
 *                  flags), the originator and neighbour dumps once more
 *                  restricted to its hard interface HARDIF, and a dump
 *                  naming a device that is not a mesh interface (HARDIF),
 *                  which must fail with ENODEV
 *
 * Every dump prints one line with the number of entries it returned;
 * exit 0 when all of them succeeded (and the hard interface, originator,
 * neighbour and translation table dumps returned at least one entry), 1
 * when one failed (the line says which), 2 on a usage error.
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

static int failed;

/* Attribute TYPE of the generic netlink message NH, or NULL. */
static struct nlattr *genl_attr(struct nlmsghdr *nh, int type)
{
	struct nlattr *a = (void *)((char *)NLMSG_DATA(nh) + GENL_HDRLEN);
	int len = nh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);

	while (len >= (int)sizeof(*a) && a->nla_len >= sizeof(*a) &&
	       a->nla_len <= len) {
		if ((a->nla_type & NLA_TYPE_MASK) == type)
			return a;
		len -= NLA_ALIGN(a->nla_len);
		a = (void *)((char *)a + NLA_ALIGN(a->nla_len));
	}
	return NULL;
}

/* The generic netlink family id of NAME, or -1. */
static int genl_family(int fd, const char *name)
{
	struct {
		struct nlmsghdr nh;
		struct genlmsghdr g;
		struct nlattr a;
		char name[GENL_NAMSIZ];
	} req = {
		.nh.nlmsg_len = sizeof(req),
		.nh.nlmsg_type = GENL_ID_CTRL,
		.nh.nlmsg_flags = NLM_F_REQUEST,
		.nh.nlmsg_seq = 1,
		.g.cmd = CTRL_CMD_GETFAMILY,
		.g.version = 1,
		.a.nla_len = NLA_HDRLEN + GENL_NAMSIZ,
		.a.nla_type = CTRL_ATTR_FAMILY_NAME,
	};
	char buf[8192];
	struct nlmsghdr *nh = (void *)buf;
	struct nlattr *id;
	ssize_t n;

	strncpy(req.name, name, GENL_NAMSIZ - 1);
	if (send(fd, &req, sizeof(req), 0) < 0)
		return -1;
	n = recv(fd, buf, sizeof(buf), 0);
	if (n < (ssize_t)sizeof(*nh) || !NLMSG_OK(nh, n) ||
	    nh->nlmsg_type != GENL_ID_CTRL)
		return -1;
	id = genl_attr(nh, CTRL_ATTR_FAMILY_ID);
	return id ? *(unsigned short *)((char *)id + NLA_HDRLEN) : -1;
}

/*
 * Dump command CMD of family FAMILY for the mesh interface MESH (and the
 * hard interface HARD when it is not 0). Return the number of entries,
 * or -errno when the kernel answered with an error.
 */
static int dump(int fd, int family, int cmd, unsigned int mesh,
		unsigned int hard)
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
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
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
	int entries = 0;
	char buf[32768];

	req.nh.nlmsg_len = hard ? sizeof(req) : offsetof(typeof(req), a2);
	if (send(fd, &req, req.nh.nlmsg_len, 0) < 0)
		return -errno;
	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nh = (void *)buf;

		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		for (; NLMSG_OK(nh, n); nh = NLMSG_NEXT(nh, n)) {
			int err;

			if (nh->nlmsg_seq != req.nh.nlmsg_seq)
				continue;
			if (nh->nlmsg_type == NLMSG_ERROR) {
				err = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
				return err ? err : entries;
			}
			if (nh->nlmsg_type == NLMSG_DONE) {
				memcpy(&err, NLMSG_DATA(nh), sizeof(err));
				return err < 0 ? err : entries;
			}
			if (nh->nlmsg_type == family)
				entries++;
		}
	}
}

static const struct {
	const char *name;
	int cmd;
	int min;		/* entries the dump must return */
	int hard;		/* restricted to the hard interface */
} dumps[] = {
	{ "GET_HARDIF", BATADV_CMD_GET_HARDIF, 1, 0 },
	{ "GET_ORIGINATORS", BATADV_CMD_GET_ORIGINATORS, 1, 0 },
	{ "GET_ORIGINATORS by hard interface", BATADV_CMD_GET_ORIGINATORS, 1, 1 },
	{ "GET_NEIGHBORS", BATADV_CMD_GET_NEIGHBORS, 1, 0 },
	{ "GET_NEIGHBORS by hard interface", BATADV_CMD_GET_NEIGHBORS, 1, 1 },
	{ "GET_TRANSTABLE_LOCAL", BATADV_CMD_GET_TRANSTABLE_LOCAL, 1, 0 },
	{ "GET_TRANSTABLE_GLOBAL", BATADV_CMD_GET_TRANSTABLE_GLOBAL, 1, 0 },
	{ "GET_GATEWAYS", BATADV_CMD_GET_GATEWAYS, 0, 0 },
	{ "GET_BLA_CLAIM", BATADV_CMD_GET_BLA_CLAIM, 0, 0 },
	{ "GET_BLA_BACKBONE", BATADV_CMD_GET_BLA_BACKBONE, 0, 0 },
	{ "GET_DAT_CACHE", BATADV_CMD_GET_DAT_CACHE, 0, 0 },
	{ "GET_MCAST_FLAGS", BATADV_CMD_GET_MCAST_FLAGS, 0, 0 },
};

int main(int argc, char **argv)
{
	unsigned int mesh, hard;
	int fd, family, ret;
	size_t i;

	if (argc != 4 || strcmp(argv[1], "dump")) {
		fprintf(stderr, "usage: batref dump MESHIF HARDIF\n");
		return 2;
	}
	mesh = if_nametoindex(argv[2]);
	hard = if_nametoindex(argv[3]);
	if (!mesh || !hard) {
		fprintf(stderr, "batref: no such device: %s\n",
			mesh ? argv[3] : argv[2]);
		return 2;
	}
	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	if (fd < 0) {
		printf("batref: generic netlink socket: %s\n", strerror(errno));
		return 1;
	}
	family = genl_family(fd, BATADV_NL_NAME);
	if (family < 0) {
		printf("batref: batadv genetlink family: not found\n");
		return 1;
	}
	for (i = 0; i < sizeof(dumps) / sizeof(dumps[0]); i++) {
		ret = dump(fd, family, dumps[i].cmd, mesh,
			   dumps[i].hard ? hard : 0);
		if (ret < 0) {
			printf("batref: %s dump: %s\n", dumps[i].name,
			       strerror(-ret));
			failed = 1;
		} else {
			printf("batref: %s dump: %d entries%s\n", dumps[i].name,
			       ret, ret < dumps[i].min ? ", too few" : "");
			if (ret < dumps[i].min)
				failed = 1;
		}
	}
	/* The hard interface is not a mesh interface: ENODEV. */
	ret = dump(fd, family, BATADV_CMD_GET_ORIGINATORS, hard, 0);
	printf("batref: GET_ORIGINATORS dump of %s: %s\n", argv[3],
	       ret == -ENODEV ? "ENODEV as expected" :
	       ret < 0 ? strerror(-ret) : "succeeded");
	if (ret != -ENODEV)
		failed = 1;
	close(fd);
	printf("batref: dumps %s\n", failed ? "failed" : "done");
	return failed;
}
