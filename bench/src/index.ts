// `npm run bench`: every benchmark, each printing our figure beside a peer's and the ratio.
import { benchServer } from './server.ts';

const benches: Record<string, () => Promise<void>> = { server: benchServer };
const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  await run();
}
