// SPDX-License-Identifier: GPL-2.0
/*
 * sockets - drive the socket paths that take net device references, for
 * testplan 04-netdev-conversions.
 *
 * Usage: sockets packet IFNAME   AF_PACKET: bind(), send() on the bound
 *                                device, sendto() by ifindex, and a send()
 *                                through a PACKET_TX_RING
 *        sockets sockopt IFNAME [V4ADDR]
 *                                IPv4 and IPv6 socket options that look
 *                                the device up by ifindex (and by V4ADDR)
 *        sockets tclass IFNAME   an RTM_GETTCLASS dump for the device
 *        sockets getaddr IFNAME ADDR6
 *                                RTM_GETADDR for one IPv6 address
 *        sockets mroute IFNAME ADDR SECONDS
 *                                IPv4 multicast routing: a vif on IFNAME by
 *                                ifindex, one on the device owning ADDR,
 *                                a PIM register vif; IPv6: a mif on IFNAME
 *                                and a register mif. Holds them SECONDS,
 *                                then deletes them.
 *        sockets probe IFNAME ADDR V4ADDR V6ADDR
 *                                RFC 8335 PROBE requests (ICMP extended
 *                                echo) sent to ADDR for the interface
 *                                named IFNAME, for ifindex 1, and for the
 *                                interfaces owning V4ADDR and V6ADDR;
 *                                each needs a reply
 *        sockets ethtool IFNAME  an ethtool netlink LINKSTATE_GET dump (all
 *                                devices); IFNAME must be among the replies
 *        sockets llc IFNAME LISTENIF SECONDS
 *                                LLC sockets: a datagram socket bound to
 *                                IFNAME's address, one bound with
 *                                SO_BINDTODEVICE and autobound by a
 *                                sendto(), one autobound (on the first
 *                                Ethernet device) with no device bound,
 *                                and a type 2 connection from
 *                                IFNAME to a listener on LISTENIF, accepted;
 *                                holds them SECONDS, then closes them
 *        sockets tipc IFNAME SECONDS
 *                                a TIPC Ethernet bearer on IFNAME, enabled,
 *                                held SECONDS, then disabled
 *        sockets mctp - SECONDS  the MCTP serial line discipline on a pty
 *                                master (an mctpserialN device), held
 *                                SECONDS, then closed
 *
 * Every step prints one line; exit 0 when all of them succeeded, 1 when
 * one failed (the line says which), 2 on a usage error.
 */
/* glibc's net/if.h before the uapi headers that include linux/if.h. */
#include <net/if.h>
#include <net/if_arp.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/if_packet.h>
#include <linux/llc.h>
#include <linux/mroute.h>
#include <linux/mroute6.h>
#include <linux/net_tstamp.h>
#include <linux/netlink.h>
#include <linux/if_addr.h>
#include <linux/rtnetlink.h>
#include <linux/tipc.h>
#include <linux/tipc_netlink.h>
#include <linux/tty.h>
#include <net/ethernet.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>
#include "genl.h"

static int failed;

static void step(const char *what, int ret)
{
	if (ret < 0) {
		printf("sockets: %s: %s\n", what, strerror(errno));
		failed = 1;
	} else {
		printf("sockets: %s: ok\n", what);
	}
}

/* An Ethernet broadcast frame with the experimental ethertype 0x88b5. */
static void fill_frame(unsigned char *f, size_t len)
{
	memset(f, 0, len);
	memset(f, 0xff, 6);
	f[6] = 0x02;
	f[12] = 0x88;
	f[13] = 0xb5;
}

