import type { LoopOptions, RoutePreferences } from '@waymark/geo';
import type { AssembledRoute, LoopAlternative, Waypoint } from '../lib/types';

/** A loop request to the worker: @waymark/geo's PlanningEngine.loops options. */
export type LoopRequest = LoopOptions;

export type WorkerRequest =
  | { id: number; type: 'init'; region: string; url: string }
  | {
      id: number;
      type: 'plan';
      region: string;
      waypoints: Pick<Waypoint, 'lon' | 'lat' | 'mode' | 'via'>[];
      paceSecPerKm: number;
      preferences?: RoutePreferences;
    }
  | { id: number; type: 'loop'; region: string; request: LoopRequest };

export type WorkerResponse =
  | { id: number; ok: true; type: 'init'; bbox: [number, number, number, number]; nodes: number; fromCache: boolean }
  | { id: number; ok: true; type: 'plan'; route: AssembledRoute | null; ms: number }
  | { id: number; ok: true; type: 'loop'; alternatives: LoopAlternative[]; ms: number }
  | { id: number; ok: false; error: string; code?: 'outside' | 'graph' | 'other' };
