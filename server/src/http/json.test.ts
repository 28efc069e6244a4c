import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedCopy, jsonBytes } from './json.ts';

describe('compressedCopy', () => {
  it('compresses a kept body once per encoding and gives the same bytes back afterwards', () => {
    const bytes = jsonBytes(JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Task ${i}` })) }));
    const gzip = compressedCopy(bytes, 'gzip');
    expect(zlib.gunzipSync(gzip).equals(Buffer.from(bytes))).toBe(true);
    expect(compressedCopy(bytes, 'gzip')).toBe(gzip); // kept, not compressed again
    const br = compressedCopy(bytes, 'br');
    expect(zlib.brotliDecompressSync(br).equals(Buffer.from(bytes))).toBe(true);
    expect(compressedCopy(bytes, 'br')).toBe(br);
    // another body with the same content is another entry (kept by identity, never by content)
    expect(compressedCopy(jsonBytes(new TextDecoder().decode(bytes)), 'gzip')).not.toBe(gzip);
  });
});
