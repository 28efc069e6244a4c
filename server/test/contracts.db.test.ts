// Every answer of the routes this branch owns, read back through the @waymark/contracts schemas
// the web client parses them with: a server change that breaks the wire shape fails here.
import { encodeRouteGeometry } from '@waymark/geo';
import { ensureRegions } from '@waymark/regions/ensure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  buildInfo,
  dashboardSummary,
  elevationResponse,
  errorBody,
  healthResponse,
  loopResponse,
  mailList,
  mailMessageResponse,
  placesResponse,
  regionInfo,
  regionList,
  routePage,
  routeResponse,
  savedRoute,
} from '@waymark/contracts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

const A = { lon: 1.5211, lat: 42.5063 };
const B = { lon: 1.5335, lat: 42.5095 };

/** The body of `res`, which must have `status` and match `schema` exactly (nothing the schema does not know). */
async function expectShape<S extends z.ZodType>(res: Response, status: number, schema: S): Promise<z.output<S>> {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(status);
  const json: unknown = JSON.parse(text);
  const parsed = schema.safeParse(json);
  expect(parsed.error?.issues, JSON.stringify(json).slice(0, 300)).toBeUndefined();
  expect(parsed.data, 'the schema describes every field the server sent').toEqual(json);
  return parsed.data as z.output<S>;
}

