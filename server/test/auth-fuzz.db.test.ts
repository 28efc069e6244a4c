import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../src/auth/crypto.ts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

const RUNS = Number(process.env.AUTH_FUZZ_RUNS ?? 2000);

const KEYS = ['email', 'phone', 'password', 'name', 'remember', 'type', 'token', 'code', 'challengeId', 'scope', 'reason', 'friendlyName'];

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 12, maxLength: 200 }),
  fc.emailAddress(),
  fc.constantFrom('+447700900123', '+1 (555) 010-9999', '12', 'a@b', 'signup', 'sms', 'email', 'magiclink', 'others', 'global', '', ' '),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ minLength: 2000, maxLength: 5000 }),
);

/** Random request bodies: JSON objects with the endpoints' keys, arbitrary JSON, and non-JSON text. */
const bodies = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '[]', '{"email":', '\u0000', '{"__proto__":{"role":"admin"}}') },
);

/** What a sign-up that may legitimately create an account looks like (checked independently of the server). */
function plausibleSignup(raw: string): boolean {
  try {
    const b = JSON.parse(raw) as Record<string, unknown>;
    const idOk =
      (typeof b.email === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(b.email.trim())) ||
      (typeof b.phone === 'string' && /\d{7,}/.test(b.phone.replace(/\D/g, '')));
    return idOk && typeof b.password === 'string' && [...b.password].length >= 12 && [...b.password].length <= 128;
  } catch {
    return false;
  }
}

describe(`auth fuzz on ${TEST_DB} (${RUNS} bodies per endpoint)`, () => {
  let t: TestApp;
  let u: SignedInTestUser;
  let v: SignedInTestUser;
  beforeAll(async () => {
    t = await createTestApp();
    u = await t.signIn();
    v = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function throwAwaySession() {
    const token = randomToken();
    await t
      .db()
      .insertInto('sessions')
      .values({
        user_id: v.id,
        token_hash: sha256(token),
        last_seen_at: new Date(),
        authenticated_at: new Date(),
        expires_at: new Date(Date.now() + 3600_000),
      })
      .execute();
    return { cookie: `waymark_session=${token}` };
  }

  const endpoints: [string, string, boolean][] = [
    ['POST', '/api/auth/signup', false],
    ['POST', '/api/auth/signin', false],
    ['POST', '/api/auth/otp', false],
    ['POST', '/api/auth/verify', false],
    ['POST', '/api/auth/recover', false],
    ['POST', '/api/auth/resend', false],
    ['POST', '/api/auth/reset-password', false],
    ['POST', '/api/auth/mfa/challenge', false],
    ['POST', '/api/access-requests', false],
    ['POST', '/api/auth/signout', true],
    ['PUT', '/api/auth/user', true],
    ['POST', '/api/auth/reauthenticate', true],
    ['POST', '/api/auth/factors', true],
  ];

  for (const [method, path, signedIn] of endpoints) {
    it(`${method} ${path}: no 5xx, JSON errors, no account from an invalid body`, async () => {
      const before = Number((await t.db().selectFrom('users').select(t.db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      let created = 0;
      await fc.assert(
        fc.asyncProperty(bodies, async (raw) => {
          // Sign-out may end sessions: it signs out a second user's throw-away session each time.
          const headers = path === '/api/auth/signout' ? await throwAwaySession() : signedIn ? u.headers : {};
          const body = path === '/api/auth/signout' ? raw.replace(/"global"/g, '"others"') : raw;
          const res = await t.json(method, path, body, headers);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            const j = (await res.json()) as { error: { code: string; message: string } };
            expect(typeof j.error.code).toBe('string');
            expect(typeof j.error.message).toBe('string');
          } else {
            await res.arrayBuffer();
          }
          if (path === '/api/auth/signup' && res.status === 201) {
            created += 1;
            expect(plausibleSignup(raw)).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
      const after = Number((await t.db().selectFrom('users').select(t.db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect(after - before).toBe(created);
      // The server is still up and answering.
      expect((await t.app.request('/api/health')).status).toBe(200);
      expect((await t.json('GET', '/api/_auth/session', undefined, u.headers)).status).toBe(200);
    }, 300_000);
  }
});
