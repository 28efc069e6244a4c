import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRouteGeometry, featuresToGpx, parseFeatureFile } from '@waymark/geo';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { uriPart } from './support/fuzz.ts';
import { errorOf, makeProject } from './support/projects.ts';

const pt = (x: number, y: number) => ({ type: 'Point', coordinates: [x, y] });
const feature = (x: number, y: number, properties: Record<string, unknown> = {}) => ({ type: 'Feature', geometry: pt(x, y), properties });

/**
 * The project map REST API: every endpoint × owner, editor, viewer, non-member and anonymous;
 * import (GeoJSON, KML, GPX; malformed → nothing changed; > 20 MB → 413), export round trips,
 * a planner route as a layer, the version history and restore, forged ids, and a fast-check
 * fuzz of every body (no 5xx, one error shape). COLLAB_FUZZ_RUNS sets the fuzz runs (default 300).
 */
describe(`project map REST API on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: SignedInTestUser;
  let editor: SignedInTestUser;
  let viewer: SignedInTestUser;
  let other: SignedInTestUser;
  let project: string;

  const call = (who: SignedInTestUser | null, method: string, path: string, body?: unknown) =>
    t.json(method, path, body, who?.headers ?? {});
  const raw = async (who: SignedInTestUser | null, path: string, bytes: string | Buffer, type = 'application/octet-stream') => {
    const { token, cookie } = await t.csrf();
    return t.app.request(path, {
      method: 'POST',
      headers: {
        'content-type': type,
        origin: t.config.publicUrl,
        'x-csrf-token': token,
        cookie: [who?.headers.cookie, cookie].filter(Boolean).join('; '),
      },
      body: bytes,
    });
  };
  const layers = async (p = project) =>
    (
      (await (await call(owner, 'GET', `/api/projects/${p}/layers`)).json()) as {
        layers: { id: string; name: string; featureCount: number }[];
      }
    ).layers;
  const features = async (p = project, q = '') =>
    (
      (await (await call(owner, 'GET', `/api/projects/${p}/features${q}`)).json()) as {
        features: { id: string; geometry: unknown; properties: Record<string, unknown>; layerId: string }[];
      }
    ).features;
  const newLayer = async (name = 'Layer') =>
    ((await (await call(owner, 'POST', `/api/projects/${project}/layers`, { name })).json()) as { id: string }).id;
  const newFeature = async (layerId: string, props: Record<string, unknown> = {}) =>
    (
      (await (
        await call(owner, 'POST', `/api/projects/${project}/features`, { layerId, features: [feature(1.5, 42.5, props)] })
      ).json()) as { ids: string[] }
    ).ids[0]!;

  /** A saved planner route of `who` (straight into the table: the planner API is not under test here). */
  const insertRoute = (who: SignedInTestUser, name: string, visibility: 'public' | 'private', line: [number, number, number][]) =>
    t
      .db()
      .insertInto('routes')
      .values({
        owner_id: who.id,
        name,
        description: '',
        region: 'andorra',
        waypoints: '[]',
        geometry: encodeRouteGeometry(line),
        stats: '{}',
        visibility,
      })
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    [owner, editor, viewer, other] = await Promise.all([t.signIn(), t.signIn(), t.signIn(), t.signIn()]);
    project = await makeProject(t, { owner, editor, viewer });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every endpoint by role: anonymous 401, non-member 404, viewer reads only, editors and owners write', async () => {
    const base = await newLayer('Matrix base');
    const seq = Number(
      ((await (await call(owner, 'GET', `/api/projects/${project}/history`)).json()) as { versions: { seq: number }[] }).versions[0]!.seq,
    );
    await insertRoute(owner, 'Loop', 'public', [
      [1.5, 42.5, 1000],
      [1.51, 42.51, 1010],
    ]);
    const routeId = (await t.db().selectFrom('routes').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
    type Endpoint = { name: string; write: boolean; run: (who: SignedInTestUser | null) => Promise<Response> };
    const P = `/api/projects/${project}`;
    const endpoints: Endpoint[] = [
      { name: 'GET features', write: false, run: (w) => call(w, 'GET', `${P}/features`) },
      { name: 'GET features kml', write: false, run: (w) => call(w, 'GET', `${P}/features?format=kml`) },
      { name: 'GET features gpx of a layer', write: false, run: (w) => call(w, 'GET', `${P}/features?format=gpx&layer=${base}`) },
      { name: 'GET layers', write: false, run: (w) => call(w, 'GET', `${P}/layers`) },
      { name: 'GET history', write: false, run: (w) => call(w, 'GET', `${P}/history`) },
      { name: 'GET version features', write: false, run: (w) => call(w, 'GET', `${P}/history/${seq}/features`) },
      { name: 'POST layer', write: true, run: (w) => call(w, 'POST', `${P}/layers`, { name: 'New' }) },
      { name: 'PATCH layer', write: true, run: async (w) => call(w, 'PATCH', `${P}/layers/${await newLayer()}`, { name: 'Renamed' }) },
      { name: 'DELETE layer', write: true, run: async (w) => call(w, 'DELETE', `${P}/layers/${await newLayer()}`) },
      { name: 'POST features', write: true, run: (w) => call(w, 'POST', `${P}/features`, { layerId: base, features: [feature(1, 1)] }) },
      {
        name: 'PATCH feature',
        write: true,
        run: async (w) => call(w, 'PATCH', `${P}/features/${await newFeature(base)}`, { properties: { a: 1 } }),
      },
      { name: 'DELETE feature', write: true, run: async (w) => call(w, 'DELETE', `${P}/features/${await newFeature(base)}`) },
      {
        name: 'POST import',
        write: true,
        run: (w) =>
          raw(w, `${P}/layers/import?fileName=a.geojson`, JSON.stringify({ type: 'FeatureCollection', features: [feature(1, 1)] })),
      },
      { name: 'POST route layer', write: true, run: (w) => call(w, 'POST', `${P}/layers/route`, { routeId }) },
      { name: 'POST restore', write: true, run: (w) => call(w, 'POST', `${P}/history/restore`, { seq }) },
    ];
    const actors: [string, SignedInTestUser | null, (write: boolean) => number[]][] = [
      ['anonymous', null, () => [401]],
      ['non-member', other, () => [404]],
      ['viewer', viewer, (write) => (write ? [403] : [200])],
      ['editor', editor, (write) => (write ? [200, 201, 204] : [200])],
      ['owner', owner, (write) => (write ? [200, 201, 204] : [200])],
    ];
    const failures: string[] = [];
    for (const ep of endpoints) {
      for (const [name, who, expected] of actors) {
        const res = await ep.run(who);
        if (!expected(ep.write).includes(res.status)) failures.push(`${ep.name} as ${name}: ${res.status} ${await res.text()}`);
        else if (res.status >= 400) {
          const err = await errorOf(res);
          if (!err.code || !err.message) failures.push(`${ep.name} as ${name}: error shape`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('validates bodies and refuses forged ids and locked layers without changing anything', async () => {
    const other2 = await makeProject(t, { owner: other });
    const foreignLayer = (
      (await (await call(other, 'POST', `/api/projects/${other2}/layers`, { name: 'Theirs' })).json()) as { id: string }
    ).id;
    const foreignFeature = (
      (await (
        await call(other, 'POST', `/api/projects/${other2}/features`, { layerId: foreignLayer, features: [feature(2, 2)] })
      ).json()) as { ids: string[] }
    ).ids[0]!;
    const mine = await newLayer('Mine');
    const before = await features();
    const cases: [string, string, unknown, number, string][] = [
      ['POST', `/api/projects/${project}/features`, { layerId: foreignLayer, features: [feature(1, 1)] }, 404, 'not_found'],
      ['PATCH', `/api/projects/${project}/features/${foreignFeature}`, { properties: { x: 1 } }, 404, 'not_found'],
      ['DELETE', `/api/projects/${project}/features/${foreignFeature}`, undefined, 404, 'not_found'],
      ['PATCH', `/api/projects/${project}/layers/${foreignLayer}`, { name: 'x' }, 404, 'not_found'],
      [
        'POST',
        `/api/projects/${project}/features`,
        { layerId: mine, features: [{ type: 'Feature', geometry: pt(200, 0) }] },
        400,
        'validation_error',
      ],
      ['POST', `/api/projects/${project}/features`, { layerId: mine, features: [] }, 400, 'validation_error'],
      [
        'POST',
        `/api/projects/${project}/features`,
        { layerId: mine, features: [feature(1, 1, { ['k'.repeat(101)]: 1 })] },
        400,
        'validation_error',
      ],
      ['POST', `/api/projects/${project}/layers`, { name: '   ' }, 400, 'validation_error'],
      ['POST', `/api/projects/${project}/layers`, { name: 'x', style: { color: 'red' } }, 400, 'validation_error'],
      ['PATCH', `/api/projects/${project}/layers/${mine}`, {}, 400, 'validation_error'],
      ['POST', `/api/projects/${project}/history/restore`, { seq: 1, at: new Date().toISOString() }, 400, 'validation_error'],
      ['POST', `/api/projects/${project}/history/restore`, { seq: 10 ** 12 }, 404, 'not_found'],
      ['GET', `/api/projects/${project}/features?format=shp`, undefined, 400, 'validation_error'],
      ['GET', `/api/projects/${project}/features?layer=nope`, undefined, 404, 'not_found'],
      ['GET', `/api/projects/${project}/history/abc/features`, undefined, 400, 'validation_error'],
      ['POST', `/api/projects/${project}/layers/route`, { routeId: '6d7d3c4e-9a51-4b7a-8f0e-2b1f5a3c9d10' }, 404, 'not_found'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const res = await call(editor, method, path, body);
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} ${status}`);
      expect((await errorOf(res)).code).toBe(code);
    }
    // locked layers refuse feature edits until unlocked
    const f = await newFeature(mine, { name: 'kept' });
    expect((await call(editor, 'PATCH', `/api/projects/${project}/layers/${mine}`, { locked: true })).status).toBe(200);
    const locked = await call(editor, 'PATCH', `/api/projects/${project}/features/${f}`, { properties: { name: 'changed' } });
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).code).toBe('layer_locked');
    expect((await call(editor, 'PATCH', `/api/projects/${project}/layers/${mine}`, { locked: false })).status).toBe(200);
    // a private route of another user is not theirs to copy
    await insertRoute(other, 'Secret', 'private', [
      [1, 1, 0],
      [2, 2, 0],
    ]);
    const secret = (await t.db().selectFrom('routes').select('id').where('name', '=', 'Secret').executeTakeFirstOrThrow()).id;
    expect((await call(editor, 'POST', `/api/projects/${project}/layers/route`, { routeId: secret })).status).toBe(404);
    // nothing else changed; the other project is untouched
    expect((await features()).length).toBe(before.length + 1);
    expect((await call(owner, 'GET', `/api/projects/${other2}/features`)).status).toBe(404); // not a member there
    const theirs = (await (await call(other, 'GET', `/api/projects/${other2}/features`)).json()) as {
      features: { id: string; properties: object }[];
    };
    expect(theirs.features).toEqual([expect.objectContaining({ id: foreignFeature, properties: {} })]);
  });

  it('imports GeoJSON, KML and GPX as layers, refuses a malformed or oversized file whole, and exports what round-trips', async () => {
    const p = await makeProject(t, { owner, editor });
    const P = `/api/projects/${p}`;
    const gpx = featuresToGpx({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [1.52, 42.51, 1200] }, properties: { name: 'Summit', kind: 'peak' } },
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [1.5, 42.5],
              [1.51, 42.52],
            ],
          },
          properties: { name: 'Ridge', difficulty: 3 },
        },
      ],
    });
    const imported = await raw(editor, `${P}/layers/import?fileName=${encodeURIComponent('ridge run.gpx')}`, gpx, 'application/gpx+xml');
    expect(imported.status).toBe(201);
    const body = (await imported.json()) as { layer: { id: string; name: string; source: unknown }; count: number };
    expect(body).toMatchObject({
      count: 2,
      layer: { name: 'ridge run', source: { kind: 'import', fileName: 'ridge run.gpx', format: 'gpx' } },
    });
    expect((await features(p)).map((f) => f.properties)).toEqual([
      { name: 'Summit', kind: 'peak' },
      { name: 'Ridge', difficulty: 3 },
    ]);

    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Zones</name><Placemark><name>Start pen</name><Polygon><outerBoundaryIs><LinearRing><coordinates>1.5,42.5 1.51,42.5 1.51,42.51 1.5,42.5</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`;
    const k = await raw(editor, `${P}/layers/import?format=kml`, kml);
    expect(k.status).toBe(201);
    expect(((await k.json()) as { layer: { name: string } }).layer.name).toBe('Zones');

    const layersBefore = await layers(p);
    const bad = [
      ['{"type":"FeatureCollection","features":[', 'fileName=a.geojson', 422],
      [
        JSON.stringify({
          type: 'FeatureCollection',
          features: [feature(1, 1), { type: 'Feature', geometry: { type: 'LineString', coordinates: [[0, 0]] } }],
        }),
        'fileName=b.geojson',
        422,
      ],
      ['<gpx><trk><trkseg><trkpt lat="1" lon="999"/></trkseg></trk></gpx>', 'fileName=c.gpx', 422],
      ['plain text', 'fileName=d.txt', 422],
    ] as const;
    for (const [text, q, status] of bad) {
      const r = await raw(editor, `${P}/layers/import?${q}`, text);
      expect(r.status, q).toBe(status);
      expect((await errorOf(r)).code).toBe('invalid_file');
    }
    const huge = await raw(editor, `${P}/layers/import?fileName=big.geojson`, Buffer.alloc(20 * 1024 * 1024 + 1, 0x20));
    expect(huge.status).toBe(413);
    expect(await layers(p)).toEqual(layersBefore);

    // export the whole map as GeoJSON and import it again: the same features, properties and geometries
    const exported = await call(owner, 'GET', `${P}/features?format=geojson`);
    expect(exported.headers.get('content-type')).toContain('application/geo+json');
    const text = await exported.text();
    const again = await raw(editor, `${P}/layers/import?fileName=copy.geojson`, text);
    expect(again.status).toBe(201);
    const copyId = ((await again.json()) as { layer: { id: string } }).layer.id;
    const original = (await features(p)).filter((f) => f.layerId !== copyId);
    const copy = await features(p, `?layer=${copyId}`);
    expect(copy.map((f) => [f.geometry, f.properties])).toEqual(original.map((f) => [f.geometry, f.properties]));
    // KML and GPX exports read back with the same features
    for (const format of ['kml', 'gpx'] as const) {
      const res = await call(owner, 'GET', `${P}/features?format=${format}&layer=${body.layer.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`.${format}`);
      const back = parseFeatureFile(await res.text());
      expect(back.features.map((f) => f.properties.name)).toEqual(['Summit', 'Ridge']);
    }
  });

  it('adds a saved planner route as a layer (a copy)', async () => {
    const p = await makeProject(t, { owner });
    const route = await t
      .db()
      .insertInto('routes')
      .values({
        owner_id: owner.id,
        name: 'Morning loop',
        description: 'Easy',
        region: 'andorra',
        waypoints: '[]',
        geometry: encodeRouteGeometry([
          [1.5, 42.5, 1000],
          [1.51, 42.51, 1010],
          [1.52, 42.5, 1020],
        ]),
        stats: JSON.stringify({ distanceM: 2345.6, ascentM: 20, descentM: 0, timeS: 900 }),
        visibility: 'private',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await call(owner, 'POST', `/api/projects/${p}/layers/route`, { routeId: route.id });
    expect(r.status).toBe(201);
    const layer = ((await r.json()) as { layer: { id: string; name: string; source: unknown } }).layer;
    expect(layer).toMatchObject({ name: 'Morning loop', source: { kind: 'route', routeId: route.id, name: 'Morning loop' } });
    const [f] = await features(p);
    expect(f!.properties).toEqual({
      name: 'Morning loop',
      route_id: route.id,
      description: 'Easy',
      distance_m: 2346,
      ascent_m: 20,
      descent_m: 0,
      moving_time_s: 900,
    });
    expect((f!.geometry as { coordinates: number[][] }).coordinates).toHaveLength(3);
    // a copy: changing the route later does not change the layer
    await t.db().updateTable('routes').set({ name: 'Renamed route' }).where('id', '=', route.id).execute();
    expect((await features(p))[0]!.properties.name).toBe('Morning loop');
  });

  it('lists versions by author and restores the whole map or one feature to an earlier version', async () => {
    const p = await makeProject(t, { owner, editor });
    const P = `/api/projects/${p}`;
    const layer = ((await (await call(owner, 'POST', `${P}/layers`, { name: 'Course' })).json()) as { id: string }).id;
    const ids = (
      (await (
        await call(owner, 'POST', `${P}/features`, {
          layerId: layer,
          features: [feature(1, 1, { name: 'A' }), feature(2, 2, { name: 'B' })],
        })
      ).json()) as { ids: string[] }
    ).ids;
    const history1 = (await (await call(owner, 'GET', `${P}/history`)).json()) as {
      versions: { seq: number; author: { id: string } | null; changes: number }[];
    };
    expect(history1.versions).toHaveLength(1);
    expect(history1.versions[0]).toMatchObject({ author: { id: owner.id }, changes: 2 });
    const v1 = history1.versions[0]!.seq;
    // the editor changes things
    await call(editor, 'PATCH', `${P}/features/${ids[0]}`, { properties: { name: 'A2' }, geometry: pt(1.1, 1.1) });
    await call(editor, 'DELETE', `${P}/features/${ids[1]}`);
    await call(editor, 'POST', `${P}/features`, { layerId: layer, features: [feature(3, 3, { name: 'C' })] });
    const history2 = (await (await call(owner, 'GET', `${P}/history?limit=1`)).json()) as {
      versions: { seq: number; author: { id: string } }[];
      nextBefore: number | null;
    };
    expect(history2.versions[0]!.author.id).toBe(editor.id);
    expect(history2.nextBefore).not.toBeNull();
    const page2 = (await (await call(owner, 'GET', `${P}/history?limit=1&before=${history2.nextBefore}`)).json()) as {
      versions: { seq: number }[];
    };
    expect(page2.versions.map((v) => v.seq)).toEqual([v1]);
    // preview of v1
    const preview = (await (await call(viewer, 'GET', `/api/projects/${project}/history/${v1}/features`)).json()) as unknown;
    expect(preview).toBeDefined();
    const past = (await (await call(owner, 'GET', `${P}/history/${v1}/features`)).json()) as {
      features: { id: string; properties: object }[];
    };
    expect(past.features.map((f) => f.properties)).toEqual([{ name: 'A' }, { name: 'B' }]);

    // restore one feature only
    const one = await call(owner, 'POST', `${P}/history/restore`, { seq: v1, featureId: ids[0] });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ seq: v1, features: 1 });
    let now = await features(p);
    expect(now.map((f) => f.properties.name).sort()).toEqual(['A', 'C']);
    // then the whole map
    const all = await call(owner, 'POST', `${P}/history/restore`, { seq: v1 });
    expect(all.status).toBe(200);
    now = await features(p);
    expect(now.map((f) => [f.id, f.properties.name, f.geometry])).toEqual([
      [ids[0], 'A', pt(1, 1)],
      [ids[1], 'B', pt(2, 2)],
    ]);
    // by time: just after v1 was written equals restoring v1 (nothing more to change)
    const byTime = await call(owner, 'POST', `${P}/history/restore`, { at: new Date().toISOString() });
    expect(await byTime.json()).toMatchObject({ features: 0, layers: 0 });
    // the restore is itself a new version by its author
    const history3 = (await (await call(owner, 'GET', `${P}/history`)).json()) as { versions: { author: { id: string } }[] };
    expect(history3.versions[0]!.author.id).toBe(owner.id);
  });

  it('never answers 5xx to fuzzed bodies, queries and ids', async () => {
    const runs = Number(process.env.COLLAB_FUZZ_RUNS ?? 300);
    const layer = await newLayer('Fuzz');
    const fid = await newFeature(layer);
    const odd = fc.constantFrom(
      '',
      '\u0000',
      '\ud800',
      'a'.repeat(300),
      '../',
      '%',
      'null',
      layer,
      fid,
      '6d7d3c4e-9a51-4b7a-8f0e-2b1f5a3c9d10',
    );
    const anyJson = fc.oneof({ depthSize: 'small' }, fc.jsonValue(), odd, fc.constant(null), fc.array(fc.anything(), { maxLength: 3 }));
    const num = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(181, -91, 1e308, Number.NaN, -0));
    const position = fc.oneof(fc.tuple(num, num), fc.array(num, { maxLength: 4 }), anyJson);
    const geometry = fc.oneof(
      fc.record({
        type: fc.constantFrom('Point', 'LineString', 'Polygon', 'MultiPoint', 'GeometryCollection', 'x'),
        coordinates: fc.oneof(
          position,
          fc.array(position, { maxLength: 5 }),
          fc.array(fc.array(position, { maxLength: 5 }), { maxLength: 3 }),
        ),
      }),
      anyJson,
    );
    const featureArb = fc.oneof(
      fc.record({
        type: fc.constantFrom('Feature', 'feature'),
        id: fc.option(fc.oneof(odd, fc.integer())),
        geometry,
        properties: fc.option(fc.oneof(fc.dictionary(fc.oneof(fc.string(), odd), anyJson, { maxKeys: 5 }), anyJson)),
      }),
      anyJson,
    );
    const style = fc.oneof(
      fc.record(
        { color: fc.oneof(fc.constantFrom('#ff0000', 'red', ''), odd), strokeWidth: num, opacity: num, fillOpacity: num },
        { requiredKeys: [] },
      ),
      anyJson,
    );
    const bodies: [string, (b: unknown) => [string, string, unknown], fc.Arbitrary<unknown>][] = [
      [
        'layers',
        (b) => ['POST', `/api/projects/${project}/layers`, b],
        fc.oneof(fc.record({ name: fc.oneof(fc.string(), odd), style, visible: anyJson, locked: anyJson }, { requiredKeys: [] }), anyJson),
      ],
      [
        'layer patch',
        (b) => ['PATCH', `/api/projects/${project}/layers/${layer}`, b],
        fc.oneof(fc.record({ name: fc.oneof(fc.string(), odd), style, index: num, visible: fc.boolean() }, { requiredKeys: [] }), anyJson),
      ],
      [
        'features',
        (b) => ['POST', `/api/projects/${project}/features`, b],
        fc.oneof(
          fc.record({ layerId: fc.oneof(odd, fc.constant(layer)), features: fc.oneof(fc.array(featureArb, { maxLength: 4 }), anyJson) }),
          anyJson,
        ),
      ],
      [
        'feature patch',
        (b) => ['PATCH', `/api/projects/${project}/features/${fid}`, b],
        fc.oneof(
          fc.record(
            {
              geometry,
              properties: fc.oneof(fc.dictionary(fc.string(), anyJson, { maxKeys: 4 }), anyJson),
              removeProperties: fc.oneof(fc.array(fc.string()), anyJson),
              style,
              resetStyle: anyJson,
              layerId: odd,
            },
            { requiredKeys: [] },
          ),
          anyJson,
        ),
      ],
      [
        'restore',
        (b) => ['POST', `/api/projects/${project}/history/restore`, b],
        fc.oneof(
          fc.record(
            {
              seq: num,
              at: fc.oneof(
                fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
                odd,
              ),
              featureId: odd,
            },
            { requiredKeys: [] },
          ),
          anyJson,
        ),
      ],
      [
        'route',
        (b) => ['POST', `/api/projects/${project}/layers/route`, b],
        fc.oneof(fc.record({ routeId: fc.oneof(fc.uuid(), odd), name: fc.oneof(fc.string(), odd) }, { requiredKeys: [] }), anyJson),
      ],
    ];
    const failures: string[] = [];
    for (const [name, req, arb] of bodies) {
      await fc.assert(
        fc.asyncProperty(arb, async (b) => {
          const [method, path, body] = req(b);
          const res = await call(editor, method, path, body);
          if (res.status >= 500) failures.push(`${name}: ${res.status} ${JSON.stringify(b).slice(0, 300)} → ${await res.text()}`);
          else if (res.status >= 400) {
            const e = await errorOf(res);
            if (typeof e.code !== 'string' || typeof e.message !== 'string') failures.push(`${name}: shape`);
          }
        }),
        { numRuns: runs },
      );
    }
    // import bodies and query strings
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.json(),
          fc.constantFrom('<gpx>', '<kml><Placemark>', '{"type":"Feature","geometry":null}'),
        ),
        fc.dictionary(fc.constantFrom('fileName', 'format', 'name', 'x'), fc.oneof(fc.string(), odd), { maxKeys: 3 }),
        async (text, q) => {
          const qs = new URLSearchParams(q as Record<string, string>).toString();
          const res = await raw(editor, `/api/projects/${project}/layers/import?${qs}`, text);
          if (res.status >= 500) failures.push(`import: ${res.status} ${text.slice(0, 100)} ${qs} → ${await res.text()}`);
        },
      ),
      { numRuns: runs },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(odd, fc.string({ maxLength: 50 })),
        fc.dictionary(fc.constantFrom('layer', 'format', 'before', 'limit', 'y'), fc.oneof(fc.string(), odd), { maxKeys: 3 }),
        async (id, q) => {
          const qs = new URLSearchParams(q as Record<string, string>).toString();
          for (const path of [
            `/api/projects/${project}/features?${qs}`,
            `/api/projects/${project}/history?${qs}`,
            `/api/projects/${uriPart(id)}/layers`,
            `/api/projects/${project}/history/${uriPart(id)}/features`,
          ]) {
            const res = await call(editor, 'GET', path);
            if (res.status >= 500) failures.push(`GET ${path}: ${res.status} ${await res.text()}`);
          }
        },
      ),
      { numRuns: Math.ceil(runs / 3) },
    );
    expect(failures).toEqual([]);
  });
});
