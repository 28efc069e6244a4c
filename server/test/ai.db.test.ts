// The AI map chat with the built-in intent engine (no LLM configured): the real app, database,
// region packs and routing engine; the answer read from the SSE stream the browser gets.
import { ensureRegions } from '@waymark/regions/ensure';
import type { ToolOutputs } from '@waymark/contracts/ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { readStream, streamText, toolCalls } from './support/ai-stream.ts';

let t: TestApp;
let alice: SignedInTestUser;
let bob: SignedInTestUser;
const ANDORRA_LA_VELLA: [number, number] = [1.5218, 42.5063];
const inAndorra = ([lon, lat]: readonly number[]) => lon! > 1.4 && lon! < 1.8 && lat! > 42.4 && lat! < 42.7;

const chat = (user: SignedInTestUser | null, body: unknown) => t.json('POST', '/api/ai/chat', body, user?.headers ?? {});

beforeAll(async () => {
  ensureRegions({ log: () => {} });
  t = await createTestApp();
  alice = await t.signIn();
  bob = await t.signIn();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('status', () => {
  it('says the built-in intent engine answers when no model is configured', async () => {
    const res = await t.app.request('/api/ai/status');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ mode: 'intents', model: null, rateLimitPerMinute: 20 });
  });
});

describe('chat with the intent engine', () => {
  it('"loop of 10 km from Encamp" streams a generate_loop call with real loops, and a sentence', async () => {
    const res = await chat(alice, { message: 'loop of 10 km from Encamp', context: { region: 'andorra', center: ANDORRA_LA_VELLA } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const chunks = await readStream(res);
    const calls = toolCalls(chunks);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('generate_loop');
    expect(calls[0]!.input).toEqual({ start: 'Encamp', distance: 10, unit: 'km' });
    const out = calls[0]!.output as ToolOutputs['generate_loop'];
    expect(out.start.name).toBe('Encamp');
    expect(out.region).toBe('andorra');
    expect(out.alternatives.length).toBeGreaterThanOrEqual(1);
    for (const alt of out.alternatives) {
      expect(alt.distanceM).toBeGreaterThan(8500);
      expect(alt.distanceM).toBeLessThan(11500);
      expect(alt.coords.length).toBeGreaterThan(20);
      expect(alt.coords.every(inAndorra)).toBe(true);
      // a loop: it ends where it starts
      const [a, b] = [alt.coords[0]!, alt.coords[alt.coords.length - 1]!];
      expect(Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1])).toBeLessThan(0.001);
    }
    expect(streamText(chunks)).toMatch(/^\d loops? of about 10 km from Encamp\. The first is \d+(\.\d)? km with \d+ m of climb/);
    expect(chunks.at(-1)!.type).toBe('finish');
  });

  it('"route from Andorra la Vella to Pas de la Casa" routes on foot (Pas de la Casa from the world cities list)', async () => {
    const chunks = await readStream(await chat(alice, { message: 'route from Andorra la Vella to Pas de la Casa' }));
    const [call] = toolCalls(chunks);
    expect(call!.name).toBe('plan_route');
    const out = call!.output as ToolOutputs['plan_route'];
    expect(out.from.name).toBe('Andorra la Vella');
    expect(out.to.name).toBe('Pas de la Casa');
    expect(out.to.source).toBe('world');
    // 18 km as the crow flies; the bundled extract's foot network (GraphHopper's test data) lacks
    // parts of the valley road, so the route takes mountain paths: ~50 km, and it climbs to the pass
    expect(out.distanceM).toBeGreaterThan(20_000);
    expect(out.distanceM).toBeLessThan(60_000);
    expect(out.ascentM).toBeGreaterThan(700);
    expect(out.coords.every(inAndorra)).toBe(true);
    expect(streamText(chunks)).toMatch(/^Route from Andorra la Vella to Pas de la Casa: \d+ km/);
  });

  it('"where is water near here" finds water points nearest first around the map centre', async () => {
    const chunks = await readStream(await chat(alice, { message: 'where is water near here', context: { center: [7.4246, 43.7384] } }));
    const [call] = toolCalls(chunks);
    expect(call!.name).toBe('find_nearby');
    const out = call!.output as ToolOutputs['find_nearby'];
    expect(out.near.source).toBe('here');
    expect(out.results.length).toBeGreaterThan(0);
    const d = out.results.map((r) => r.distanceM);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    for (const r of out.results) expect(['drinking_water', 'fountain', 'spring']).toContain(r.kind);
  });

  it('"how far is it from Encamp to Canillo" measures straight and along the paths', async () => {
    const chunks = await readStream(await chat(alice, { message: 'how far is it from Encamp to Canillo in miles' }));
    const [call] = toolCalls(chunks);
    const out = call!.output as ToolOutputs['measure_distance'];
    expect(out.unit).toBe('mi');
    expect(out.straightM).toBeGreaterThan(3000);
    expect(out.straightM).toBeLessThan(6000);
    expect(out.routeM).toBeGreaterThan(out.straightM);
    expect(streamText(chunks)).toMatch(/From Encamp to Canillo: \d\.\d mi in a straight line, \d+(\.\d)? mi on foot/);
  });

  it('shows the elevation of the last route of the chat, and of a route sent by the page', async () => {
    const user = await t.signIn();
    const none = await readStream(await chat(user, { message: 'show the elevation' }));
    expect(toolCalls(none)[0]!.output).toEqual({ error: 'There is no route yet: ask me for a route or a loop first.' });
    await readStream(await chat(user, { message: 'route from Encamp to Canillo' }));
    const fromHistory = toolCalls(await readStream(await chat(user, { message: 'how hilly is it?' })))[0]!
      .output as ToolOutputs['show_elevation'];
    expect(fromHistory.source).toBe('history');
    expect(fromHistory.maxM).toBeGreaterThan(fromHistory.minM);
    expect(fromHistory.minM).toBeGreaterThan(1000); // Encamp's valley floor is ~1250 m
    expect(fromHistory.profile.length).toBeGreaterThan(10);
    // a line drawn on the map: elevations come from the terrain tiles
    const line = [
      [1.5218, 42.5063],
      [1.53, 42.51],
      [1.54, 42.52],
    ];
    const fromMap = toolCalls(await readStream(await chat(user, { message: 'elevation profile', context: { route: line } })))[0]!
      .output as ToolOutputs['show_elevation'];
    expect(fromMap.source).toBe('map');
    expect(fromMap.distanceM).toBeGreaterThan(2000);
    expect(fromMap.distanceM).toBeLessThan(2400);
    expect(fromMap.minM).toBeGreaterThan(900);
  });

  it('several requests in one message run in order, and a loop then its profile use the loop', async () => {
    const chunks = await readStream(await chat(alice, { message: 'make a 5 km loop from Ordino, then show me the profile' }));
    const calls = toolCalls(chunks);
    expect(calls.map((c) => c.name)).toEqual(['generate_loop', 'show_elevation']);
    const loop = calls[0]!.output as ToolOutputs['generate_loop'];
    const ele = calls[1]!.output as ToolOutputs['show_elevation'];
    expect(Math.abs(ele.distanceM - loop.alternatives[0]!.distanceM)).toBeLessThan(loop.alternatives[0]!.distanceM * 0.02);
  });

  it('says clearly what it cannot do, and runs no tool', async () => {
    const chunks = await readStream(await chat(alice, { message: "what's the weather like in Soldeu tomorrow?" }));
    expect(toolCalls(chunks)).toEqual([]);
    expect(streamText(chunks)).toMatch(/can't check the weather/);
    const unknown = await readStream(await chat(alice, { message: 'xyzzy the frobnicator' }));
    expect(streamText(unknown)).toMatch(/didn't understand .*generate a loop/);
  });

  it('reports unknown places and places outside the regions in the card, not as errors', async () => {
    const a = toolCalls(await readStream(await chat(alice, { message: 'route from Encamp to Zzyzxqv' })))[0]!;
    expect(a.output).toEqual({ error: 'I couldn\'t find a place called "Zzyzxqv" in the map\'s regions or the world cities list.' });
    const b = toolCalls(await readStream(await chat(alice, { message: 'loop of 10 km from Paris' })))[0]!;
    expect((b.output as { error: string }).error).toMatch(/^Paris is outside the map's regions/);
    const c = toolCalls(await readStream(await chat(alice, { message: 'route from Encamp to Monaco' })))[0]!;
    expect((c.output as { error: string }).error).toMatch(/different regions/);
    const d = toolCalls(await readStream(await chat(alice, { message: 'where is water near here' })))[0]!;
    expect((d.output as { error: string }).error).toMatch(/don't know where "here" is/);
  });

  it('flies anywhere in the world', async () => {
    const [call] = toolCalls(await readStream(await chat(alice, { message: 'fly to Paris' })));
    const out = call!.output as ToolOutputs['fly_to'];
    expect(out.place).toMatchObject({ name: 'Paris', source: 'world', region: null });
    expect(out.place.lat).toBeCloseTo(48.85, 1);
    expect(out.zoom).toBe(11);
  });
});

describe('history', () => {
  it('keeps each user their own chat: messages with their tool parts, oldest first; DELETE forgets it', async () => {
    const carol = await t.signIn();
    await readStream(await chat(carol, { message: 'fly to Encamp' }));
    await readStream(await chat(carol, { message: 'toilets near Canillo' }));
    const res = await t.app.request('/api/ai/messages', { headers: carol.headers });
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: { role: string; parts: { type: string; text?: string; state?: string }[] }[] };
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[0]!.parts).toEqual([{ type: 'text', text: 'fly to Encamp' }]);
    expect(messages[1]!.parts.map((p) => p.type)).toContain('tool-fly_to');
    expect(messages[3]!.parts.find((p) => p.type === 'tool-find_nearby')!.state).toBe('output-available');

    const other = (await (await t.app.request('/api/ai/messages', { headers: bob.headers })).json()) as { messages: unknown[] };
    expect(other.messages).toEqual([]);
    // another user's DELETE only forgets their own chat (there is no way to name someone else's)
    expect((await t.json('DELETE', '/api/ai/messages', undefined, bob.headers)).status).toBe(204);
    const still = (await (await t.app.request('/api/ai/messages', { headers: carol.headers })).json()) as { messages: unknown[] };
    expect(still.messages).toHaveLength(4);
    // an admin has no access to it either
    const admin = await t.signIn({ role: 'admin' });
    const adminView = (await (await t.app.request('/api/ai/messages', { headers: admin.headers })).json()) as { messages: unknown[] };
    expect(adminView.messages).toEqual([]);

    expect((await t.json('DELETE', '/api/ai/messages', undefined, carol.headers)).status).toBe(204);
    const after = (await (await t.app.request('/api/ai/messages', { headers: carol.headers })).json()) as { messages: unknown[] };
    expect(after.messages).toEqual([]);
  });
});

describe('access and validation', () => {
  it('needs a signed-in user for the chat and the history (401), never a 500', async () => {
    expect((await chat(null, { message: 'fly to Encamp' })).status).toBe(401);
    expect((await t.app.request('/api/ai/messages')).status).toBe(401);
    expect((await t.json('DELETE', '/api/ai/messages')).status).toBe(401);
  });

  it.each([
    ['no message', {}],
    ['empty message', { message: '   ' }],
    ['too long', { message: 'x'.repeat(2001) }],
    ['message not a string', { message: 42 }],
    ['unknown field', { message: 'hi', model: 'gpt-4' }],
    ['centre out of range', { message: 'hi', context: { center: [200, 42] } }],
    ['route too long', { message: 'hi', context: { route: Array.from({ length: 5001 }, () => [1.5, 42.5]) } }],
    ['bad unit', { message: 'hi', context: { unit: 'furlongs' } }],
    ['bad region', { message: 'hi', context: { region: '../etc' } }],
    ['unknown context field', { message: 'hi', context: { apiKey: 'x' } }],
  ])('%s → 400 validation_error', async (_name, body) => {
    const res = await chat(alice, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_error');
  });

  it('bad JSON → 400, wrong content type → 415', async () => {
    expect((await chat(alice, '{"message":')).status).toBe(400);
    const res = await t.json('POST', '/api/ai/chat', 'message=hi', { ...alice.headers, 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
  });

  it('nothing is stored for a rejected request', async () => {
    const dave = await t.signIn();
    await chat(dave, { message: '' });
    const { messages } = (await (await t.app.request('/api/ai/messages', { headers: dave.headers })).json()) as { messages: unknown[] };
    expect(messages).toEqual([]);
  });
});
