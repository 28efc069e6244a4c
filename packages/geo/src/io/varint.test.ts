import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VarintError, VarintReader, VarintWriter } from './varint.ts';

describe('varints', () => {
  it('round-trips unsigned and zigzag integers up to 2^53', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -300, max: 300 }),
            fc.maxSafeInteger().map((v) => Math.floor(v / 2)),
            fc.integer(),
          ),
        ),
        (vals) => {
          const w = new VarintWriter(4);
          for (const v of vals) w.int(v);
          for (const v of vals) w.uint(Math.abs(v));
          const r = new VarintReader(w.bytes());
          expect(vals.map(() => r.int())).toEqual(vals);
          expect(vals.map(() => r.uint())).toEqual(vals.map((v) => Math.abs(v)));
          expect(r.pos).toBe(w.length);
        },
      ),
    );
  });
  it('small values take one byte', () => {
    const w = new VarintWriter();
    w.int(-64);
    w.int(63);
    w.uint(127);
    expect(w.length).toBe(3);
  });
  it('refuses a truncated or overlong stream', () => {
    expect(() => new VarintReader(Uint8Array.of(0x80)).uint()).toThrow(VarintError);
    expect(() => new VarintReader(new Uint8Array(10).fill(0xff)).uint()).toThrow(/malformed/);
    expect(() => new VarintReader(Uint8Array.of(1, 2), 0, 1).uint() + new VarintReader(Uint8Array.of(1), 1).uint()).toThrow(/end/);
  });
});
