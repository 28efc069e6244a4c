import { afterAll, describe, expect, it } from 'vitest';
import { encodeRouteGeometry } from '@waymark/geo';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/db.ts';
import { spawnServer, type ServerProcess } from './support/process.ts';

/**
 * No acknowledged write is lost when the server process is killed mid-load: the real server
 * (node server/src/main.ts) takes concurrent route creates, renames and deletes, gets SIGKILLed
 * while requests are in flight, and is started again on the same data. Every route whose create
 * was answered 201 must be there with exactly the content of the last acknowledged answer (201 /
 * 200), every acknowledged delete must be gone; only writes that were in flight at the kill may
 * have gone either way.
 *
 * PLANNER_DURABILITY_ROUNDS kills (default 2, the second one on the recovered data),
 * PLANNER_DURABILITY_LOAD_MS of load before each kill, PLANNER_DURABILITY_WORKERS concurrent clients.
 */
const ROUNDS = Number(process.env.PLANNER_DURABILITY_ROUNDS ?? 2);
const LOAD_MS = Number(process.env.PLANNER_DURABILITY_LOAD_MS ?? 1500);
const WORKERS = Number(process.env.PLANNER_DURABILITY_WORKERS ?? 12);
const VERBOSE = !!process.env.PLANNER_DURABILITY_VERBOSE;

const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' };

type RouteJson = Record<string, unknown> & { id: string; name: string; updatedAt: string };

/** A signed-in HTTP client of one server: its cookies, CSRF token and Origin. */
class Client {
  private readonly cookies = new Map<string, string>();
  private token = '';
  base = '';

  async request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      origin: this.base,
      'x-csrf-token': this.token,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }

  async signIn() {
    const csrf = await this.request('GET', '/api/_auth/csrf');
    this.token = ((await csrf.json()) as { token: string }).token;
    const res = await this.request('POST', '/api/auth/signin', DEMO);
    if (res.status !== 200) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  }
}

/** Deterministic pseudo-random numbers (mulberry32) so that a failing run can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomRoute(rand: () => number, n: number) {
  const big = rand() < 0.1;
  const count = big ? 100 : 1 + Math.floor(rand() * 5);
  const waypoints = Array.from({ length: count }, () => ({
    lon: 1.45 + rand() * 0.3,
    lat: 42.45 + rand() * 0.2,
    mode: rand() < 0.7 ? 'snap' : 'freehand',
  }));
  const track = Array.from(
    { length: big ? 2000 : 20 },
    (_, i) => [1.45 + i * 1e-4, 42.45 + rand() * 0.2, 900 + rand() * 1500] as [number, number, number],
  );
  return {
    name: `Run ${n} ${['ridge', 'Ордино', 'lac d’Engolasters', '湖', 'loop 🏃'][n % 5]}`,
    description: `acknowledged #${n} ${'·'.repeat(Math.floor(rand() * 200))}`,
    visibility: (['private', 'unlisted', 'public'] as const)[Math.floor(rand() * 3)],
    region: 'andorra',
    waypoints,
    geometry: encodeRouteGeometry(track),
    stats: {
      distanceM: Math.round(rand() * 50_000 * 10) / 10,
      ascentM: Math.floor(rand() * 3000),
      descentM: Math.floor(rand() * 3000),
      timeS: Math.floor(rand() * 30_000),
    },
  };
}

interface Tracked {
  id: string;
  /** The last acknowledged content; null once a delete was acknowledged. */
  acked: RouteJson | null;
  /** A write sent but not answered when the server died: it may or may not have happened. */
  pending?: { kind: 'patch'; fields: Record<string, unknown> } | { kind: 'delete' };
}

