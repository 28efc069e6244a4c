import type { Invitation } from '@waymark/contracts';
import type { AppContext, AppEnv } from '../context.ts';
const ROLE_WORDS = { owner: 'an owner', editor: 'an editor', viewer: 'a viewer' } as const;

/** The invitation email: subject, text and its links (accept/decline, or sign up first). */
export function invitationMessage(publicUrl: string, inv: Invitation, inviterName: string, hasAccount: boolean) {
  const page = `${publicUrl}/dashboard/projects/invitation?id=${encodeURIComponent(inv.id)}`;
  const subject = `${inviterName} invited you to the project “${inv.projectName}”`;
  const lines = [
    `${inviterName} invited you to join the project “${inv.projectName}” on Waymark as ${ROLE_WORDS[inv.role]}.`,
    '',
    hasAccount
      ? 'Open the invitation to accept or decline it. You can also answer it from your projects page.'
      : `There is no Waymark account with this address yet. Sign up with ${inv.email} and confirm the address; the invitation then waits for you on your projects page.`,
    '',
    `The invitation is valid until ${inv.expiresAt.slice(0, 10)}. If you did not expect it, you can ignore this message.`,
  ];
  const links = hasAccount
    ? [
        { label: 'Accept invitation', url: `${page}&answer=accept` },
        { label: 'Decline invitation', url: `${page}&answer=decline` },
      ]
    : [
        {
          label: 'Sign up to join',
          url: `${publicUrl}/register?email=${encodeURIComponent(inv.email)}&redirect=${encodeURIComponent(`/dashboard/projects/invitation?id=${inv.id}`)}`,
        },
        { label: 'Open the invitation', url: page },
      ];
  return { subject, text: lines.join('\n'), links };
}

/**
 * Send an invitation. An account whose *verified* email is the address gets it in its in-app
 * mailbox (and by SMTP when configured); any other address — no account, or an account that has
 * not proven the address — only gets an email with a sign-up link, never a mailbox entry that
 * an unproven account could read.
 */
export async function sendInvitation(
  ctx: AppContext,
  inv: Invitation,
  inviter: NonNullable<AppEnv['Variables']['user']>,
): Promise<'mailbox' | 'email' | 'none'> {
  const account = await ctx.db.selectFrom('users').select(['id', 'email_verified_at']).where('email', '=', inv.email).executeTakeFirst();
  const verified = Boolean(account?.email_verified_at);
  const msg = invitationMessage(ctx.config.publicUrl, inv, inviter.name || inviter.email || 'A Waymark user', verified);
  const delivery = await ctx.mailer.send({
    channel: 'email',
    to: inv.email,
    kind: 'project_invitation',
    ...msg,
  });
  return delivery === 'smtp' ? 'email' : delivery;
}
