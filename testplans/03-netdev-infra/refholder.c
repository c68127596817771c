// SPDX-License-Identifier: GPL-2.0
/*
 * refholder - make the kernel hold a net device reference from a socket,
 * for as long as this program runs.
 *
 * Usage: refholder vif IFINDEX     IPv4 multicast routing: MRT_INIT, then
 *                                  MRT_ADD_VIF on the device (ipmr vif_add)
 *        refholder mif IFINDEX     IPv6 multicast routing: MRT6_INIT, then
 *                                  MRT6_ADD_MIF on the device (ip6mr mif6_add)
 *        refholder udp IPV4ADDR    a UDP socket connected to IPV4ADDR, port
 *                                  9, which keeps the route's dst cached
 *
 * Prints "ready" once the reference is taken, then waits for a signal;
 * the kernel drops the reference when the socket is closed at exit.
 * Built statically into the boot test's initramfs by qemu/mkinitramfs.
 *
 * Exit: 0 on a signal after "ready", 1 a call failed, 2 usage.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/mroute.h>
#include <linux/mroute6.h>

static void on_signal(int sig)
{
	(void)sig;
	_exit(0);
}

static int fail(const char *what)
{
	perror(what);
	return 1;
}

static int add_vif(int ifindex)
{
	struct vifctl vc;
	int one = 1;
	int fd;

	fd = socket(AF_INET, SOCK_RAW, IPPROTO_IGMP);
	if (fd < 0)
		return fail("socket(AF_INET, SOCK_RAW, IPPROTO_IGMP)");
	if (setsockopt(fd, IPPROTO_IP, MRT_INIT, &one, sizeof(one)))
		return fail("MRT_INIT");
	memset(&vc, 0, sizeof(vc));
	vc.vifc_vifi = 0;
	vc.vifc_flags = VIFF_USE_IFINDEX;
	vc.vifc_threshold = 1;
	vc.vifc_lcl_ifindex = ifindex;
	if (setsockopt(fd, IPPROTO_IP, MRT_ADD_VIF, &vc, sizeof(vc)))
		return fail("MRT_ADD_VIF");
	return 0;
}

static int add_mif(int ifindex)
{
	struct mif6ctl mc;
	int one = 1;
	int fd;

	fd = socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	if (fd < 0)
		return fail("socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6)");
	if (setsockopt(fd, IPPROTO_IPV6, MRT6_INIT, &one, sizeof(one)))
		return fail("MRT6_INIT");
	memset(&mc, 0, sizeof(mc));
	mc.mif6c_mifi = 0;
	mc.vifc_threshold = 1;
	mc.mif6c_pifi = ifindex;
	if (setsockopt(fd, IPPROTO_IPV6, MRT6_ADD_MIF, &mc, sizeof(mc)))
		return fail("MRT6_ADD_MIF");
	return 0;
}

static int connect_udp(const char *addr)
{
	struct sockaddr_in sin;
	int fd;

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_port = htons(9);
	if (inet_pton(AF_INET, addr, &sin.sin_addr) != 1) {
		fprintf(stderr, "not an IPv4 address: %s\n", addr);
		return 1;
	}
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		return fail("socket(AF_INET, SOCK_DGRAM)");
	if (connect(fd, (struct sockaddr *)&sin, sizeof(sin)))
		return fail("connect");
	if (send(fd, "x", 1, 0) != 1)
		return fail("send");
	return 0;
}

int main(int argc, char **argv)
{
	int err;

	if (argc != 3) {
		fprintf(stderr, "usage: %s vif|mif IFINDEX | udp IPV4ADDR\n",
			argv[0]);
		return 2;
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	if (!strcmp(argv[1], "vif"))
		err = add_vif(atoi(argv[2]));
	else if (!strcmp(argv[1], "mif"))
		err = add_mif(atoi(argv[2]));
	else if (!strcmp(argv[1], "udp"))
		err = connect_udp(argv[2]);
	else
		return 2;
	if (err)
		return err;
	printf("ready\n");
	fflush(stdout);
	for (;;)
		pause();
}
