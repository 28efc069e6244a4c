// One chat turn, streamed to the browser as the AI SDK's UI message stream (SSE): either an
// OpenAI-compatible model (LLM_BASE_URL/LLM_MODEL) driving the tools through `streamText`, or the
// built-in intent engine emitting the same tool calls. Both run the tools through one executor
// and produce the same message parts (text, `tool-<name>` with input and output), which the page
// draws and the history keeps.
import { randomUUID } from 'node:crypto';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { summarize, understand } from '@waymark/assistant';
import { TOOL_DESCRIPTIONS, TOOL_NAMES, toolArgs, type DistanceUnit, type ToolName, type ToolOutputs } from '@waymark/contracts/ai';
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  stepCountIs,
  streamText,
  tool,
  type ToolSet,
  type UIMessage,
} from 'ai';
import type { Logger } from '../lib/logger.ts';
import type { RouteLine, ToolExecutor, ToolResult, ToolRunContext } from './tools.ts';

/** Messages of history the model sees (the page shows all the stored ones). */
export const MODEL_HISTORY = 20;
export const MAX_STEPS = 6;
export const MODEL_TIMEOUT_MS = 120_000;

export const SSE_HEADERS = { 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' };

export interface TurnInput {
  userMessage: UIMessage;
  history: UIMessage[];
  ctx: ToolRunContext;
  unit: DistanceUnit;
  signal: AbortSignal;
  onFinish(messages: UIMessage[]): Promise<void>;
}

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

/** The last route or loop line among the messages' tool results (newest first). */
export function lastRouteIn(messages: UIMessage[]): RouteLine | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const parts = messages[i]!.parts;
    for (let j = parts.length - 1; j >= 0; j--) {
      const p = parts[j] as { type: string; state?: string; output?: unknown };
      if (p.state !== 'output-available' || !p.output || typeof p.output !== 'object' || 'error' in p.output) continue;
      if (p.type === 'tool-plan_route') return (p.output as ToolOutputs['plan_route']).coords;
      if (p.type === 'tool-generate_loop') {
        const alt = (p.output as ToolOutputs['generate_loop']).alternatives[0];
        if (alt) return alt.coords;
      }
    }
  }
  return undefined;
}

/** Keep the route of a result for a later show_elevation in the same turn. */
function remember(ctx: ToolRunContext, name: ToolName, result: ToolResult) {
  if ('error' in result) return;
  if (name === 'plan_route') ctx.lastRoute = (result as ToolOutputs['plan_route']).coords;
  if (name === 'generate_loop') ctx.lastRoute = (result as ToolOutputs['generate_loop']).alternatives[0]?.coords ?? ctx.lastRoute;
}

/** What the model reads of a result: no coordinate lists (the page has them), the facts only. */
export function forModel(name: ToolName, result: ToolResult): unknown {
  if ('error' in result) return result;
  switch (name) {
    case 'plan_route': {
      const { coords: _c, ...rest } = result as ToolOutputs['plan_route'];
      return { ...rest, points: _c.length };
    }
    case 'generate_loop': {
      const r = result as ToolOutputs['generate_loop'];
      return { ...r, alternatives: r.alternatives.map(({ coords: _c, ...a }) => a) };
    }
    case 'show_elevation': {
      const { profile: _p, ...rest } = result as ToolOutputs['show_elevation'];
      return rest;
    }
    default:
      return result;
  }
}

function buildTools(executor: ToolExecutor, ctx: ToolRunContext): ToolSet {
  const tools: ToolSet = {};
  for (const name of TOOL_NAMES) {
    tools[name] = tool({
      description: TOOL_DESCRIPTIONS[name],
      inputSchema: toolArgs[name],
      execute: async (args: unknown) => {
        const result = await executor.run(name, args, ctx);
        remember(ctx, name, result);
        return result;
      },
      toModelOutput: ({ output }) => ({ type: 'json', value: forModel(name, output as ToolResult) as never }),
    });
  }
  return tools;
}

