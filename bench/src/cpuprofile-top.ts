// Summarise a V8 .cpuprofile (from `node --cpu-prof`, e.g. `BENCH_CPU_PROF=dir npm run bench:server`):
// the top self-time frames and the self time per package (our source, each node_modules package,
// Node internals, garbage collection, idle).
//   npx tsx bench/src/cpuprofile-top.ts <file.cpuprofile> [top=25]
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: our source file, an npm package, Node itself, or a V8 pseudo-frame. */
export function ownerOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const ours = /\/(server|packages)\/(.*)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

export function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + dt);
  }
  const frames = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${ownerOf(f)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    frames.set(key, (frames.get(key) ?? 0) + us);
    owners.set(ownerOf(f), (owners.get(ownerOf(f)) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { totalMs: total / 1000, frames: sorted(frames), owners: sorted(owners) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: cpuprofile-top.ts <file.cpuprofile> [top]');
  const top = Number(process.argv[3] ?? 25);
  const s = summarise(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile);
  const busy = s.totalMs - (s.owners.find(([o]) => o === '(idle)')?.[1] ?? 0) / 1000;
  const line = (name: string, us: number) =>
    `${((us / 1000 / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`;
  console.log(`${file}: ${s.totalMs.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms not idle (shares below are of the non-idle time)\n`);
  console.log('self time by owner:');
  for (const [o, us] of s.owners.slice(0, 15)) if (o !== '(idle)') console.log(line(o, us));
  console.log(`\ntop ${top} self-time frames:`);
  for (const [f, us] of s.frames.filter(([f]) => !f.startsWith('(idle)')).slice(0, top)) console.log(line(f, us));
}
