// SPDX-License-Identifier: GPL-2.0
/*
 * ieee802154 - drive the IEEE 802.15.4 paths that take net device
 * references, for testplan 04-netdev-conversions.
 *
 * Usage: ieee802154 setaddr IFNAME PANID SHORT
 *                         SIOCSIFADDR then SIOCGIFADDR on an AF_IEEE802154
 *                         socket (IFNAME must be down for the set)
 *        ieee802154 sock IFNAME PANID SHORT
 *                         AF_IEEE802154 sockets on IFNAME (up, with PANID
 *                         and SHORT set): a raw socket bound by extended
 *                         address sends a frame; a datagram socket bound
 *                         by PAN id and short address and one bound by
 *                         extended address each send a broadcast frame;
 *                         then an unbound raw socket and an unbound
 *                         datagram socket send (on the first IEEE
 *                         802.15.4 device, which must be IFNAME)
 *        ieee802154 mac IFNAME
 *                         legacy "802.15.4 MAC" netlink requests on
 *                         IFNAME: LIST_IFACE by name and by the ifindex of
 *                         lo, the MLME requests the soft MAC does not
 *                         support, START_REQ, SET_MACPARAMS, the llsec
 *                         parameters and an llsec key deletion
 *        ieee802154 iface PHY NAME
 *                         legacy ADD_IFACE of a node interface NAME on
 *                         PHY, then DEL_IFACE of NAME, and a DEL_IFACE
 *                         of lo
 *        ieee802154 nl802154 IFNAME
 *                         "nl802154" netlink requests whose pre_doit
 *                         holds IFNAME (down): GET_INTERFACE (a wpan_dev
 *                         request), SET_ACKREQ_DEFAULT to 0 (a net device
 *                         request), and GET_INTERFACE of lo
 *
 * The kernel's IEEE 802.15.4 headers are not exported to user space: the
 * values below are those of include/net/af_ieee802154.h,
 * include/linux/nl802154.h and include/net/nl802154.h.
 *
 * Every step prints one line; exit 0 when all of them gave the expected
 * result, 1 when one did not (the line says which), 2 on a usage error.
 */
#include <net/if.h>
#include <errno.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/sockios.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

/* include/net/af_ieee802154.h */
#define WPAN_ADDR_SHORT	0x2
#define WPAN_ADDR_LONG	0x3

struct wpan_addr_sa {
	int addr_type;
	uint16_t pan_id;
	union {
		uint8_t hwaddr[8];
		uint16_t short_addr;
	};
};

struct sockaddr_wpan {
	sa_family_t family;
	struct wpan_addr_sa addr;
};

/* include/linux/nl802154.h: the legacy family, commands and attributes */
#define WPAN_NL_NAME "802.15.4 MAC"

enum {
	CMD_ASSOCIATE_REQ = 1,
	CMD_DISASSOCIATE_REQ = 3,
	CMD_SCAN_REQ = 9,
	CMD_START_REQ = 13,
	CMD_ASSOCIATE_RESP = 19,
	CMD_LIST_IFACE = 31,
	CMD_ADD_IFACE = 33,
	CMD_DEL_IFACE = 34,
	CMD_SET_MACPARAMS = 35,
	CMD_LLSEC_GETPARAMS = 36,
	CMD_LLSEC_SETPARAMS = 37,
	CMD_LLSEC_DEL_KEY = 40,
};

enum {
	ATTR_DEV_NAME = 1,
	ATTR_DEV_INDEX = 2,
	ATTR_STATUS = 3,
	ATTR_CHANNEL = 7,
	ATTR_COORD_SHORT_ADDR = 8,
	ATTR_COORD_PAN_ID = 10,
	ATTR_DEST_SHORT_ADDR = 14,
	ATTR_DEST_HW_ADDR = 15,
	ATTR_CAPABILITY = 17,
	ATTR_REASON = 18,
	ATTR_SCAN_TYPE = 19,
	ATTR_CHANNELS = 20,
	ATTR_DURATION = 21,
	ATTR_BCN_ORD = 23,
	ATTR_SF_ORD = 24,
	ATTR_PAN_COORD = 25,
	ATTR_BAT_EXT = 26,
	ATTR_COORD_REALIGN = 27,
	ATTR_PHY_NAME = 31,
	ATTR_DEV_TYPE = 32,
	ATTR_LBT_ENABLED = 34,
	ATTR_LLSEC_ENABLED = 41,
	ATTR_LLSEC_KEY_MODE = 43,
};

