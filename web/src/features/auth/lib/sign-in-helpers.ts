export { MISSING_CREDENTIALS } from '@waymark/contracts/auth';

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(v: unknown): string {
  if (typeof v !== 'string' || !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return '/dashboard';
  return v;
}

/** `+44…`/digits → phone, anything else → email. */
export function identifierBody(identifier: string): { email: string } | { phone: string } {
  const v = identifier.trim();
  return /^\+?[\d\s().-]{7,}$/.test(v) ? { phone: v } : { email: v };
}
