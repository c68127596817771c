/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genl.h - generic netlink helpers shared by the guest programs of
 * testplan 04-netdev-conversions (included by sockets.c, batman-adv.c and
 * team-bond-wg.c, which mkinitramfs compiles one by one).
 */
#ifndef TESTPLAN_GENL_H
#define TESTPLAN_GENL_H

#include <errno.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <string.h>
#include <sys/socket.h>

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
 * Send the request REQ (its nlmsg_len bytes) on FD and read the answer up
 * to its acknowledgement or, for a dump, its NLMSG_DONE. Return the
 * number of messages of type FAMILY the answer carried, or -errno when
 * the kernel answered with an error.
 */
static inline int genl_send(int fd, int family, const void *req)
{
	const struct nlmsghdr *rh = req;
	int messages = 0;
	char buf[32768];

	if (send(fd, req, rh->nlmsg_len, 0) < 0)
		return -errno;
	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nh = (void *)buf;

		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		for (; NLMSG_OK(nh, n); nh = NLMSG_NEXT(nh, n)) {
			int err;

			if (nh->nlmsg_seq != rh->nlmsg_seq)
				continue;
			if (nh->nlmsg_type == NLMSG_ERROR) {
				err = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
				return err ? err : messages;
			}
			if (nh->nlmsg_type == NLMSG_DONE) {
				memcpy(&err, NLMSG_DATA(nh), sizeof(err));
				return err < 0 ? err : messages;
			}
			if (nh->nlmsg_type == family)
				messages++;
		}
	}
}

#endif /* TESTPLAN_GENL_H */