describe(`API answers match @waymark/contracts on ${TEST_DB}`, () => {
  let t: TestApp;
  let alice: SignedInTestUser;
  beforeAll(async () => {
    ensureRegions({ log: () => {} });
    t = await createTestApp();
    alice = await t.signIn({ name: 'Alice' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('health, build and regions', async () => {
    await expectShape(await t.app.request('/api/health'), 200, healthResponse);
    await expectShape(await t.app.request('/builds/latest.json'), 200, buildInfo);
    const { regions } = await expectShape(await t.app.request('/api/regions'), 200, regionList);
    expect(regions.map((r) => r.name)).toContain('andorra');
    await expectShape(await t.app.request('/api/regions/andorra'), 200, regionInfo);
    const places = await expectShape(await t.app.request('/api/regions/andorra/places?q=canillo&limit=3'), 200, placesResponse);
    expect(places.places.length).toBeGreaterThan(0);
    const get = await expectShape(await t.app.request('/api/elevation?points=1.52,42.51;0,0'), 200, elevationResponse);
    expect(get.elevations[1]).toBeNull();
    await expectShape(await t.json('POST', '/api/elevation', { points: [[1.52, 42.51]] }), 200, elevationResponse);
  });

  it('routing and loops', async () => {
    const { route } = await expectShape(await t.json('POST', '/api/route', { region: 'andorra', waypoints: [A, B] }), 200, routeResponse);
    expect(route.coords.length).toBe(route.cum.length);
    const loops = await expectShape(
      await t.json('POST', '/api/route/loop', { region: 'andorra', start: A, distanceKm: 5, seed: 7, alternatives: 2 }),
      200,
      loopResponse,
    );
    expect(loops.alternatives.length).toBeGreaterThan(0);
  });

  it('saved routes: create, get, list, update, duplicate, public list', async () => {
    const body = {
      name: 'Morning loop',
      region: 'andorra',
      visibility: 'public',
      waypoints: [A, B],
      geometry: encodeRouteGeometry([
        [A.lon, A.lat, 1050],
        [B.lon, B.lat, 1080],
      ]),
      stats: { distanceM: 1200, ascentM: 30, descentM: 0, timeS: 600 },
    };
    const created = await expectShape(await t.json('POST', '/api/routes', body, alice.headers), 201, savedRoute);
    await expectShape(await t.json('GET', `/api/routes/${created.id}`, undefined, alice.headers), 200, savedRoute);
    await expectShape(await t.json('PATCH', `/api/routes/${created.id}`, { name: 'Evening loop' }, alice.headers), 200, savedRoute);
    await expectShape(await t.json('POST', `/api/routes/${created.id}/duplicate`, undefined, alice.headers), 201, savedRoute);
    const mine = await expectShape(await t.json('GET', '/api/routes?sort=name', undefined, alice.headers), 200, routePage);
    expect(mine.items.map((r) => r.name)).toEqual(['Evening loop', 'Evening loop (copy)']);
    const pub = await expectShape(await t.app.request('/api/routes/public'), 200, routePage);
    expect(pub.items.map((r) => r.id)).toEqual([created.id]);
    expect((await t.json('DELETE', `/api/routes/${created.id}`, undefined, alice.headers)).status).toBe(204);
  });

  it('dashboard and mailbox', async () => {
    await expectShape(await t.json('GET', '/api/dashboard/summary?tz=Europe%2FAndorra', undefined, alice.headers), 200, dashboardSummary);
    // Mail reaches only proven addresses (docs/auth.md): an in-app notice to Alice's account.
    await t.ctx.mailer.notify(alice.id, 'notice', {
      subject: 'Hello',
      text: 'A notice',
      links: [{ label: 'Open', url: 'http://127.0.0.1/x' }],
    });
    const list = await expectShape(await t.json('GET', '/api/mail/messages', undefined, alice.headers), 200, mailList);
    expect(list.messages.length).toBeGreaterThan(0);
    await expectShape(
      await t.json('GET', `/api/mail/messages/${list.messages[0]!.id}`, undefined, alice.headers),
      200,
      mailMessageResponse,
    );
  });

  it('errors: one body, details nested, one validation code', async () => {
    const cases: [Response, number, string][] = [
      [await t.json('POST', '/api/route', { region: 'andorra', waypoints: [A] }), 400, 'validation_error'],
      [await t.json('GET', '/api/routes?page=0', undefined, alice.headers), 400, 'validation_error'],
      [await t.json('GET', '/api/routes/not-a-uuid', undefined, alice.headers), 400, 'validation_error'],
      [await t.json('GET', '/api/mail/messages/not-a-uuid', undefined, alice.headers), 400, 'validation_error'],
      [await t.json('GET', '/api/dashboard/summary?tz=Nowhere', undefined, alice.headers), 400, 'validation_error'],
      [await t.json('GET', '/api/regions/andorra/places?q=', undefined), 400, 'validation_error'],
      [await t.json('GET', '/api/elevation?points=abc', undefined), 400, 'validation_error'],
      [await t.json('POST', '/api/auth/signup', { email: 'x@example.org' }), 400, 'validation_error'],
      [
        await t.app.request('/api/route', {
          method: 'POST',
          headers: { 'content-type': 'text/plain', origin: t.config.publicUrl, ...(await csrfHeaders(t)) },
          body: '{}',
        }),
        415,
        'unsupported_media_type',
      ],
      [await t.json('POST', '/api/route', '{"region":'), 400, 'invalid_json'],
      [await t.json('GET', '/api/routes'), 401, 'unauthorized'],
      [await t.json('GET', '/api/dashboard/summary'), 401, 'unauthorized'],
      [await t.json('GET', '/api/mail/messages'), 401, 'unauthorized'],
      [await t.json('POST', '/api/route', { region: 'andorra', waypoints: [A, { lon: 2.35, lat: 48.85 }] }), 422, 'outside_region'],
      [await t.json('GET', '/api/nothing-here'), 404, 'not_found'],
    ];
    for (const [res, status, code] of cases) {
      const body = await expectShape(res, status, errorBody);
      expect(body.error.code, `${status} ${body.error.message}`).toBe(code);
      if (code === 'validation_error') {
        const issues = (body.error.details as { issues?: unknown[] } | undefined)?.issues;
        expect(issues?.length, body.error.message).toBeGreaterThan(0);
      }
    }
  });
});

async function csrfHeaders(t: TestApp): Promise<Record<string, string>> {
  const { token, cookie } = await t.csrf();
  return { ...(token ? { 'x-csrf-token': token } : {}), ...(cookie ? { cookie } : {}) };
}