/* include/net/nl802154.h: the nl802154 family, commands and attributes */
#define NL802154_NAME "nl802154"

enum {
	NL802154_CMD_GET_INTERFACE = 5,
	NL802154_CMD_SET_ACKREQ_DEFAULT = 19,
};

enum {
	NL802154_ATTR_IFINDEX = 3,
	NL802154_ATTR_ACKREQ_DEFAULT = 26,
};

static int failed;

static void step(const char *what, int ret)
{
	if (ret < 0) {
		printf("ieee802154: %s: %s\n", what, strerror(errno));
		failed = 1;
	} else {
		printf("ieee802154: %s: ok\n", what);
	}
}

/* RET must be -1 with errno ERR. */
static void step_err(const char *what, int ret, int err)
{
	if (ret < 0 && errno == err) {
		printf("ieee802154: %s: %s as expected\n", what, strerror(err));
	} else {
		printf("ieee802154: %s: %s, expected %s\n", what,
		       ret < 0 ? strerror(errno) : "success", strerror(err));
		failed = 1;
	}
}

/* The hardware address of IFNAME (8 bytes, in the order sysfs prints). */
static int hwaddr(const char *ifname, uint8_t *a)
{
	char path[128];
	unsigned int b[8];
	FILE *f;
	int i, n;

	snprintf(path, sizeof(path), "/sys/class/net/%s/address", ifname);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fscanf(f, "%x:%x:%x:%x:%x:%x:%x:%x", &b[0], &b[1], &b[2], &b[3],
		   &b[4], &b[5], &b[6], &b[7]);
	fclose(f);
	if (n != 8) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < 8; i++)
		a[i] = b[i];
	return 0;
}

static int setaddr(const char *ifname, uint16_t pan, uint16_t short_addr)
{
	struct sockaddr_wpan *sa;
	struct ifreq ifr;
	int fd;

	fd = socket(AF_IEEE802154, SOCK_DGRAM, 0);
	step("dgram socket", fd);
	if (fd < 0)
		return 1;
	memset(&ifr, 0, sizeof(ifr));
	strncpy(ifr.ifr_name, ifname, IFNAMSIZ - 1);
	sa = (struct sockaddr_wpan *)&ifr.ifr_addr;
	sa->family = AF_IEEE802154;
	sa->addr.addr_type = WPAN_ADDR_SHORT;
	sa->addr.pan_id = pan;
	sa->addr.short_addr = short_addr;
	step("SIOCSIFADDR", ioctl(fd, SIOCSIFADDR, &ifr));
	memset(&ifr.ifr_ifru, 0, sizeof(ifr.ifr_ifru));
	step("SIOCGIFADDR", ioctl(fd, SIOCGIFADDR, &ifr));
	if (sa->addr.pan_id != pan || sa->addr.short_addr != short_addr) {
		printf("ieee802154: SIOCGIFADDR gave %04x/%04x\n",
		       sa->addr.pan_id, sa->addr.short_addr);
		failed = 1;
	}
	close(fd);
	return failed;
}

