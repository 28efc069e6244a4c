import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRouteGeometry } from '@waymark/geo';
import { andorraPacks } from './support/andorra-packs.ts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { uriPart } from './support/fuzz.ts';

/**
 * Property-based fuzz of the planner's HTTP API (server/src/planner): random bodies, query strings
 * and ids against every endpoint. For every request: no 5xx, every non-2xx is the JSON error shape,
 * nothing invalid creates or changes a route (judged by checks written here, independently of the
 * server's zod schemas), and another user's private route is never changed nor revealed.
 *
 * PLANNER_FUZZ_RUNS sets the runs per endpoint (loop generation is CPU-heavy: it gets a fifth);
 * PLANNER_FUZZ_VERBOSE=1 prints how many answers of each status every endpoint gave.
 */
const RUNS = Number(process.env.PLANNER_FUZZ_RUNS ?? 250);
const LOOP_RUNS = Math.max(1, Math.round(RUNS / 5));

// Real Andorra graph: the built pack when present, else built here from the bundled extract.
let packs = '';
let cleanupPacks = () => {};

const A = { lon: 1.5211, lat: 42.5063 };
const B = { lon: 1.5335, lat: 42.5095 };
/** Generous boxes (bbox + far more than the 2 km margin) per region: a 2xx routing answer must lie inside. */
const REGION_BOXES: Record<string, [number, number, number, number]> = {
  andorra: [1.3, 42.3, 1.95, 42.8],
  monaco: [7.3, 43.6, 7.55, 43.85],
};
/** In the private route of the other user only: must never appear in any response. */
const SECRET = 'Zq7SecretTrailMarker';

// ---------------------------------------------------------------------------------------------
// Generators

/** Serialized as the JSON numbers 1e400 / -1e400 (JSON.parse makes them ±Infinity). */
const BIG = '__fuzz_1e400__';
const NEG_BIG = '__fuzz_-1e400__';
function serialize(v: unknown): string {
  return JSON.stringify(v).replaceAll(`"${BIG}"`, '1e400').replaceAll(`"${NEG_BIG}"`, '-1e400');
}

const oddText = fc.constantFrom(
  '',
  ' ',
  '\t\n ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u202Eevil',
  '😀🏃',
  '%',
  '_',
  '\\',
  "'; drop table routes; --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  'Infinity',
  '1e400',
  '-1',
  '0x10',
  'andorra',
  'snap',
  'freehand',
  'public',
);
/** Text with a control character, a lone surrogate or a non-character inside. */
const nastyText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u0007', '\u001b', '\u2028', '\uFFFE', '\uFFFF'),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, c, b]) => a + c + b);
const text = fc.oneof(
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }) },
  { weight: 2, arbitrary: oddText },
  { weight: 2, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.integer({ min: 115, max: 125 }).map((n) => 'n'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1995, max: 2005 }).map((n) => 'd'.repeat(n)) },
);
const oddNumber = fc.constantFrom<unknown>(
  NaN,
  Infinity,
  -Infinity,
  -0,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 + 2,
  0.1 + 0.2,
  BIG,
  NEG_BIG,
  '1',
  '1e3',
  'NaN',
  '',
  true,
  null,
  [],
  {},
  [1],
);
const num = fc.oneof(fc.integer(), fc.double(), fc.double({ min: -200, max: 200, noNaN: true }), oddNumber);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  num,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(text, num), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(text, num), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Mostly good values (so that requests reach the code behind validation), sometimes anything. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown> = anyValue) =>
  fc.oneof({ weight: 5, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: bad });

const coord = (centre: number, near: number, region: [number, number], limit: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.double({ min: centre - near, max: centre + near, noNaN: true }) },
    { weight: 2, arbitrary: fc.double({ min: region[0], max: region[1], noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: -limit, max: limit, noNaN: true }) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom<unknown>(-limit, limit, limit + 1e-9, -limit - 1e-9, 361), num) },
  );