function systemPrompt(ctx: ToolRunContext, unit: DistanceUnit): string {
  const where = ctx.center
    ? `The map is centred on ${ctx.center[1].toFixed(5)}, ${ctx.center[0].toFixed(5)}${ctx.zoom !== undefined ? ` at zoom ${ctx.zoom.toFixed(1)}` : ''}.`
    : '';
  return [
    'You are the map assistant of Waymark, a running route planner. You act only through the tools: find a place, fly there, plan a route on foot, generate a loop of a given length, show the elevation of the current route, find water/toilets/peaks/cafés/restaurants/shelters/parking/viewpoints nearby, and measure a distance.',
    'Use a tool whenever the user asks for something on the map; the page draws every tool result. Use the word "here" for the current map position. Never invent places, distances or elevations: report what the tools return, briefly.',
    'If the user asks for something no tool can do (weather, bookings, transport, driving or cycling routes), say clearly that you cannot do it.',
    `Answer in English, in ${unit === 'mi' ? 'miles and feet' : 'kilometres and metres'}. The routable regions are the bundled region packs (Andorra, Monaco).`,
    where,
  ]
    .filter(Boolean)
    .join('\n');
}

/** A model turn: streamText over the history with our tools; the key stays in this process. */
export async function modelTurn(settings: LlmSettings, executor: ToolExecutor, input: TurnInput, log: Logger): Promise<Response> {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl.replace(/\/+$/, ''),
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
  });
  const tools = buildTools(executor, input.ctx);
  const history = input.history.slice(-MODEL_HISTORY);
  const messages = await convertToModelMessages([...history, input.userMessage], { tools, ignoreIncompleteToolCalls: true });
  const result = streamText({
    model: provider.chatModel(settings.model),
    system: systemPrompt(input.ctx, input.unit),
    messages,
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxRetries: 0,
    abortSignal: AbortSignal.any([input.signal, AbortSignal.timeout(MODEL_TIMEOUT_MS)]),
    onError: ({ error }) => log.warn({ err: describeError(error) }, 'ai: model stream failed'),
  });
  return result.toUIMessageStreamResponse({
    headers: SSE_HEADERS,
    originalMessages: [...input.history, input.userMessage],
    generateMessageId: randomUUID,
    onError: (error) => `The model endpoint failed: ${describeError(error)}`,
    onFinish: async ({ responseMessage }) => {
      await input.onFinish(responseMessage.parts.length ? [input.userMessage, responseMessage] : [input.userMessage]);
    },
  });
}

/** A turn of the built-in intent engine: the same tool parts, then one sentence per result. */
export function intentTurn(executor: ToolExecutor, input: TurnInput): Response {
  const text = input.userMessage.parts.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
  const intent = understand(text, { unit: input.unit, ...(input.ctx.zoom !== undefined ? { zoom: input.ctx.zoom } : {}) });
  const stream = createUIMessageStream({
    originalMessages: [...input.history, input.userMessage],
    generateId: randomUUID,
    execute: async ({ writer }) => {
      const sentences: string[] = [];
      writer.write({ type: 'start' });
      writer.write({ type: 'start-step' });
      for (const call of intent.calls) {
        if (input.signal.aborted) return;
        const toolCallId = `call_${randomUUID()}`;
        writer.write({ type: 'tool-input-available', toolCallId, toolName: call.name, input: call.args });
        const result = await executor.run(call.name, call.args, input.ctx);
        remember(input.ctx, call.name, result);
        writer.write({ type: 'tool-output-available', toolCallId, output: result });
        sentences.push(summarize(call.name, result as never, unitOf(call.args, input.unit)));
      }
      if (intent.reply) sentences.push(intent.reply);
      const id = randomUUID();
      writer.write({ type: 'text-start', id });
      writer.write({ type: 'text-delta', id, delta: sentences.join(' ') });
      writer.write({ type: 'text-end', id });
      writer.write({ type: 'finish-step' });
      writer.write({ type: 'finish', finishReason: 'stop' });
    },
    onError: (error) => `The assistant failed: ${describeError(error)}`,
    onFinish: async ({ responseMessage }) => {
      await input.onFinish([input.userMessage, responseMessage]);
    },
  });
  return createUIMessageStreamResponse({ stream, headers: SSE_HEADERS });
}

const unitOf = (args: unknown, fallback: DistanceUnit): DistanceUnit => {
  const u = (args as { unit?: unknown }).unit;
  return u === 'mi' || u === 'km' ? u : fallback;
};

function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { message?: string; statusCode?: number; cause?: { message?: string } };
    const msg = e.message ?? String(error);
    return `${e.statusCode ? `HTTP ${e.statusCode}: ` : ''}${msg}`.slice(0, 300);
  }
  return String(error).slice(0, 300);
}