static int sock(const char *ifname, uint16_t pan, uint16_t short_addr)
{
	struct sockaddr_wpan lng = { .family = AF_IEEE802154 };
	struct sockaddr_wpan shrt = { .family = AF_IEEE802154 };
	struct sockaddr_wpan dst = { .family = AF_IEEE802154 };
	/* A data frame: frame control, sequence number, PAN id, addresses. */
	unsigned char frame[] = { 0x41, 0x88, 0x01, 0xff, 0xff, 0xff, 0xff,
				  0x00, 0x00, 'w', 'p', 'a', 'n' };
	char payload[] = "ieee802154";
	int fd;

	lng.addr.addr_type = WPAN_ADDR_LONG;
	lng.addr.pan_id = pan;
	if (hwaddr(ifname, lng.addr.hwaddr) < 0) {
		step("read the extended address", -1);
		return 1;
	}
	shrt.addr.addr_type = WPAN_ADDR_SHORT;
	shrt.addr.pan_id = pan;
	shrt.addr.short_addr = short_addr;
	dst.addr.addr_type = WPAN_ADDR_SHORT;
	dst.addr.pan_id = pan;
	dst.addr.short_addr = 0xffff;
	frame[7] = short_addr & 0xff;
	frame[8] = short_addr >> 8;

	fd = socket(AF_IEEE802154, SOCK_RAW, 0);
	step("raw socket", fd);
	if (fd < 0)
		return 1;
	step("raw bind by extended address",
	     bind(fd, (void *)&lng, sizeof(lng)));
	step("raw send on the bound device",
	     send(fd, frame, sizeof(frame), 0));
	close(fd);

	fd = socket(AF_IEEE802154, SOCK_DGRAM, 0);
	step("dgram socket", fd);
	if (fd < 0)
		return 1;
	step("dgram bind by short address",
	     bind(fd, (void *)&shrt, sizeof(shrt)));
	step("dgram sendto from the short address",
	     sendto(fd, payload, sizeof(payload), 0, (void *)&dst,
		    sizeof(dst)));
	close(fd);

	fd = socket(AF_IEEE802154, SOCK_DGRAM, 0);
	step("dgram socket", fd);
	if (fd < 0)
		return 1;
	step("dgram bind by extended address",
	     bind(fd, (void *)&lng, sizeof(lng)));
	step("dgram connect", connect(fd, (void *)&dst, sizeof(dst)));
	step("dgram send from the extended address",
	     send(fd, payload, sizeof(payload), 0));
	close(fd);

	/* Unbound sockets send on the first IEEE 802.15.4 device: IFNAME. */
	fd = socket(AF_IEEE802154, SOCK_RAW, 0);
	step("raw socket", fd);
	if (fd < 0)
		return 1;
	step("raw send on an unbound socket",
	     send(fd, frame, sizeof(frame), 0));
	close(fd);

	fd = socket(AF_IEEE802154, SOCK_DGRAM, 0);
	step("dgram socket", fd);
	if (fd < 0)
		return 1;
	step("dgram sendto from an unbound socket",
	     sendto(fd, payload, sizeof(payload), 0, (void *)&dst,
		    sizeof(dst)));
	close(fd);
	return failed;
}

/* A generic netlink request being built. */
struct req {
	struct nlmsghdr nh;
	struct genlmsghdr g;
	char attrs[512];
};

static void req_init(struct req *r, int family, int cmd, int flags)
{
	memset(r, 0, sizeof(*r));
	r->nh.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
	r->nh.nlmsg_type = family;
	r->nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
	r->g.cmd = cmd;
	r->g.version = 1;
}

static void put(struct req *r, int type, const void *data, int len)
{
	struct nlattr *a = (void *)((char *)r + NLMSG_ALIGN(r->nh.nlmsg_len));

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	memcpy((char *)a + NLA_HDRLEN, data, len);
	r->nh.nlmsg_len = NLMSG_ALIGN(r->nh.nlmsg_len) + NLA_ALIGN(a->nla_len);
}

static void put_u8(struct req *r, int type, uint8_t v)
{
	put(r, type, &v, sizeof(v));
}

static void put_u16(struct req *r, int type, uint16_t v)
{
	put(r, type, &v, sizeof(v));
}

static void put_u32(struct req *r, int type, uint32_t v)
{
	put(r, type, &v, sizeof(v));
}

static void put_u64(struct req *r, int type, uint64_t v)
{
	put(r, type, &v, sizeof(v));
}

static void put_str(struct req *r, int type, const char *s)
{
	put(r, type, s, strlen(s) + 1);
}

/*
 * Send R and read up to its acknowledgement: 0 on success, -1 with errno
 * set to the error the kernel returned.
 */
static int transact(int fd, struct req *r)
{
	static unsigned int seq = 100;
	char buf[16384];
	ssize_t n;

	r->nh.nlmsg_seq = ++seq;
	if (send(fd, r, r->nh.nlmsg_len, 0) < 0)
		return -1;
	for (;;) {
		struct nlmsghdr *nh = (void *)buf;

		n = recv(fd, buf, sizeof(buf), 0);
		if (n < 0)
			return -1;
		for (; NLMSG_OK(nh, n); nh = NLMSG_NEXT(nh, n)) {
			struct nlmsgerr *e = NLMSG_DATA(nh);

			if (nh->nlmsg_seq != seq || nh->nlmsg_type != NLMSG_ERROR)
				continue;
			if (e->error) {
				errno = -e->error;
				return -1;
			}
			return 0;
		}
	}
}

