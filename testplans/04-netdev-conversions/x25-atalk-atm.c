// SPDX-License-Identifier: GPL-2.0
/*
 * x25-atalk-atm - drive the old protocol families' paths that take net device
 * references, for testplan 04-netdev-conversions.
 *
 * Usage: x25-atalk-atm x25 LAPBDEV SECONDS
 *                                X.25 ioctls on an AF_X25 socket: the
 *                                subscription of LAPBDEV's neighbour read
 *                                and written back (SIOCX25[GS]SUBSCRIP), a
 *                                route added on LAPBDEV (SIOCADDRT), one
 *                                refused on lo (not an X.25 device); holds
 *                                the route SECONDS, then deletes it
 *        x25-atalk-atm atalk IFNAME SECONDS
 *                                AppleTalk on an Ethernet device: an
 *                                address (SIOCSIFADDR, phase 2, which
 *                                adds an interface and its direct
 *                                route), a gateway route added, then
 *                                updated with the device named; holds
 *                                them SECONDS, then deletes the route
 *                                (SIOCDELRT) and the address (SIOCDIFADDR)
 *        x25-atalk-atm mpoa ITF
 *                                an ATM LANE client lecITF (ATMLEC_CTRL on
 *                                a PVC socket, configured as LANE v2 the
 *                                way a LANE daemon does), then an MPOA
 *                                daemon attached to it (ATMMPC_CTRL, which
 *                                looks the device up) and closed again;
 *                                the LANE socket is closed last (lecITF
 *                                stays registered)
 *
 * Every step prints one line; exit 0 when all of them succeeded, 1 when
 * one failed (the line says which), 2 on a usage error.
 */
#include <net/if.h>
#include <net/route.h>
#include <arpa/inet.h>
#include <errno.h>
#include <linux/atalk.h>
#include <linux/atm.h>
#include <linux/atmlec.h>
#include <linux/atmmpc.h>
#include <linux/x25.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static int failed;

static void step(const char *what, int ret)
{
	if (ret < 0) {
		printf("x25-atalk-atm: %s: %s\n", what, strerror(errno));
		failed = 1;
	} else {
		printf("x25-atalk-atm: %s: ok\n", what);
	}
	fflush(stdout);
}

/* A step that must fail with errno EXPECTED. */
static void step_fails(const char *what, int ret, int expected)
{
	if (ret < 0 && errno == expected) {
		printf("x25-atalk-atm: %s: %s as expected\n", what, strerror(errno));
	} else {
		printf("x25-atalk-atm: %s: %s, expected %s\n", what,
		       ret < 0 ? strerror(errno) : "succeeded",
		       strerror(expected));
		failed = 1;
	}
	fflush(stdout);
}

static int x25(const char *dev, int seconds)
{
	struct x25_subscrip_struct sub;
	struct x25_route_struct rt;
	int fd;

	fd = socket(AF_X25, SOCK_SEQPACKET, 0);
	step("x25 socket", fd);
	if (fd < 0)
		return 1;

	memset(&sub, 0, sizeof(sub));
	snprintf(sub.device, sizeof(sub.device), "%s", dev);
	step("SIOCX25GSUBSCRIP", ioctl(fd, SIOCX25GSUBSCRIP, &sub));
	step("SIOCX25SSUBSCRIP", ioctl(fd, SIOCX25SSUBSCRIP, &sub));

	memset(&rt, 0, sizeof(rt));
	snprintf(rt.address.x25_addr, sizeof(rt.address.x25_addr), "12345");
	rt.sigdigits = 5;
	snprintf(rt.device, sizeof(rt.device), "%s", dev);
	step("x25 SIOCADDRT", ioctl(fd, SIOCADDRT, &rt));
	printf("x25-atalk-atm: x25 route added\n");
	fflush(stdout);

	/* x25_dev_get() finds lo, which is not an X.25 device. */
	snprintf(rt.device, sizeof(rt.device), "lo");
	step_fails("x25 SIOCADDRT on lo", ioctl(fd, SIOCADDRT, &rt), EINVAL);

	sleep(seconds);
	snprintf(rt.device, sizeof(rt.device), "%s", dev);
	step("x25 SIOCDELRT", ioctl(fd, SIOCDELRT, &rt));
	close(fd);
	printf("x25-atalk-atm: x25 route deleted\n");
	return failed;
}

