import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** Plain-text part, quoted-printable decoded. */
  text: string;
  links: string[];
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function textPart(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  const qp = /quoted-printable/i.test(raw);
  const text = qp ? decodeQuotedPrintable(body) : body;
  return text;
}

/**
 * A real SMTP server (npm `smtp-server`) on 127.0.0.1 and a random port that keeps what it receives:
 * the server under test sends through nodemailer to it, exactly as to a production relay.
 */
export async function startSmtp() {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = textPart(raw);
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          text,
          links: [...new Set([...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]))],
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Wait for the first message to `to` whose subject matches. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
      const t0 = Date.now();
      for (;;) {
        const m = inbox.find((x) => x.to.includes(to) && subject.test(x.subject));
        if (m) return m;
        if (Date.now() - t0 > timeoutMs)
          throw new Error(
            `no mail to ${to} matching ${subject} within ${timeoutMs} ms (got: ${inbox.map((x) => `${x.to} ${x.subject}`).join('; ')})`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;