/* The generic netlink family id of NAME, or -1. */
static int genl_family(int fd, const char *name)
{
	struct nlattr *a;
	struct req r;
	char buf[8192];
	struct nlmsghdr *nh = (void *)buf;
	int len;
	ssize_t n;

	req_init(&r, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 0);
	r.nh.nlmsg_flags = NLM_F_REQUEST;
	put_str(&r, CTRL_ATTR_FAMILY_NAME, name);
	if (send(fd, &r, r.nh.nlmsg_len, 0) < 0)
		return -1;
	n = recv(fd, buf, sizeof(buf), 0);
	if (n < (ssize_t)sizeof(*nh) || !NLMSG_OK(nh, n) ||
	    nh->nlmsg_type != GENL_ID_CTRL)
		return -1;
	a = (void *)((char *)NLMSG_DATA(nh) + GENL_HDRLEN);
	len = nh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);
	while (len >= (int)sizeof(*a) && a->nla_len >= sizeof(*a) &&
	       a->nla_len <= len) {
		if ((a->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_FAMILY_ID)
			return *(uint16_t *)((char *)a + NLA_HDRLEN);
		len -= NLA_ALIGN(a->nla_len);
		a = (void *)((char *)a + NLA_ALIGN(a->nla_len));
	}
	return -1;
}

/* A generic netlink socket, and the id of family NAME in *FAMILY. */
static int nl_open(const char *name, int *family)
{
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);

	step("generic netlink socket", fd);
	if (fd < 0)
		return -1;
	*family = genl_family(fd, name);
	if (*family < 0) {
		printf("ieee802154: no \"%s\" generic netlink family\n", name);
		failed = 1;
		close(fd);
		return -1;
	}
	return fd;
}

