// The assistant's tools, run on the server for both the model and the built-in intent engine:
// arguments parsed with the shared zod schemas, places resolved, routing on the region graphs
// (the planner's engine), POIs from the packs' place index, elevation from the terrain tiles.
import {
  MILES_TO_KM,
  toolArgs,
  type ChatContext,
  type ElevationOutput,
  type PoiCategory,
  type ResolvedPlace,
  type RoutePoint,
  type ToolFailure,
  type ToolName,
  type ToolOutputs,
} from '@waymark/contracts/ai';
import { haversineLL, OutsideRegionError, RouteError, routeClimb } from '@waymark/geo';
import { describeZodError, HttpError } from '../http/errors.ts';
import { POI_KINDS } from '../maps/index.ts';
import type { EngineRegistry } from '../planner/index.ts';
import type { RegionStore } from '../regions/index.ts';
import { createPlaceResolver, ToolProblem } from './places.ts';

export const DEFAULT_NEARBY_RADIUS_KM = 5;
/** When nothing lies within the default radius, look this far before saying there is none. */
export const WIDENED_NEARBY_RADIUS_KM = 25;
const PROFILE_SAMPLES = 200;

/** A route the page or an earlier answer drew: [lon, lat, ele?] points. */
export type RouteLine = readonly (readonly [number, number, number?])[];

export interface ToolRunContext extends ChatContext {
  /** the last route or loop the assistant produced in this chat, for show_elevation */
  lastRoute?: RouteLine;
}

export type ToolResult<N extends ToolName = ToolName> = ToolOutputs[N] | ToolFailure;

export interface ToolExecutor {
  run<N extends ToolName>(name: N, rawArgs: unknown, ctx: ToolRunContext): Promise<ToolResult<N>>;
}

const zoomFor = (p: ResolvedPlace) =>
  p.source === 'here'
    ? undefined
    : p.kind === 'country'
      ? 9
      : p.kind === 'capital' || p.kind === 'city'
        ? p.region
          ? 14
          : 11
        : p.kind === 'town'
          ? 14
          : 15;

