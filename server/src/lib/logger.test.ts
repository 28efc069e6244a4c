import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cachedIsoTime, createLogger, jsonString, LineBatch, requestLogger } from './logger.ts';

describe('jsonString', () => {
  it('is JSON.stringify for every string', () => {
    for (const s of [
      '',
      'GET',
      '/api/regions',
      '3f2a9c1e-7b4d',
      'a"b',
      'a\\b',
      'tab\there',
      '\u0000',
      '\u007f',
      'é',
      '\ud800',
      '😀',
      '\u2028',
    ])
      expect(jsonString(s)).toBe(JSON.stringify(s));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => jsonString(s) === JSON.stringify(s)));
  });
});

describe('cachedIsoTime', () => {
  it("writes pino's isoTime fragment, formatted again only when the millisecond changes", () => {
    let now = Date.UTC(2026, 10, 24, 23, 0, 0, 5);
    const time = cachedIsoTime(() => now);
    expect(time()).toBe(',"time":"2026-11-24T23:00:00.005Z"');
    const first = time();
    expect(time()).toBe(first); // the same millisecond: the same string
    now += 1;
    expect(time()).toBe(',"time":"2026-11-24T23:00:00.006Z"');
    // the same format as pino's own isoTime, so log readers see no difference
    expect(cachedIsoTime()()).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
    expect(pino.stdTimeFunctions.isoTime()).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
  });
});

describe('requestLogger', () => {
  it("writes exactly pino's line for log.info(entry, 'request'), in order with the other lines, and honours the level", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-log-'));
    try {
      const file = path.join(dir, 'log.ndjson');
      const log = createLogger('info', file);
      const logRequest = requestLogger(log);
      const entries = [
        { reqId: 'a-1', method: 'GET', path: '/api/regions', status: 200, ms: 0.4 },
        { reqId: 'b_2.x', method: 'POST', path: '/api/x/"quoted"\\back\u2028é/😀', status: 404, ms: 12 },
      ];
      for (const e of entries) {
        logRequest(e);
        log.info(e, 'request');
      }
      log.warn({ n: 1 }, 'between');
      log.level = 'warn';
      logRequest(entries[0]!); // below the level: nothing
      log.level = 'info';
      logRequest(entries[1]!);
      await new Promise<void>((resolve, reject) => log.flush((err) => (err ? reject(err) : resolve())));
      const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(lines).toHaveLength(6);
      const noTime = (l: string) => l.replace(/,"time":"[^"]+"/, '');
      expect(noTime(lines[0]!)).toBe(noTime(lines[1]!));
      expect(noTime(lines[2]!)).toBe(noTime(lines[3]!));
      expect(JSON.parse(lines[2]!)).toMatchObject({ level: 30, service: 'waymark', msg: 'request', ...entries[1] });
      expect(JSON.parse(lines[4]!)).toMatchObject({ level: 40, msg: 'between' });
      expect(noTime(lines[5]!)).toBe(noTime(lines[3]!));
      for (const l of lines) expect(l).toMatch(/^\{"level":\d+,"time":"\d{4}-\d\d-\d\dT[\d:.]+Z",/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('goes through pino for a logger it did not make', () => {
    const lines: string[] = [];
    const log = pino({ base: null, timestamp: false }, { write: (s: string) => lines.push(s) });
    requestLogger(log)({ reqId: 'r', method: 'GET', path: '/', status: 200, ms: 1 });
    expect(JSON.parse(lines[0]!)).toEqual({ level: 30, reqId: 'r', method: 'GET', path: '/', status: 200, ms: 1, msg: 'request' });
  });
});

describe('LineBatch', () => {
  const sink = () => {
    const writes: string[] = [];
    let synced = 0;
    return {
      writes,
      synced: () => synced,
      write: (s: string) => writes.push(s) > 0,
      flush: (cb?: (err?: Error) => void) => cb?.(),
      flushSync: () => {
        synced++;
      },
    };
  };

  it('hands lines on one batch at a time, in order, when the batch is full, after a while, or when flushed', async () => {
    const s = sink();
    const batch = new LineBatch(s, 30, 20);
    batch.write('0123456789\n');
    batch.write('abcdefghij\n');
    expect(s.writes).toEqual([]); // 22 < 30: gathered
    batch.write('ABCDEFGHIJ\n');
    expect(s.writes).toEqual(['0123456789\nabcdefghij\nABCDEFGHIJ\n']); // one write for the batch
    batch.write('late\n');
    await new Promise((r) => setTimeout(r, 60));
    expect(s.writes).toEqual(['0123456789\nabcdefghij\nABCDEFGHIJ\n', 'late\n']); // the timer handed it on
    batch.write('at exit\n');
    batch.flushSync();
    expect(s.writes.at(-1)).toBe('at exit\n');
    expect(s.synced()).toBe(1);
    batch.flushSync(); // nothing gathered: no empty write
    expect(s.writes).toHaveLength(3);
  });

  it("writes a logger's lines to its file on flushSync, as the exit hook does", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-log-'));
    try {
      const file = path.join(dir, 'log.ndjson');
      fs.writeFileSync(file, '');
      const fd = fs.openSync(file, 'a');
      const log = createLogger('info', fd as unknown as number);
      requestLogger(log)({ reqId: 'x', method: 'GET', path: '/api/health', status: 200, ms: 0.1 });
      log.info('second');
      expect(fs.readFileSync(file, 'utf8')).toBe(''); // still gathered
      ((log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as LineBatch).flushSync();
      const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['request', 'second']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
