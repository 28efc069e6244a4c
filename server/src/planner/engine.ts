import fs from 'node:fs';
import path from 'node:path';
import { OutsideRegionError, PlanningEngine, RouteError } from '@waymark/geo';
import { HttpError } from '../http/errors.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Where built region packs live: REGIONS_DIR (the same setting the regions module serves from). */
export function packsDir(config: { REGIONS_DIR?: string }): string {
  return path.resolve(REPO_ROOT, config.REGIONS_DIR ?? 'data/packs');
}

/**
 * One PlanningEngine (@waymark/geo, the same engine the browser's routing worker runs) per region,
 * loaded lazily from `<packs>/<region>/graph.bin` on first use and shared by every request (a
 * failed load is retried on the next request). The engine is not re-entrant, but requests run to
 * completion synchronously on one thread, so sharing is safe.
 */
export class EngineRegistry {
  private readonly engines = new Map<string, Promise<PlanningEngine>>();

  dir = packsDir({});

  get(region: string): Promise<PlanningEngine> {
    let e = this.engines.get(region);
    if (!e) {
      e = this.load(region);
      e.catch(() => this.engines.delete(region));
      this.engines.set(region, e);
    }
    return e;
  }

  private async load(region: string): Promise<PlanningEngine> {
    const file = path.join(this.dir, region, 'graph.bin');
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file);
    } catch {
      throw new HttpError(404, 'unknown_region', `No routing graph for region "${region}"`);
    }
    const engine = PlanningEngine.fromBytes(region, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    engine.warm(); // the contraction hierarchy every plain route query uses (~0.1 s, once)
    return engine;
  }

  clear() {
    this.engines.clear();
  }
}

/**
 * Run an engine call, turning its refusals into HTTP errors: a point outside the region → 422
 * `outside_region` (naming the point and the region), a request the planner cannot route → 422
 * `code`. Unknown elevations are NaN in the engine's results and go out as JSON `null`.
 */
export function engineCall<T>(code: 'no_route' | 'no_loop', fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof OutsideRegionError) throw new HttpError(422, 'outside_region', err.message);
    if (err instanceof RouteError) throw new HttpError(422, code, err.message);
    throw err;
  }
}
