// `npm run bench`: every benchmark, each printing our figure beside a peer's and the ratio.
import { benchServer } from './server.ts';
import { benchWeb } from './web.ts';
import { benchMapRender } from './map-render.ts';
import { benchRegions } from './regions.ts';
import { benchRouting } from './routing.ts';

const benches: Record<string, () => Promise<unknown>> = { server: benchServer, web: benchWeb };
benches.map = benchMapRender;
benches.routing = benchRouting;
benches.regions = benchRegions;
const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  await run();
}
