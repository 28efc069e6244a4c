import { describe, expect, it } from 'vitest';
import { applyChunk, fromStored, splitEvents, type ChatMessage } from './chat-stream';

const empty: ChatMessage = { id: 'x', role: 'assistant', parts: [] };

describe('chat stream', () => {
  it('splits SSE text into complete events, keeping the unfinished rest', () => {
    const { events, rest } = splitEvents('data: {"type":"start"}\n\ndata: {"type":"text-delta","delta":"Hi"}\n\ndata: {"type":"te');
    expect(events).toEqual(['{"type":"start"}', '{"type":"text-delta","delta":"Hi"}']);
    expect(rest).toBe('data: {"type":"te');
    expect(splitEvents('data: [DONE]\n\n').events).toEqual([]);
  });

  it('folds chunks into text and tool parts', () => {
    let m = applyChunk(empty, { type: 'start', messageId: 'm1' });
    m = applyChunk(m, {
      type: 'tool-input-available',
      toolCallId: 'c1',
      toolName: 'generate_loop',
      input: { start: 'Encamp', distance: 10 },
    });
    expect(m.parts).toEqual([
      { type: 'tool', id: 'c1', name: 'generate_loop', input: { start: 'Encamp', distance: 10 }, state: 'running' },
    ]);
    m = applyChunk(m, { type: 'tool-output-available', toolCallId: 'c1', output: { alternatives: [] } });
    m = applyChunk(m, { type: 'text-start', id: 't' });
    m = applyChunk(m, { type: 'text-delta', id: 't', delta: 'Three ' });
    m = applyChunk(m, { type: 'text-delta', id: 't', delta: 'loops.' });
    expect(m.id).toBe('m1');
    expect(m.parts[0]).toMatchObject({ state: 'done', output: { alternatives: [] } });
    expect(m.parts[1]).toEqual({ type: 'text', text: 'Three loops.' });
  });

  it('marks failures: a result with an error, an invalid call, a broken stream', () => {
    let m = applyChunk(empty, { type: 'tool-input-available', toolCallId: 'c1', toolName: 'plan_route', input: {} });
    m = applyChunk(m, { type: 'tool-output-available', toolCallId: 'c1', output: { error: 'No place called X' } });
    expect(m.parts[0]).toMatchObject({ state: 'error', errorText: 'No place called X' });
    m = applyChunk(m, {
      type: 'tool-input-error',
      toolCallId: 'c2',
      toolName: 'generate_loop',
      input: { distance: 500 },
      errorText: 'Invalid input',
    });
    expect(m.parts[1]).toMatchObject({ state: 'error', errorText: 'Invalid input' });
    m = applyChunk(m, { type: 'error', errorText: 'The model endpoint failed: HTTP 503' });
    expect(m.error).toBe('The model endpoint failed: HTTP 503');
  });

  it('reads stored messages (tool-<name> parts) in the same shape', () => {
    const m = fromStored({
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'tool-fly_to',
          toolCallId: 'c',
          state: 'output-available',
          input: { place: 'Soldeu' },
          output: { place: { name: 'Soldeu' }, zoom: 14 },
        },
        { type: 'tool-find_place', toolCallId: 'd', state: 'output-available', input: { query: 'Nowhere' }, output: { error: 'none' } },
        { type: 'text', text: 'Flying to Soldeu.' },
      ],
    });
    expect(m.parts).toEqual([
      { type: 'tool', id: 'c', name: 'fly_to', input: { place: 'Soldeu' }, state: 'done', output: { place: { name: 'Soldeu' }, zoom: 14 } },
      {
        type: 'tool',
        id: 'd',
        name: 'find_place',
        input: { query: 'Nowhere' },
        state: 'error',
        output: { error: 'none' },
        errorText: 'none',
      },
      { type: 'text', text: 'Flying to Soldeu.' },
    ]);
  });
});