static int packet(unsigned int ifindex)
{
	struct tpacket_req req = {
		.tp_block_size = 4096, .tp_block_nr = 1,
		.tp_frame_size = 2048, .tp_frame_nr = 2,
	};
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(0x88b5),
		.sll_ifindex = ifindex,
		.sll_halen = 6,
	};
	unsigned char frame[64];
	struct tpacket_hdr *hdr;
	void *ring;
	int fd;

	fill_frame(frame, sizeof(frame));
	memset(sll.sll_addr, 0xff, 6);

	fd = socket(AF_PACKET, SOCK_RAW, htons(0x88b5));
	step("packet socket", fd);
	if (fd < 0)
		return 1;
	step("packet sendto by ifindex (unbound)",
	     sendto(fd, frame, sizeof(frame), 0, (void *)&sll, sizeof(sll)));
	step("packet bind", bind(fd, (void *)&sll, sizeof(sll)));
	step("packet send on the bound device",
	     send(fd, frame, sizeof(frame), 0));
	step("packet sendto by ifindex",
	     sendto(fd, frame, sizeof(frame), 0, (void *)&sll, sizeof(sll)));
	close(fd);

	fd = socket(AF_PACKET, SOCK_RAW, htons(0x88b5));
	step("tx ring socket", fd);
	if (fd < 0)
		return 1;
	step("tx ring bind", bind(fd, (void *)&sll, sizeof(sll)));
	step("tx ring setup",
	     setsockopt(fd, SOL_PACKET, PACKET_TX_RING, &req, sizeof(req)));
	ring = mmap(NULL, req.tp_block_size, PROT_READ | PROT_WRITE,
		    MAP_SHARED, fd, 0);
	if (ring == MAP_FAILED) {
		step("tx ring mmap", -1);
		close(fd);
		return 1;
	}
	hdr = ring;
	fill_frame((unsigned char *)ring + TPACKET_HDRLEN -
		   sizeof(struct sockaddr_ll), sizeof(frame));
	hdr->tp_len = sizeof(frame);
	hdr->tp_status = TP_STATUS_SEND_REQUEST;
	step("tx ring send on the bound device", send(fd, NULL, 0, 0));
	hdr = (void *)((char *)ring + req.tp_frame_size);
	fill_frame((unsigned char *)hdr + TPACKET_HDRLEN -
		   sizeof(struct sockaddr_ll), sizeof(frame));
	hdr->tp_len = sizeof(frame);
	hdr->tp_status = TP_STATUS_SEND_REQUEST;
	step("tx ring sendto by ifindex",
	     sendto(fd, NULL, 0, 0, (void *)&sll, sizeof(sll)));
	munmap(ring, req.tp_block_size);
	close(fd);
	return failed;
}

