import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context.ts';

/** What a template renders: a subject, a plain-text body, optional HTML and call-to-action links. */
export interface MailContent {
  subject: string;
  text: string;
  html?: string;
  links?: { label: string; url: string }[];
}

export interface OutgoingMessage extends MailContent {
  channel: 'email' | 'sms';
  /** The address (email) or number (SMS) the message is for. */
  to: string;
  kind: string;
}

/**
 * How a message reached its address:
 * - `smtp`: sent by SMTP to the address itself (SMTP_URL is set; email only);
 * - `mailbox`: stored in the in-app mailbox of the account that has already proven this address;
 * - `none`: not delivered — no SMTP, and no account has proven the address (or no gateway for SMS).
 */
export type Delivery = 'smtp' | 'mailbox' | 'none';

/**
 * Delivers email and SMS **to the address only** (docs/auth.md, "Delivery"):
 * email goes out by SMTP when SMTP_URL is set; a copy lands in the in-app mailbox of the account
 * whose *verified* address it is, and of no other account. A message to an address that nobody has
 * proven is not put into anybody's mailbox — that is what keeps a sign-up or email change for
 * someone else's address from being "verified" by the person who asked for it.
 */
export class Mailer {
  private transport: Transporter | null = null;

  constructor(private readonly ctx: AppContext) {
    if (ctx.config.SMTP_URL) this.transport = nodemailer.createTransport(ctx.config.SMTP_URL);
  }

  /** True when an email to this address can reach it now (SMTP, or a verified owner's mailbox). */
  async canReach(channel: 'email' | 'sms', to: string): Promise<boolean> {
    if (channel === 'email' && this.transport) return true;
    return Boolean(await this.verifiedOwner(channel, to));
  }

  get smtp(): boolean {
    return this.transport !== null;
  }

  private verifiedOwner(channel: 'email' | 'sms', to: string) {
    const q = this.ctx.db.selectFrom('users').select('id');
    return (
      channel === 'email'
        ? q.where('email', '=', to).where('email_verified_at', 'is not', null)
        : q.where('phone', '=', to).where('phone_verified_at', 'is not', null)
    ).executeTakeFirst();
  }

  async send(m: OutgoingMessage): Promise<Delivery> {
    const from = m.channel === 'sms' ? 'Waymark' : this.ctx.config.SMTP_FROM;
    const owner = await this.verifiedOwner(m.channel, m.to);
    let messageId: string | undefined;
    if (owner) messageId = await this.store(owner.id, { channel: m.channel, to: m.to, from, kind: m.kind, content: m });
    const viaSmtp = Boolean(this.transport && m.channel === 'email');
    const delivery: Delivery = viaSmtp ? 'smtp' : owner ? 'mailbox' : 'none';
    this.ctx.logger.info(
      { messageId, channel: m.channel, to: m.to, kind: m.kind, delivery },
      delivery === 'none'
        ? `mail: not delivered (nobody has proven ${m.channel === 'sms' ? 'this number' : 'this address'} and SMTP is off): ${m.subject}`
        : `mail: ${m.subject}`,
    );
    if (viaSmtp) {
      const html = m.html ?? renderHtml(m);
      this.transport!.sendMail({ from, to: m.to, subject: m.subject, text: plainWithLinks(m), html }).catch((err: Error) => {
        this.ctx.logger.error({ messageId, err: { message: err.message } }, 'mail: SMTP delivery failed');
      });
    }
    return delivery;
  }

  /** An in-app notice to one account (e.g. to the instance's admins); never leaves the server. */
  async notify(userId: string, kind: string, content: MailContent): Promise<string> {
    return this.store(userId, { channel: 'email', to: 'in-app', from: 'Waymark', kind, content });
  }

  private async store(userId: string, m: { channel: 'email' | 'sms'; to: string; from: string; kind: string; content: MailContent }) {
    const row = await this.ctx.db
      .insertInto('messages')
      .values({
        user_id: userId,
        channel: m.channel,
        to_address: m.to,
        from_address: m.from,
        subject: m.content.subject,
        body: m.content.text,
        links: JSON.stringify(m.content.links ?? []),
        kind: m.kind,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  close() {
    this.transport?.close();
  }
}

function plainWithLinks(m: MailContent): string {
  const links = (m.links ?? []).map((l) => `${l.label}: ${l.url}`).join('\n');
  return links ? `${m.text}\n\n${links}\n` : m.text;
}

function renderHtml(m: MailContent): string {
  return `<p>${escapeHtml(m.text).replace(/\n/g, '<br>')}</p>${(m.links ?? []).map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`).join('')}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
