// SPDX-License-Identifier: GPL-2.0
/*
 * tuntap-pppoe - drive the tun and tap character device paths, the macvlan
 * broadcast queue and PPPoE sockets, which take net device references,
 * for testplan 04-netdev-conversions.
 *
 * Usage: tuntap-pppoe tun NAME
 *                      makes a tap device NAME on /dev/net/tun
 *                      (TUNSETIFF), turns IPv6 off on it, brings it up, reads its name back
 *                      (TUNGETIFF), sets a queue flag (TUNSETQUEUE),
 *                      polls, writes a frame, reads with nothing queued,
 *                      shows the file's fdinfo, then closes the file,
 *                      which deletes NAME (it is not persistent)
 *        tuntap-pppoe tap NODE
 *                      opens a macvtap character device NODE, reads its
 *                      device's name (TUNGETIFF) and hardware address
 *                      (SIOCGIFHWADDR), writes the address back
 *                      (SIOCSIFHWADDR), detaches and attaches the queue
 *                      (TUNSETQUEUE), then closes it
 *        tuntap-pppoe bcast IFNAME SRCMAC COUNT
 *                      sends COUNT broadcast Ethernet frames from
 *                      source address SRCMAC out of IFNAME on an
 *                      AF_PACKET socket (a macvlan port on the other
 *                      end queues them for its broadcast work item,
 *                      with SRCMAC's macvlan as their source)
 *        tuntap-pppoe pppoe IFNAME PEERIF SECONDS
 *                      connects four PPPoE sockets to sessions 1-4 on
 *                      IFNAME and holds them SECONDS; then disconnects
 *                      the first (connect to session 0), ends the
 *                      second with a PADT sent from PEERIF (the other
 *                      end of IFNAME's link), closes the third, takes
 *                      IFNAME down under the fourth, and connects a
 *                      fifth to the device that is down (ENODEV)
 *
 * Every step prints one line; exit 0 when all of them succeeded, 1 when
 * one failed (the line says which), 2 on a usage error.
 */
#include <net/if.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/if_pppox.h>
#include <linux/if_tun.h>
#include <poll.h>
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
		printf("tuntap-pppoe: %s: %s\n", what, strerror(errno));
		failed = 1;
	} else {
		printf("tuntap-pppoe: %s: ok\n", what);
	}
	fflush(stdout);
}

/* A step that must fail with errno EXPECTED. */
static void step_fails(const char *what, int ret, int expected)
{
	if (ret < 0 && errno == expected) {
		printf("tuntap-pppoe: %s: %s as expected\n", what, strerror(errno));
	} else {
		printf("tuntap-pppoe: %s: %s, expected %s\n", what,
		       ret < 0 ? strerror(errno) : "succeeded",
		       strerror(expected));
		failed = 1;
	}
	fflush(stdout);
}

static int link_set(const char *name, int up)
{
	struct ifreq ifr;
	int s, ret;

	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0)
		return -1;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	ret = ioctl(s, SIOCGIFFLAGS, &ifr);
	if (ret == 0) {
		if (up)
			ifr.ifr_flags |= IFF_UP;
		else
			ifr.ifr_flags &= ~IFF_UP;
		ret = ioctl(s, SIOCSIFFLAGS, &ifr);
	}
	close(s);
	return ret;
}

static int show_fdinfo(int fd)
{
	char path[64], buf[512];
	ssize_t n;
	int f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = open(path, O_RDONLY);
	if (f < 0)
		return -1;
	n = read(f, buf, sizeof(buf) - 1);
	close(f);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	fputs(buf, stdout);
	return strstr(buf, "iff:") ? 0 : (errno = ENOENT, -1);
}

/* A broadcast Ethernet frame of the local experimental ethertype. */
static const unsigned char frame[60] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0x02, 0x00, 0x00, 0x00, 0x00, 0x01,
	0x88, 0xb5,
};

/* quiet_ipv6 NAME: turn IPv6 off on NAME before it comes up, so that the
 * stack queues nothing on it by itself (router solicitations, MLD
 * reports, sent on timers) and a read can find its queue empty.
 */
