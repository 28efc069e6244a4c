import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context.ts';
import { EVENT_OF_KIND, loadNotificationPreferences, optionalSmtp } from './preferences.ts';
import type {} from './schema.ts';

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

/** What modules send mail through: `ctx.mailer` (the mail module's Mailer). */
export interface MailSender {
  /** Deliver to the address only; says how it went (see Delivery). */
  send(m: OutgoingMessage): Promise<Delivery>;
  /** True when an email to this address can reach it now (SMTP, or a verified owner's mailbox). */
  canReach(channel: 'email' | 'sms', to: string): Promise<boolean>;
  /**
   * An in-app notice to one account; returns the stored message's id (null when the account has
   * turned this kind of mail off in its notification settings).
   */
  notify(userId: string, kind: string, content: MailContent): Promise<string | null>;
  /** True when SMTP_URL is configured. */
  readonly smtp: boolean;
}

const noMail = () => Promise.reject(new Error('No mailer: the mail module is not part of this server'));
/** The context's mailer until the mail module's `init` replaces it: a server without that module cannot send. */
export const noMailer: MailSender = { send: noMail, canReach: noMail, notify: noMail, smtp: false };

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
export class Mailer implements MailSender {
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

  /**
   * The owner's notification settings decide for the kinds an account may turn off (EVENT_OF_KIND):
   * an event turned off is not delivered at all (`none`), and with `smtp` off it stays in the
   * mailbox. Security mail ignores them.
   */
  async send(m: OutgoingMessage): Promise<Delivery> {
    const from = m.channel === 'sms' ? 'Waymark' : this.ctx.config.SMTP_FROM;
    const owner = await this.verifiedOwner(m.channel, m.to);
    let smtpAllowed = true;
    if (owner && optionalSmtp(m.kind)) {
      const prefs = await loadNotificationPreferences(this.ctx.db, owner.id);
      const event = EVENT_OF_KIND[m.kind];
      if (event && !prefs[event]) {
        this.ctx.logger.info(
          { channel: m.channel, to: m.to, kind: m.kind, delivery: 'none' },
          `mail: not sent (turned off by the recipient): ${m.subject}`,
        );
        return 'none';
      }
      smtpAllowed = prefs.smtp;
    }
    let messageId: string | undefined;
    if (owner) messageId = await this.store(owner.id, { channel: m.channel, to: m.to, from, kind: m.kind, content: m });
    const viaSmtp = Boolean(this.transport && m.channel === 'email' && smtpAllowed);
    const delivery: Delivery = viaSmtp ? 'smtp' : owner ? 'mailbox' : 'none';
    this.ctx.logger.info(
      { messageId, channel: m.channel, to: m.to, kind: m.kind, delivery },
      delivery === 'none'
        ? `mail: not delivered (nobody has proven ${m.channel === 'sms' ? 'this number' : 'this address'} and SMTP is off): ${m.subject}`
        : `mail: ${m.subject}`,
    );
    if (viaSmtp) {
      const html = m.html ?? renderHtml(m);
      this.transport!.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: plainWithLinks(m),
        html,
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Waymark-Kind': m.kind },
      }).catch((err: Error) => {
        this.ctx.logger.error({ messageId, err: { message: err.message } }, 'mail: SMTP delivery failed');
      });
    }
    return delivery;
  }

  /** An in-app notice to one account (e.g. to the instance's admins); never leaves the server. */
  async notify(userId: string, kind: string, content: MailContent): Promise<string | null> {
    const event = EVENT_OF_KIND[kind];
    if (event && !(await loadNotificationPreferences(this.ctx.db, userId))[event]) return null;
    return this.store(userId, { channel: 'email', to: 'in-app', from: 'Waymark', kind, content });
  }

  /**
   * The SMTP copy of a message between users (mail/mailbox.ts decides whether there is one): from
   * "<sender> via Waymark" at SMTP_FROM's address, threaded with Message-ID / In-Reply-To.
   */
  deliverDirect(m: {
    to: string;
    fromName: string;
    subject: string;
    text: string;
    messageKey: string;
    inReplyTo: string | null;
    url: string;
  }): boolean {
    if (!this.transport) return false;
    const host = new URL(this.ctx.config.publicUrl).hostname || 'waymark.local';
    const address = /<([^>]+)>/.exec(this.ctx.config.SMTP_FROM)?.[1] ?? this.ctx.config.SMTP_FROM;
    const ref = (key: string) => `<${key}@${host}>`;
    const text = `${m.text}\n\n--\nRead and answer it in Waymark: ${m.url}\n`;
    this.transport
      .sendMail({
        from: { name: `${m.fromName} via Waymark`, address },
        to: m.to,
        subject: m.subject || '(no subject)',
        text,
        messageId: ref(m.messageKey),
        ...(m.inReplyTo ? { inReplyTo: ref(m.inReplyTo), references: [ref(m.inReplyTo)] } : {}),
        headers: { 'X-Waymark-Kind': 'direct' },
      })
      .catch((err: Error) => {
        this.ctx.logger.error({ messageKey: m.messageKey, err: { message: err.message } }, 'mail: SMTP delivery failed');
      });
    return true;
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
