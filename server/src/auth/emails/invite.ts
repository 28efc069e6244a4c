import type { MailContent } from '../../mail/mailer.ts';

/** An invitation to choose a password (7 days). */
export function invite(p: { invitedBy: string; url: string }): MailContent {
  return {
    subject: 'You are invited to Waymark',
    text: `${p.invitedBy} invited you to Waymark. Open the link below within 7 days to choose your password and sign in.`,
    links: [{ label: 'Accept the invitation', url: p.url }],
  };
}

/** The short notice an access request's rejection sends. */
export function accessRejected(p: { name: string }): MailContent {
  return {
    subject: 'Your Waymark access request',
    text: `Hello ${p.name},\n\nthank you for your interest. Your request for access was not approved.`,
  };
}

/** In-app notice to the admins: a new access request is waiting. */
export function accessRequestedNotice(p: { name: string; email: string; adminUrl: string }): MailContent {
  return {
    subject: `Access request from ${p.name}`,
    text: `${p.name} <${p.email}> asked for access to Waymark.`,
    links: [{ label: 'Review access requests', url: p.adminUrl }],
  };
}
