import type { MailContent } from '../../mail/mailer.ts';

/** A password-reset link (1 h), sent by SMTP to the account's address. */
export function recovery(p: { url: string }): MailContent {
  return {
    subject: 'Reset your Waymark password',
    text: 'Someone (hopefully you) asked to reset the password of your Waymark account. Open the link below within 1 hour to choose a new password. If it was not you, ignore this message.',
    links: [{ label: 'Choose a new password', url: p.url }],
  };
}

/**
 * In-app notice to the instance's admins when mail cannot reach the person (no SMTP): someone asked
 * to reset the password of an account. The admin checks who they are and hands over a one-time link.
 */
export function recoveryRequestedNotice(p: { email: string; adminUrl: string }): MailContent {
  return {
    subject: `Password reset requested for ${p.email}`,
    text:
      `Someone asked to reset the password of the account ${p.email}. This server has no SMTP, so the link could not be emailed.\n\n` +
      'If you can confirm who they are (in person, by phone, …), open the account under Admin → Users, create a recovery link and hand it to them privately. ' +
      'The link works once, for 1 hour. If you did not expect this, ignore it: nothing has changed.',
    links: [{ label: 'Open the account', url: p.adminUrl }],
  };
}