static int sockopt(unsigned int ifindex, const char *ifname,
		   const char *v4addr)
{
	struct so_timestamping ts = { .flags = SOF_TIMESTAMPING_BIND_PHC };
	struct sockaddr_in6 grp = { .sin6_family = AF_INET6 };
	struct sockaddr_in6 src = { .sin6_family = AF_INET6 };
	struct group_source_req gsr = { 0 };
	struct ip_mreqn mreqn = { .imr_ifindex = ifindex };
	struct ipv6_mreq mreq6 = { .ipv6mr_interface = ifindex };
	int idx_be = htonl(ifindex);
	int fd;

	inet_pton(AF_INET6, "ff35::1:5", &grp.sin6_addr);
	inet_pton(AF_INET6, "2001:db8:2::2", &src.sin6_addr);

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	step("udp socket", fd);
	if (fd < 0)
		return 1;
	step("IP_UNICAST_IF", setsockopt(fd, IPPROTO_IP, IP_UNICAST_IF,
					 &idx_be, sizeof(idx_be)));
	step("IP_MULTICAST_IF", setsockopt(fd, IPPROTO_IP, IP_MULTICAST_IF,
					   &mreqn, sizeof(mreqn)));
	if (v4addr) {
		struct ip_mreqn by_addr = { 0 };

		inet_pton(AF_INET, v4addr, &by_addr.imr_address);
		step("IP_MULTICAST_IF by address",
		     setsockopt(fd, IPPROTO_IP, IP_MULTICAST_IF, &by_addr,
				sizeof(by_addr)));
	}
	inet_pton(AF_INET, "239.1.2.3", &mreqn.imr_multiaddr);
	step("IP_ADD_MEMBERSHIP", setsockopt(fd, IPPROTO_IP, IP_ADD_MEMBERSHIP,
					     &mreqn, sizeof(mreqn)));
	step("IP_DROP_MEMBERSHIP", setsockopt(fd, IPPROTO_IP,
					      IP_DROP_MEMBERSHIP, &mreqn,
					      sizeof(mreqn)));
	step("SO_BINDTODEVICE", setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE,
					   ifname, strlen(ifname)));
	/* The device has no PHC: the kernel looks it up, then says EINVAL. */
	if (setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &ts, sizeof(ts)) == 0 ||
	    errno != EINVAL)
		step("SO_TIMESTAMPING bind_phc (want EINVAL)", -1);
	else
		printf("sockets: SO_TIMESTAMPING bind_phc: EINVAL as expected\n");
	close(fd);

	fd = socket(AF_INET6, SOCK_DGRAM, 0);
	step("udp6 socket", fd);
	if (fd < 0)
		return 1;
	step("IPV6_UNICAST_IF", setsockopt(fd, IPPROTO_IPV6, IPV6_UNICAST_IF,
					   &idx_be, sizeof(idx_be)));
	step("IPV6_MULTICAST_IF", setsockopt(fd, IPPROTO_IPV6,
					     IPV6_MULTICAST_IF, &ifindex,
					     sizeof(ifindex)));
	inet_pton(AF_INET6, "ff05::1:3", &mreq6.ipv6mr_multiaddr);
	step("IPV6_JOIN_GROUP", setsockopt(fd, IPPROTO_IPV6, IPV6_JOIN_GROUP,
					   &mreq6, sizeof(mreq6)));
	step("IPV6_LEAVE_GROUP", setsockopt(fd, IPPROTO_IPV6,
					    IPV6_LEAVE_GROUP, &mreq6,
					    sizeof(mreq6)));
	step("IPV6_JOIN_GROUP again", setsockopt(fd, IPPROTO_IPV6,
						 IPV6_JOIN_GROUP, &mreq6,
						 sizeof(mreq6)));
	/* No interface: the group's route picks the device. */
	mreq6.ipv6mr_interface = 0;
	inet_pton(AF_INET6, "ff05::1:4", &mreq6.ipv6mr_multiaddr);
	step("IPV6_JOIN_GROUP by route", setsockopt(fd, IPPROTO_IPV6,
						    IPV6_JOIN_GROUP, &mreq6,
						    sizeof(mreq6)));
	/* Source filters look the group's device up again. */
	gsr.gsr_interface = ifindex;
	memcpy(&gsr.gsr_group, &grp, sizeof(grp));
	memcpy(&gsr.gsr_source, &src, sizeof(src));
	step("MCAST_JOIN_SOURCE_GROUP", setsockopt(fd, IPPROTO_IPV6,
						   MCAST_JOIN_SOURCE_GROUP,
						   &gsr, sizeof(gsr)));
	step("MCAST_LEAVE_SOURCE_GROUP", setsockopt(fd, IPPROTO_IPV6,
						    MCAST_LEAVE_SOURCE_GROUP,
						    &gsr, sizeof(gsr)));
	/* Closing the socket drops the memberships still joined. */
	close(fd);
	return failed;
}

/* Send REQ on a new rtnetlink socket; step WHAT on the first reply. */
static void rtnl_request(const void *req, size_t len, const char *what)
{
	char buf[8192];
	struct nlmsghdr *nh = (void *)buf;
	ssize_t n;
	int fd;

	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	if (fd < 0 || send(fd, req, len, 0) < 0) {
		step(what, -1);
		if (fd >= 0)
			close(fd);
		return;
	}
	n = recv(fd, buf, sizeof(buf), 0);
	if (n < (ssize_t)sizeof(*nh)) {
		step(what, -1);
	} else if (nh->nlmsg_type == NLMSG_ERROR) {
		errno = -((struct nlmsgerr *)NLMSG_DATA(nh))->error;
		step(what, errno ? -1 : 0);
	} else {
		step(what, 0);
	}
	close(fd);
}

