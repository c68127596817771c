// SPDX-License-Identifier: GPL-2.0
/*
 * netrom-rose: NET/ROM and ROSE device references for testplan
 * 04-netdev-conversions.
 *
 *   netrom-rose run SECONDS
 *
 * Gives nr0 and rose0 an address and brings them up, makes an AX.25
 * device (mkiss on a pty) for the NET/ROM route ioctls, adds and deletes
 * NET/ROM routes, associates our uid with a callsign (ROSE's autobind
 * needs it, for an euid other than 0), then binds and listens and connects over the loopback of
 * each protocol (nr_loopback, rose_loopback) and accepts the call. With
 * every socket open it prints "netrom-rose: sockets open" and waits SECONDS
 * (the scenario reads the trackers meanwhile), then closes everything,
 * deletes the routes and the pty and prints "netrom-rose: done".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/ax25.h>
#include <linux/netrom.h>
#include <linux/rose.h>
#include <linux/sockios.h>
#include <linux/tty.h>

static void die(const char *what)
{
	printf("netrom-rose: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void ok(const char *what, int ret)
{
	if (ret < 0)
		die(what);
	printf("netrom-rose: %s: ok\n", what);
}

/* A call that must fail with @err. */
static void fails(const char *what, int ret, int err)
{
	if (ret >= 0) {
		printf("netrom-rose: %s: succeeded, expected %s\n", what,
		       strerror(err));
		exit(1);
	}
	if (errno != err)
		die(what);
	printf("netrom-rose: %s: %s as expected\n", what, strerror(err));
}

/* "CALL-N" in AX.25 form: shifted letters, space padded, SSID byte. */
static ax25_address call(const char *s, int ssid)
{
	ax25_address a;
	int i;

	for (i = 0; i < 6; i++)
		a.ax25_call[i] = (*s ? *s++ : ' ') << 1;
	a.ax25_call[6] = (ssid << 1) & 0x1e;
	return a;
}

static void set_hwaddr(int fd, const char *dev, int type, const void *addr,
		       size_t len)
{
	struct ifreq ifr;
	char what[64];

	memset(&ifr, 0, sizeof(ifr));
	strncpy(ifr.ifr_name, dev, IFNAMSIZ - 1);
	ifr.ifr_hwaddr.sa_family = type;
	memcpy(ifr.ifr_hwaddr.sa_data, addr, len);
	snprintf(what, sizeof(what), "SIOCSIFHWADDR %s", dev);
	ok(what, ioctl(fd, SIOCSIFHWADDR, &ifr));
}

static void set_up(int fd, const char *dev, int up)
{
	struct ifreq ifr;
	char what[64];

	memset(&ifr, 0, sizeof(ifr));
	strncpy(ifr.ifr_name, dev, IFNAMSIZ - 1);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
		die("SIOCGIFFLAGS");
	if (up)
		ifr.ifr_flags |= IFF_UP;
	else
		ifr.ifr_flags &= ~IFF_UP;
	snprintf(what, sizeof(what), "%s %s", dev, up ? "up" : "down");
	ok(what, ioctl(fd, SIOCSIFFLAGS, &ifr));
}

static int nr_route(int fd, unsigned long cmd, int type, const char *dev,
		    ax25_address dest, ax25_address neigh)
{
	struct nr_route_struct rt;

	memset(&rt, 0, sizeof(rt));
	rt.type = type;
	rt.callsign = dest;
	strncpy(rt.device, dev, sizeof(rt.device) - 1);
	rt.quality = 200;
	strcpy(rt.mnemonic, "NODE1");
	rt.neighbour = neigh;
	rt.obs_count = 6;
	return ioctl(fd, cmd, &rt);
}

static struct sockaddr_ax25 nr_addr(ax25_address a)
{
	struct sockaddr_ax25 sa;

	memset(&sa, 0, sizeof(sa));
	sa.sax25_family = AF_NETROM;
	sa.sax25_call = a;
	return sa;
}