describe(`planner durability on ${TEST_DB}: SIGKILL under load`, () => {
  let tdb: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop('SIGKILL');
    await tdb?.drop();
  });

  it(`keeps every acknowledged create, rename and delete across ${ROUNDS} kill(s) mid-load`, async () => {
    tdb = await createTestDatabase({ template: true });
    const env = { ...tdb.env, PORT: '0' };
    const client = new Client();
    const tracked: Tracked[] = [];
    const unexpected: string[] = [];
    let seq = 0;

    const start = async (seed: boolean) => {
      // spawnServer waits for the "listening" line, logged at info.
      server = await spawnServer({ ...env, LOG_LEVEL: 'info', SEED_DEMO: seed ? 'true' : 'false' }, 90_000);
      client.base = server.url;
    };

    /** Compare the server's view with what was acknowledged; settle in-flight writes to what happened. */
    const verify = async (label: string) => {
      const list = await client.request('GET', '/api/routes?pageSize=1');
      expect(list.status, `${label}: the acknowledged sign-in session survives`).toBe(200);
      const total = ((await list.json()) as { total: number }).total;
      const queue = [...tracked];
      const check = async () => {
        for (let t = queue.shift(); t; t = queue.shift()) {
          const res = await client.request('GET', `/api/routes/${t.id}`);
          const got = res.status === 200 ? ((await res.json()) as RouteJson) : null;
          const where = `${label}: route ${t.id} (${t.pending ? `${t.pending.kind} in flight` : 'settled'})`;
          expect([200, 404], where).toContain(res.status);
          if (!t.pending) {
            expect(got, where).toEqual(t.acked);
          } else if (t.pending.kind === 'delete') {
            if (got) expect(got, where).toEqual(t.acked);
          } else if (got && got.updatedAt !== t.acked!.updatedAt) {
            expect(got, where).toEqual({ ...t.acked, ...t.pending.fields, updatedAt: got.updatedAt });
          } else {
            expect(got, where).toEqual(t.acked);
          }
          t.acked = got;
          delete t.pending;
        }
      };
      await Promise.all(Array.from({ length: 6 }, check));
      return total;
    };

    /** Concurrent clients creating (70 %), renaming (20 %) and deleting (10 %) their own routes until the kill. */
    const load = async (round: number, attempt: number) => {
      let killed = false;
      let acks = 0;
      let inFlightCreates = 0;
      // Writes cut off by an earlier kill stay pending for good: only this load's count here.
      const cutBefore = new Set(tracked.filter((t) => t.pending));
      const worker = async (w: number) => {
        const rand = rng(round * 1000 + attempt * 100 + w + 1);
        const mine = () => tracked.filter((t) => t.acked && !t.pending && Number(t.acked.name.split(' ')[1]) % WORKERS === w);
        while (!killed) {
          const r = rand();
          const own = mine();
          const target = own[Math.floor(rand() * own.length)];
          try {
            if (target && r < 0.2) {
              const fields = {
                name: `Renamed ${Number(target.acked!.name.split(' ')[1])} r${round} ${Math.floor(rand() * 1e6)}`,
                visibility: 'unlisted',
              };
              target.pending = { kind: 'patch', fields };
              const res = await client.request('PATCH', `/api/routes/${target.id}`, fields);
              if (res.status !== 200) throw new Error(`PATCH → ${res.status} ${await res.text()}`);
              target.acked = (await res.json()) as RouteJson;
              delete target.pending;
            } else if (target && r < 0.3) {
              target.pending = { kind: 'delete' };
              const res = await client.request('DELETE', `/api/routes/${target.id}`);
              if (res.status !== 204) throw new Error(`DELETE → ${res.status} ${await res.text()}`);
              target.acked = null;
              delete target.pending;
            } else {
              // Names carry a sequence number ≡ worker (mod WORKERS): each route is written by one worker only.
              const n = seq++ * WORKERS + w;
              inFlightCreates++;
              const res = await client.request('POST', '/api/routes', randomRoute(rand, n));
              if (res.status !== 201) throw new Error(`POST → ${res.status} ${await res.text()}`);
              // Answered only once the whole body (with the id) is in: a kill may cut it off.
              const body = (await res.json()) as RouteJson;
              inFlightCreates--;
              tracked.push({ id: body.id, acked: body });
            }
            acks++;
          } catch (err) {
            if (!killed) unexpected.push(`round ${round}, worker ${w}: ${(err as Error).message}`);
            // Killed mid-request: the write stays pending (creates: counted as lost answers).
            return;
          }
        }
      };
      const t0 = performance.now();
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
      // Load for LOAD_MS, and until some writes were acknowledged (bounded: a stuck server fails below).
      await new Promise((r) => setTimeout(r, LOAD_MS));
      for (let waited = 0; acks < 20 && waited < 20_000 && unexpected.length === 0; waited += 100)
        await new Promise((r) => setTimeout(r, 100));
      const ms = performance.now() - t0;
      const before = acks;
      killed = true;
      await server!.stop('SIGKILL');
      await Promise.all(workers);
      const lostCreates = inFlightCreates;
      const inFlight = tracked.filter((t) => t.pending && !cutBefore.has(t)).length + lostCreates;
      if (VERBOSE)
        console.log(
          `round ${round}: ${before} acknowledged writes in ${Math.round(ms)} ms (${Math.round((before / ms) * 1000)}/s); killed with ${inFlight} in flight`,
        );
      expect(unexpected).toEqual([]);
      expect(before).toBeGreaterThanOrEqual(20);
      return { lostCreates, inFlight };
    };

    await start(true);
    // On a first start the maps module seeds the demo user's public loops in the background; let it
    // finish, so that every route the checks below count is one this test wrote.
    await server!.waitForOutput(/maps: (seeded public demo routes|could not seed demo routes)/, 120_000);
    await client.signIn();
    const seeded = ((await (await client.request('GET', '/api/routes?pageSize=1')).json()) as { total: number }).total;
    // Creates in flight at a kill may have committed unseen: they may add rows, nothing else may.
    let unanswered = 0;
    const restartAndVerify = async (round: number) => {
      await start(false);
      const total = (await verify(`restart after kill ${round}`)) - seeded;
      const live = tracked.filter((t) => t.acked).length;
      if (VERBOSE)
        console.log(
          `restart after kill ${round}: ${live} acknowledged routes intact, ${total - live} of ${unanswered} unanswered creates committed`,
        );
      expect(total).toBeGreaterThanOrEqual(live);
      expect(total).toBeLessThanOrEqual(live + unanswered);
    };
    // A kill counts only if it cut writes off. On a loaded machine the server can have answered every
    // request the clients sent when the signal lands (the answers wait in the sockets): that kill
    // proves nothing, so the round is loaded and killed again (after the restart's checks).
    const ATTEMPTS = 4;
    for (let round = 1; round <= ROUNDS; round++) {
      if (round > 1) await restartAndVerify(round - 1);
      for (let attempt = 1; ; attempt++) {
        const { lostCreates, inFlight } = await load(round, attempt);
        unanswered += lostCreates;
        if (inFlight > 0) break;
        if (VERBOSE) console.log(`round ${round}: no write was in flight at kill ${attempt}; again`);
        expect(attempt, `round ${round}: no kill in ${ATTEMPTS} hit the server while writes were in flight`).toBeLessThan(ATTEMPTS);
        await restartAndVerify(round);
      }
    }
    await restartAndVerify(ROUNDS);
    expect(tracked.filter((t) => t.acked === null).length, 'some deletes were acknowledged').toBeGreaterThan(0);
    expect(await server!.stop('SIGTERM')).toBe(0);
  }, 300_000);
});