/* RTM_GETADDR for one IPv6 address of the device (not a dump). */
static int getaddr(unsigned int ifindex, const char *addr)
{
	struct {
		struct nlmsghdr nh;
		struct ifaddrmsg ifa;
		struct rtattr rta;
		struct in6_addr a;
	} req = {
		.nh.nlmsg_len = sizeof(req),
		.nh.nlmsg_type = RTM_GETADDR,
		.nh.nlmsg_flags = NLM_F_REQUEST,
		.nh.nlmsg_seq = 1,
		.ifa.ifa_family = AF_INET6,
		.ifa.ifa_prefixlen = 128,
		.ifa.ifa_index = ifindex,
		.rta.rta_len = RTA_LENGTH(sizeof(struct in6_addr)),
		.rta.rta_type = IFA_ADDRESS,
	};

	inet_pton(AF_INET6, addr, &req.a);
	rtnl_request(&req, sizeof(req), "RTM_GETADDR for one address");
	return failed;
}

static int tclass(unsigned int ifindex)
{
	struct {
		struct nlmsghdr nh;
		struct tcmsg tc;
	} req = {
		.nh.nlmsg_len = sizeof(req),
		.nh.nlmsg_type = RTM_GETTCLASS,
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
		.nh.nlmsg_seq = 1,
		.tc.tcm_family = AF_UNSPEC,
		.tc.tcm_ifindex = ifindex,
	};
	char buf[16384];
	int fd, done = 0;

	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	step("rtnetlink socket", fd);
	if (fd < 0)
		return 1;
	step("RTM_GETTCLASS dump request", send(fd, &req, sizeof(req), 0));
	while (!done && !failed) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nh = (void *)buf;

		if (n <= 0) {
			step("RTM_GETTCLASS dump reply", -1);
			break;
		}
		for (; NLMSG_OK(nh, n); nh = NLMSG_NEXT(nh, n)) {
			if (nh->nlmsg_type == NLMSG_DONE)
				done = 1;
			if (nh->nlmsg_type == NLMSG_ERROR) {
				errno = -((struct nlmsgerr *)NLMSG_DATA(nh))->error;
				step("RTM_GETTCLASS dump reply", -1);
			}
		}
	}
	if (done)
		step("RTM_GETTCLASS dump reply", 0);
	close(fd);
	return failed;
}

static int mroute(unsigned int ifindex, const char *addr, int seconds)
{
	struct vifctl vc[3] = {
		{ .vifc_vifi = 0, .vifc_flags = VIFF_USE_IFINDEX,
		  .vifc_threshold = 1, .vifc_lcl_ifindex = ifindex },
		{ .vifc_vifi = 1, .vifc_threshold = 1 },
		{ .vifc_vifi = 2, .vifc_flags = VIFF_REGISTER,
		  .vifc_threshold = 1 },
	};
	struct mif6ctl mc[2] = {
		{ .mif6c_mifi = 0, .mif6c_pifi = ifindex, .vifc_threshold = 1 },
		{ .mif6c_mifi = 1, .mif6c_flags = MIFF_REGISTER,
		  .vifc_threshold = 1 },
	};
	int one = 1, fd, fd6, i;

	inet_pton(AF_INET, addr, &vc[1].vifc_lcl_addr);
	fd = socket(AF_INET, SOCK_RAW, IPPROTO_IGMP);
	step("igmp socket", fd);
	fd6 = socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	step("icmpv6 socket", fd6);
	if (fd < 0 || fd6 < 0)
		return 1;
	step("MRT_INIT", setsockopt(fd, IPPROTO_IP, MRT_INIT, &one,
				    sizeof(one)));
	for (i = 0; i < 3; i++)
		step("MRT_ADD_VIF", setsockopt(fd, IPPROTO_IP, MRT_ADD_VIF,
					       &vc[i], sizeof(vc[i])));
	step("MRT6_INIT", setsockopt(fd6, IPPROTO_IPV6, MRT6_INIT, &one,
				     sizeof(one)));
	for (i = 0; i < 2; i++)
		step("MRT6_ADD_MIF", setsockopt(fd6, IPPROTO_IPV6, MRT6_ADD_MIF,
						&mc[i], sizeof(mc[i])));
	printf("sockets: mroute vifs added\n");
	fflush(stdout);
	sleep(seconds);
	for (i = 0; i < 3; i++)
		step("MRT_DEL_VIF", setsockopt(fd, IPPROTO_IP, MRT_DEL_VIF,
					       &vc[i], sizeof(vc[i])));
	for (i = 0; i < 2; i++)
		step("MRT6_DEL_MIF", setsockopt(fd6, IPPROTO_IPV6, MRT6_DEL_MIF,
						&mc[i].mif6c_mifi,
						sizeof(mc[i].mif6c_mifi)));
	close(fd);
	close(fd6);
	printf("sockets: mroute vifs deleted\n");
	return failed;
}

