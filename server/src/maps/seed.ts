// Demo data for the heatmap page (SEED_DEMO=true): a few public running loops of the demo user
// around Andorra's towns, generated on the real graph — only when there is no public route yet.
// Runs in the background after start-up so it never delays listening.
import { encodeRouteGeometry, haversineLL, movingTime } from '@waymark/geo';
import type { AppContext } from '../context.ts';
import { EngineRegistry, packsDir } from '../planner/index.ts';

/** The planner's default flat pace (6 min/km), for the demo routes' times. */
const PACE_SEC_PER_KM = 360;

const DEMO_EMAIL = 'demo@waymark.local';
const LOOPS: { name: string; start: [number, number]; km: number; seed: number }[] = [
  { name: 'Andorra la Vella riverside loop', start: [1.5218, 42.5063], km: 8, seed: 1 },
  { name: 'Encamp morning loop', start: [1.5801, 42.5345], km: 10, seed: 2 },
  { name: 'Ordino valley loop', start: [1.5331, 42.5562], km: 12, seed: 3 },
  { name: 'Canillo trail loop', start: [1.5975, 42.5673], km: 9, seed: 4 },
  { name: 'La Massana hill loop', start: [1.5148, 42.5449], km: 7, seed: 5 },
  { name: 'Soldeu high loop', start: [1.6672, 42.5769], km: 11, seed: 6 },
];

export async function seedDemoRoutes(ctx: AppContext): Promise<number> {
  const any = await ctx.db.selectFrom('routes').select('id').where('visibility', '=', 'public').limit(1).executeTakeFirst();
  if (any) return 0;
  const owner = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (!owner) return 0;
  const engines = new EngineRegistry();
  engines.dir = packsDir(ctx.config);
  let engine;
  try {
    engine = await engines.get('andorra');
  } catch {
    return 0;
  }
  let n = 0;
  for (const l of LOOPS) {
    const [loop] = engine.loops({ start: l.start, distanceKm: l.km, seed: l.seed, alternatives: 1 });
    if (!loop) continue;
    const cum = [0];
    for (let i = 1; i < loop.coords.length; i++) {
      const [a, b] = [loop.coords[i - 1]!, loop.coords[i]!];
      cum.push(cum[i - 1]! + haversineLL(a[0], a[1], b[0], b[1]));
    }
    const ele = loop.coords.map((c) => c[2]);
    const timeS = movingTime(ele.every(Number.isFinite) ? ele : null, cum, PACE_SEC_PER_KM);
    await ctx.db
      .insertInto('routes')
      .values({
        owner_id: owner.id,
        name: l.name,
        description: 'Demo route (SEED_DEMO)',
        visibility: 'public',
        region: 'andorra',
        waypoints: JSON.stringify(loop.waypoints.map(([lon, lat]) => ({ lon, lat, mode: 'snap' }))),
        geometry: encodeRouteGeometry(loop.coords),
        stats: JSON.stringify({
          distanceM: Math.round(loop.distanceM),
          ascentM: Math.round(loop.ascentM),
          descentM: Math.round(loop.ascentM),
          timeS: Math.round(timeS),
        }),
      })
      .execute();
    n++;
  }
  engines.clear();
  return n;
}