const lonArb = coord(A.lon, 0.01, [1.4, 1.82], 180);
const latArb = coord(A.lat, 0.01, [42.41, 42.7], 90);
const modeArb = fc.constantFrom<unknown>('snap', 'freehand', 'teleport', 'SNAP', '', null, 1);
const waypointArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      { lon: lonArb, lat: latArb, mode: mostly(fc.constantFrom('snap', 'freehand'), modeArb) },
      { requiredKeys: ['lon', 'lat'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ lon: anyValue, lat: anyValue, mode: anyValue, elevation: anyValue }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: anyValue },
);
/** Near A only, so that long valid waypoint lists stay cheap to route. */
const tightWaypoint = fc.record({
  lon: fc.double({ min: A.lon - 0.004, max: A.lon + 0.004, noNaN: true }),
  lat: fc.double({ min: A.lat - 0.004, max: A.lat + 0.004, noNaN: true }),
  mode: fc.constantFrom('snap', 'freehand'),
});
/** 99, 100 or 101 cheap waypoints (each length equally likely): the limit is 100. */
const aroundHundred = fc.integer({ min: 99, max: 101 }).chain((n) => fc.array(tightWaypoint, { minLength: n, maxLength: n }));
const waypointsArb = fc.oneof(
  { weight: 6, arbitrary: fc.array(waypointArb, { maxLength: 6 }) },
  { weight: 2, arbitrary: fc.array(tightWaypoint, { minLength: 97, maxLength: 103 }) },
  // Up to ~1.4 MB of JSON: past the 100-waypoint limit, and sometimes past BODY_LIMIT_BYTES (413).
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 101, max: 30_000 })
      .map((n) => Array.from({ length: n }, (_, i) => ({ lon: A.lon + (i % 97) * 1e-5, lat: A.lat, mode: 'snap' }))),
  },
  { weight: 1, arbitrary: anyValue },
);
const regionArb = mostly(
  fc.constantFrom('andorra', 'andorra', 'andorra', 'monaco'),
  fc.oneof(
    text,
    fc.constantFrom<unknown>('atlantis', 'Andorra', '../etc', 'a'.repeat(63), 'a'.repeat(64), '-andorra', 'andorra\n'),
    anyValue,
  ),
);
const visibilityArb = mostly(
  fc.constantFrom('private', 'unlisted', 'public'),
  fc.oneof(fc.constantFrom<unknown>('secret', 'PUBLIC', 'everyone', ''), anyValue),
);
const nameArb = mostly(fc.string({ minLength: 1, maxLength: 40 }), text);
const descriptionArb = mostly(fc.string({ maxLength: 80 }), text);
const geometryArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.double({ min: -180, max: 180, noNaN: true }),
          fc.double({ min: -90, max: 90, noNaN: true }),
          fc.double({ min: -500, max: 9000, noNaN: true }),
        ),
        { maxLength: 20 },
      )
      .map((pts) => encodeRouteGeometry(pts)),
  },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('??', '', '_p~iF~ps|U_ulLnnqC_mqNvxq`@', 'x'.repeat(400_001), '\\', '~'.repeat(50)) },
  { weight: 1, arbitrary: anyValue },
);
const statNum = mostly(fc.double({ min: 0, max: 1e6, noNaN: true }), num);
const statsArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ distanceM: statNum, ascentM: statNum, descentM: statNum, timeS: statNum }) },
  {
    weight: 1,
    arbitrary: fc.record(
      { distanceM: statNum, ascentM: statNum, descentM: statNum, timeS: statNum, greenM: anyValue },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: anyValue },
);
const paceArb = mostly(fc.double({ min: 120, max: 1800, noNaN: true }), num);
/** Keys the server must ignore (it decides ids, owners and timestamps itself). */
const foreignArb = { id: anyValue, owner_id: anyValue, ownerId: anyValue, owned: anyValue, createdAt: anyValue, updated_at: anyValue };

/** Create bodies: every route key (and keys the server must ignore), each random and optional. */
const createShape = fc.record(
  {
    name: nameArb,
    description: descriptionArb,
    visibility: visibilityArb,
    region: regionArb,
    waypoints: waypointsArb,
    geometry: geometryArb,
    stats: statsArb,
    ...foreignArb,
  },
  { requiredKeys: [] },
);
/** Text around the length limits (120 / 2000 characters after trimming), padded with spaces or not. */
const edge = (limit: number, ch: string) =>
  fc.tuple(fc.integer({ min: limit - 1, max: limit + 2 }), fc.constantFrom('', ' ', '\n\t ')).map(([n, pad]) => pad + ch.repeat(n) + pad);
const edgeName = edge(120, 'n');
const edgeDescription = edge(2000, 'd');
/** One stat at or just past a bound. */
const edgeStats = fc
  .tuple(
    fc.constantFrom('distanceM', 'ascentM', 'descentM', 'timeS'),
    fc.constantFrom<unknown>(-1e-9, -1, 0, 1e6, 1e6 + 1, 1e7, 1e7 + 1, 1e8, 1e8 + 1, 1e308, BIG, NaN, '1', null),
  )
  .map(([k, v]) => ({ distanceM: 1, ascentM: 1, descentM: 1, timeS: 1, [k]: v }));
