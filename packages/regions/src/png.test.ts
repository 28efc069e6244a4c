import { decode, encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { encodeRgbPng } from './png.ts';
import { terrariumDecode, terrariumEncode } from './terrain.ts';

function image(w: number, h: number, f: (x: number, y: number, c: number) => number) {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) rgb[(y * w + x) * 3 + c] = f(x, y, c) & 255;
  return rgb;
}

describe('encodeRgbPng', () => {
  it('round-trips through an independent decoder (fast-png), for noise, gradients and edges', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 255;
    const cases = [
      image(1, 1, () => 200),
      image(17, 5, () => rnd()),
      image(64, 48, (x, y, c) => x * 3 + y * 2 + c),
      image(33, 40, (x, y) => (x > 15 ? 255 : 0) ^ (y % 7)),
    ];
    for (const rgb of cases) {
      const w = [1, 17, 64, 33][cases.indexOf(rgb)]!;
      const h = rgb.length / 3 / w;
      const png = decode(encodeRgbPng(rgb, w, h));
      expect([png.width, png.height, png.channels, png.depth]).toEqual([w, h, 3, 8]);
      expect(Array.from(png.data)).toEqual(Array.from(rgb));
    }
  });

  it('is much smaller than unfiltered rows on a smooth Terrarium surface', () => {
    const size = 256;
    const rgb = new Uint8Array(size * size * 3);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const e = 1500 + 400 * Math.sin(x / 40) * Math.cos(y / 55) + x * 0.7;
        terrariumEncode(Math.round(e * 10) / 10, rgb, (y * size + x) * 3);
      }
    const ours = encodeRgbPng(rgb, size, size);
    const plain = encode({ width: size, height: size, data: rgb, channels: 3, depth: 8 });
    expect(ours.length).toBeLessThan(plain.length * 0.75);
    const back = decode(ours).data;
    expect(terrariumDecode(back[0]!, back[1]!, back[2]!)).toBeCloseTo(1500, 0);
  });

  it('rejects a buffer that does not match the size', () => {
    expect(() => encodeRgbPng(new Uint8Array(10), 2, 2)).toThrow(/expected 12 bytes/);
    expect(() => encodeRgbPng(new Uint8Array(0), 0, 0)).toThrow();
  });
});
