# SPDX-License-Identifier: GPL-2.0
"""smtp-archive - a local SMTP server that archives list mail in public-inbox.

Usage: smtp-archive.py STATE_DIR LIST_ADDRESS...

Listens on 127.0.0.1 on a free port, written to STATE_DIR/smtp.port once
it accepts connections. Every message accepted is first kept as
STATE_DIR/spool/NNNN.eml with its envelope in STATE_DIR/spool/NNNN.env,
so that nothing is lost whatever happens next; then each recipient that
is one of the LIST_ADDRESSes gets it through public-inbox-mda (the
delivery agent a list's MTA runs, with ORIGINAL_RECIPIENT set as
Postfix sets it), into the inbox public-inbox-init made for it
(PI_CONFIG in the environment). Other recipients are recorded in the
.env file only. A delivery that fails answers 451 with the agent's last
line, so the sender sees it.

Test knobs (the bad cases of tooling/send-test's tests), from the
environment: SMTP_MAX_SIZE (bytes, default 10 MiB, as vger's limit is
of that order): a bigger message is refused with 552 before it is
spooled; SMTP_REFUSE=TEXT: every recipient refused with "550 TEXT".

It never relays: nothing it accepts leaves this machine.
"""

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP


class Archive:
    def __init__(self, state, lists):
        self.state = state
        self.lists = {a.lower() for a in lists}
        self.spool = os.path.join(state, 'spool')
        os.makedirs(self.spool, exist_ok=True)
        self.count = len([f for f in os.listdir(self.spool) if f.endswith('.eml')])
        self.refuse = os.environ.get('SMTP_REFUSE', '')
        self.log = open(os.path.join(state, 'smtp.log'), 'a', buffering=1)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refuse:
            self.log.write(f'refused RCPT {address}: {self.refuse}\n')
            return f'550 5.7.1 {self.refuse}'
        envelope.rcpt_tos.append(address)
        return '250 OK'

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(self.spool, f'{self.count:04d}')
        data = envelope.original_content or envelope.content
        with open(base + '.eml', 'wb') as f:
            f.write(data)
        delivered, failed = [], []
        for rcpt in envelope.rcpt_tos:
            if rcpt.lower() not in self.lists:
                continue
            env = dict(os.environ, ORIGINAL_RECIPIENT=rcpt)
            p = subprocess.run(['public-inbox-mda', '--no-precheck'], input=data, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            out = p.stdout.decode(errors='replace').strip()
            if p.returncode == 0:
                delivered.append(rcpt)
            else:
                last = out.splitlines()[-1] if out else 'no output'
                failed.append(f'{rcpt}: public-inbox-mda exit {p.returncode}: {last}')
        with open(base + '.env', 'w') as f:
            json.dump({'from': envelope.mail_from, 'to': envelope.rcpt_tos,
                       'archived': delivered, 'failed': failed}, f)
            f.write('\n')
        self.log.write(f'{base}.eml from {envelope.mail_from} to {len(envelope.rcpt_tos)} '
                       f'recipients, archived in {delivered or "no list"}\n')
        if failed:
            self.log.write('  ' + '\n  '.join(failed) + '\n')
            return '451 4.3.0 archive delivery failed: ' + '; '.join(failed)[:400]
        return '250 Message accepted for delivery'


class SizedController(Controller):
    def __init__(self, handler, size, **kw):
        self.size = size
        super().__init__(handler, **kw)

    def factory(self):
        return SMTP(self.handler, data_size_limit=self.size, hostname='reftrack-archive.localhost')


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: smtp-archive.py STATE_DIR LIST_ADDRESS...')
    state, lists = sys.argv[1], sys.argv[2:]
    size = int(os.environ.get('SMTP_MAX_SIZE', str(10 << 20)))
    port = free_port()
    ctl = SizedController(Archive(state, lists), size, hostname='127.0.0.1', port=port)
    ctl.start()
    tmp = os.path.join(state, 'smtp.port.tmp')
    with open(tmp, 'w') as f:
        f.write(f'{port}\n')
    os.rename(tmp, os.path.join(state, 'smtp.port'))
    stop = asyncio.Event()
    loop = asyncio.new_event_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    loop.run_until_complete(stop.wait())
    ctl.stop()


if __name__ == '__main__':
    main()