/** Valid create bodies with up to two keys replaced by odd values (of the right type or not). */
const createNearValid = fc
  .tuple(
    fc.record({
      name: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
      description: fc.string({ maxLength: 80 }),
      visibility: fc.constantFrom('private', 'unlisted', 'public'),
      region: fc.constantFrom('andorra', 'monaco'),
      waypoints: fc.array(tightWaypoint, { minLength: 1, maxLength: 5 }),
      geometry: geometryArb.filter((g) => typeof g === 'string' && g.length < 1000),
      stats: fc.record({
        distanceM: fc.double({ min: 0, max: 1e5, noNaN: true }),
        ascentM: fc.nat(3000),
        descentM: fc.nat(3000),
        timeS: fc.nat(1e5),
      }),
    }),
    fc.array(
      fc.oneof(
        { weight: 2, arbitrary: fc.tuple(fc.constant('name'), fc.oneof(nastyText, { weight: 2, arbitrary: edgeName }, text, anyValue)) },
        {
          weight: 2,
          arbitrary: fc.tuple(fc.constant('description'), fc.oneof(nastyText, { weight: 2, arbitrary: edgeDescription }, text, anyValue)),
        },
        fc.tuple(fc.constant('visibility'), visibilityArb),
        fc.tuple(fc.constant('region'), regionArb),
        fc.tuple(fc.constant('waypoints'), fc.oneof(aroundHundred, waypointsArb)),
        fc.tuple(fc.constant('geometry'), geometryArb),
        fc.tuple(fc.constant('stats'), fc.oneof(statsArb, edgeStats)),
        fc.tuple(fc.constantFrom('id', 'owner_id', 'created_at', 'owned'), anyValue),
      ),
      { maxLength: 2 },
    ),
  )
  .map(([b, changes]) => ({ ...b, ...Object.fromEntries(changes) }) as Record<string, unknown>);
/** A patch takes the same keys as a create, all optional. */
const patchShape = createShape;
const routeShape = fc.oneof(
  fc.record({ region: regionArb, waypoints: waypointsArb, paceSecPerKm: paceArb, mode: anyValue }, { requiredKeys: [] }),
  // Valid requests (a few waypoints around A, anywhere in Andorra now and then) with at most one key replaced.
  fc
    .tuple(
      fc.record(
        {
          region: fc.constant('andorra'),
          waypoints: fc.oneof(
            {
              weight: 3,
              arbitrary: fc.array(fc.oneof({ weight: 4, arbitrary: tightWaypoint }, waypointArb), { minLength: 2, maxLength: 6 }),
            },
            { weight: 1, arbitrary: aroundHundred },
          ),
          paceSecPerKm: fc.integer({ min: 120, max: 1800 }),
        },
        { requiredKeys: ['region', 'waypoints'] },
      ),
      fc.option(
        fc.oneof(
          fc.tuple(fc.constant('region'), regionArb),
          fc.tuple(fc.constant('waypoints'), waypointsArb),
          fc.tuple(fc.constant('paceSecPerKm'), paceArb),
        ),
        { freq: 2 },
      ),
    )
    .map(([b, change]) => (change ? { ...b, [change[0]]: change[1] } : b) as Record<string, unknown>),
);
const preferencesArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ preferPaths: fc.boolean(), avoidBusyRoads: fc.boolean(), preferGreen: fc.boolean() }, { requiredKeys: [] }),
  },
  { weight: 1, arbitrary: fc.record({ preferPaths: anyValue, preferGreenery: fc.boolean(), avoidHills: anyValue }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: anyValue },
);
/** Loops: distances kept at 1–3 km in the valid range (the generator is CPU-heavy). */
const loopShapeRandom = fc.record(
  {
    region: regionArb,
    start: mostly(fc.record({ lon: lonArb, lat: latArb })),
    distanceKm: mostly(
      fc.double({ min: 1, max: 3, noNaN: true }),
      fc.oneof(fc.constantFrom<unknown>(0.999, 100.0001, 101, 0, -1, BIG, '5', null), num),
    ),
    heading: mostly(fc.double({ min: 0, max: 360, noNaN: true }), fc.oneof(fc.constantFrom<unknown>(-1e-9, 360.0001, 720), num)),
    seed: mostly(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.oneof(fc.constantFrom<unknown>(-1, 2 ** 31, 1.5), num)),
    alternatives: mostly(fc.integer({ min: 1, max: 2 }), fc.oneof(fc.constantFrom<unknown>(0, 6, 1.5), num)),
    preferences: preferencesArb,
    paceSecPerKm: paceArb,
  },
  { requiredKeys: ['region', 'start', 'distanceKm'] },
);
const loopShape = fc.oneof(
  { weight: 1, arbitrary: loopShapeRandom },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.record(
          {
            region: fc.constant('andorra'),
            start: fc.record({
              lon: fc.double({ min: A.lon - 0.01, max: A.lon + 0.01, noNaN: true }),
              lat: fc.double({ min: A.lat - 0.01, max: A.lat + 0.01, noNaN: true }),
            }),
            distanceKm: fc.double({ min: 1, max: 3, noNaN: true }),
            heading: fc.integer({ min: 0, max: 360 }),
            seed: fc.nat(),
            alternatives: fc.integer({ min: 1, max: 2 }),
            preferences: fc.record(
              { preferPaths: fc.boolean(), avoidBusyRoads: fc.boolean(), preferGreen: fc.boolean() },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: ['region', 'start', 'distanceKm', 'alternatives'] },
        ),
        fc.option(
          fc.tuple(fc.constantFrom('start', 'distanceKm', 'heading', 'seed', 'alternatives', 'preferences', 'paceSecPerKm'), anyValue),
          { freq: 2 },
        ),
      )
      .map(([b, change]) => (change ? { ...b, [change[0]]: change[1] } : b) as Record<string, unknown>),
  },
);

