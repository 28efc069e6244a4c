// `npm start`: validate configuration, bring the web build and region packs up to date, then run
// the server in this very process (signals reach it directly).
import { register } from 'tsx/esm/api';
import { prepare } from './prepare.mjs';

register();
const { loadConfig, ConfigError } = await import('../server/src/config.ts');
try {
  loadConfig(); // fail fast on a bad configuration, before spending time on builds
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(2);
}
try {
  prepare();
} catch (err) {
  process.stderr.write(`Waymark could not start: ${err.message}\n`);
  process.exit(1);
}
await import('../server/src/main.ts');