static unsigned short csum(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	unsigned long sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (p[i] << 8) | p[i + 1];
	if (len & 1)
		sum += p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return htons(~sum & 0xffff);
}

/* One PROBE of class type CTYPE with IDENT; wait for its reply. */
static void probe_one(int fd, const struct sockaddr_in *to, int ctype,
		      const void *ident, size_t len, const char *what)
{
	unsigned char pkt[64] = { 0 }, buf[512];
	size_t n = 16 + ((len + 3) & ~3UL);
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	unsigned short sum;
	char msg[96];

	pkt[0] = 42;			/* ICMP_EXT_ECHO */
	pkt[4] = 0x12;			/* identifier */
	pkt[7] = 1;			/* sequence, L-bit set */
	pkt[8] = 0x20;			/* extension header version 2 */
	pkt[12] = 0;
	pkt[13] = 4 + len;		/* object length */
	pkt[14] = 3;			/* ICMP_EXT_ECHO_CLASSNUM */
	pkt[15] = ctype;
	memcpy(pkt + 16, ident, len);
	sum = csum(pkt + 8, n - 8);
	memcpy(pkt + 10, &sum, 2);
	sum = csum(pkt, n);
	memcpy(pkt + 2, &sum, 2);
	snprintf(msg, sizeof(msg), "probe %s", what);
	if (sendto(fd, pkt, n, 0, (const void *)to, sizeof(*to)) < 0) {
		step(msg, -1);
		return;
	}
	while (poll(&pfd, 1, 2000) == 1) {
		ssize_t r = recv(fd, buf, sizeof(buf), 0);
		size_t ihl;

		if (r < 20)
			break;
		ihl = (buf[0] & 0x0f) * 4;
		if ((size_t)r > ihl && buf[ihl] == 43) {	/* reply */
			printf("sockets: %s: reply code %u status 0x%02x\n",
			       msg, buf[ihl + 1], buf[ihl + 7]);
			return;
		}
	}
	errno = ETIMEDOUT;
	step(msg, -1);
}

static int probe(const char *ifname, const char *addr, const char *v4,
		 const char *v6)
{
	struct sockaddr_in to = { .sin_family = AF_INET };
	unsigned char a4[8] = { 0, 1, 4, 0 };	/* AFI IPv4, length 4 */
	unsigned char a6[20] = { 0, 2, 16, 0 };	/* AFI IPv6, length 16 */
	unsigned int one = htonl(1);
	int fd;

	inet_pton(AF_INET, addr, &to.sin_addr);
	inet_pton(AF_INET, v4, a4 + 4);
	inet_pton(AF_INET6, v6, a6 + 4);
	fd = socket(AF_INET, SOCK_RAW, IPPROTO_ICMP);
	step("icmp socket", fd);
	if (fd < 0)
		return 1;
	probe_one(fd, &to, 1, ifname, strlen(ifname), "by name");
	probe_one(fd, &to, 2, &one, sizeof(one), "by ifindex");
	probe_one(fd, &to, 3, a4, sizeof(a4), "by IPv4 address");
	probe_one(fd, &to, 3, a6, sizeof(a6), "by IPv6 address");
	close(fd);
	return failed;
}

