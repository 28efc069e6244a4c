import type { MailContent } from '../../mail/mailer.ts';

/** A one-time sign-in code and magic link by email. */
export function signInCode(p: { code: string; url: string }): MailContent {
  return {
    subject: 'Your Waymark sign-in link',
    text: `Your sign-in code is ${p.code} (valid for 10 minutes). Or open the link below to sign in (valid for 1 hour). If you did not ask for this, ignore this message.`,
    links: [{ label: 'Sign in to Waymark', url: p.url }],
  };
}

/** A one-time code by text message. */
export function smsCode(p: { code: string; purpose: 'verification' | 'sign-in' }): MailContent {
  return { subject: `Waymark ${p.purpose} code`, text: `Your Waymark ${p.purpose} code is ${p.code}. It expires in 10 minutes.` };
}