static int mac(const char *ifname)
{
	struct req r;
	int fd, fam;

	fd = nl_open(WPAN_NL_NAME, &fam);
	if (fd < 0)
		return 1;

	req_init(&r, fam, CMD_LIST_IFACE, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	step("LIST_IFACE by name", transact(fd, &r));

	req_init(&r, fam, CMD_LIST_IFACE, 0);
	put_u32(&r, ATTR_DEV_INDEX, if_nametoindex("lo"));
	step_err("LIST_IFACE of lo", transact(fd, &r), ENODEV);

	req_init(&r, fam, CMD_ASSOCIATE_REQ, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	put_u8(&r, ATTR_CHANNEL, 11);
	put_u16(&r, ATTR_COORD_PAN_ID, 0x0777);
	put_u16(&r, ATTR_COORD_SHORT_ADDR, 0x0001);
	put_u8(&r, ATTR_CAPABILITY, 0);
	step_err("ASSOCIATE_REQ", transact(fd, &r), EOPNOTSUPP);

	req_init(&r, fam, CMD_ASSOCIATE_RESP, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	put_u8(&r, ATTR_STATUS, 0);
	put_u64(&r, ATTR_DEST_HW_ADDR, 0x0102030405060708ULL);
	put_u16(&r, ATTR_DEST_SHORT_ADDR, 0x0002);
	step_err("ASSOCIATE_RESP", transact(fd, &r), EOPNOTSUPP);

	req_init(&r, fam, CMD_DISASSOCIATE_REQ, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	put_u16(&r, ATTR_DEST_SHORT_ADDR, 0x0002);
	put_u8(&r, ATTR_REASON, 1);
	step_err("DISASSOCIATE_REQ", transact(fd, &r), EOPNOTSUPP);

	req_init(&r, fam, CMD_SCAN_REQ, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	put_u8(&r, ATTR_SCAN_TYPE, 1);
	put_u32(&r, ATTR_CHANNELS, 1 << 11);
	put_u8(&r, ATTR_DURATION, 1);
	step_err("SCAN_REQ", transact(fd, &r), EOPNOTSUPP);

	/* The device is up: a start request is refused. */
	req_init(&r, fam, CMD_START_REQ, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	put_u16(&r, ATTR_COORD_PAN_ID, 0x0777);
	put_u16(&r, ATTR_COORD_SHORT_ADDR, 0x0001);
	put_u8(&r, ATTR_CHANNEL, 11);
	put_u8(&r, ATTR_BCN_ORD, 15);
	put_u8(&r, ATTR_SF_ORD, 15);
	put_u8(&r, ATTR_PAN_COORD, 1);
	put_u8(&r, ATTR_BAT_EXT, 0);
	put_u8(&r, ATTR_COORD_REALIGN, 0);
	step_err("START_REQ on a running device", transact(fd, &r), EBUSY);

	req_init(&r, fam, CMD_SET_MACPARAMS, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	put_u8(&r, ATTR_LBT_ENABLED, 0);
	step_err("SET_MACPARAMS on a running device", transact(fd, &r),
		 EBUSY);

	req_init(&r, fam, CMD_LLSEC_GETPARAMS, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	step("LLSEC_GETPARAMS", transact(fd, &r));

	req_init(&r, fam, CMD_LLSEC_SETPARAMS, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	put_u8(&r, ATTR_LLSEC_ENABLED, 0);
	step("LLSEC_SETPARAMS", transact(fd, &r));

	/* No key id: the llsec change handler rejects it. */
	req_init(&r, fam, CMD_LLSEC_DEL_KEY, 0);
	put_str(&r, ATTR_DEV_NAME, ifname);
	put_u8(&r, ATTR_LLSEC_KEY_MODE, 1);
	step_err("LLSEC_DEL_KEY without a key id", transact(fd, &r), EINVAL);

	close(fd);
	return failed;
}

static int iface(const char *phy, const char *name)
{
	struct req r;
	int fd, fam;

	fd = nl_open(WPAN_NL_NAME, &fam);
	if (fd < 0)
		return 1;

	req_init(&r, fam, CMD_ADD_IFACE, 0);
	put_str(&r, ATTR_PHY_NAME, phy);
	put_str(&r, ATTR_DEV_NAME, name);
	put_u8(&r, ATTR_DEV_TYPE, 0);	/* IEEE802154_DEV_WPAN */
	step("ADD_IFACE", transact(fd, &r));
	if (!if_nametoindex(name)) {
		printf("ieee802154: ADD_IFACE made no %s\n", name);
		failed = 1;
	}

	req_init(&r, fam, CMD_DEL_IFACE, 0);
	put_str(&r, ATTR_DEV_NAME, name);
	step("DEL_IFACE", transact(fd, &r));
	if (if_nametoindex(name)) {
		printf("ieee802154: %s is still there after DEL_IFACE\n", name);
		failed = 1;
	}

	req_init(&r, fam, CMD_DEL_IFACE, 0);
	put_str(&r, ATTR_DEV_NAME, "lo");
	step_err("DEL_IFACE of lo", transact(fd, &r), ENODEV);

	close(fd);
	return failed;
}

/*
 * The nl802154 requests flagged NL802154_FLAG_NEED_WPAN_DEV and
 * NL802154_FLAG_NEED_NETDEV: nl802154_pre_doit() holds IFNAME until
 * nl802154_post_doit(). SET_ACKREQ_DEFAULT needs IFNAME down. lo is not
 * an IEEE 802.15.4 interface: pre_doit fails with ENODEV before it holds
 * anything.
 */
static int nl802154(const char *ifname)
{
	struct req r;
	int fd, fam;

	fd = nl_open(NL802154_NAME, &fam);
	if (fd < 0)
		return 1;

	req_init(&r, fam, NL802154_CMD_GET_INTERFACE, 0);
	put_u32(&r, NL802154_ATTR_IFINDEX, if_nametoindex(ifname));
	step("nl802154 GET_INTERFACE", transact(fd, &r));

	req_init(&r, fam, NL802154_CMD_SET_ACKREQ_DEFAULT, 0);
	put_u32(&r, NL802154_ATTR_IFINDEX, if_nametoindex(ifname));
	put_u8(&r, NL802154_ATTR_ACKREQ_DEFAULT, 0);
	step("nl802154 SET_ACKREQ_DEFAULT", transact(fd, &r));

	req_init(&r, fam, NL802154_CMD_GET_INTERFACE, 0);
	put_u32(&r, NL802154_ATTR_IFINDEX, if_nametoindex("lo"));
	step_err("nl802154 GET_INTERFACE of lo", transact(fd, &r), ENODEV);

	close(fd);
	return failed;
}

static int usage(void)
{
	fprintf(stderr, "usage: ieee802154 setaddr|sock IFNAME PANID SHORT\n"
		"       ieee802154 mac IFNAME\n"
		"       ieee802154 iface PHY NAME\n"
		"       ieee802154 nl802154 IFNAME\n");
	return 2;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 5 && !strcmp(argv[1], "setaddr"))
		return setaddr(argv[2], strtoul(argv[3], NULL, 0),
			       strtoul(argv[4], NULL, 0));
	if (argc == 5 && !strcmp(argv[1], "sock"))
		return sock(argv[2], strtoul(argv[3], NULL, 0),
			    strtoul(argv[4], NULL, 0));
	if (argc == 3 && !strcmp(argv[1], "mac"))
		return mac(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "iface"))
		return iface(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "nl802154"))
		return nl802154(argv[2]);
	return usage();
}
