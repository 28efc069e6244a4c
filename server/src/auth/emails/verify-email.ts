import type { MailContent } from '../../mail/mailer.ts';

/** Sent to a new account's email address: confirm it (24 h). */
export function verifyEmail(p: { name: string; url: string }): MailContent {
  return {
    subject: 'Confirm your email address',
    text: `Hello${p.name ? ` ${p.name}` : ''},\n\nconfirm your email address for Waymark by opening the link below. The link is valid for 24 hours.`,
    links: [{ label: 'Confirm email address', url: p.url }],
  };
}
