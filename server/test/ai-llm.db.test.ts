// The AI map chat with a model configured (LLM_BASE_URL/LLM_MODEL/LLM_API_KEY). The model is a
// STAND-IN: a fake OpenAI-compatible server started by this test on 127.0.0.1 that streams
// `chat.completion.chunk` events with `tool_calls`, as a real model endpoint (OpenAI, Ollama,
// vLLM…) would. Everything else is real: the app, the database, the packs, the routing engine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureRegions } from '@waymark/regions/ensure';
import type { ToolOutputs } from '@waymark/contracts/ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { readStream, streamText, toolCalls } from './support/ai-stream.ts';

const API_KEY = 'sk-test-secret-key-never-in-the-browser';
const RATE = 4;

interface FakeRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    stream: boolean;
    messages: {
      role: string;
      content?: unknown;
      tool_calls?: { function: { name: string; arguments: string } }[];
      tool_call_id?: string;
    }[];
    tools?: { type: string; function: { name: string; description: string; parameters: { properties?: Record<string, unknown> } } }[];
  };
}

/** What the stand-in model does for the next request(s). */
type Script = (req: FakeRequest) => { status?: number; toolCall?: { name: string; args: unknown }; text?: string };

let script: Script = () => ({ text: 'Hello' });
const requests: FakeRequest[] = [];
let fake: http.Server;
let fakeUrl = '';

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: 'stand-in', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function startFakeModel(): Promise<void> {
  fake = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as FakeRequest['body'];
      const fr = { headers: req.headers, body };
      requests.push(fr);
      const plan = script(fr);
      if (plan.status && plan.status !== 200) {
        res
          .writeHead(plan.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'stand-in model overloaded', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk({ role: 'assistant', content: '' }));
      if (plan.toolCall) {
        const args = JSON.stringify(plan.toolCall.args);
        // the arguments arrive in pieces, as real models stream them
        res.write(
          chunk({ tool_calls: [{ index: 0, id: 'call_fake_1', type: 'function', function: { name: plan.toolCall.name, arguments: '' } }] }),
        );
        for (let i = 0; i < args.length; i += 7)
          res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + 7) } }] }));
        res.write(chunk({}, 'tool_calls'));
      } else {
        for (const word of (plan.text ?? '').split(/(?<= )/)) res.write(chunk({ content: word }));
        res.write(chunk({}, 'stop'));
      }
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) =>
    fake.listen(0, '127.0.0.1', () => {
      fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
      resolve();
    }),
  );
}

/** The usual two steps: the model calls a tool, then answers from the tool's result. */
const toolThenText =
  (name: string, args: unknown, text: (toolResult: unknown) => string): Script =>
  (req) => {
    const last = req.body.messages.at(-1)!;
    if (last.role === 'tool') return { text: text(JSON.parse(String(last.content))) };
    return { toolCall: { name, args } };
  };

let t: TestApp;
let alice: SignedInTestUser;
const chat = (user: SignedInTestUser, body: unknown) => t.json('POST', '/api/ai/chat', body, user.headers);

beforeAll(async () => {
  ensureRegions({ log: () => {} });
  await startFakeModel();
  t = await createTestApp({ LLM_BASE_URL: fakeUrl, LLM_MODEL: 'stand-in-model', LLM_API_KEY: API_KEY, LLM_RATE_PER_MINUTE: String(RATE) });
  alice = await t.signIn();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fake?.close(r));
});
beforeEach(() => {
  requests.length = 0;
});