const ROUTE_KEYS = [
  'name',
  'description',
  'visibility',
  'region',
  'waypoints',
  'geometry',
  'stats',
  'paceSecPerKm',
  'start',
  'distanceKm',
  'heading',
  'seed',
  'alternatives',
  'preferences',
  'lon',
  'lat',
  'mode',
  'id',
  'owner_id',
];
const JUNK = [
  '',
  '{',
  'null',
  '[]',
  '"x"',
  '1',
  'true',
  '{"name":',
  '\u0000',
  '{"a":1}x',
  '{"name":"a","name":"b"}',
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  '{"waypoints":[' + '{"lon":1.52,"lat":42.5},'.repeat(10) + ']}',
];

/** Prototype-pollution attempts in front of an otherwise random body. */
function pollute(body: string, ownerId: string): string {
  const evil = `"__proto__":{"name":"polluted","owner_id":"${ownerId}","visibility":"public","role":"admin"},"constructor":{"prototype":{"polluted":true}}`;
  return body.startsWith('{') ? (body === '{}' ? `{${evil}}` : `{${evil},${body.slice(1)}`) : `{${evil}}`;
}

function bodies(shapes: fc.Arbitrary<Record<string, unknown>>, ownerId: () => string) {
  return fc.oneof(
    { weight: 8, arbitrary: shapes.map(serialize) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...ROUTE_KEYS), anyValue, { maxKeys: 6 }).map(serialize) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom(...JUNK) },
    { weight: 1, arbitrary: shapes.map((o) => pollute(serialize(o), ownerId())) },
  );
}

const contentTypeArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/merge-patch+json',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ),
  },
);
type Actor = 'alice' | 'anon' | 'forged';
const actorArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Actor>('alice') },
  { weight: 1, arbitrary: fc.constantFrom<Actor>('anon', 'forged') },
);

// ---------------------------------------------------------------------------------------------
// Independent plausibility checks: what a body that may legitimately succeed looks like.

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const finiteIn = (v: unknown, lo: number, hi: number) => typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;
const nameOk = (v: unknown) => typeof v === 'string' && v.trim().length >= 1 && v.trim().length <= 120;
const descriptionOk = (v: unknown) => typeof v === 'string' && v.trim().length <= 2000;
const visibilityOk = (v: unknown) => v === 'private' || v === 'unlisted' || v === 'public';
const regionOk = (v: unknown) => typeof v === 'string' && v.length <= 63 && /^[a-z0-9][a-z0-9-]*$/.test(v);
const waypointOk = (w: unknown) =>
  isObj(w) &&
  finiteIn(w.lon, -180, 180) &&
  finiteIn(w.lat, -90, 90) &&
  (w.mode === undefined || w.mode === 'snap' || w.mode === 'freehand');
const waypointsOk = (v: unknown, min: number) => Array.isArray(v) && v.length >= min && v.length <= 100 && v.every(waypointOk);
const geometryOk = (v: unknown) => typeof v === 'string' && v.length <= 400_000;
const statsOk = (v: unknown) => isObj(v) && ['distanceM', 'ascentM', 'descentM', 'timeS'].every((k) => finiteIn(v[k], 0, Number.MAX_VALUE));
const inRegion = (region: string, p: Record<string, any>) => {
  const b = REGION_BOXES[region];
  return !!b && p.lon >= b[0] && p.lat >= b[1] && p.lon <= b[2] && p.lat <= b[3];
};
const jsonType = (ct: string) => /^application\/[^;]*json/i.test(ct);

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const FIELDS = {
  name: nameOk,
  description: descriptionOk,
  visibility: visibilityOk,
  region: regionOk,
  waypoints: (v: unknown) => waypointsOk(v, 1),
  geometry: geometryOk,
  stats: statsOk,
} as const;
type Field = keyof typeof FIELDS;

function plausibleCreate(raw: string, ct: string): boolean {
  const b = parsed(raw);
  if (!jsonType(ct) || !isObj(b)) return false;
  return (
    (['name', 'region', 'waypoints', 'geometry', 'stats'] as const).every((k) => FIELDS[k](b[k])) &&
    (b.description === undefined || descriptionOk(b.description)) &&
    (b.visibility === undefined || visibilityOk(b.visibility))
  );
}

function plausiblePatch(raw: string, ct: string): boolean {
  const b = parsed(raw);
  if (!jsonType(ct) || !isObj(b)) return false;
  const present = (Object.keys(FIELDS) as Field[]).filter((k) => Object.hasOwn(b, k));
  return present.length > 0 && present.every((k) => FIELDS[k](b[k]));
}

function plausibleRoute(raw: string, ct: string): boolean {
  const b = parsed(raw);
  if (!jsonType(ct) || !isObj(b) || !regionOk(b.region) || !waypointsOk(b.waypoints, 2)) return false;
  return (
    (b.waypoints as Record<string, any>[]).every((w) => inRegion(b.region, w)) &&
    (b.paceSecPerKm === undefined || finiteIn(b.paceSecPerKm, 120, 1800))
  );
}

