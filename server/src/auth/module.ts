import type { Context, Next } from 'hono';
import type { AppContext, AppEnv, ServerModule } from '../context.ts';
import { hashPassword } from './crypto.ts';
import { csrfRefusal, csrfTokenFor, ensureCsrfCookie, isSafeMethod } from './csrf.ts';
import { registerOidcRoutes } from './oidc.ts';
import { registerAccessRequestRoutes } from './routes/access-requests.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { registerAdminRoutes } from './routes/admin.ts';
import { registerMfaRoutes } from './routes/mfa.ts';
import { registerRecoveryRoutes } from './routes/recovery.ts';
import { registerSessionRoutes } from './routes/session.ts';
import { issueSetupToken, registerSetupRoutes } from './routes/setup.ts';
import { registerSigninRoutes } from './routes/signin.ts';
import { registerSignupRoutes } from './routes/signup.ts';
import { registerTokenRoutes } from './routes/token.ts';
import { AuthService, SESSION_COOKIE } from './service.ts';

export { AUTH_CHANNEL } from './session-cache.ts';

/** Fixed demo accounts created by the seed (SEED_DEMO=true, the default). Documented in docs/auth.md. */
export const DEMO_ACCOUNTS = [
  { email: 'demo@waymark.local', password: 'waymark-demo-passphrase', name: 'Demo User', role: 'user' as const },
  { email: 'admin@waymark.local', password: 'waymark-admin-passphrase', name: 'Demo Admin', role: 'admin' as const },
];

const services = new WeakMap<AppContext, AuthService>();

/** The auth service of an app context (created by the module's init). */
export function authService(ctx: AppContext): AuthService {
  let s = services.get(ctx);
  if (!s) {
    s = new AuthService(ctx);
    services.set(ctx, s);
  }
  return s;
}

/** Which app's auth service handles a request (the index transform only receives the context). */
const requestService = new WeakMap<Request, AuthService>();

const STATIC_PREFIXES = ['/assets/', '/tiles/', '/regions/'];

/**
 * The requests the module's middleware leaves alone: an /api/ request with no Authorization header
 * and no session cookie (no Cookie header, or one in which the session cookie's name does not even
 * appear — a browser's csrf cookie alone) has nobody to look up, and a safe method is never
 * CSRF-checked (the app answers them without the middleware: `ServerModule.passesOn`).
 */
const anonymousSafeApi = (method: string, path: string, cookie: string | undefined, authorization: string | undefined) =>
  authorization === undefined &&
  (cookie === undefined || !cookie.includes(SESSION_COOKIE)) &&
  path.startsWith('/api/') &&
  isSafeMethod(method);

export const authModule: ServerModule = {
  name: 'auth',

  // Every served index.html carries this browser's csrf token in a meta tag.
  passesOn: (head) => anonymousSafeApi(head.method, head.path, head.header('cookie'), head.header('authorization')),

  indexTransforms: [
    (html, c) => {
      const auth = requestService.get(c.req.raw);
      if (!auth) return html;
      const nonce = ensureCsrfCookie(c, auth.secureCookies(c));
      const meta = `<meta name="csrf-token" content="${csrfTokenFor(auth.secret, nonce)}">`;
      return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : meta + html;
    },
  ],

  async init(ctx) {
    const auth = authService(ctx);
    await auth.loadSecret();
    await auth.sessions.start();
    if (ctx.config.ADMIN_EMAIL) {
      // Only the account that has *proven* ADMIN_EMAIL becomes an administrator (docs/auth.md).
      const email = ctx.config.ADMIN_EMAIL.toLowerCase();
      const r = await ctx.db
        .updateTable('users')
        .set({ role: 'admin', updated_at: new Date() })
        .where('email', '=', email)
        .where('email_verified_at', 'is not', null)
        .where('role', '!=', 'admin')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows)) ctx.logger.info({ email }, 'ADMIN_EMAIL: promoted the verified owner of the address to admin');
    }
    // Housekeeping: drop expired sessions, challenges and tokens.
    await ctx.db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
    await ctx.db.deleteFrom('mfa_challenges').where('expires_at', '<', new Date()).execute();
    await ctx.db
      .deleteFrom('auth_tokens')
      .where('expires_at', '<', new Date(Date.now() - 7 * 24 * 3600_000))
      .execute();
    await auth.keys.load(true);
    // A fresh instance without any administrator prints its one-time setup link (with SEED_DEMO the
    // demo administrator is created right after this).
    if (!ctx.config.SEED_DEMO) await issueSetupToken(auth);
  },

  register(app, ctx) {
    const auth = authService(ctx);
    const publicOrigin = new URL(ctx.config.publicUrl).origin;
    const secret = () => auth.secret;
    // One middleware for who is asking and the CSRF check (each layer costs a dispatch step and a
    // promise per request). An /api request without a Cookie or Authorization header has nobody to
    // look up: it goes on at once, with nothing allocated; a safe method is never CSRF-checked.
    const checked = (c: Context<AppEnv>, next: Next): Promise<Response | void> => {
      if (isSafeMethod(c.req.method)) return next();
      const refused = csrfRefusal(c, secret, publicOrigin);
      return refused ? Promise.resolve(refused) : next();
    };
    const page = async (c: Context<AppEnv>, next: Next, path: string) => {
      if (!STATIC_PREFIXES.some((p) => path.startsWith(p))) await auth.loadSession(c);
      requestService.set(c.req.raw, auth);
      // `/api` itself (no route: a JSON 404) is checked as the rest of /api always was.
      return path === '/api' ? checked(c, next) : next();
    };
    app.use('*', (c, next) => {
      const path = c.req.path;
      const cookie = c.req.header('cookie');
      const authorization = c.req.header('authorization');
      if (anonymousSafeApi(c.req.method, path, cookie, authorization)) return next();
      if (!path.startsWith('/api/')) return page(c, next, path);
      // Bearer tokens are for the API; pages and assets only ever use the cookie.
      if (cookie === undefined && authorization === undefined) return checked(c, next);
      return auth.authenticate(c).then(() => checked(c, next));
    });
    registerSessionRoutes(app, auth);
    registerSignupRoutes(app, auth);
    registerSigninRoutes(app, auth);
    registerRecoveryRoutes(app, auth);
    registerAccountRoutes(app, auth);
    registerMfaRoutes(app, auth);
    registerTokenRoutes(app, auth);
    registerSetupRoutes(app, auth);
    registerAdminRoutes(app, auth);
    registerAccessRequestRoutes(app, auth);
    registerOidcRoutes(app, auth);
  },

  async seed(ctx) {
    for (const a of DEMO_ACCOUNTS) {
      const existing = await ctx.db.selectFrom('users').select('id').where('email', '=', a.email).executeTakeFirst();
      if (!existing) {
        const now = new Date();
        await ctx.db
          .insertInto('users')
          .values({
            email: a.email,
            name: a.name,
            role: a.role,
            password_hash: await hashPassword(a.password),
            email_verified_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('email').doNothing())
          .execute();
      }
    }
    ctx.logger.info(
      { accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, password: a.password, role: a.role })) },
      `Demo accounts: ${DEMO_ACCOUNTS.map((a) => `${a.email} / ${a.password} (${a.role})`).join(', ')}`,
    );
  },
};
