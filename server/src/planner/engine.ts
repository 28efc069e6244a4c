import fs from 'node:fs';
import path from 'node:path';
import { LoopGenerator, RoutePlanner, RunningGraph, type LoopResult, type RouteResult } from '@waymark/geo';
import { HttpError } from '../http/errors.ts';

/** How far outside a region graph's bbox a point may be (m) before it is refused with 422. */
export const REGION_MARGIN_M = 2000;

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Where built region packs live: REGIONS_DIR (the same setting the regions module serves from). */
export function packsDir(config: { REGIONS_DIR?: string }): string {
  return path.resolve(REPO_ROOT, config.REGIONS_DIR ?? 'data/packs');
}

export interface RegionEngine {
  region: string;
  graph: RunningGraph;
  planner: RoutePlanner;
  /** built on the first loop request (finds the graph's bridges once) */
  loops(): LoopGenerator;
}

/**
 * One RoutePlanner per region, loaded lazily from `<packs>/<region>/graph.bin` on first use and
 * shared by every request (a failed load is retried on the next request). RoutePlanner is not
 * re-entrant, but requests run to completion synchronously on one thread, so sharing is safe.
 */
export class EngineRegistry {
  private readonly engines = new Map<string, Promise<RegionEngine>>();

  dir = packsDir({});

  get(region: string): Promise<RegionEngine> {
    let e = this.engines.get(region);
    if (!e) {
      e = this.load(region);
      e.catch(() => this.engines.delete(region));
      this.engines.set(region, e);
    }
    return e;
  }

  private async load(region: string): Promise<RegionEngine> {
    const file = path.join(this.dir, region, 'graph.bin');
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file);
    } catch {
      throw new HttpError(404, 'unknown_region', `No routing graph for region "${region}"`);
    }
    const graph = RunningGraph.fromBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const planner = new RoutePlanner(graph);
    planner.router.hierarchy(); // the contraction hierarchy every plain route query uses (~0.1 s, once)
    let gen: LoopGenerator | null = null;
    return { region, graph, planner, loops: () => (gen ??= new LoopGenerator(planner)) };
  }

  clear() {
    this.engines.clear();
  }
}

/** 422 unless every point lies in the region (its graph's bbox plus a margin). */
export function assertInRegion(e: RegionEngine, points: readonly (readonly [number, number])[]) {
  points.forEach((p, i) => {
    if (!e.graph.contains(p, REGION_MARGIN_M)) {
      throw new HttpError(
        422,
        'outside_region',
        `Point ${i + 1} (${p[1].toFixed(5)}, ${p[0].toFixed(5)}) is outside the ${e.region} region`,
      );
    }
  });
}

/** The planner's route JSON (same shape as the browser worker's, see web/src/features/route-planner/lib/engine.ts). */
export function routeJson(r: RouteResult) {
  return {
    coords: r.coordinates.map((c) => [c[0], c[1], c[2] ?? 0]),
    cum: r.distances,
    legStarts: r.legs.map((l) => l.from),
    stats: { distanceM: r.distance, ascentM: r.ascent ?? 0, descentM: r.descent ?? 0, timeS: r.time, greenM: r.greenMetres },
    wayTypes: r.wayTypes,
    surfaces: r.surfaces,
    snapped: r.waypoints,
    profile: r.profile,
  };
}

/** One loop alternative's JSON (distance, climb, heading, retrace share, green metres, editable waypoints). */
export function loopJson(r: LoopResult) {
  return {
    coords: r.coordinates.map((c) => [c[0], c[1], c[2] ?? 0]),
    distanceM: r.distance,
    ascentM: r.ascent ?? 0,
    heading: r.heading,
    retrace: r.retrace,
    greenM: r.greenMetres,
    waypoints: r.waypoints,
  };
}
