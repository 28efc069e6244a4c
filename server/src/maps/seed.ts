// Demo data for the heatmap page (SEED_DEMO=true): a few public running loops of the demo user
// around Andorra's towns, generated on the real graph — only when there is no public route yet.
// Runs in the background after start-up so it never delays listening.
import { encodeRouteGeometry } from '@waymark/geo';
import type { AppContext } from '../context.ts';
import { EngineRegistry, loopJson, packsDir } from '../planner/engine.ts';

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
    const [loop] = engine.loops().generate({ start: l.start, distance: l.km * 1000, seed: l.seed, alternatives: 1 });
    if (!loop) continue;
    const j = loopJson(loop);
    await ctx.db
      .insertInto('routes')
      .values({
        owner_id: owner.id,
        name: l.name,
        description: 'Demo route (SEED_DEMO)',
        visibility: 'public',
        region: 'andorra',
        waypoints: JSON.stringify(j.waypoints.map(([lon, lat]) => ({ lon, lat, mode: 'snap' }))),
        geometry: encodeRouteGeometry(j.coords as [number, number, number][]),
        stats: JSON.stringify({
          distanceM: Math.round(j.distanceM),
          ascentM: Math.round(j.ascentM),
          descentM: Math.round(j.ascentM),
          timeS: Math.round(loop.time),
        }),
      })
      .execute();
    n++;
  }
  engines.clear();
  return n;
}