describe('chat through an OpenAI-compatible model (fake model server on 127.0.0.1)', () => {
  it('status names the model, never the key', async () => {
    const res = await t.app.request('/api/ai/status');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ mode: 'model', model: 'stand-in-model', rateLimitPerMinute: RATE });
    expect(text).not.toContain(API_KEY);
  });

  it('streams the model’s tool call, runs it on the real engine, and streams the model’s answer', async () => {
    script = toolThenText('generate_loop', { start: 'Encamp', distance: 10, unit: 'km' }, (r) => {
      const loops = r as { alternatives: { distanceM: number }[] };
      return `I found ${loops.alternatives.length} loops; the first is ${(loops.alternatives[0]!.distanceM / 1000).toFixed(1)} km.`;
    });
    const res = await chat(alice, {
      message: 'a 10 km loop from Encamp please',
      context: { region: 'andorra', center: [1.5218, 42.5063], zoom: 12 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const body = await res.clone().text();
    const chunks = await readStream(res);

    const calls = toolCalls(chunks);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('generate_loop');
    expect(calls[0]!.input).toEqual({ start: 'Encamp', distance: 10, unit: 'km' });
    const loops = calls[0]!.output as ToolOutputs['generate_loop'];
    expect(loops.alternatives.length).toBeGreaterThan(0);
    expect(loops.alternatives[0]!.coords.length).toBeGreaterThan(20);
    expect(streamText(chunks)).toBe(
      `I found ${loops.alternatives.length} loops; the first is ${(loops.alternatives[0]!.distanceM / 1000).toFixed(1)} km.`,
    );

    // two model requests: the question, then the tool result
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(r.body.model).toBe('stand-in-model');
      expect(r.body.stream).toBe(true);
    }
    const first = requests[0]!.body;
    expect(first.tools!.map((x) => x.function.name).sort()).toEqual([
      'find_nearby',
      'find_place',
      'fly_to',
      'generate_loop',
      'measure_distance',
      'plan_route',
      'show_elevation',
    ]);
    expect(Object.keys(first.tools!.find((x) => x.function.name === 'generate_loop')!.function.parameters.properties!)).toEqual(
      expect.arrayContaining(['start', 'distance', 'unit', 'heading', 'alternatives']),
    );
    expect(first.messages[0]).toMatchObject({ role: 'system' });
    expect(String(first.messages[0]!.content)).toMatch(/centred on 42\.50630, 1\.52180 at zoom 12\.0/);
    expect(first.messages.at(-1)).toMatchObject({ role: 'user', content: 'a 10 km loop from Encamp please' });
    // the model reads the facts of the result, not thousands of coordinates
    const toolMsg = requests[1]!.body.messages.at(-1)!;
    expect(toolMsg.role).toBe('tool');
    const seen = JSON.parse(String(toolMsg.content)) as { alternatives: Record<string, unknown>[] };
    expect(seen.alternatives[0]).toHaveProperty('distanceM');
    expect(seen.alternatives[0]).not.toHaveProperty('coords');

    // the key never reaches the browser
    expect(body).not.toContain(API_KEY);
  });

  it('keeps the model’s turn in the history, and the model sees the history next time', async () => {
    const user = await t.signIn();
    script = toolThenText('fly_to', { place: 'Soldeu' }, () => 'Here is Soldeu.');
    await readStream(await chat(user, { message: 'show me Soldeu' }));
    const { messages } = (await (await t.app.request('/api/ai/messages', { headers: user.headers })).json()) as {
      messages: { role: string; parts: { type: string; text?: string; output?: unknown }[] }[];
    };
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const parts = messages[1]!.parts;
    expect(parts.find((p) => p.type === 'tool-fly_to')!.output).toMatchObject({ place: { name: 'Soldeu' } });
    expect(parts.filter((p) => p.type === 'text').map((p) => p.text)).toEqual(['Here is Soldeu.']);

    requests.length = 0;
    script = () => ({ text: 'You asked about Soldeu.' });
    await readStream(await chat(user, { message: 'what did I ask?' }));
    const sent = requests[0]!.body.messages.map((m) => m.role);
    expect(sent).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
  });

  it('validates the model’s tool arguments like any input: nothing runs, the model hears why', async () => {
    script = (req) =>
      req.body.messages.at(-1)!.role === 'tool'
        ? { text: 'Sorry, that loop is too long.' }
        : { toolCall: { name: 'generate_loop', args: { start: 'Encamp', distance: 5000, unit: 'parsecs' } } };
    const chunks = await readStream(await chat(alice, { message: 'a very long loop' }));
    const [call] = toolCalls(chunks);
    expect(call!.name).toBe('generate_loop');
    expect(call!.output).toBeUndefined();
    expect(call!.error).toMatch(/Invalid input|distance|unit/i);
    // the second request tells the model the call failed
    expect(String(requests[1]!.body.messages.at(-1)!.content)).toMatch(/invalid|error/i);
    expect(streamText(chunks)).toBe('Sorry, that loop is too long.');
  });

  it('a tool the model invents is refused, not run', async () => {
    script = (req) => (req.body.messages.at(-1)!.role === 'tool' ? { text: 'ok' } : { toolCall: { name: 'delete_all_routes', args: {} } });
    const chunks = await readStream(await chat(alice, { message: 'delete everything' }));
    const [call] = toolCalls(chunks);
    expect(call!.name).toBe('delete_all_routes');
    expect(call!.output).toBeUndefined();
    expect(call!.error).toMatch(/delete_all_routes/);
  });

  it('a failing model endpoint ends the stream with a clear error, not a 500 or a hang', async () => {
    script = () => ({ status: 503 });
    const res = await chat(alice, { message: 'fly to Encamp' });
    expect(res.status).toBe(200);
    const chunks = await readStream(res);
    const err = chunks.find((c) => c.type === 'error');
    expect(err?.errorText).toMatch(/^The model endpoint failed: .*503|overloaded/);
    expect(JSON.stringify(chunks)).not.toContain(API_KEY);
  });

  it(`rate-limits each user to ${RATE} chat requests a minute (429 with Retry-After), others unaffected`, async () => {
    script = () => ({ text: 'ok' });
    const eve = await t.signIn();
    for (let i = 0; i < RATE; i++) {
      const res = await chat(eve, { message: `hello ${i}` });
      expect(res.status, `request ${i + 1}`).toBe(200);
      await res.text();
    }
    const before = requests.length;
    const limited = await chat(eve, { message: 'one more' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // the refused request never reached the model
    expect(requests.length).toBe(before);
    const other = await t.signIn();
    const ok = await chat(other, { message: 'hello' });
    expect(ok.status).toBe(200);
    await ok.text();
  });

  it(`lets exactly ${RATE} of ${RATE * 2} parallel chat requests of one user through (the count is taken under a lock)`, async () => {
    script = () => ({ text: 'ok' });
    const mallory = await t.signIn();
    const answers = await Promise.all(Array.from({ length: RATE * 2 }, (_, i) => chat(mallory, { message: `burst ${i}` })));
    await Promise.all(answers.map((r) => r.text()));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(RATE).fill(200), ...Array<number>(RATE).fill(429)]);
  });
});
