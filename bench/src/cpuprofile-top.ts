// Summarise a V8 .cpuprofile (from `node --cpu-prof`, e.g. `BENCH_CPU_PROF=dir npm run bench:server`):
// the top self-time frames and the self time per package (our source, each node_modules package,
// Node internals, garbage collection, idle).
//   npx tsx bench/src/cpuprofile-top.ts <file.cpuprofile> [top=25] [--last=<ms>]
// Samples before the measurement (bench:server writes when it began to `<file>.json`) are left out;
// `--last=<ms>` keeps only the profile's last milliseconds instead; `--inclusive=<regexp>` picks the
// frames whose inclusive time (self + callees) is listed (default: our own source).
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
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

/** `fromMs`: leave out samples taken earlier than this after the profile started (the start-up). */
export function summarise(profile: Profile, fromMs = 0) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let total = 0;
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < fromMs * 1000) continue;
    total += dt;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + dt);
  }
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (f: CallFrame) => `${f.functionName || '(anonymous)'}  ${ownerOf(f)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  const frames = new Map<string, number>();
  const owners = new Map<string, number>();
  // Inclusive: a sample counts once for every distinct frame on its stack (its own and its callers).
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const f = byId.get(id)!.callFrame;
    frames.set(keyOf(f), (frames.get(keyOf(f)) ?? 0) + us);
    owners.set(ownerOf(f), (owners.get(ownerOf(f)) ?? 0) + us);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = keyOf(byId.get(n)!.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { totalMs: total / 1000, frames: sorted(frames), owners: sorted(owners), inclusive: sorted(inclusive) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const last = Number(process.argv.find((a) => a.startsWith('--last='))?.slice(7) ?? NaN);
  const file = args[0];
  if (!file) throw new Error('usage: cpuprofile-top.ts <file.cpuprofile> [top] [--last=<ms>]');
  const top = Number(args[1] ?? 25);
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  // bench:server writes `<profile>.json` beside each profile: when the measurement began.
  const totalMs = profile.timeDeltas.reduce((x, y) => x + y, 0) / 1000;
  const fromMs = Number.isFinite(last)
    ? Math.max(0, totalMs - last)
    : fs.existsSync(`${file}.json`)
      ? (JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as { measureFromMs: number }).measureFromMs
      : 0;
  const s = summarise(profile, fromMs);
  const busy = s.totalMs - (s.owners.find(([o]) => o === '(idle)')?.[1] ?? 0) / 1000;
  const line = (name: string, us: number) =>
    `${((us / 1000 / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`;
  console.log(
    `${file}: from ${(fromMs / 1000).toFixed(1)} s on, ${s.totalMs.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms not idle (shares below are of the non-idle time)\n`,
  );
  console.log('self time by owner:');
  for (const [o, us] of s.owners.slice(0, 15)) if (o !== '(idle)') console.log(line(o, us));
  console.log(`\ntop ${top} self-time frames:`);
  for (const [f, us] of s.frames.filter(([f]) => !f.startsWith('(idle)')).slice(0, top)) console.log(line(f, us));
  // Inclusive time of our own code and the libraries' entry points it calls (where a request's time goes).
  const pattern = process.argv.find((a) => a.startsWith('--inclusive='))?.slice(12);
  const re = new RegExp(pattern ?? '  (server|packages)/');
  console.log(`\ntop ${top} inclusive frames matching ${re}:`);
  for (const [f, us] of s.inclusive.filter(([f]) => re.test(f)).slice(0, top)) console.log(line(f, us));
}
