// SPDX-License-Identifier: GPL-2.0
/*
 * netref - drive the socket paths that take net device references, for
 * testplan 04-netdev-conversions.
 *
 * Usage: netref packet IFNAME    AF_PACKET: bind(), send() on the bound
 *                                device, sendto() by ifindex, and a send()
 *                                through a PACKET_TX_RING
 *        netref sockopt IFNAME   IPv4 and IPv6 socket options that look
 *                                the device up by ifindex
 *        netref tclass IFNAME    an RTM_GETTCLASS dump for the device
 *
 * Every step prints one line; exit 0 when all of them succeeded, 1 when
 * one failed (the line says which), 2 on a usage error.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <linux/net_tstamp.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

static int failed;

static void step(const char *what, int ret)
{
	if (ret < 0) {
		printf("netref: %s: %s\n", what, strerror(errno));
		failed = 1;
	} else {
		printf("netref: %s: ok\n", what);
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

static int sockopt(unsigned int ifindex, const char *ifname)
{
	struct so_timestamping ts = { .flags = SOF_TIMESTAMPING_BIND_PHC };
	struct ip_mreqn mreqn = { .imr_ifindex = ifindex };
	struct ipv6_mreq mreq6 = { .ipv6mr_interface = ifindex };
	int idx_be = htonl(ifindex);
	int fd;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	step("udp socket", fd);
	if (fd < 0)
		return 1;
	step("IP_UNICAST_IF", setsockopt(fd, IPPROTO_IP, IP_UNICAST_IF,
					 &idx_be, sizeof(idx_be)));
	step("IP_MULTICAST_IF", setsockopt(fd, IPPROTO_IP, IP_MULTICAST_IF,
					   &mreqn, sizeof(mreqn)));
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
		printf("netref: SO_TIMESTAMPING bind_phc: EINVAL as expected\n");
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
	/* Closing the socket drops the membership joined last. */
	close(fd);
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

int main(int argc, char **argv)
{
	unsigned int ifindex;

	if (argc != 3) {
		fprintf(stderr, "usage: netref packet|sockopt|tclass IFNAME\n");
		return 2;
	}
	ifindex = if_nametoindex(argv[2]);
	if (!ifindex) {
		fprintf(stderr, "netref: no device %s\n", argv[2]);
		return 2;
	}
	if (!strcmp(argv[1], "packet"))
		return packet(ifindex);
	if (!strcmp(argv[1], "sockopt"))
		return sockopt(ifindex, argv[2]);
	if (!strcmp(argv[1], "tclass"))
		return tclass(ifindex);
	fprintf(stderr, "netref: unknown command %s\n", argv[1]);
	return 2;
}
