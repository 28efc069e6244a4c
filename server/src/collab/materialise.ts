import { sql } from 'kysely';
import type * as Y from 'yjs';
import { FEATURES, LAYERS, ProjectMap, featureLayer, type FeatureRecord, type LayerRecord } from '@waymark/collab';
import type { Db } from '../db/index.ts';
import type { Logger } from '../lib/logger.ts';
import './db.ts';

/**
 * The materialised copy of a project map: one row per live layer and per live feature (JSONB),
 * kept in step with the Yjs document. Changes are collected per transaction (which feature and
 * layer ids were touched) and written shortly after, in one database transaction per flush.
 */

/**
 * Changes are written at most this often per document (REST reads and writes flush first, so
 * they never see an older copy): one transaction a second however many editors type, instead of
 * one every 150 ms, which on PGlite ran on the event loop that relays their edits.
 */
const FLUSH_DELAY_MS = 1_000;
/** A rebuild found at load waits this long, so the first clients' sync does not queue behind it. */
const REBUILD_DELAY_MS = 1_000;
const ROWS_PER_STATEMENT = 200;
/** Largest and smallest instants PostgreSQL and JavaScript both hold. */
const MAX_MS = 8.64e15;

// PostgreSQL text and JSONB cannot hold NUL or unpaired surrogates: the copy replaces them (the
// document keeps what was written).
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const cleanText = (s: string) => s.replace(UNSTORABLE, (m) => (m === '\u0000' ? '' : '\uFFFD'));

function storable(v: unknown): unknown {
  if (typeof v === 'string') return cleanText(v);
  if (Array.isArray(v)) return v.map(storable);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[cleanText(k)] = storable(x);
    return out;
  }
  return v;
}

const instant = (ms: number) => new Date(Number.isFinite(ms) ? Math.max(0, Math.min(MAX_MS, Math.trunc(ms))) : 0);
const json = (v: unknown) => JSON.stringify(storable(v));

function layerRow(projectId: string, l: LayerRecord) {
  return {
    project_id: projectId,
    layer_id: cleanText(l.id),
    name: cleanText(l.name),
    sort_key: cleanText(l.order),
    visible: l.visible,
    locked: l.locked,
    style: json(l.style),
    source: l.source ? json(l.source) : null,
    created_by: cleanText(l.createdBy),
    created_at: instant(l.createdAt),
  };
}

/** Order of a feature among those created at the same instant: the Yjs clock of its entry (insertion order of one writer). */
function insertionOrder(map: ProjectMap, id: string): number {
  const item = (map.featuresMap.get(id) as unknown as { _item?: { id: { clock: number } } | null } | undefined)?._item;
  return item?.id.clock ?? 0;
}

function featureRow(projectId: string, f: FeatureRecord, ord: number) {
  return {
    project_id: projectId,
    feature_id: cleanText(f.id),
    layer_id: cleanText(f.layerId),
    geometry: JSON.stringify(f.geometry),
    properties: json(f.properties),
    style: json(f.style),
    created_by: cleanText(f.createdBy),
    created_at: instant(f.createdAt),
    ord,
    updated_by: cleanText(f.updatedBy),
    updated_at: instant(f.updatedAt),
  };
}

interface Tracked {
  projectId: string;
  map: ProjectMap;
  features: Set<string>;
  layers: Set<string>;
  all: boolean;
  timer: NodeJS.Timeout | null;
  chain: Promise<void>;
  /** highest update seq applied to the document (marks how far the copy is) */
  seq: () => number;
  unobserve: () => void;
}