static struct sockaddr_rose rose_addr(const rose_address *ra, ax25_address c)
{
	struct sockaddr_rose sa;

	memset(&sa, 0, sizeof(sa));
	sa.srose_family = AF_ROSE;
	sa.srose_addr = *ra;
	sa.srose_call = c;
	return sa;
}

int main(int argc, char **argv)
{
	/* Addresses: NET/ROM nr0 N0NR-1, its neighbour N0NB, a node N0ND
	 * behind it, the uid's callsign N0US, ROSE rose0 2345678901.
	 */
	const ax25_address nr_call = call("N0NR", 1), nb_call = call("N0NB", 0);
	const ax25_address node = call("N0ND", 0), us = call("N0US", 0);
	const ax25_address kiss_call = call("N0KS", 0);
	const rose_address raddr = { { 0x23, 0x45, 0x67, 0x89, 0x01 } };
	const rose_address rnone = { { 0x99, 0x99, 0x99, 0x99, 0x99 } };
	int ctl, ax, nrl, nrc, nra, nrr, rl, rc, ra, pty, ldisc = N_AX25;
	struct sockaddr_rose rsa;
	struct sockaddr_ax25 sa;
	struct sockaddr_ax25 uid;
	char kiss[IFNAMSIZ + 1];
	int hold;

	if (argc != 3 || strcmp(argv[1], "run"))
		return fprintf(stderr, "usage: netrom-rose run SECONDS\n"), 2;
	hold = atoi(argv[2]);
	setvbuf(stdout, NULL, _IONBF, 0);

	ctl = socket(AF_INET, SOCK_DGRAM, 0);
	if (ctl < 0)
		die("socket AF_INET");

	/* The NET/ROM and ROSE devices: address, then up. */
	set_hwaddr(ctl, "nr0", ARPHRD_NETROM, &nr_call, sizeof(nr_call));
	set_up(ctl, "nr0", 1);
	set_hwaddr(ctl, "rose0", ARPHRD_ROSE, &raddr, sizeof(raddr));
	set_up(ctl, "rose0", 1);

	/* An AX.25 device: mkiss on a pty. */
	pty = open("/dev/ptmx", O_RDWR | O_NOCTTY);
	ok("open /dev/ptmx", pty);
	ok("TIOCSETD N_AX25", ioctl(pty, TIOCSETD, &ldisc));
	memset(kiss, 0, sizeof(kiss));
	ok("SIOCGIFNAME", ioctl(pty, SIOCGIFNAME, kiss));
	printf("netrom-rose: kiss device %s\n", kiss);
	set_hwaddr(ctl, kiss, ARPHRD_AX25, &kiss_call, sizeof(kiss_call));
	set_up(ctl, kiss, 1);

	/* NET/ROM routes (nr_rt_ioctl(), nr_ax25_dev_get(), nr_add_node()). */
	nrr = socket(AF_NETROM, SOCK_SEQPACKET, 0);
	ok("socket AF_NETROM", nrr);
	ok("SIOCADDRT neighbour",
	   nr_route(nrr, SIOCADDRT, NETROM_NEIGH, kiss, nb_call, nb_call));
	ok("SIOCADDRT node",
	   nr_route(nrr, SIOCADDRT, NETROM_NODE, kiss, node, nb_call));
	fails("SIOCADDRT node to our own callsign",
	      nr_route(nrr, SIOCADDRT, NETROM_NODE, kiss, nr_call, nb_call),
	      EINVAL);
	fails("SIOCADDRT on nr0 (not AX.25)",
	      nr_route(nrr, SIOCADDRT, NETROM_NODE, "nr0", node, nb_call),
	      EINVAL);
	fails("SIOCDELRT on a missing device",
	      nr_route(nrr, SIOCDELRT, NETROM_NODE, "nosuch0", node, nb_call),
	      EINVAL);

	/* A callsign for uid 1000: rose_connect()'s autobind needs one for
	 * the caller's euid, and uid 0 cannot have one.
	 */
	ax = socket(AF_AX25, SOCK_SEQPACKET, 0);
	ok("socket AF_AX25", ax);
	memset(&uid, 0, sizeof(uid));
	uid.sax25_family = AF_AX25;
	uid.sax25_uid = 1000;
	uid.sax25_call = us;
	ok("SIOCAX25ADDUID", ioctl(ax, SIOCAX25ADDUID, &uid));

	/* NET/ROM: bind + listen, connect with autobind over the loopback,
	 * a bind to an unknown callsign, and a connect routed to the node
	 * (nr_route_frame() forwarding on the first NET/ROM device).
	 */
	nrl = socket(AF_NETROM, SOCK_SEQPACKET, 0);
	ok("socket AF_NETROM", nrl);
	sa = nr_addr(nr_call);
	ok("netrom bind", bind(nrl, (struct sockaddr *)&sa, sizeof(sa)));
	ok("netrom listen", listen(nrl, 2));
	nrc = socket(AF_NETROM, SOCK_SEQPACKET, 0);
	ok("socket AF_NETROM", nrc);
	sa = nr_addr(nr_call);
	ok("netrom connect to ourselves",
	   connect(nrc, (struct sockaddr *)&sa, sizeof(sa)));
	nra = accept(nrl, NULL, NULL);
	ok("netrom accept", nra);
	{
		int s = socket(AF_NETROM, SOCK_SEQPACKET, 0);

		sa = nr_addr(node);
		fails("netrom bind to an unknown callsign",
		      bind(s, (struct sockaddr *)&sa, sizeof(sa)),
		      EADDRNOTAVAIL);
		fcntl(s, F_SETFL, O_NONBLOCK);
		fails("netrom connect to the node behind the neighbour",
		      connect(s, (struct sockaddr *)&sa, sizeof(sa)),
		      EINPROGRESS);
		close(s);
	}

	/* ROSE: bind + listen (rose_bind()), connect with autobind
	 * (rose_connect(), rose_dev_first()) to rose0's own address over
	 * rose_loopback, accept (rose_rx_call_request()).
	 */
	rl = socket(AF_ROSE, SOCK_SEQPACKET, 0);
	ok("socket AF_ROSE", rl);
	rsa = rose_addr(&rnone, us);
	fails("rose bind to an unknown address",
	      bind(rl, (struct sockaddr *)&rsa, sizeof(rsa)), EADDRNOTAVAIL);
	rsa = rose_addr(&raddr, us);
	ok("rose bind", bind(rl, (struct sockaddr *)&rsa, sizeof(rsa)));
	ok("rose listen", listen(rl, 2));
	rc = socket(AF_ROSE, SOCK_SEQPACKET, 0);
	ok("socket AF_ROSE", rc);
	ok("seteuid 1000", seteuid(1000));
	ok("rose connect to ourselves",
	   connect(rc, (struct sockaddr *)&rsa, sizeof(rsa)));
	ok("seteuid 0", seteuid(0));
	ra = accept(rl, NULL, NULL);
	ok("rose accept", ra);

	printf("netrom-rose: sockets open\n");
	sleep(hold);

	close(ra);
	close(rc);
	close(rl);
	close(nra);
	close(nrc);
	close(nrl);
	printf("netrom-rose: sockets closed\n");

	ok("SIOCAX25DELUID", ioctl(ax, SIOCAX25DELUID, &uid));
	close(ax);
	ok("SIOCDELRT node",
	   nr_route(nrr, SIOCDELRT, NETROM_NODE, kiss, node, nb_call));
	ok("SIOCDELRT neighbour",
	   nr_route(nrr, SIOCDELRT, NETROM_NEIGH, kiss, nb_call, nb_call));
	close(nrr);
	set_up(ctl, kiss, 0);
	close(pty);
	set_up(ctl, "rose0", 0);
	set_up(ctl, "nr0", 0);
	close(ctl);
	printf("netrom-rose: done\n");
	return 0;
}