static int quiet_ipv6(const char *name)
{
	char path[128];
	int fd, ret;

	snprintf(path, sizeof(path), "/proc/sys/net/ipv6/conf/%s/disable_ipv6",
		 name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ret = write(fd, "1", 1) == 1 ? 0 : -1;
	close(fd);
	return ret;
}

static int do_tun(const char *name)
{
	struct pollfd pfd;
	struct ifreq ifr;
	char buf[2048];
	int fd, ret;

	fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK);
	step("open /dev/net/tun", fd);
	if (fd < 0)
		return 1;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	ret = ioctl(fd, TUNSETIFF, &ifr);
	step("TUNSETIFF", ret);
	if (ret < 0)
		return 1;
	step("IPv6 off", quiet_ipv6(name));
	step("link up", link_set(name, 1));

	memset(&ifr, 0, sizeof(ifr));
	ret = ioctl(fd, TUNGETIFF, &ifr);
	step("TUNGETIFF", ret);
	if (ret == 0 && strcmp(ifr.ifr_name, name)) {
		printf("tuntap-pppoe: TUNGETIFF named %s, not %s\n", ifr.ifr_name,
		       name);
		failed = 1;
	}
	/* A second TUNSETIFF on an attached file is refused (-EEXIST)
	 * after tun_get() found the device.
	 */
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	step_fails("second TUNSETIFF", ioctl(fd, TUNSETIFF, &ifr), EEXIST);
	step("TUNSETSNDBUF", ioctl(fd, TUNSETSNDBUF, &(int){ 65536 }));

	pfd.fd = fd;
	pfd.events = POLLIN | POLLOUT;
	ret = poll(&pfd, 1, 1000);
	step("poll", ret);
	if (ret == 1 && !(pfd.revents & POLLOUT)) {
		printf("tuntap-pppoe: poll gave 0x%x, not writable\n", pfd.revents);
		failed = 1;
	}

	ret = write(fd, frame, sizeof(frame));
	step("write a frame", ret);
	/* Drain what the stack sent on the new link, then find it empty. */
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	step_fails("read with nothing queued", read(fd, buf, sizeof(buf)),
		   EAGAIN);
	step("fdinfo", show_fdinfo(fd));
	step("close", close(fd));
	return failed;
}

static int do_tap(const char *node)
{
	struct ifreq ifr, hw;
	int fd, ret;

	fd = open(node, O_RDWR);
	step("open the macvtap node", fd);
	if (fd < 0)
		return 1;

	memset(&ifr, 0, sizeof(ifr));
	ret = ioctl(fd, TUNGETIFF, &ifr);
	step("TUNGETIFF", ret);
	if (ret == 0)
		printf("tuntap-pppoe: the node is %s\n", ifr.ifr_name);

	memset(&hw, 0, sizeof(hw));
	ret = ioctl(fd, SIOCGIFHWADDR, &hw);
	step("SIOCGIFHWADDR", ret);
	if (ret == 0)
		step("SIOCSIFHWADDR", ioctl(fd, SIOCSIFHWADDR, &hw));

	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_DETACH_QUEUE;
	step("TUNSETQUEUE detach", ioctl(fd, TUNSETQUEUE, &ifr));
	ifr.ifr_flags = IFF_ATTACH_QUEUE;
	step("TUNSETQUEUE attach", ioctl(fd, TUNSETQUEUE, &ifr));
	step("close", close(fd));
	return failed;
}

static int do_bcast(const char *name, const char *mac, int count)
{
	struct sockaddr_ll sll;
	unsigned char f[60];
	unsigned int m[6];
	int s, i, ret = 0;

	if (sscanf(mac, "%x:%x:%x:%x:%x:%x", &m[0], &m[1], &m[2], &m[3],
		   &m[4], &m[5]) != 6) {
		fprintf(stderr, "tuntap-pppoe: bad address %s\n", mac);
		return 2;
	}
	memcpy(f, frame, sizeof(f));
	for (i = 0; i < 6; i++)
		f[6 + i] = m[i];

	s = socket(AF_PACKET, SOCK_RAW, htons(0x88b5));
	step("AF_PACKET socket", s);
	if (s < 0)
		return 1;
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(0x88b5);
	sll.sll_ifindex = if_nametoindex(name);
	sll.sll_halen = 6;
	memset(sll.sll_addr, 0xff, 6);
	for (i = 0; i < count && ret >= 0; i++)
		ret = sendto(s, f, sizeof(f), 0, (struct sockaddr *)&sll,
			     sizeof(sll));
	step("send the broadcasts", ret);
	close(s);
	return failed;
}

static const unsigned char pppoe_peer[6] = { 0x02, 0, 0, 0, 0, 0x02 };

