// streamToFile: a body over the limit or a failing body leaves no file behind — also when the limit
// is passed while libuv's thread pool (four threads) is busy, so that the file's open waits behind
// other work while the body streams in from memory.
import { pbkdf2 } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { streamToFile } from './index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-stream-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('streamToFile', () => {
  it('leaves no file behind when the limit is passed while the thread pool is busy', async () => {
    for (let i = 0; i < 10; i++) {
      // keep the pool's four threads busy for a while, so the file's open waits behind them
      const busy = Array.from({ length: 4 }, () => new Promise((resolve) => pbkdf2('x', 'y', 20_000, 32, 'sha256', resolve)));
      const file = path.join(dir, `big-${i}`);
      const r = await streamToFile(Readable.from([Buffer.alloc(8, 1), Buffer.alloc(64, 1)]), file, 16);
      expect(r).toEqual({ tooLarge: true });
      await Promise.all(busy);
    }
    await sleep(50);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('leaves no file behind when the body fails, and writes a body within the limit whole', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(streamToFile(failing, path.join(dir, 'failed'), 1024)).rejects.toThrow('connection reset');
    const ok = path.join(dir, 'ok');
    expect(await streamToFile(Readable.from([Buffer.from('hello '), Buffer.from('world')]), ok, 1024)).toEqual({ size: 11 });
    expect(fs.readFileSync(ok, 'utf8')).toBe('hello world');
    fs.rmSync(ok);
    await sleep(50);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
