// The chat's wire protocol on the page: the server answers POST /api/ai/chat with the AI SDK's UI
// message stream (SSE `data:` events). We fold its chunks into one assistant message ourselves (a
// few dozen lines instead of the SDK's client), and read stored messages in the same shape.
import type { ChatContext, ToolName } from '@waymark/contracts/ai';
import { csrfToken, refreshCsrfToken } from '@/lib/api-client';

export interface TextPart {
  type: 'text';
  text: string;
}
export interface ToolPart {
  type: 'tool';
  id: string;
  name: ToolName | string;
  input: unknown;
  state: 'running' | 'done' | 'error';
  output?: unknown;
  errorText?: string;
}
export type ChatPart = TextPart | ToolPart;

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: ChatPart[];
  /** the stream ended with an error (model endpoint down…) */
  error?: string;
  pending?: boolean;
}

interface Chunk {
  type: string;
  [k: string]: unknown;
}

/** Apply one stream chunk to the assistant message being built (returns a new object). */
export function applyChunk(msg: ChatMessage, c: Chunk): ChatMessage {
  const parts = [...msg.parts];
  const tool = (id: unknown) => parts.findIndex((p) => p.type === 'tool' && p.id === id);
  switch (c.type) {
    case 'start':
      return typeof c.messageId === 'string' ? { ...msg, id: c.messageId } : msg;
    case 'text-start':
      parts.push({ type: 'text', text: '' });
      break;
    case 'text-delta': {
      const last = parts[parts.length - 1];
      if (last?.type === 'text') parts[parts.length - 1] = { ...last, text: last.text + String(c.delta ?? '') };
      else parts.push({ type: 'text', text: String(c.delta ?? '') });
      break;
    }
    case 'tool-input-start':
    case 'tool-input-available':
    case 'tool-input-error': {
      const i = tool(c.toolCallId);
      const part: ToolPart = {
        type: 'tool',
        id: String(c.toolCallId),
        name: String(c.toolName),
        input: c.input,
        state: c.type === 'tool-input-error' ? 'error' : 'running',
        ...(c.type === 'tool-input-error' ? { errorText: String(c.errorText ?? 'Invalid tool call') } : {}),
      };
      if (i >= 0) parts[i] = { ...(parts[i] as ToolPart), ...part };
      else parts.push(part);
      break;
    }
    case 'tool-output-available':
    case 'tool-output-error': {
      const i = tool(c.toolCallId);
      if (i < 0) break;
      const prev = parts[i] as ToolPart;
      const output = c.output as { error?: string } | undefined;
      if (c.type === 'tool-output-error') parts[i] = { ...prev, state: 'error', errorText: String(c.errorText ?? 'The tool failed') };
      else if (output && typeof output === 'object' && typeof output.error === 'string')
        parts[i] = { ...prev, state: 'error', errorText: output.error, output };
      else parts[i] = { ...prev, state: 'done', output: c.output };
      break;
    }
    case 'error':
      return { ...msg, parts, error: String(c.errorText ?? 'The assistant failed') };
    default:
      return msg;
  }
  return { ...msg, parts };
}

/** A stored UI message (GET /api/ai/messages) in the page's shape. */
export function fromStored(m: { id: string; role: string; parts: { type: string; [k: string]: unknown }[] }): ChatMessage {
  const parts: ChatPart[] = [];
  for (const p of m.parts) {
    if (p.type === 'text') parts.push({ type: 'text', text: String(p.text ?? '') });
    else if (p.type.startsWith('tool-')) {
      const output = p.output as { error?: string } | undefined;
      const failed = p.state === 'output-error' || p.state === 'input-error' || (output && typeof output.error === 'string');
      parts.push({
        type: 'tool',
        id: String(p.toolCallId),
        name: p.type.slice(5),
        input: p.input,
        state: failed ? 'error' : p.state === 'output-available' ? 'done' : 'running',
        ...(output !== undefined ? { output } : {}),
        ...(failed ? { errorText: String(output?.error ?? p.errorText ?? 'The tool failed') } : {}),
      });
    }
  }
  return { id: m.id, role: m.role === 'user' ? 'user' : 'assistant', parts };
}

export class ChatHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Split an SSE text buffer into complete `data:` payloads and the unfinished rest. */
export function splitEvents(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events: string[] = [];
  for (const b of blocks) {
    const data = b
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data && data !== '[DONE]') events.push(data);
  }
  return { events, rest };
}

/**
 * Send one message; `onUpdate` gets the assistant message as it grows. Resolves with the final
 * message; rejects with ChatHttpError for 4xx/5xx answers (401, 429 with its message…).
 */
export async function sendChat(
  body: { message: string; context: ChatContext },
  onUpdate: (m: ChatMessage) => void,
  signal?: AbortSignal,
): Promise<ChatMessage> {
  const post = () =>
    fetch('/api/ai/chat', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...(csrfToken() ? { 'X-CSRF-Token': csrfToken()! } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  let res = await post();
  if (
    res.status === 403 &&
    (
      await res
        .clone()
        .json()
        .catch(() => null)
    )?.error?.code === 'csrf_token_invalid' &&
    (await refreshCsrfToken('/api/ai/chat'))
  ) {
    res = await post();
  }
  if (!res.ok || !res.body) {
    const err = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ChatHttpError(res.status, err?.error?.code ?? 'http_error', err?.error?.message ?? `The chat failed (HTTP ${res.status})`);
  }
  let msg: ChatMessage = { id: `pending-${Date.now()}`, role: 'assistant', parts: [], pending: true };
  onUpdate(msg);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const { events, rest } = splitEvents(buffer);
    buffer = rest;
    for (const e of events) {
      try {
        msg = applyChunk(msg, JSON.parse(e) as Chunk);
      } catch {
        // a malformed event is skipped, the rest of the answer still arrives
      }
    }
    if (events.length) onUpdate(msg);
  }
  msg = { ...msg, pending: false };
  onUpdate(msg);
  return msg;
}