function plausibleLoop(raw: string, ct: string): boolean {
  const b = parsed(raw);
  if (!jsonType(ct) || !isObj(b) || !regionOk(b.region) || !isObj(b.start)) return false;
  const prefsOk =
    b.preferences === undefined ||
    (isObj(b.preferences) &&
      Object.entries(b.preferences).every(
        ([k, v]) => ['preferPaths', 'avoidBusyRoads', 'preferGreen'].includes(k) && typeof v === 'boolean',
      ));
  return (
    finiteIn(b.start.lon, -180, 180) &&
    finiteIn(b.start.lat, -90, 90) &&
    inRegion(b.region, b.start) &&
    finiteIn(b.distanceKm, 1, 100) &&
    (b.heading === undefined || finiteIn(b.heading, 0, 360)) &&
    (b.seed === undefined || (Number.isInteger(b.seed) && finiteIn(b.seed, 0, 2 ** 31 - 1))) &&
    (b.alternatives === undefined || (Number.isInteger(b.alternatives) && finiteIn(b.alternatives, 1, 5))) &&
    prefsOk &&
    (b.paceSecPerKm === undefined || finiteIn(b.paceSecPerKm, 120, 1800))
  );
}

/** The stored form of a create/patch field as the API promises it (trimmed text, default leg mode). */
function stored(field: Field, v: any): unknown {
  if (field === 'name' || field === 'description') return (v as string).trim();
  if (field === 'waypoints') return (v as any[]).map((w) => ({ lon: w.lon, lat: w.lat, mode: w.mode ?? 'snap' }));
  if (field === 'stats') return { distanceM: v.distanceM, ascentM: v.ascentM, descentM: v.descentM, timeS: v.timeS };
  return v;
}
/** Compare as JSON (so that -0 and 0, key order, and Date vs ISO string do not matter). */
const same = (a: unknown, b: unknown, where: string) =>
  expect(JSON.parse(JSON.stringify(a ?? null)), where).toEqual(JSON.parse(JSON.stringify(b ?? null)));

// ---------------------------------------------------------------------------------------------

