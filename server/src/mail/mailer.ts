import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  userId: string | null;
  subject: string;
  body: string;
  links?: { label: string; url: string }[];
  kind: string;
}

/** What modules send mail through: `ctx.mailer`. Returns the stored message's id. */
export interface MailSender {
  send(m: OutgoingMessage): Promise<string>;
}

/** The context's mailer until the mail module's `init` replaces it: a server without that module cannot send. */
export const noMailer: MailSender = {
  send: () => Promise.reject(new Error('No mailer: the mail module is not part of this server')),
};

/**
 * Delivers email and SMS. Every message is stored in the recipient's in-app mailbox (the
 * `messages` table) and logged; email also goes out through SMTP when SMTP_URL is set.
 * SMS has no external gateway: the in-app mailbox is the delivery.
 */
export class Mailer implements MailSender {
  private transport: Transporter | null = null;

  constructor(private readonly ctx: AppContext) {
    if (ctx.config.SMTP_URL) this.transport = nodemailer.createTransport(ctx.config.SMTP_URL);
  }

  async send(m: OutgoingMessage): Promise<string> {
    const from = m.channel === 'sms' ? 'Waymark' : this.ctx.config.SMTP_FROM;
    const row = await this.ctx.db
      .insertInto('messages')
      .values({
        user_id: m.userId,
        channel: m.channel,
        to_address: m.to,
        from_address: from,
        subject: m.subject,
        body: m.body,
        links: JSON.stringify(m.links ?? []),
        kind: m.kind,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.ctx.logger.info(
      { messageId: row.id, channel: m.channel, to: m.to, kind: m.kind, smtp: Boolean(this.transport && m.channel === 'email') },
      `mail: ${m.subject}`,
    );
    if (this.transport && m.channel === 'email') {
      const html = `<p>${escapeHtml(m.body).replace(/\n/g, '<br>')}</p>${(m.links ?? [])
        .map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`)
        .join('')}`;
      this.transport.sendMail({ from, to: m.to, subject: m.subject, text: m.body, html }).catch((err: Error) => {
        this.ctx.logger.error({ messageId: row.id, err: { message: err.message } }, 'mail: SMTP delivery failed');
      });
    }
    return row.id;
  }

  close() {
    this.transport?.close();
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
