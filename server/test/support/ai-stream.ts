// Reading the AI chat's UI message stream (SSE) in tests.

export interface StreamChunk {
  type: string;
  [key: string]: unknown;
}

/** Every `data:` event of an SSE body, parsed (the closing `[DONE]` is dropped). */
export async function readStream(res: Response): Promise<StreamChunk[]> {
  const text = await res.text();
  const out: StreamChunk[] = [];
  for (const block of text.split(/\n\n/)) {
    for (const line of block.split('\n')) {
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]' || data === '') continue;
      out.push(JSON.parse(data) as StreamChunk);
    }
  }
  return out;
}

/** The answer's text (all text deltas joined). */
export const streamText = (chunks: StreamChunk[]) =>
  chunks
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta as string)
    .join('');

/** Tool calls of a stream: name, input and output (or error text), in order. */
export function toolCalls(chunks: StreamChunk[]) {
  const calls = new Map<string, { name: string; input?: unknown; output?: unknown; error?: string }>();
  for (const c of chunks) {
    const id = c.toolCallId as string | undefined;
    if (!id) continue;
    const call = calls.get(id) ?? { name: (c.toolName as string) ?? '' };
    if (c.toolName) call.name = c.toolName as string;
    if (c.type === 'tool-input-available' || c.type === 'tool-input-error') call.input = c.input;
    if (c.type === 'tool-output-available') call.output = c.output;
    if (c.type === 'tool-output-error' || c.type === 'tool-input-error') call.error = c.errorText as string;
    calls.set(id, call);
  }
  return [...calls.values()];
}
