// Route guards: who may call a handler, decided from the request context alone (the session
// middleware of the auth module sets `user` and `session` on it). No database access here.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { HttpError } from './errors.ts';

export type SignedInUser = NonNullable<AppEnv['Variables']['user']>;

/** How recent a sign-in must be for sensitive changes (password, email, MFA, deletion). */
export const FRESH_SESSION_MS = 10 * 60_000;

/** The signed-in user, or a 401 `unauthorized`. */
export function requireUser(c: Context<AppEnv>): SignedInUser {
  const user = c.get('user');
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in required');
  return user;
}

/** The signed-in admin; 401 when signed out, 403 `forbidden` for other roles. */
export function requireAdmin(c: Context<AppEnv>): SignedInUser {
  const user = requireUser(c);
  if (user.role !== 'admin') throw new HttpError(403, 'forbidden', 'Administrator role required');
  return user;
}

/** The user, if the session's last sign-in was within `withinMs` (10 minutes); 403 `reauthentication_needed` otherwise. */
export function requireFreshSession(c: Context<AppEnv>, withinMs = FRESH_SESSION_MS): SignedInUser {
  const user = requireUser(c);
  const at = c.get('session')?.authenticatedAt;
  if (!at || Date.now() - at.getTime() > withinMs) {
    throw new HttpError(
      403,
      'reauthentication_needed',
      'For your security, confirm your password to continue (sign-in older than 10 minutes).',
    );
  }
  return user;
}

/** The user if signed in, else undefined (no error). */
export const currentUser = (c: Context<AppEnv>) => c.get('user');
