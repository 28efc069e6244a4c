// `npm run region:build -- --name andorra --osm file.osm.pbf --dem N42E001.hgt.zip [--dem …] [--out data/packs]`
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BuildError, buildRegion } from './build.ts';

export function runCli(argv: string[]): number {
  let values: { name?: string; osm?: string; dem?: string[]; out?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { name: { type: 'string' }, osm: { type: 'string' }, dem: { type: 'string', multiple: true }, out: { type: 'string' } },
      strict: true,
    }));
  } catch (e) {
    console.error(`region:build: ${(e as Error).message.split('\n')[0]}`);
    return 2;
  }
  if (!values.name || !values.osm || !values.dem?.length) {
    console.error(
      'usage: npm run region:build -- --name <region> --osm <extract.osm.pbf> --dem <N42E001.hgt.zip> [--dem …] [--out data/packs]',
    );
    return 2;
  }
  try {
    const meta = buildRegion({
      name: values.name,
      osm: path.resolve(values.osm),
      dem: values.dem.map((d) => path.resolve(d)),
      outDir: path.resolve(values.out ?? 'data/packs'),
      log: (m) => console.log(m),
    });
    console.log(`wrote ${path.join(values.out ?? 'data/packs', meta.name)}/`);
    return 0;
  } catch (e) {
    const msg = e instanceof BuildError ? e.message : `unexpected error: ${(e as Error).message}`;
    console.error(`region:build: ${msg.split('\n')[0]}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = runCli(process.argv.slice(2));