/* ETHTOOL_MSG_LINKSTATE_GET with NLM_F_DUMP: one reply per device. */
static int ethtool_dump(unsigned int ifindex)
{
	struct {
		struct nlmsghdr nh;
		struct genlmsghdr g;
	} req = {
		.nh.nlmsg_len = sizeof(req),
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
		.nh.nlmsg_seq = 2,
		.g.cmd = ETHTOOL_MSG_LINKSTATE_GET,
		.g.version = ETHTOOL_GENL_VERSION,
	};
	int fd, family, done = 0, replies = 0, found = 0;
	char buf[16384];

	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	step("generic netlink socket", fd);
	if (fd < 0)
		return 1;
	family = genl_family(fd, ETHTOOL_GENL_NAME);
	if (family < 0) {
		printf("sockets: ethtool genetlink family: not found\n");
		close(fd);
		return 1;
	}
	req.nh.nlmsg_type = family;
	step("ethtool LINKSTATE_GET dump request",
	     send(fd, &req, sizeof(req), 0));
	while (!done && !failed) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nh = (void *)buf;

		if (n <= 0) {
			step("ethtool LINKSTATE_GET dump reply", -1);
			break;
		}
		for (; NLMSG_OK(nh, n); nh = NLMSG_NEXT(nh, n)) {
			struct nlattr *hdr, *a;

			if (nh->nlmsg_type == NLMSG_DONE)
				done = 1;
			if (nh->nlmsg_type == NLMSG_ERROR) {
				errno = -((struct nlmsgerr *)NLMSG_DATA(nh))->error;
				step("ethtool LINKSTATE_GET dump reply", -1);
			}
			if (nh->nlmsg_type != family)
				continue;
			replies++;
			/* The header nest's first attributes: the ifindex. */
			hdr = genl_attr(nh, ETHTOOL_A_LINKSTATE_HEADER);
			a = hdr ? (void *)((char *)hdr + NLA_HDRLEN) : NULL;
			for (; a && (char *)a < (char *)hdr + hdr->nla_len;
			     a = (void *)((char *)a + NLA_ALIGN(a->nla_len))) {
				if (a->nla_len < sizeof(*a))
					break;
				if (a->nla_type == ETHTOOL_A_HEADER_DEV_INDEX &&
				    *(unsigned int *)((char *)a + NLA_HDRLEN) ==
				    ifindex)
					found = 1;
			}
		}
	}
	close(fd);
	printf("sockets: ethtool LINKSTATE_GET dump: %d replies, ifindex %u %s\n",
	       replies, ifindex, found ? "among them" : "missing");
	if (!done || !found)
		failed = 1;
	return failed;
}

/* The Ethernet address of IFNAME into MAC. */
static int hwaddr(const char *ifname, unsigned char *mac)
{
	struct ifreq ifr = {};
	int fd, ret;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		return -1;
	strncpy(ifr.ifr_name, ifname, IFNAMSIZ - 1);
	ret = ioctl(fd, SIOCGIFHWADDR, &ifr);
	close(fd);
	if (!ret)
		memcpy(mac, ifr.ifr_hwaddr.sa_data, IFHWADDRLEN);
	return ret;
}

static int llc_bind(int fd, const unsigned char *mac, unsigned char sap)
{
	struct sockaddr_llc a = {
		.sllc_family = AF_LLC, .sllc_arphrd = ARPHRD_ETHER,
		.sllc_sap = sap,
	};

	memcpy(a.sllc_mac, mac, IFHWADDRLEN);
	return bind(fd, (struct sockaddr *)&a, sizeof(a));
}

/* LLC sockets holding IFNAME (bind, autobind, connect) and LISTENIF (the
 * accepted connection), and one autobound on the first Ethernet device;
 * held SECONDS. Type 2 is init_net only.
 */