describe(`planner API fuzz on ${TEST_DB} (${RUNS} requests per endpoint, ${LOOP_RUNS} for loops)`, () => {
  let t: TestApp;
  let alice: SignedInTestUser;
  let bob: SignedInTestUser;
  const bobIds = { private: '', unlisted: '', public: '' };
  /** Ids of alice's routes (seeded and created by the fuzz); deleted ones stay in as stale ids. */
  const aliceIds: string[] = [];
  let protoKeys: string[];

  const geometry = encodeRouteGeometry([
    [A.lon, A.lat, 1050],
    [B.lon, B.lat, 1080],
  ]);
  const validRoute = (over: Record<string, unknown> = {}) => ({
    name: 'Fuzz seed',
    description: 'seeded',
    visibility: 'private',
    region: 'andorra',
    waypoints: [
      { ...A, mode: 'snap' },
      { ...B, mode: 'freehand' },
    ],
    geometry,
    stats: { distanceM: 1500, ascentM: 30, descentM: 0, timeS: 600 },
    ...over,
  });

  beforeAll(async () => {
    ({ dir: packs, cleanup: cleanupPacks } = await andorraPacks());
    for (const r of Object.keys(REGION_BOXES)) if (!fs.existsSync(path.join(packs, r, 'graph.bin'))) delete REGION_BOXES[r];
    t = await createTestApp({ REGIONS_DIR: packs });
    alice = await t.signIn({ name: 'Alice' });
    bob = await t.signIn({ name: 'Bob' });
    for (const v of ['private', 'unlisted', 'public'] as const) {
      const over = v === 'private' ? { name: `Secret ${SECRET}`, description: `only bob may see ${SECRET}` } : { name: `Bob ${v}` };
      const res = await t.json('POST', '/api/routes', validRoute({ ...over, visibility: v }), bob.headers);
      expect(res.status).toBe(201);
      bobIds[v] = ((await res.json()) as { id: string }).id;
    }
    for (const v of ['private', 'unlisted', 'public', 'private'] as const) {
      const res = await t.json('POST', '/api/routes', validRoute({ name: `Alice ${v}`, visibility: v }), alice.headers);
      expect(res.status).toBe(201);
      aliceIds.push(((await res.json()) as { id: string }).id);
    }
    protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  });
  const statuses = new Map<string, number>();
  afterAll(async () => {
    if (process.env.PLANNER_FUZZ_VERBOSE)
      console.log(
        [...statuses]
          .sort()
          .map(([k, n]) => `${k}: ${n}`)
          .join('\n'),
      );
    await t?.close();
    cleanupPacks();
  });

  const count = async (ownerId?: string) => {
    let q = t.db().selectFrom('routes');
    if (ownerId) q = q.where('owner_id', '=', ownerId);
    return Number((await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  };
  const bobRows = () => t.db().selectFrom('routes').selectAll().where('owner_id', '=', bob.id).orderBy('id').execute();
  const rowById = (id: string) => t.db().selectFrom('routes').selectAll().where('id', '=', id).executeTakeFirst();

  const headersFor = (actor: Actor, contentType = 'application/json'): Record<string, string> => ({
    'content-type': contentType,
    ...(actor === 'alice' ? alice.headers : actor === 'forged' ? { cookie: 'waymark_session=forged-session-token' } : {}),
  });

  /** Send one request and check what every answer must satisfy; returns status and parsed body. */
  async function send(method: string, url: string, body: string | undefined, actor: Actor, contentType?: string) {
    const res = await t.json(method, url, body, headersFor(actor, contentType));
    const text = await res.text();
    const where = `${method} ${url.slice(0, 200)} as ${actor} → ${res.status}: ${text.slice(0, 300)}`;
    expect(res.status, where).toBeLessThan(500);
    expect(text.includes(SECRET), `revealed the private route: ${where}`).toBe(false);
    let json: any;
    if (res.status !== 204) {
      expect(res.headers.get('content-type') ?? '', where).toMatch(/^application\/json/);
      json = JSON.parse(text);
    }
    if (res.status >= 300) {
      expect(typeof json?.error?.code, where).toBe('string');
      expect(json.error.code.length, where).toBeGreaterThan(0);
      expect(typeof json.error.message, where).toBe('string');
      expect(json.error.message.length, where).toBeGreaterThan(0);
    }
    if (res.status === 401) expect(actor, where).not.toBe('alice');
    const key = `${method} ${url.split('?')[0]!.replace(/^\/api\/routes\/(?!public$)[^/]*/, '/api/routes/:id')} ${res.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    return { status: res.status, json, where };
  }

  /** Properties that hold after every endpoint's run. */
  let bobBefore: Awaited<ReturnType<typeof bobRows>>;
  let aliceBefore = 0;
  let totalBefore = 0;
  async function snapshot() {
    bobBefore = await bobRows();
    aliceBefore = await count(alice.id);
    totalBefore = await count();
  }
  async function invariants(created: number, deleted: number) {
    expect(await bobRows()).toEqual(bobBefore);
    expect((await count(alice.id)) - aliceBefore).toBe(created - deleted);
    expect((await count()) - totalBefore).toBe(created - deleted);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await t.app.request('/api/health')).status).toBe(200);
    expect((await t.json('GET', `/api/routes/${aliceIds[0]}`, undefined, alice.headers)).status).toBeLessThan(500);
  }

  /** Route ids: real ones (alice's, bob's, in odd spellings), random UUIDs and non-UUIDs, URL-encoded or not. */
  const idArb = () =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...aliceIds, bobIds.private, bobIds.unlisted, bobIds.public) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.constantFrom(bobIds.private, bobIds.unlisted, aliceIds[0]!),
            fc.constantFrom('upper', 'braces', 'nodash', 'space', 'nul', 'short', 'long', 'dup'),
          )
          .map(([id, how]) => {
            if (how === 'upper') return id.toUpperCase();
            if (how === 'braces') return `%7B${id}%7D`;
            if (how === 'nodash') return id.replaceAll('-', '');
            if (how === 'space') return `%20${id}`;
            if (how === 'nul') return `${id}%00`;
            if (how === 'short') return id.slice(0, -1);
            if (how === 'long') return `${id}0`;
            return `${id},${id}`;
          }),
      },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: fc.string({ maxLength: 40 }).map(uriPart) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
          'public',
          'null',
          '0',
          '-1',
          '1e400',
          '%ZZ',
          '%',
          '%E0%A4%A',
          '%ED%A0%80',
          '..',
          '%2e%2e',
          'x'.repeat(5000),
          "1'%20or%20'1'='1",
        ),
      },
    );
  /** The lower-cased UUID a path segment names, if it names one. */
  const uuidOf = (segment: string): string | null => {
    try {
      const s = decodeURIComponent(segment).toLowerCase();
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s) ? s : null;
    } catch {
      return null;
    }
  };

  it('POST /api/route: no 5xx, JSON errors, routes only plausible requests', async () => {
    await snapshot();
    await fc.assert(
      fc.asyncProperty(
        bodies(routeShape, () => bob.id),
        contentTypeArb,
        actorArb,
        async (raw, ct, actor) => {
          const r = await send('POST', '/api/route', raw, actor, ct);
          if (r.status === 200) {
            expect(plausibleRoute(raw, ct), r.where).toBe(true);
            const route = r.json.route;
            const n = (JSON.parse(raw) as { waypoints: unknown[] }).waypoints.length;
            expect(route.coords.length, r.where).toBe(route.cum.length);
            expect(route.legStarts.length, r.where).toBe(n - 1);
            for (const k of ['distanceM', 'ascentM', 'descentM', 'timeS'])
              expect(finiteIn(route.stats[k], 0, Number.MAX_VALUE), `${k}: ${r.where}`).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
    await invariants(0, 0);
  }, 300_000);

  it('POST /api/route/loop: no 5xx, JSON errors, loops only for plausible requests', async () => {
    await snapshot();
    await fc.assert(
      fc.asyncProperty(
        bodies(loopShape, () => bob.id),
        contentTypeArb,
        async (raw, ct) => {
          const r = await send('POST', '/api/route/loop', raw, 'anon', ct);
          if (r.status === 200) {
            expect(plausibleLoop(raw, ct), r.where).toBe(true);
            const wanted = (JSON.parse(raw) as { alternatives?: number }).alternatives ?? 3;
            expect(r.json.alternatives.length, r.where).toBeLessThanOrEqual(wanted);
            for (const a of r.json.alternatives) {
              expect(finiteIn(a.distanceM, 0, Number.MAX_VALUE), r.where).toBe(true);
              expect(a.waypoints.length, r.where).toBeLessThanOrEqual(100);
            }
          }
        },
      ),
      { numRuns: LOOP_RUNS },
    );
    await invariants(0, 0);
  }, 300_000);

  it('GET /api/routes and /api/routes/public: no 5xx, JSON errors, only own / public routes listed', async () => {
    await snapshot();
    const key = fc.constantFrom(
      'q',
      'q',
      'q',
      'sort',
      'order',
      'page',
      'pageSize',
      'region',
      'Q',
      'page[]',
      '__proto__',
      'constructor',
      'owner_id',
      '',
    );
    const value = fc.oneof(
      { weight: 2, arbitrary: nastyText },
      fc.constantFrom(
        '',
        'updated',
        'created',
        'name',
        'distance',
        'colour',
        'asc',
        'desc',
        'ASC',
        '0',
        '1',
        '-1',
        '1.5',
        '1e3',
        '1e400',
        'NaN',
        'Infinity',
        '0x10',
        ' 5 ',
        '100',
        '101',
        '10000',
        '10001',
        '9007199254740993',
        'andorra',
        'Secret',
        SECRET,
        'only bob',
        '%',
        '_',
        '\\',
        '\u0000',
        '\uD800',
        "' or 1=1 --",
      ),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.integer().map(String),
      fc.integer({ min: 195, max: 205 }).map((n) => 'q'.repeat(n)),
    );
    const query = fc
      .array(fc.tuple(key, value, fc.boolean()), { maxLength: 5 })
      .map((pairs) =>
        pairs.map(([k, v, encode]) => (encode ? `${uriPart(k)}=${uriPart(v)}` : `${k}=${v.replace(/[#\s]/g, '')}`)).join('&'),
      );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), query, actorArb, async (mine, qs, actor) => {
        const r = await send('GET', `/api/routes${mine ? '' : '/public'}?${qs}`, undefined, actor);
        if (r.status !== 200) return;
        const { items, total, page, pageSize } = r.json;
        expect(Number.isInteger(total) && total >= items.length, r.where).toBe(true);
        expect(page >= 1 && pageSize >= 1 && pageSize <= 100 && items.length <= pageSize, r.where).toBe(true);
        for (const item of items) {
          expect(item.geometry, r.where).toBeUndefined();
          if (mine) expect(item.owned, r.where).toBe(true);
          else expect(item.visibility, r.where).toBe('public');
          const row = await rowById(item.id);
          if (mine) expect(row?.owner_id, r.where).toBe(alice.id);
          else expect(row?.visibility, r.where).toBe('public');
        }
      }),
      { numRuns: RUNS },
    );
    await invariants(0, 0);
  }, 300_000);

  it('POST /api/routes: no 5xx, JSON errors, a route only from a plausible body, stored as sent', async () => {
    await snapshot();
    let created = 0;
    const createBodies = fc.oneof(
      bodies(createShape, () => bob.id),
      createNearValid.map(serialize),
    );
    await fc.assert(
      fc.asyncProperty(createBodies, contentTypeArb, actorArb, async (raw, ct, actor) => {
        const r = await send('POST', '/api/routes', raw, actor, ct);
        if (r.status === 201) {
          created += 1;
          aliceIds.push(r.json.id);
          expect(actor, r.where).toBe('alice');
          expect(plausibleCreate(raw, ct), r.where).toBe(true);
          const b = JSON.parse(raw) as Record<string, unknown>;
          const row = await rowById(r.json.id);
          expect(row?.owner_id, r.where).toBe(alice.id);
          for (const f of Object.keys(FIELDS) as Field[]) {
            const want =
              b[f] === undefined ? { description: '', visibility: 'private' }[f as 'description' | 'visibility'] : stored(f, b[f]);
            same(r.json[f], want, `${f}: ${r.where}`);
            same(row?.[f], want, `stored ${f}: ${r.where}`);
          }
          expect(r.json.owned, r.where).toBe(true);
        } else {
          expect(r.status, r.where).not.toBe(200);
        }
      }),
      { numRuns: RUNS },
    );
    await invariants(created, 0);
  }, 300_000);

  it('GET /api/routes/:id: no 5xx, JSON errors, only routes the caller may see', async () => {
    await snapshot();
    await fc.assert(
      fc.asyncProperty(idArb(), actorArb, async (id, actor) => {
        const r = await send('GET', `/api/routes/${id}`, undefined, actor);
        if (r.status !== 200 || id === 'public') return;
        const row = await rowById(r.json.id);
        expect(row, r.where).toBeDefined();
        expect(uuidOf(id), r.where).toBe(row!.id);
        if (row!.visibility === 'private') {
          expect(actor, r.where).toBe('alice');
          expect(row!.owner_id, r.where).toBe(alice.id);
        }
        expect(r.json.owned, r.where).toBe(actor === 'alice' && row!.owner_id === alice.id);
      }),
      { numRuns: RUNS },
    );
    await invariants(0, 0);
  }, 300_000);

  it('PATCH /api/routes/:id: no 5xx, JSON errors, only own routes change, only as the body says', async () => {
    await snapshot();
    const patchBodies = fc.oneof(
      { weight: 3, arbitrary: bodies(patchShape, () => bob.id) },
      {
        weight: 1,
        arbitrary: createNearValid.chain((b) =>
          fc.subarray(Object.keys(b), { minLength: 1 }).map((keys) => serialize(Object.fromEntries(keys.map((k) => [k, b[k]])))),
        ),
      },
    );
    await fc.assert(
      fc.asyncProperty(idArb(), patchBodies, contentTypeArb, actorArb, async (id, raw, ct, actor) => {
        const uuid = uuidOf(id);
        const before = uuid ? await rowById(uuid) : undefined;
        const r = await send('PATCH', `/api/routes/${id}`, raw, actor, ct);
        const after = uuid ? await rowById(uuid) : undefined;
        if (r.status !== 200) {
          expect(after, r.where).toEqual(before);
          return;
        }
        expect(actor, r.where).toBe('alice');
        expect(before?.owner_id, r.where).toBe(alice.id);
        expect(plausiblePatch(raw, ct), r.where).toBe(true);
        const b = JSON.parse(raw) as Record<string, unknown>;
        for (const f of Object.keys(FIELDS) as Field[]) {
          const want = b[f] === undefined ? before![f] : stored(f, b[f]);
          same(r.json[f], want, `${f}: ${r.where}`);
          same(after![f], want, `stored ${f}: ${r.where}`);
        }
        expect(after!.owner_id, r.where).toBe(alice.id);
        expect(after!.created_at, r.where).toEqual(before!.created_at);
      }),
      { numRuns: RUNS },
    );
    await invariants(0, 0);
  }, 300_000);

  it('POST /api/routes/:id/duplicate: no 5xx, JSON errors, copies only routes the caller may see', async () => {
    await snapshot();
    let created = 0;
    await fc.assert(
      fc.asyncProperty(idArb(), fc.option(bodies(patchShape, () => bob.id)), actorArb, async (id, raw, actor) => {
        const uuid = uuidOf(id);
        const src = uuid ? await rowById(uuid) : undefined;
        const r = await send('POST', `/api/routes/${id}/duplicate`, raw ?? undefined, actor);
        if (r.status !== 201) return;
        created += 1;
        aliceIds.push(r.json.id);
        expect(actor, r.where).toBe('alice');
        expect(src, r.where).toBeDefined();
        expect(src!.visibility !== 'private' || src!.owner_id === alice.id, r.where).toBe(true);
        const copy = await rowById(r.json.id);
        expect(copy?.owner_id, r.where).toBe(alice.id);
        expect(copy?.visibility, r.where).toBe('private');
        expect(copy?.name, r.where).toBe(`${src!.name} (copy)`.slice(0, 120));
        same(copy?.waypoints, src!.waypoints, r.where);
        expect(copy?.geometry, r.where).toBe(src!.geometry);
      }),
      { numRuns: RUNS },
    );
    await invariants(created, 0);
  }, 300_000);

  it('DELETE /api/routes/:id: no 5xx, JSON errors, deletes only own routes', async () => {
    await snapshot();
    let deleted = 0;
    await fc.assert(
      fc.asyncProperty(idArb(), fc.option(fc.constantFrom(...JUNK.slice(0, 8))), actorArb, async (id, raw, actor) => {
        const uuid = uuidOf(id);
        const before = uuid ? await rowById(uuid) : undefined;
        const r = await send('DELETE', `/api/routes/${id}`, raw ?? undefined, actor);
        const after = uuid ? await rowById(uuid) : undefined;
        if (r.status === 204) {
          deleted += 1;
          expect(actor, r.where).toBe('alice');
          expect(before?.owner_id, r.where).toBe(alice.id);
          expect(after, r.where).toBeUndefined();
        } else {
          expect(after, r.where).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
    expect(deleted).toBeGreaterThan(0);
    await invariants(0, deleted);
  }, 300_000);
});