export class Materialiser {
  private tracked = new Map<string, Tracked>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /**
   * Start following a loaded document. `rebuild`: the copy is behind, rewrite it whole — or a
   * pending answer to that question (every flush waits for it, so none reports a stale copy as
   * current).
   */
  track(projectId: string, doc: Y.Doc, seq: () => number, rebuild: boolean | Promise<boolean>) {
    this.untrack(projectId);
    const featuresMap = doc.getMap<unknown>(FEATURES);
    const layersMap = doc.getMap<unknown>(LAYERS);
    const t: Tracked = {
      projectId,
      map: new ProjectMap(doc, { userId: 'server' }),
      features: new Set(),
      layers: new Set(),
      all: rebuild === true,
      timer: null,
      chain: Promise.resolve(),
      seq,
      unobserve: () => undefined,
    };
    const onFeatures = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      for (const ev of events) {
        if (ev.target === featuresMap) for (const k of (ev as Y.YMapEvent<unknown>).keysChanged) t.features.add(k);
        else if (typeof ev.path[0] === 'string') t.features.add(ev.path[0]);
      }
      this.schedule(t);
    };
    const onLayers = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      for (const ev of events) {
        if (ev.target === layersMap) for (const k of (ev as Y.YMapEvent<unknown>).keysChanged) t.layers.add(k);
        else if (typeof ev.path[0] === 'string') t.layers.add(ev.path[0]);
      }
      this.schedule(t);
    };
    featuresMap.observeDeep(onFeatures);
    layersMap.observeDeep(onLayers);
    t.unobserve = () => {
      featuresMap.unobserveDeep(onFeatures);
      layersMap.unobserveDeep(onLayers);
    };
    this.tracked.set(projectId, t);
    if (rebuild === true) this.schedule(t, 0);
    else if (rebuild !== false) {
      t.chain = rebuild.then(
        (stale) => {
          if (!stale || this.tracked.get(projectId) !== t) return;
          t.all = true;
          this.schedule(t, REBUILD_DELAY_MS);
        },
        () => undefined,
      );
    }
  }

  /** Stop following (after a final flush by the caller). */
  untrack(projectId: string) {
    const t = this.tracked.get(projectId);
    if (!t) return;
    if (t.timer) clearTimeout(t.timer);
    t.unobserve();
    this.tracked.delete(projectId);
  }

  isTracked(projectId: string) {
    return this.tracked.has(projectId);
  }

  private schedule(t: Tracked, delay = FLUSH_DELAY_MS) {
    if (t.timer) return;
    t.timer = setTimeout(() => {
      t.timer = null;
      void this.flush(t.projectId).catch((err: Error) =>
        this.log.error({ projectId: t.projectId, err: { message: err.message } }, 'collab: materialising failed'),
      );
    }, delay);
  }

  /** Write what changed so far; resolves when the copy shows every change made before the call. */
  flush(projectId: string): Promise<void> {
    const t = this.tracked.get(projectId);
    if (!t) return Promise.resolve();
    if (t.timer) {
      clearTimeout(t.timer);
      t.timer = null;
    }
    const run = t.chain.then(() => this.write(t));
    t.chain = run.catch(() => undefined);
    return run;
  }

  private async write(t: Tracked) {
    const all = t.all;
    if (!all && !t.features.size && !t.layers.size) return;
    const seq = t.seq();
    const featureIds = t.features;
    const layerIds = t.layers;
    t.features = new Set();
    t.layers = new Set();
    t.all = false;
    try {
      const liveLayers = new Map(t.map.layers().map((l) => [l.id, l]));
      // A layer's change (deleted, restored) changes whether its features show: redo them all.
      if (layerIds.size && !all) {
        t.map.featuresMap.forEach((m, id) => {
          const layer = featureLayer(m);
          if (layer !== null && layerIds.has(layer)) featureIds.add(id);
        });
      }
      const features = all ? t.map.features() : [...featureIds].map((id) => t.map.feature(id)).filter((f) => f !== null);
      const liveFeatures = features.filter((f) => liveLayers.has(f.layerId));
      const liveIds = new Set(liveFeatures.map((f) => f.id));
      const goneFeatures = all ? [] : [...featureIds].filter((id) => !liveIds.has(id)).map(cleanText);
      const layers = all ? [...liveLayers.values()] : [...layerIds].map((id) => liveLayers.get(id)).filter((l) => l !== undefined);
      const goneLayers = all ? [] : [...layerIds].filter((id) => !liveLayers.has(id)).map(cleanText);
      const pid = t.projectId;
      await this.db.transaction().execute(async (trx) => {
        if (all) {
          await trx.deleteFrom('collab_features').where('project_id', '=', pid).execute();
          await trx.deleteFrom('collab_layers').where('project_id', '=', pid).execute();
        }
        for (let i = 0; i < goneFeatures.length; i += 1000) {
          await trx
            .deleteFrom('collab_features')
            .where('project_id', '=', pid)
            .where('feature_id', 'in', goneFeatures.slice(i, i + 1000))
            .execute();
        }
        for (let i = 0; i < goneLayers.length; i += 1000) {
          await trx
            .deleteFrom('collab_layers')
            .where('project_id', '=', pid)
            .where('layer_id', 'in', goneLayers.slice(i, i + 1000))
            .execute();
        }
        for (let i = 0; i < layers.length; i += ROWS_PER_STATEMENT) {
          await trx
            .insertInto('collab_layers')
            .values(layers.slice(i, i + ROWS_PER_STATEMENT).map((l) => layerRow(pid, l)))
            .onConflict((oc) =>
              oc.columns(['project_id', 'layer_id']).doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                sort_key: eb.ref('excluded.sort_key'),
                visible: eb.ref('excluded.visible'),
                locked: eb.ref('excluded.locked'),
                style: eb.ref('excluded.style'),
                source: eb.ref('excluded.source'),
              })),
            )
            .execute();
        }
        for (let i = 0; i < liveFeatures.length; i += ROWS_PER_STATEMENT) {
          await trx
            .insertInto('collab_features')
            .values(liveFeatures.slice(i, i + ROWS_PER_STATEMENT).map((f) => featureRow(pid, f, insertionOrder(t.map, f.id))))
            .onConflict((oc) =>
              oc.columns(['project_id', 'feature_id']).doUpdateSet((eb) => ({
                layer_id: eb.ref('excluded.layer_id'),
                geometry: eb.ref('excluded.geometry'),
                properties: eb.ref('excluded.properties'),
                style: eb.ref('excluded.style'),
                ord: eb.ref('excluded.ord'),
                updated_by: eb.ref('excluded.updated_by'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
        await sql`insert into collab_documents (project_id, materialised_seq) values (${pid}, ${String(seq)})
          on conflict (project_id) do update set materialised_seq = greatest(collab_documents.materialised_seq, excluded.materialised_seq),
          updated_at = now()`.execute(trx);
      });
    } catch (err) {
      // Put the work back so the next flush retries it.
      for (const id of featureIds) t.features.add(id);
      for (const id of layerIds) t.layers.add(id);
      if (all) t.all = true;
      this.schedule(t, 1000);
      throw err;
    }
  }

  /** Is the copy behind the log (e.g. the server stopped before a flush)? */
  async isStale(projectId: string): Promise<boolean> {
    const r = await sql<{ m: string | null; u: string | null }>`select
      (select materialised_seq from collab_documents where project_id = ${projectId}) as m,
      (select max(seq) from collab_updates where project_id = ${projectId}) as u`.execute(this.db);
    const row = r.rows[0];
    if (!row || row.u == null) return false;
    return row.m == null || Number(row.m) < Number(row.u);
  }

  async closeAll() {
    await Promise.all([...this.tracked.keys()].map((id) => this.flush(id).catch(() => undefined)));
    for (const id of [...this.tracked.keys()]) this.untrack(id);
  }
}
