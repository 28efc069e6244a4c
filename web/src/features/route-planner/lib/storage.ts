import { MAX_VIA_POINTS, MAX_WAYPOINTS, PACE_SEC_PER_KM } from '@waymark/geo/planner/limits';
import { NO_PREFERENCES, routePreferences } from '@waymark/contracts/routing';
import { z } from 'zod';
import type { Waypoint } from './types';

/** localStorage keys of the planner. */
export const DRAFT_KEY = 'waymark.planner.draft.v1';
export const PREFS_KEY = 'waymark.planner.prefs.v1';
export const QUEUE_KEY = 'waymark.planner.outbox.v1';

const waypointSchema = z.object({
  id: z.string().min(1).max(80),
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  mode: z.enum(['snap', 'freehand']),
  via: z
    .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
    .min(1)
    .max(MAX_VIA_POINTS)
    .optional(),
});

const draftSchema = z.object({
  region: z.string().max(64),
  waypoints: z.array(waypointSchema).max(MAX_WAYPOINTS),
  /** the saved route this draft edits, if any */
  routeId: z.string().nullable().default(null),
  name: z.string().max(120).default(''),
  description: z.string().max(2000).default(''),
  visibility: z.enum(['private', 'unlisted', 'public']).default('private'),
});
export type Draft = z.infer<typeof draftSchema>;

/** Snapped legs weigh ways by running time alone unless the runner asks otherwise. */
export const NO_ROUTE_PREFS = NO_PREFERENCES;
export type RoutePrefs = z.output<typeof routePreferences>;

const prefsSchema = z.object({
  units: z.enum(['km', 'mi']).default('km'),
  paceSecPerKm: z.number().min(PACE_SEC_PER_KM.min).max(PACE_SEC_PER_KM.max).default(PACE_SEC_PER_KM.default),
  mode: z.enum(['snap', 'freehand']).default('snap'),
  /** colour the route line by grade class instead of one colour */
  gradeColours: z.boolean().default(false),
  /** how snapped legs weigh the ways (the loop dialog has its own) */
  routePrefs: routePreferences.default(() => ({ ...NO_ROUTE_PREFS })),
});
export type Prefs = z.infer<typeof prefsSchema>;
export const DEFAULT_PREFS: Prefs = {
  units: 'km',
  paceSecPerKm: PACE_SEC_PER_KM.default,
  mode: 'snap',
  gradeColours: false,
  routePrefs: NO_ROUTE_PREFS,
};

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const r = schema.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the planner still works, it just won't survive a reload */
  }
}

export const loadDraft = () => read(DRAFT_KEY, draftSchema);
export const saveDraft = (d: Draft) => write(DRAFT_KEY, d);
export const loadPrefs = (): Prefs => read(PREFS_KEY, prefsSchema) ?? DEFAULT_PREFS;
export const savePrefs = (p: Prefs) => write(PREFS_KEY, p);

export function draftWaypoints(d: Draft | null): Waypoint[] {
  return d ? d.waypoints.map((w) => ({ ...w })) : [];
}

/** A save made while offline (or when the server could not be reached), replayed later. */
const outboxItemSchema = z.object({
  localId: z.string(),
  routeId: z.string().nullable(),
  body: z.record(z.string(), z.unknown()),
  queuedAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const loadOutbox = (): OutboxItem[] => read(QUEUE_KEY, z.array(outboxItemSchema)) ?? [];
export const saveOutbox = (items: OutboxItem[]) => write(QUEUE_KEY, items);