export function createToolExecutor(deps: { regions: RegionStore; engines: EngineRegistry }): ToolExecutor {
  const places = createPlaceResolver(deps.regions);

  async function engineFor(points: ResolvedPlace[]) {
    const names = new Set(points.map((p) => p.region));
    if (names.has(null)) {
      const outside = points.find((p) => p.region === null)!;
      throw new ToolProblem(
        `${outside.name} is outside the map's regions (${regionList(deps.regions)}): I can only plan on foot inside them.`,
      );
    }
    if (names.size > 1)
      throw new ToolProblem(
        `${points[0]!.name} and ${points.find((p) => p.region !== points[0]!.region)!.name} are in different regions: a route must stay within one.`,
      );
    const region = points[0]!.region!;
    const engine = await deps.engines.get(region);
    try {
      engine.assertInRegion(points.map((p) => [p.lon, p.lat]));
    } catch (err) {
      if (err instanceof OutsideRegionError) throw new ToolProblem(err.message);
      throw err;
    }
    return engine;
  }

  async function elevationOf(line: RouteLine, source: ElevationOutput['source']): Promise<ElevationOutput> {
    const dist: number[] = [0];
    for (let i = 1; i < line.length; i++) dist.push(dist[i - 1]! + haversineLL(line[i - 1]![0], line[i - 1]![1], line[i]![0], line[i]![1]));
    const ele: number[] = [];
    for (const p of line) {
      if (p[2] !== undefined && Number.isFinite(p[2])) ele.push(p[2]);
      else {
        const r = deps.regions.at(p[0], p[1]);
        const e = r ? await r.terrain.elevation(p[0], p[1]) : null;
        ele.push(e ?? NaN);
      }
    }
    const known = ele.filter((e) => Number.isFinite(e));
    if (known.length < 2) throw new ToolProblem("There is no elevation data along this route (it is outside the map's regions).");
    // unknown points take their neighbours' values
    let last = known[0]!;
    for (let i = 0; i < ele.length; i++) {
      if (Number.isFinite(ele[i])) last = ele[i]!;
      else ele[i] = last;
    }
    const total = dist[dist.length - 1]!;
    const climb = routeClimb(ele, dist);
    const profile: [number, number][] = [];
    const step = Math.max(1, Math.ceil(line.length / PROFILE_SAMPLES));
    for (let i = 0; i < line.length; i += step) profile.push([Math.round(dist[i]!), Math.round(ele[i]! * 10) / 10]);
    if (profile[profile.length - 1]![0] !== Math.round(total))
      profile.push([Math.round(total), Math.round(ele[ele.length - 1]! * 10) / 10]);
    return {
      source,
      distanceM: Math.round(total),
      minM: Math.round(Math.min(...known)),
      maxM: Math.round(Math.max(...known)),
      ascentM: Math.round(climb.ascent),
      descentM: Math.round(climb.descent),
      profile,
    };
  }

  const handlers: { [N in ToolName]: (args: never, ctx: ToolRunContext) => Promise<ToolOutputs[N]> } = {
    async find_place(args: { query: string }, ctx) {
      return { query: args.query, places: places.search(args.query, ctx, 6) };
    },

    async fly_to(args: { place: string; zoom?: number }, ctx) {
      const place = places.resolve(args.place, ctx);
      return { place, zoom: args.zoom ?? zoomFor(place) ?? ctx.zoom ?? 13 };
    },

    async plan_route(args: { from: string; to: string; via?: string[] }, ctx) {
      const from = places.resolve(args.from, ctx);
      const to = places.resolve(args.to, ctx);
      const via = (args.via ?? []).map((v) => places.resolve(v, ctx));
      const stops = [from, ...via, to];
      const engine = await engineFor(stops);
      const r = routeOrProblem(() => engine.planner.route({ waypoints: stops.map((p) => [p.lon, p.lat]), paceSecPerKm: 360 }));
      return {
        region: engine.region,
        from,
        to,
        via,
        coords: routePoints(r.coordinates),
        distanceM: Math.round(r.distance),
        ascentM: Math.round(r.ascent ?? 0),
        descentM: Math.round(r.descent ?? 0),
        timeS: Math.round(r.time),
      };
    },

    async generate_loop(
      args: {
        start: string;
        distance: number;
        unit: 'km' | 'mi';
        heading?: number;
        alternatives?: number;
        preferPaths?: boolean;
        avoidBusyRoads?: boolean;
        preferGreen?: boolean;
      },
      ctx,
    ) {
      const km = args.unit === 'mi' ? args.distance * MILES_TO_KM : args.distance;
      if (km < 1 || km > 100) throw new ToolProblem(`Loops can be from 1 to 100 km long (asked: ${args.distance} ${args.unit}).`);
      const start = places.resolve(args.start, ctx);
      const engine = await engineFor([start]);
      try {
        const loops = engine.loops({
          start: [start.lon, start.lat],
          distanceKm: km,
          ...(args.heading !== undefined ? { heading: args.heading } : {}),
          alternatives: args.alternatives ?? 3,
          preferences: { preferPaths: !!args.preferPaths, avoidBusyRoads: !!args.avoidBusyRoads, preferGreen: !!args.preferGreen },
        });
        return {
          region: engine.region,
          start,
          targetM: Math.round(km * 1000),
          unit: args.unit,
          alternatives: loops.map((l) => ({
            coords: routePoints(l.coords),
            distanceM: Math.round(l.distanceM),
            ascentM: Math.round(l.ascentM),
            retrace: Math.round(l.retrace * 1000) / 1000,
            greenM: Math.round(l.greenM ?? 0),
          })),
        };
      } catch (err) {
        if (err instanceof RouteError) throw new ToolProblem(`No loop of ${args.distance} ${args.unit} from ${start.name}: ${err.message}`);
        throw err;
      }
    },

    async show_elevation(_args: Record<string, never>, ctx) {
      if (ctx.route) return elevationOf(ctx.route, 'map');
      if (ctx.lastRoute) return elevationOf(ctx.lastRoute, 'history');
      throw new ToolProblem('There is no route yet: ask me for a route or a loop first.');
    },

    async find_nearby(args: { category: PoiCategory; near: string; radiusKm?: number; limit?: number }, ctx) {
      const near = places.resolve(args.near, ctx);
      const region = near.region ? deps.regions.get(near.region) : undefined;
      if (!region)
        throw new ToolProblem(
          `${near.name} is outside the map's regions (${regionList(deps.regions)}): I only know points of interest inside them.`,
        );
      const kinds = new Set(POI_KINDS[args.category]);
      const all = region
        .places()
        .filter((p) => kinds.has(p.place.kind))
        .map((p) => ({ p: p.place, d: haversineLL(near.lon, near.lat, p.place.lon, p.place.lat) }))
        .sort((a, b) => a.d - b.d);
      let radiusKm = args.radiusKm ?? DEFAULT_NEARBY_RADIUS_KM;
      let within = all.filter((x) => x.d <= radiusKm * 1000);
      if (!within.length && args.radiusKm === undefined) {
        radiusKm = WIDENED_NEARBY_RADIUS_KM;
        within = all.filter((x) => x.d <= radiusKm * 1000);
      }
      return {
        category: args.category,
        near,
        radiusM: radiusKm * 1000,
        results: within.slice(0, args.limit ?? 5).map(({ p, d }) => ({
          name: p.name || p.kind.replace(/_/g, ' '),
          kind: p.kind,
          lon: p.lon,
          lat: p.lat,
          ...(p.ele !== undefined ? { ele: p.ele } : {}),
          distanceM: Math.round(d),
        })),
      };
    },

    async measure_distance(args: { from: string; to: string; unit: 'km' | 'mi' }, ctx) {
      const from = places.resolve(args.from, ctx);
      const to = places.resolve(args.to, ctx);
      const straightM = Math.round(haversineLL(from.lon, from.lat, to.lon, to.lat));
      let routeM: number | null = null;
      if (from.region && from.region === to.region) {
        try {
          const engine = await engineFor([from, to]);
          const r = engine.planner.route({
            waypoints: [
              [from.lon, from.lat],
              [to.lon, to.lat],
            ],
          });
          if (r.legs.every((l) => l.routed)) routeM = Math.round(r.distance);
        } catch (err) {
          if (!(err instanceof ToolProblem || err instanceof RouteError)) throw err;
        }
      }
      return { from, to, unit: args.unit, straightM, routeM };
    },
  };

  return {
    async run(name, rawArgs, ctx) {
      const schema = toolArgs[name];
      if (!schema) return { error: `Unknown tool ${String(name)}` };
      const parsed = schema.safeParse(rawArgs ?? {});
      if (!parsed.success) return { error: `Invalid arguments for ${name}: ${describeZodError(parsed.error)}` };
      try {
        const handler = handlers[name] as (args: unknown, ctx: ToolRunContext) => Promise<ToolOutputs[typeof name]>;
        return await handler(parsed.data, ctx);
      } catch (err) {
        if (err instanceof ToolProblem) return { error: err.message };
        if (err instanceof HttpError && err.status < 500) return { error: err.message };
        throw err;
      }
    },
  };
}

function routeOrProblem<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RouteError) throw new ToolProblem(`No route: ${err.message}`);
    throw err;
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A route's points as the tools return them: the elevation rounded to 0.1 m where it is known and
 * left out where it is not (a point outside the terrain data), so a later show_elevation samples
 * the terrain there or says there is none — never a profile that drops to a made-up 0 m.
 */
export function routePoints(coords: readonly (readonly number[])[]): RoutePoint[] {
  return coords.map((c) => (c[2] !== undefined && Number.isFinite(c[2]) ? [c[0]!, c[1]!, round1(c[2])] : [c[0]!, c[1]!]));
}

function regionList(store: RegionStore): string {
  return store
    .list()
    .map((r) => r.meta.title)
    .join(', ');
}
