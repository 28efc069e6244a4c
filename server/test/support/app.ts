import type { Hono } from 'hono';
import pino from 'pino';
import { createApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { AppContext, AppEnv, ServerModule } from '../../src/context.ts';
import { modules as defaultModules } from '../../src/modules.ts';
import { createContext } from '../../src/server.ts';
import { hashPassword } from '../../src/auth/crypto.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: Hono<AppEnv>;
  ctx: AppContext;
  config: Config;
  testDb: TestDatabase;
  db(): AppContext['db'];
  /** app.request with a JSON body and the same-origin headers a browser would send. */
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The CSRF cookie + token pair json() sends (added by the auth module; see docs/auth.md). */
  csrf(): Promise<{ token: string; cookie: string }>;
  /**
   * Create a user (email verified) and sign in. `headers` carries its session cookie: pass it as
   * json()'s 4th argument to act as that user. Defaults: a random email, role 'user'.
   */
  signIn(opts?: { email?: string; password?: string; role?: 'user' | 'admin'; name?: string }): Promise<SignedInTestUser>;
  close(): Promise<void>;
}

export interface SignedInTestUser {
  id: string;
  email: string;
  password: string;
  headers: Record<string, string>;
  /** `waymark_device=…`: this browser's device cookie for the account (see docs/auth.md, abuse limits). */
  device?: string;
}

/** `name=value` of a Set-Cookie header of a response (undefined when not set). */
export function cookieFrom(res: Response, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

/** The real app (all modules, real database) for in-process requests via app.request(). */
export async function createTestApp(env: Record<string, string> = {}, modules: ServerModule[] = defaultModules): Promise<TestApp> {
  const testDb = await createTestDatabase({ template: modules === defaultModules });
  // Auth rate limits per IP are generous in tests (every in-process request shares one "IP").
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    SEED_DEMO: 'false',
    AUTH_RATE_IP_MAX: '1000000',
    ...testDb.env,
    ...env,
  });
  const ctx = await createContext(config, pino({ level: 'silent' }), modules);
  const app = createApp(ctx, modules);
  let csrfPair: { token: string; cookie: string } | null = null;
  const csrf = async () => {
    if (!csrfPair) {
      const res = await app.request('/api/_auth/csrf');
      if (res.status !== 200) csrfPair = { token: '', cookie: '' };
      else csrfPair = { token: ((await res.json()) as { token: string }).token, cookie: cookieFrom(res, 'waymark_csrf') ?? '' };
    }
    return csrfPair;
  };
  const json: TestApp['json'] = async (method, path, body, headers = {}) => {
    const { token, cookie } = await csrf();
    const merged: Record<string, string> = {
      'content-type': 'application/json',
      origin: config.publicUrl,
      ...(token ? { 'x-csrf-token': token } : {}),
      ...headers,
    };
    const callerCookie = Object.entries(headers).find(([k]) => k.toLowerCase() === 'cookie')?.[1];
    if (cookie) merged.cookie = callerCookie ? `${callerCookie}; ${cookie}` : cookie;
    for (const k of Object.keys(merged)) if (k !== 'cookie' && k.toLowerCase() === 'cookie') delete merged[k];
    return app.request(path, {
      method,
      headers: merged,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  };
  let userSeq = 0;
  return {
    app,
    ctx,
    config,
    testDb,
    db: () => ctx.db,
    json,
    csrf,
    async signIn(opts = {}) {
      userSeq += 1;
      const email = (opts.email ?? `user${userSeq}-${Math.random().toString(36).slice(2, 8)}@test.waymark.local`).toLowerCase();
      const password = opts.password ?? 'correct horse battery staple';
      const now = new Date();
      const row = await ctx.db
        .insertInto('users')
        .values({
          email,
          name: opts.name ?? `Test User ${userSeq}`,
          role: opts.role ?? 'user',
          password_hash: await hashPassword(password),
          email_verified_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await json('POST', '/api/auth/signin', { email, password });
      const session = cookieFrom(res, 'waymark_session');
      if (res.status !== 200 || !session) throw new Error(`test sign-in failed: ${res.status} ${await res.text()}`);
      return { id: row.id, email, password, headers: { cookie: session }, device: cookieFrom(res, 'waymark_device') };
    },
    async close() {
      for (const m of modules) await m.close?.(ctx);
      await ctx.database.close();
      await testDb.drop();
    },
  };
}
