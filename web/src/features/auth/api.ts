import { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';

/** POST/PUT/DELETE to the auth API with inline error handling (no toasts, no redirects). */
export function authCall<T = Record<string, unknown>>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  return api<T>(path, { method, body: body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}), toast: false, redirect: false });
}

/** A human sentence for an error from the auth API (429 includes the wait). */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'The server could not be reached. Check your connection and try again.';
    return err.message;
  }
  return err instanceof Error ? err.message : 'Something went wrong';
}

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(v: unknown): string {
  if (typeof v !== 'string' || !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return '/dashboard';
  return v;
}

export const authConfigSchema = z.object({
  passwordMinLength: z.number(),
  passwordMaxLength: z.number(),
  resendCooldownSeconds: z.number(),
  oidc: z.object({ enabled: z.boolean(), name: z.string().nullable() }),
  delivery: z.enum(['smtp', 'mailbox']),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const authConfigQuery = {
  queryKey: ['auth', 'config'] as const,
  queryFn: () => api('/api/auth/config', { schema: authConfigSchema, toast: false, redirect: false }),
  staleTime: 5 * 60_000,
};

/** `+44…`/digits → phone, anything else → email. */
export function identifierBody(identifier: string): { email: string } | { phone: string } {
  const v = identifier.trim();
  return /^\+?[\d\s().-]{7,}$/.test(v) ? { phone: v } : { email: v };
}

export type SignInResult =
  | { mfaRequired: true; challengeId: string; factors: { id: string; friendlyName: string }[] }
  | { mfaRequired?: undefined; user: { id: string }; session: { id: string } };
