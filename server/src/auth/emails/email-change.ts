import type { MailContent } from '../../mail/mailer.ts';

/** Sent to the new address of an email change: confirm it (24 h). */
export function emailChange(p: { name: string; url: string }): MailContent {
  return {
    subject: 'Confirm your new email address',
    text: `Hello${p.name ? ` ${p.name}` : ''},\n\nconfirm that you want to use this address for your Waymark account by opening the link below.`,
    links: [{ label: 'Confirm new email address', url: p.url }],
  };
}