static void at_sockaddr(struct sockaddr *sa, int net, int node)
{
	struct sockaddr_at *sat = (struct sockaddr_at *)sa;

	memset(sat, 0, sizeof(*sat));
	sat->sat_family = AF_APPLETALK;
	sat->sat_addr.s_net = htons(net);
	sat->sat_addr.s_node = node;
}

static int atalk(const char *dev, int seconds)
{
	struct atalk_netrange nr = {
		.nr_phase = 2,
		.nr_firstnet = htons(100),
		.nr_lastnet = htons(100),
	};
	char name[IFNAMSIZ];
	struct rtentry rt;
	struct ifreq ifr;
	int fd;

	fd = socket(AF_APPLETALK, SOCK_DGRAM, 0);
	step("atalk socket", fd);
	if (fd < 0)
		return 1;

	/* Net 100, node 10; the netrange goes in sat_zero. */
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", dev);
	at_sockaddr(&ifr.ifr_addr, 100, 10);
	memcpy(((struct sockaddr_at *)&ifr.ifr_addr)->sat_zero, &nr,
	       sizeof(nr));
	step("atalk SIOCSIFADDR", ioctl(fd, SIOCSIFADDR, &ifr));

	/* Net 200 through node 20 of net 100: the device from the gateway. */
	memset(&rt, 0, sizeof(rt));
	at_sockaddr(&rt.rt_dst, 200, 0);
	at_sockaddr(&rt.rt_gateway, 100, 20);
	rt.rt_flags = RTF_UP | RTF_GATEWAY;
	step("atalk SIOCADDRT", ioctl(fd, SIOCADDRT, &rt));
	/* The same route again, the device named: the route is updated. */
	snprintf(name, sizeof(name), "%s", dev);
	rt.rt_dev = name;
	step("atalk SIOCADDRT update", ioctl(fd, SIOCADDRT, &rt));
	printf("x25-atalk-atm: atalk configured\n");
	fflush(stdout);

	sleep(seconds);
	step("atalk SIOCDELRT", ioctl(fd, SIOCDELRT, &rt));
	step("atalk SIOCDIFADDR", ioctl(fd, SIOCDIFADDR, &ifr));
	close(fd);
	printf("x25-atalk-atm: atalk deconfigured\n");
	return failed;
}

static int mpoa(int itf)
{
	struct atm_qos qos = {
		.aal = ATM_AAL5,
		.txtp = { .traffic_class = ATM_UBR, .max_sdu = 1024 },
		.rxtp = { .traffic_class = ATM_UBR, .max_sdu = 1024 },
	};
	struct atmlec_msg msg;
	int lecd, mpcd, ret;

	lecd = socket(PF_ATMPVC, SOCK_DGRAM, ATM_AAL5);
	step("atm lecd socket", lecd);
	if (lecd < 0)
		return 1;
	/* A daemon's control socket sends, so it needs a QoS first. */
	step("atm SO_ATMQOS",
	     setsockopt(lecd, SOL_ATM, SO_ATMQOS, &qos, sizeof(qos)));
	ret = ioctl(lecd, ATMLEC_CTRL, itf);
	step("ATMLEC_CTRL", ret);
	if (ret < 0)
		return 1;
	printf("x25-atalk-atm: lec%d created\n", ret);

	/* LANE v2: only such a client gets an MPOA client. */
	memset(&msg, 0, sizeof(msg));
	msg.type = l_config;
	msg.content.config.lane_version = 2;
	msg.content.config.mtu = 1500;
	step("lec l_config v2", write(lecd, &msg, sizeof(msg)));

	mpcd = socket(PF_ATMPVC, SOCK_DGRAM, ATM_AAL5);
	step("atm mpcd socket", mpcd);
	if (mpcd < 0)
		return 1;
	step("ATMMPC_CTRL", ioctl(mpcd, ATMMPC_CTRL, itf));
	close(mpcd);
	printf("x25-atalk-atm: mpoad closed\n");
	close(lecd);
	printf("x25-atalk-atm: lecd closed\n");
	fflush(stdout);
	return failed;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "x25"))
		return x25(argv[2], atoi(argv[3]));
	if (argc == 4 && !strcmp(argv[1], "atalk"))
		return atalk(argv[2], atoi(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "mpoa"))
		return mpoa(atoi(argv[2]));
	fprintf(stderr, "usage: x25-atalk-atm x25 LAPBDEV SECONDS | atalk IFNAME SECONDS | mpoa ITF\n");
	return 2;
}