static int pppoe_connect_sid(int s, const char *name, int sid)
{
	struct sockaddr_storage ss;
	struct sockaddr_pppox sp;

	memset(&sp, 0, sizeof(sp));
	sp.sa_family = AF_PPPOX;
	sp.sa_protocol = PX_PROTO_OE;
	sp.sa_addr.pppoe.sid = htons(sid);
	memcpy(sp.sa_addr.pppoe.remote, pppoe_peer, 6);
	snprintf(sp.sa_addr.pppoe.dev, sizeof(sp.sa_addr.pppoe.dev), "%s",
		 name);
	/* sockaddr_pppox is packed: pass an aligned copy. */
	memcpy(&ss, &sp, sizeof(sp));
	return connect(s, (struct sockaddr *)&ss, sizeof(sp));
}

/* A PADT for session SID from pppoe_peer to IFNAME, sent out of PEERIF. */
static int send_padt(const char *name, const char *peerif, int sid)
{
	struct sockaddr_ll sll;
	unsigned char f[60];
	struct ifreq ifr;
	int s, ret;

	s = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_PPP_DISC));
	if (s < 0)
		return -1;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	ret = ioctl(s, SIOCGIFHWADDR, &ifr);
	if (ret < 0)
		goto out;
	memset(f, 0, sizeof(f));
	memcpy(f, ifr.ifr_hwaddr.sa_data, 6);
	memcpy(f + 6, pppoe_peer, 6);
	f[12] = ETH_P_PPP_DISC >> 8;
	f[13] = ETH_P_PPP_DISC & 0xff;
	f[14] = 0x11;		/* version 1, type 1 */
	f[15] = 0xa7;		/* PADT */
	f[16] = sid >> 8;
	f[17] = sid & 0xff;
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETH_P_PPP_DISC);
	sll.sll_ifindex = if_nametoindex(peerif);
	sll.sll_halen = 6;
	memcpy(sll.sll_addr, f, 6);
	ret = sendto(s, f, sizeof(f), 0, (struct sockaddr *)&sll, sizeof(sll));
out:
	close(s);
	return ret;
}

static int do_pppoe(const char *name, const char *peerif, int seconds)
{
	int s[5], i;
	char what[64];

	for (i = 0; i < 5; i++) {
		s[i] = socket(AF_PPPOX, SOCK_STREAM, PX_PROTO_OE);
		step("PPPoE socket", s[i]);
		if (s[i] < 0)
			return 1;
	}
	for (i = 0; i < 4; i++) {
		snprintf(what, sizeof(what), "connect to session %d", i + 1);
		step(what, pppoe_connect_sid(s[i], name, i + 1));
	}
	printf("tuntap-pppoe: pppoe sessions connected, holding them %d s\n",
	       seconds);
	fflush(stdout);
	sleep(seconds);

	step("disconnect session 1", pppoe_connect_sid(s[0], name, 0));
	step("PADT for session 2", send_padt(name, peerif, 2));
	/* The PADT unbinds the socket from a work item: give it time. A
	 * socket it did not unbind would be disconnected here instead.
	 */
	sleep(1);
	step_fails("session 2 after the PADT: disconnect",
		   pppoe_connect_sid(s[1], name, 0), EALREADY);
	step("close session 3", close(s[2]));
	step("link down under session 4", link_set(name, 0));
	step_fails("session 4 after link down: disconnect",
		   pppoe_connect_sid(s[3], name, 0), EALREADY);
	step_fails("connect to a device that is down",
		   pppoe_connect_sid(s[4], name, 5), ENODEV);
	step("link up", link_set(name, 1));
	close(s[0]);
	close(s[1]);
	close(s[3]);
	close(s[4]);
	printf("tuntap-pppoe: pppoe sockets closed\n");
	return failed;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "tun"))
		return do_tun(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "tap"))
		return do_tap(argv[2]);
	if (argc == 5 && !strcmp(argv[1], "bcast"))
		return do_bcast(argv[2], argv[3], atoi(argv[4]));
	if (argc == 5 && !strcmp(argv[1], "pppoe"))
		return do_pppoe(argv[2], argv[3], atoi(argv[4]));
	fprintf(stderr, "usage: tuntap-pppoe tun NAME | tuntap-pppoe tap NODE |\n"
		"       tuntap-pppoe bcast IFNAME SRCMAC COUNT |\n"
		"       tuntap-pppoe pppoe IFNAME PEERIF SECONDS\n");
	return 2;
}