static int llc(const char *ifname, const char *listenif, int seconds)
{
	struct sockaddr_llc to = {
		.sllc_family = AF_LLC, .sllc_arphrd = ARPHRD_ETHER,
		.sllc_sap = 0x44,
	};
	struct timeval tv = { .tv_sec = 5 };
	unsigned char mac[IFHWADDRLEN], lmac[IFHWADDRLEN];
	int dg, ab, ub, lfd, cfd, afd;

	if (hwaddr(ifname, mac) || hwaddr(listenif, lmac)) {
		step("SIOCGIFHWADDR", -1);
		return 1;
	}
	dg = socket(AF_LLC, SOCK_DGRAM, 0);
	step("LLC datagram socket", dg);
	step("LLC bind to the device address", llc_bind(dg, mac, 0x42));

	ab = socket(AF_LLC, SOCK_DGRAM, 0);
	step("LLC SO_BINDTODEVICE",
	     setsockopt(ab, SOL_SOCKET, SO_BINDTODEVICE, ifname,
			strlen(ifname) + 1));
	memset(to.sllc_mac, 0xff, IFHWADDRLEN);
	step("LLC autobind by sendto",
	     sendto(ab, "sockets", 6, 0, (struct sockaddr *)&to, sizeof(to)));
	/* Not bound to a device: autobind takes the first Ethernet one. */
	ub = socket(AF_LLC, SOCK_DGRAM, 0);
	step("LLC autobind of an unbound socket by sendto",
	     sendto(ub, "sockets", 6, 0, (struct sockaddr *)&to, sizeof(to)));

	lfd = socket(AF_LLC, SOCK_STREAM, 0);
	step("LLC listener bind", llc_bind(lfd, lmac, 0x50));
	step("LLC listen", listen(lfd, 1));
	cfd = socket(AF_LLC, SOCK_STREAM, 0);
	step("LLC connecting socket bind", llc_bind(cfd, mac, 0x52));
	setsockopt(cfd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	setsockopt(lfd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	to.sllc_sap = 0x50;
	memcpy(to.sllc_mac, lmac, IFHWADDRLEN);
	step("LLC type 2 connect",
	     connect(cfd, (struct sockaddr *)&to, sizeof(to)));
	afd = accept(lfd, NULL, NULL);
	step("LLC accept", afd);
	if (failed)
		return 1;
	printf("sockets: llc sockets bound\n");
	fflush(stdout);
	sleep(seconds);
	close(afd);
	close(cfd);
	close(lfd);
	close(ub);
	close(ab);
	close(dg);
	printf("sockets: llc sockets closed\n");
	return failed;
}

/* TIPC_NL_BEARER_ENABLE or _DISABLE for the bearer "eth:IFNAME". */
static void tipc_bearer(int fd, int family, int cmd, const char *ifname,
			const char *what)
{
	struct {
		struct nlmsghdr nh;
		struct genlmsghdr g;
		struct nlattr bearer;
		struct nlattr name;
		char value[TIPC_MAX_BEARER_NAME];
	} req = {
		.nh.nlmsg_len = sizeof(req),
		.nh.nlmsg_type = family,
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK,
		.nh.nlmsg_seq = 3,
		.g.cmd = cmd,
		.g.version = TIPC_GENL_V2_VERSION,
		.bearer.nla_len = 2 * NLA_HDRLEN + TIPC_MAX_BEARER_NAME,
		.bearer.nla_type = TIPC_NLA_BEARER | NLA_F_NESTED,
		.name.nla_len = NLA_HDRLEN + TIPC_MAX_BEARER_NAME,
		.name.nla_type = TIPC_NLA_BEARER_NAME,
	};
	char buf[4096];
	struct nlmsghdr *nh = (void *)buf;
	ssize_t n;

	snprintf(req.value, sizeof(req.value), "eth:%s", ifname);
	if (send(fd, &req, sizeof(req), 0) < 0) {
		step(what, -1);
		return;
	}
	n = recv(fd, buf, sizeof(buf), 0);
	if (n < (ssize_t)sizeof(*nh) || nh->nlmsg_type != NLMSG_ERROR) {
		errno = EPROTO;
		step(what, -1);
		return;
	}
	errno = -((struct nlmsgerr *)NLMSG_DATA(nh))->error;
	step(what, errno ? -1 : 0);
}

/* A TIPC Ethernet bearer on IFNAME, enabled for SECONDS. */
static int tipc(const char *ifname, int seconds)
{
	int fd, family;

	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	step("generic netlink socket", fd);
	if (fd < 0)
		return 1;
	family = genl_family(fd, TIPC_GENL_V2_NAME);
	if (family < 0) {
		printf("sockets: TIPC genetlink family: not found\n");
		close(fd);
		return 1;
	}
	tipc_bearer(fd, family, TIPC_NL_BEARER_ENABLE, ifname,
		    "TIPC bearer enable");
	if (failed) {
		close(fd);
		return 1;
	}
	printf("sockets: tipc bearer enabled\n");
	fflush(stdout);
	sleep(seconds);
	tipc_bearer(fd, family, TIPC_NL_BEARER_DISABLE, ifname,
		    "TIPC bearer disable");
	close(fd);
	return failed;
}

/* An mctpserialN device: the MCTP line discipline on a pty master. */
static int mctp(int seconds)
{
	int fd, ldisc = N_MCTP;

	fd = open("/dev/ptmx", O_RDWR | O_NOCTTY);
	step("open /dev/ptmx", fd);
	if (fd < 0)
		return 1;
	step("TIOCSETD N_MCTP", ioctl(fd, TIOCSETD, &ldisc));
	if (failed)
		return 1;
	printf("sockets: mctp serial device up\n");
	fflush(stdout);
	sleep(seconds);
	close(fd);
	printf("sockets: mctp serial device closed\n");
	return failed;
}

int main(int argc, char **argv)
{
	unsigned int ifindex;

	if (argc < 3) {
		fprintf(stderr, "usage: sockets packet|sockopt|tclass|ethtool IFNAME\n"
			"       sockets mroute IFNAME ADDR SECONDS\n"
			"       sockets llc IFNAME LISTENIF SECONDS\n"
			"       sockets mctp - SECONDS\n"
			"       sockets tipc IFNAME SECONDS\n"
			"       sockets probe IFNAME ADDR V4ADDR V6ADDR\n");
		return 2;
	}
	if (!strcmp(argv[1], "mctp") && argc == 4)
		return mctp(atoi(argv[3]));
	/* The probed interface is the peer's: do not look it up here. */
	if (!strcmp(argv[1], "probe") && argc == 6)
		return probe(argv[2], argv[3], argv[4], argv[5]);
	ifindex = if_nametoindex(argv[2]);
	if (!ifindex) {
		fprintf(stderr, "sockets: no device %s\n", argv[2]);
		return 2;
	}
	if (!strcmp(argv[1], "packet"))
		return packet(ifindex);
	if (!strcmp(argv[1], "sockopt"))
		return sockopt(ifindex, argv[2], argc > 3 ? argv[3] : NULL);
	if (!strcmp(argv[1], "tclass"))
		return tclass(ifindex);
	if (!strcmp(argv[1], "getaddr") && argc == 4)
		return getaddr(ifindex, argv[3]);
	if (!strcmp(argv[1], "mroute") && argc == 5)
		return mroute(ifindex, argv[3], atoi(argv[4]));
	if (!strcmp(argv[1], "ethtool"))
		return ethtool_dump(ifindex);
	if (!strcmp(argv[1], "tipc") && argc == 4)
		return tipc(argv[2], atoi(argv[3]));
	if (!strcmp(argv[1], "llc") && argc == 5)
		return llc(argv[2], argv[3], atoi(argv[4]));
	fprintf(stderr, "sockets: unknown command %s\n", argv[1]);
	return 2;
}
