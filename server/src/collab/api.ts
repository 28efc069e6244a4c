import type { Context, Hono } from 'hono';
import * as Y from 'yjs';
import { z } from 'zod';
import {
  addLayerWithFeatures,
  MapEditError,
  ProjectMap,
  propertiesSchema,
  restoreFrom,
  simplestyleToStyle,
  styleToSimplestyle,
  toFeatureCollection,
  type Json,
  type LayerRecord,
  type Style,
  type StyleOverride,
} from '@waymark/collab';
import {
  createFeaturesBody,
  createLayerBody,
  featuresQuery,
  historyQuery,
  importLayerQuery,
  MAP_IMPORT_MAX_BYTES,
  patchFeatureBody,
  patchLayerBody,
  restoreBody,
  routeLayerBody,
  type MapLayer,
} from '@waymark/contracts';
import {
  decodeRouteGeometry,
  exportFeatures,
  FEATURE_MEDIA_TYPES,
  FeatureFileError,
  parseFeatureFile,
  type GeoFeatureCollection,
} from '@waymark/geo';
import type { AppContext, AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { parseOr400, readJson } from '../http/validate.ts';
import { requireProjectRole } from '../projects/index.ts';
import { CollabUnavailableError, type CollabHub } from './hub.ts';
import './db.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
/** Consecutive changes by one author less than this apart form one version in the history. */
const VERSION_GAP_MINUTES = 5;

const versionSeq = z.coerce.number({ message: 'a version number' }).int('a version number').positive('a version number');

export const IMPORT_PATH = /^\/api\/projects\/[^/]+\/layers\/import$/;

/** Map errors of the document model onto HTTP answers. */
function mapError(err: unknown): never {
  if (err instanceof MapEditError) {
    if (err.code === 'not_found') throw new HttpError(404, 'not_found', err.message);
    if (err.code === 'locked') throw new HttpError(409, 'layer_locked', `${err.message}: unlock it first`);
    if (err.code === 'limit') throw new HttpError(422, 'limit_exceeded', err.message);
    throw new HttpError(400, 'validation_error', err.message);
  }
  if (err instanceof CollabUnavailableError) throw new HttpError(503, 'unavailable', err.message);
  throw err;
}

function layerJson(l: LayerRecord, featureCount: number): MapLayer {
  return {
    id: l.id,
    name: l.name,
    order: l.order,
    visible: l.visible,
    locked: l.locked,
    style: l.style,
    source: l.source as Record<string, unknown> | null,
    featureCount,
    createdBy: l.createdBy,
    createdAt: new Date(Number.isFinite(l.createdAt) ? l.createdAt : 0).toISOString(),
  };
}

const safeFileName = (s: string) => s.replace(/[^\p{L}\p{N} ._-]+/gu, '_').slice(0, 80) || 'map';

/** Read a request body of at most `max` bytes (413 beyond, whatever Content-Length says). */
async function readLimited(c: Context<AppEnv>, max: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  const tooLarge = () => new HttpError(413, 'payload_too_large', `The file is larger than ${max / 1048576} MB`);
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function registerCollabApi(app: Hono<AppEnv>, ctx: AppContext, hub: CollabHub) {
  const db = ctx.db;
  const P = '/api/projects/:id';
  const pid = (c: Context<AppEnv>) => c.req.param('id')!;

  const edit = async <T>(projectId: string, userId: string, fn: (map: ProjectMap, doc: Y.Doc) => T): Promise<T> => {
    try {
      return await hub.edit(projectId, userId, fn);
    } catch (err) {
      mapError(err);
    }
  };

  // ---------------------------------------------------------------- read

  app.get(`${P}/features`, async (c) => {
    await requireProjectRole(db, c, pid(c), 'viewer');
    const q = parseOr400(featuresQuery, c.req.query(), 'query');
    await hub.ensureMaterialised(pid(c));
    const layers = await db
      .selectFrom('collab_layers')
      .select(['layer_id', 'name', 'sort_key'])
      .where('project_id', '=', pid(c))
      .orderBy('sort_key')
      .orderBy('layer_id')
      .execute();
    if (q.layer && !layers.some((l) => l.layer_id === q.layer)) throw new HttpError(404, 'not_found', 'Layer not found');
    let rows = db
      .selectFrom('collab_features')
      .select(['feature_id', 'layer_id', 'geometry', 'properties', 'style'])
      .where('project_id', '=', pid(c));
    if (q.layer) rows = rows.where('layer_id', '=', q.layer);
    const features = await rows.orderBy('created_at').orderBy('ord').orderBy('feature_id').execute();
    const rank = new Map(layers.map((l, i) => [l.layer_id, i]));
    features.sort((a, b) => (rank.get(a.layer_id) ?? 0) - (rank.get(b.layer_id) ?? 0));
    const fc = {
      type: 'FeatureCollection' as const,
      features: features.map((f) => ({
        type: 'Feature' as const,
        id: f.feature_id,
        geometry: f.geometry,
        properties: { ...f.properties, ...styleToSimplestyle(f.style as StyleOverride) },
        layerId: f.layer_id,
      })),
    };
    if (q.format === 'geojson') {
      return c.body(JSON.stringify(fc), 200, { ...NO_STORE, 'Content-Type': `${FEATURE_MEDIA_TYPES.geojson}; charset=utf-8` });
    }
    const project = await db.selectFrom('projects').select('name').where('id', '=', pid(c)).executeTakeFirst();
    const names = new Map(layers.map((l) => [l.layer_id, l.name]));
    const title = q.layer ? (names.get(q.layer) ?? 'layer') : (project?.name ?? 'map');
    const text = exportFeatures(q.format, fc as unknown as GeoFeatureCollection, {
      name: title,
      folderOf: q.layer ? undefined : (f) => names.get((f as unknown as { layerId: string }).layerId) ?? null,
    });
    return c.body(text, 200, {
      ...NO_STORE,
      'Content-Type': `${FEATURE_MEDIA_TYPES[q.format]}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${safeFileName(title)}.${q.format}"`,
    });
  });

  app.get(`${P}/layers`, async (c) => {
    await requireProjectRole(db, c, pid(c), 'viewer');
    await hub.ensureMaterialised(pid(c));
    const rows = await db
      .selectFrom('collab_layers as l')
      .leftJoin('collab_features as f', (j) => j.onRef('f.project_id', '=', 'l.project_id').onRef('f.layer_id', '=', 'l.layer_id'))
      .select((eb) => [
        'l.layer_id',
        'l.name',
        'l.sort_key',
        'l.visible',
        'l.locked',
        'l.style',
        'l.source',
        'l.created_by',
        'l.created_at',
        eb.fn.count<string>('f.feature_id').as('count'),
      ])
      .where('l.project_id', '=', pid(c))
      .groupBy(['l.layer_id', 'l.name', 'l.sort_key', 'l.visible', 'l.locked', 'l.style', 'l.source', 'l.created_by', 'l.created_at'])
      .orderBy('l.sort_key')
      .orderBy('l.layer_id')
      .execute();
    return c.json(
      {
        layers: rows.map((r) => ({
          id: r.layer_id,
          name: r.name,
          order: r.sort_key,
          visible: r.visible,
          locked: r.locked,
          style: r.style as unknown as Style,
          source: r.source,
          featureCount: Number(r.count),
          createdBy: r.created_by,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      },
      200,
      NO_STORE,
    );
  });

  // ---------------------------------------------------------------- layers

  app.post(`${P}/layers`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const body = parseOr400(createLayerBody, await readJson(c), 'layer');
    const layer = await edit(pid(c), user.id, (map) => {
      const id = map.addLayer({ name: body.name, style: body.style, visible: body.visible, locked: body.locked });
      return map.layer(id)!;
    });
    return c.json(layerJson(layer, 0), 201, NO_STORE);
  });

  app.patch(`${P}/layers/:layerId`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const body = parseOr400(patchLayerBody, await readJson(c), 'layer');
    const layerId = c.req.param('layerId');
    const out = await edit(pid(c), user.id, (map, doc) => {
      if (!map.layer(layerId)) throw new MapEditError('not_found', 'Layer not found');
      doc.transact(() => {
        if (body.name !== undefined || body.style !== undefined || body.visible !== undefined || body.locked !== undefined) {
          map.updateLayer(layerId, { name: body.name, style: body.style, visible: body.visible, locked: body.locked });
        }
        if (body.index !== undefined) map.moveLayer(layerId, body.index);
      }, map.actor.origin);
      return layerJson(map.layer(layerId)!, map.features({ layerId }).length);
    });
    return c.json(out, 200, NO_STORE);
  });

  app.delete(`${P}/layers/:layerId`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const layerId = c.req.param('layerId');
    await edit(pid(c), user.id, (map) => {
      if (!map.layer(layerId)) throw new MapEditError('not_found', 'Layer not found');
      map.deleteLayer(layerId);
    });
    return c.body(null, 204);
  });

  app.post(`${P}/layers/import`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const q = parseOr400(importLayerQuery, c.req.query(), 'query');
    const bytes = await readLimited(c, MAP_IMPORT_MAX_BYTES);
    const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
    let parsed;
    try {
      parsed = parseFeatureFile(text, { fileName: q.fileName, format: q.format, maxBytes: MAP_IMPORT_MAX_BYTES });
    } catch (err) {
      if (err instanceof FeatureFileError)
        throw new HttpError(err.code === 'too_large' ? 413 : 422, 'invalid_file', `Could not import the file: ${err.message}`);
      throw err;
    }
    const fallback = q.fileName?.replace(/\.(geojson|json|kml|gpx)$/i, '').trim();
    const name = (q.name ?? (parsed.name || fallback || 'Imported layer')).slice(0, 200);
    const result = await edit(pid(c), user.id, (map) => {
      try {
        const r = addLayerWithFeatures(map, {
          name,
          source: { kind: 'import', fileName: (q.fileName ?? `${name}.${parsed.format}`).slice(0, 200), format: parsed.format },
          features: parsed.features,
        });
        return { layer: layerJson(map.layer(r.layerId)!, r.count), count: r.count };
      } catch (err) {
        if (err instanceof MapEditError && err.code === 'invalid') {
          throw new HttpError(422, 'invalid_file', `Could not import the file: ${err.message}. Nothing was added.`);
        }
        throw err;
      }
    });
    return c.json(result, 201, NO_STORE);
  });

  app.post(`${P}/layers/route`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const body = parseOr400(routeLayerBody, await readJson(c), 'route layer');
    const route = await db.selectFrom('routes').selectAll().where('id', '=', body.routeId).executeTakeFirst();
    // Private routes are visible to their owner only (others get 404, as in the planner's API).
    if (!route || (route.visibility === 'private' && route.owner_id !== user.id)) throw new HttpError(404, 'not_found', 'Route not found');
    let coordinates: [number, number, number][];
    try {
      coordinates = decodeRouteGeometry(route.geometry);
    } catch {
      throw new HttpError(422, 'invalid_route', 'The route has no readable geometry');
    }
    if (coordinates.length < 2) throw new HttpError(422, 'invalid_route', 'The route has fewer than 2 points');
    const stats = (route.stats ?? {}) as { distanceM?: number; ascentM?: number; descentM?: number; timeS?: number };
    const properties: Record<string, unknown> = { name: route.name, route_id: route.id };
    if (route.description) properties.description = route.description;
    for (const [k, v] of [
      ['distance_m', stats.distanceM],
      ['ascent_m', stats.ascentM],
      ['descent_m', stats.descentM],
      ['moving_time_s', stats.timeS],
    ] as const) {
      if (typeof v === 'number' && Number.isFinite(v)) properties[k] = Math.round(v);
    }
    const result = await edit(pid(c), user.id, (map) => {
      const r = addLayerWithFeatures(map, {
        name: body.name ?? route.name,
        source: { kind: 'route', routeId: route.id, name: route.name.slice(0, 200) },
        features: [{ geometry: { type: 'LineString', coordinates }, properties }],
      });
      return { layer: layerJson(map.layer(r.layerId)!, r.count), count: r.count };
    });
    return c.json(result, 201, NO_STORE);
  });

  // ---------------------------------------------------------------- features

  app.post(`${P}/features`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const body = parseOr400(createFeaturesBody, await readJson(c), 'features');
    const ids = await edit(pid(c), user.id, (map) =>
      map.addFeatures(
        body.layerId,
        body.features.map((f) => {
          const { style, properties } = simplestyleToStyle(f.properties ?? {});
          return { geometry: f.geometry, properties, style, ...(f.id !== undefined ? { id: f.id } : {}) };
        }),
      ),
    );
    return c.json({ ids }, 201, NO_STORE);
  });

  app.patch(`${P}/features/:featureId`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const body = parseOr400(patchFeatureBody, await readJson(c), 'feature');
    const featureId = c.req.param('featureId');
    const feature = await edit(pid(c), user.id, (map, doc) => {
      // Check everything first: the change is written whole or not at all.
      const f = map.feature(featureId);
      const layer = f && map.layer(f.layerId);
      if (!f || !layer) throw new MapEditError('not_found', 'Feature not found');
      if (layer.locked) throw new MapEditError('locked', 'This layer is locked');
      if (body.layerId !== undefined) {
        const target = map.layer(body.layerId);
        if (!target) throw new MapEditError('not_found', 'Layer not found');
        if (target.locked) throw new MapEditError('locked', 'The target layer is locked');
      }
      const patch: Record<string, Json | undefined> = { ...(body.properties ?? {}) };
      for (const k of body.removeProperties ?? []) patch[k] = undefined;
      const merged = { ...f.properties, ...body.properties };
      for (const k of body.removeProperties ?? []) delete merged[k];
      if (!propertiesSchema.safeParse(merged).success)
        throw new MapEditError('invalid', `Invalid properties: at most 100 keys per feature`);
      doc.transact(() => {
        if (Object.keys(patch).length) map.setProperties(featureId, patch);
        if (body.style || body.resetStyle) {
          const stylePatch: Record<string, string | number | null> = { ...(body.style ?? {}) };
          for (const k of body.resetStyle ?? []) stylePatch[k] = null;
          map.setStyle(featureId, stylePatch);
        }
        if (body.geometry) map.setGeometry(featureId, body.geometry);
        if (body.layerId !== undefined && body.layerId !== f.layerId) map.moveToLayer(featureId, body.layerId);
      }, map.actor.origin);
      const after = map.feature(featureId)!;
      return {
        type: 'Feature' as const,
        id: after.id,
        geometry: after.geometry,
        properties: { ...after.properties, ...styleToSimplestyle(after.style) },
        layerId: after.layerId,
      };
    });
    return c.json(feature, 200, NO_STORE);
  });

  app.delete(`${P}/features/:featureId`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const featureId = c.req.param('featureId');
    await edit(pid(c), user.id, (map) => map.deleteFeature(featureId));
    return c.body(null, 204);
  });

  // ---------------------------------------------------------------- history

  app.get(`${P}/history`, async (c) => {
    await requireProjectRole(db, c, pid(c), 'viewer');
    const q = parseOr400(historyQuery, c.req.query(), 'query');
    await hub.log.idle();
    const versions = await hub.log.versions(pid(c), { before: q.before, limit: q.limit + 1, gapMinutes: VERSION_GAP_MINUTES });
    const more = versions.length > q.limit;
    const page = versions.slice(0, q.limit);
    const ids = [...new Set(page.map((v) => v.userId).filter((u): u is string => !!u))];
    const users = ids.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute() : [];
    const names = new Map(users.map((u) => [u.id, u.name]));
    const base = more ? null : await hub.log.baseSnapshot(pid(c));
    return c.json(
      {
        versions: page.map((v) => ({
          seq: v.seq,
          fromSeq: v.fromSeq,
          author: v.userId ? { id: v.userId, name: names.get(v.userId) ?? '' } : null,
          startedAt: v.startedAt.toISOString(),
          endedAt: v.endedAt.toISOString(),
          changes: v.changes,
        })),
        nextBefore: more ? page[page.length - 1]!.fromSeq : null,
        base: base ? { seq: base.seq, createdAt: base.createdAt.toISOString() } : null,
      },
      200,
      NO_STORE,
    );
  });

  /** The map rebuilt as it was after update `seq` (404 when older than the kept history). */
  const pastMap = async (projectId: string, seq: number): Promise<ProjectMap> => {
    const parts = await hub.log.partsAt(projectId, seq);
    if (!parts) throw new HttpError(404, 'version_gone', 'That version is older than the kept history');
    const doc = new Y.Doc();
    for (const p of parts) {
      try {
        Y.applyUpdate(doc, p);
      } catch {
        /* an unreadable stored update is skipped, as when loading */
      }
    }
    return new ProjectMap(doc, { userId: 'history' });
  };

  app.get(`${P}/history/:seq/features`, async (c) => {
    await requireProjectRole(db, c, pid(c), 'viewer');
    const seq = parseOr400(versionSeq, c.req.param('seq'), 'version');
    await hub.log.idle();
    const map = await pastMap(pid(c), seq);
    const fc = toFeatureCollection(map);
    const layerOf = new Map(map.features().map((f) => [f.id, f.layerId]));
    return c.json(
      { type: 'FeatureCollection', features: fc.features.map((f) => ({ ...f, layerId: layerOf.get(f.id) })), layers: map.layers() },
      200,
      NO_STORE,
    );
  });

  app.post(`${P}/history/restore`, async (c) => {
    const { user } = await requireProjectRole(db, c, pid(c), 'editor');
    const body = parseOr400(restoreBody, await readJson(c), 'restore');
    await hub.log.idle();
    const seq = body.seq ?? (await hub.log.seqAt(pid(c), new Date(body.at!)));
    if (seq === null) throw new HttpError(404, 'not_found', 'The map had no saved version at that time');
    const latest = await hub.log.maxSeq(pid(c));
    if (seq > latest) throw new HttpError(404, 'not_found', 'No such version');
    const past = await pastMap(pid(c), seq);
    const result = await edit(pid(c), user.id, (map) => {
      if (body.featureId !== undefined && !past.feature(body.featureId) && !map.feature(body.featureId)) {
        throw new MapEditError('not_found', 'That feature exists neither in that version nor now');
      }
      return restoreFrom(map, past, body.featureId !== undefined ? { featureId: body.featureId } : {});
    });
    return c.json({ seq, ...result }, 200, NO_STORE);
  });
}
