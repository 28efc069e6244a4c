import type { Hono } from 'hono';
import { signOutBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { csrfTokenFor, ensureCsrfCookie } from '../csrf.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../password-policy.ts';
import { type AuthService, RESEND_COOLDOWN_S, sessionJson } from '../service.ts';
import { body } from '../validation.ts';

/** Public configuration, CSRF token, the session probe (SPEC §7) and sign-out. */
export function registerSessionRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const cfg = auth.ctx.config;

  app.get('/api/auth/config', async (c) =>
    c.json({
      passwordMinLength: PASSWORD_MIN,
      passwordMaxLength: PASSWORD_MAX,
      resendCooldownSeconds: RESEND_COOLDOWN_S,
      oidc: cfg.OIDC_ISSUER ? { enabled: true, name: cfg.OIDC_NAME } : { enabled: false, name: null },
      delivery: cfg.SMTP_URL ? 'smtp' : 'mailbox',
      setupPending: !(await auth.repo.anyAdmin()),
    }),
  );

  app.get('/api/_auth/csrf', (c) => {
    const nonce = ensureCsrfCookie(c, auth.secureCookies(c));
    return c.json({ token: csrfTokenFor(auth.secret, nonce), header: 'X-CSRF-Token' }, 200, { 'Cache-Control': 'no-store' });
  });

  // Signed out is an answer, not an error: 200 with nulls (no 401 in every visitor's console).
  app.get('/api/_auth/session', async (c) => {
    const user = c.get('user');
    const session = c.get('session');
    const none = () => c.json({ user: null, session: null }, 200, { 'Cache-Control': 'no-store' });
    if (!user || !session || session.kind === 'pat') return none();
    // A cookie session: answered from the row the session cache resolved for this request.
    const current = await auth.currentSession(c);
    if (current) return c.json(current, 200, { 'Cache-Control': 'no-store' });
    const row = await auth.findUser(user.id);
    const s = await auth.repo.sessionById(session.id);
    if (!row || !s) return none();
    return c.json({ user: await auth.publicUser(row), session: sessionJson(s) }, 200, { 'Cache-Control': 'no-store' });
  });

  app.delete('/api/_auth/session', async (c) => {
    const user = c.get('user');
    const session = c.get('session');
    if (user && session && session.kind !== 'pat') await auth.endSessions(user.id, 'local', session.id);
    if (!c.get('bearer')) auth.clearSessionCookie(c);
    return c.json({ signedOut: true });
  });

  app.post('/api/auth/signout', async (c) => {
    const b = await body(c, signOutBody);
    const user = c.get('user');
    const session = c.get('session');
    const scope = b.scope ?? 'local';
    let ended = 0;
    if (user && session) ended = await auth.endSessions(user.id, scope, session.kind === 'pat' ? undefined : session.id);
    if (scope !== 'others' && !c.get('bearer')) auth.clearSessionCookie(c);
    return c.json({ signedOut: true, scope, sessionsEnded: ended });
  });
}
