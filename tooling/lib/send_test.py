# SPDX-License-Identifier: GPL-2.0
"""send_test.py - the message work of tooling/send-test.

  send_test.py reply FROM TSV COVER OUT PATCH.eml...
      Writes OUT: the check bot's reply (From: FROM) to the cover letter COVER, with
      the table of TSV (tooling/check's NAME.tsv: patch, check, result,
      detail) for the patches whose messages are given, one row per
      patch and a column per check, and the failures' details.
  send_test.py thread MBOX COVER_MID REPLY_MID MESSAGE.eml...
      Checks the thread MBOX (b4 mbox's) against what was sent: exactly
      the given messages and the reply, every one but the cover letter
      in the cover letter's thread. Prints the thread; the last line
      says what is wrong, exit 1.
"""

import email
import email.policy
import email.utils
import mailbox
import re
import sys
import time


def read(path):
    with open(path, 'rb') as f:
        return email.message_from_binary_file(f, policy=email.policy.default)


def mid(msg):
    return (msg.get('Message-Id') or '').strip().strip('<>')


def subject_of(msg):
    return re.sub(r'\s+', ' ', str(msg.get('Subject', ''))).strip()


def bare(subject):
    """The patch subject without its [PATCH ...] prefix."""
    return re.sub(r'^\[[^]]*\]\s*', '', subject)


def reply(bot, tsv, cover_path, out, patches):
    cover = read(cover_path)
    want = {}
    for i, p in enumerate(patches):
        m = re.search(r'\b(\d+)/\d+\]', subject_of(read(p)))
        if m and m.group(1) == '0':
            continue
        want[bare(subject_of(read(p)))] = m.group(1) if m else str(i + 1)
    rows, checks, details = {}, [], {}
    with open(tsv, encoding='utf-8') as f:
        next(f, None)
        for line in f:
            cols = line.rstrip('\n').split('\t')
            if len(cols) < 3:
                continue
            patch, check, result = cols[:3]
            subj = re.sub(r'^\d+ ', '', patch)
            if subj not in want:
                continue
            if check not in checks:
                checks.append(check)
            rows.setdefault(subj, {})[check] = result
            if result not in ('pass', 'skip') and len(cols) > 3 and cols[3]:
                details.setdefault((check, result, cols[3]), []).append(int(want[subj]))
    lines = ['Checks of this series (tooling/check), per patch:', '']
    if not rows:
        lines.append('No check results for these patches.')
    else:
        head = ['#'] + checks
        table = [head] + [[want[s]] + [rows[s].get(c, '-') for c in checks]
                          for s in sorted(rows, key=lambda s: int(want[s]))]
        width = [max(len(r[i]) for r in table) for i in range(len(head))]
        for r in table:
            lines.append('  '.join(c.ljust(w) for c, w in zip(r, width)).rstrip())
        counts = {}
        for s in rows.values():
            for r in s.values():
                counts[r] = counts.get(r, 0) + 1
        lines += ['', 'Totals: ' + ', '.join(f'{n} {r}' for r, n in sorted(counts.items()))]
    if details:
        lines += ['', 'Details:']
        for (check, result, text), nums in details.items():
            which = ', '.join(str(n) for n in sorted(nums))
            lines.append(f'  patch {which}: {check}: {text}')
    missing = [want[s] for s in want if s not in rows]
    if missing and rows:
        lines += ['', 'No results for patch ' + ', '.join(sorted(missing, key=int))]
    cmid = mid(cover)
    stamp = time.strftime('%Y%m%d%H%M%S', time.gmtime())
    dom = cmid.rsplit('@', 1)[-1] if '@' in cmid else 'reftrack.invalid'
    msg = email.message.EmailMessage()
    msg['From'] = bot
    msg['To'] = cover['To']
    if cover['Cc']:
        msg['Cc'] = cover['Cc']
    msg['Subject'] = 'Re: ' + subject_of(cover)
    msg['Date'] = email.utils.formatdate(usegmt=True)
    msg['Message-Id'] = f'<checks-{stamp}-{cmid.split("@")[0]}@{dom}>'
    msg['In-Reply-To'] = f'<{cmid}>'
    msg['References'] = f'<{cmid}>'
    msg.set_content('\n'.join(lines) + '\n')
    with open(out, 'wb') as f:
        f.write(msg.as_bytes(policy=email.policy.SMTP.clone(linesep='\n', max_line_length=998)))


def thread(mbox, cover_mid, reply_mid, sent):
    msgs = list(mailbox.mbox(mbox, factory=lambda f: email.message_from_binary_file(
        f, policy=email.policy.default)))
    want = {mid(read(p)): subject_of(read(p)) for p in sent}
    want[reply_mid] = '(the check reply)'
    got = {}
    problems = []
    for m in msgs:
        i = mid(m)
        got[i] = m
        refs = ' '.join(str(m.get(h, '')) for h in ('In-Reply-To', 'References'))
        print(f'  {"  " if i != cover_mid else ""}{subject_of(m)}  <{i}>')
        if i != cover_mid and f'<{cover_mid}>' not in refs:
            problems.append(f'<{i}> is not in the thread of <{cover_mid}>')
    extra = sorted(set(got) - set(want))
    lost = sorted(set(want) - set(got))
    if extra:
        problems.append('in the thread but not sent with it: ' + ', '.join(f'<{i}>' for i in extra))
    if lost:
        problems.append('sent but not in the thread: ' + ', '.join(f'<{i}> {want[i]}' for i in lost))
    if problems:
        print('; '.join(problems))
        return 1
    print(f'thread of <{cover_mid}>: {len(got)} messages, as sent')
    return 0


if __name__ == '__main__':
    cmd = sys.argv[1] if len(sys.argv) > 1 else ''
    if cmd == 'reply' and len(sys.argv) >= 7:
        reply(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:])
    elif cmd == 'thread' and len(sys.argv) >= 6:
        sys.exit(thread(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]))
    else:
        sys.exit(__doc__)
