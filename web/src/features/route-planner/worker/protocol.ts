import type { LoopRequest as LoopRequestBody } from '@waymark/contracts/routing';
import type { AssembledRoute, LoopAlternative, LonLat, Waypoint } from '../lib/types';

/** A loop request inside the app: the fields of POST /api/route/loop, with the start as [lon, lat] and no region (the client has one). */
export type LoopRequest = Omit<LoopRequestBody, 'region' | 'start'> & { start: LonLat };

export type WorkerRequest =
  | { id: number; type: 'init'; region: string; url: string }
  | { id: number; type: 'plan'; region: string; waypoints: Pick<Waypoint, 'lon' | 'lat' | 'mode'>[]; paceSecPerKm: number }
  | { id: number; type: 'loop'; region: string; request: LoopRequest };

export type WorkerResponse =
  | { id: number; ok: true; type: 'init'; bbox: [number, number, number, number]; nodes: number; fromCache: boolean }
  | { id: number; ok: true; type: 'plan'; route: AssembledRoute | null; ms: number }
  | { id: number; ok: true; type: 'loop'; alternatives: LoopAlternative[]; ms: number }
  | { id: number; ok: false; error: string; code?: 'outside' | 'graph' | 'other' };
