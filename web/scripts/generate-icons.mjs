// Rasterises Waymark's mark (the same drawing as public/favicon.svg: a dark rounded square, a
// white route line over two peaks and a green start point) into the PNG icons of the web
// manifest, the Apple touch icon and the social card. Run: node web/scripts/generate-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { encode } from 'fast-png';

const OUT = path.resolve(import.meta.dirname, '../public');
const BG = [0x18, 0x18, 0x1b];
const FG = [0xfa, 0xfa, 0xfa];
const GREEN = [0x22, 0xc5, 0x5e];
const ROUTE = [
  [18, 46],
  [28, 20],
  [36, 36],
  [42, 26],
  [48, 46],
]; // in the 64-unit favicon space

function segDist(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Shape coverage at a point of the 64-unit space: which colour is on top there, or null. */
function sample(x, y, { rounded }) {
  // background square (optionally with rounded corners of radius 14)
  let inside = x >= 0 && y >= 0 && x <= 64 && y <= 64;
  if (inside && rounded) {
    const r = 14,
      cx = Math.min(Math.max(x, r), 64 - r),
      cy = Math.min(Math.max(y, r), 64 - r);
    inside = Math.hypot(x - cx, y - cy) <= r;
  }
  if (!inside) return null;
  if (Math.hypot(x - 28, y - 20) <= 4) return GREEN;
  for (let i = 0; i < ROUTE.length - 1; i++) if (segDist(x, y, ROUTE[i], ROUTE[i + 1]) <= 2.5) return FG;
  return BG;
}

/**
 * Render a width×height image: the 64-unit mark is scaled by `scale` and centred; pixels outside
 * the mark get `fill` (null = transparent). 4×4 supersampling for smooth edges.
 */
function render(width, height, { scale, rounded, fill = null }) {
  const data = new Uint8Array(width * height * 4);
  const ox = (width - 64 * scale) / 2,
    oy = (height - 64 * scale) / 2;
  const N = 4;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < N; sy++) {
        for (let sx = 0; sx < N; sx++) {
          const x = (px + (sx + 0.5) / N - ox) / scale,
            y = (py + (sy + 0.5) / N - oy) / scale;
          const c = sample(x, y, { rounded }) ?? fill;
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 255;
          }
        }
      }
      const n = N * N,
        i = (py * width + px) * 4,
        cov = a / 255;
      data[i] = cov ? Math.round(r / cov) : 0;
      data[i + 1] = cov ? Math.round(g / cov) : 0;
      data[i + 2] = cov ? Math.round(b / cov) : 0;
      data[i + 3] = Math.round(a / n);
    }
  }
  return encode({ width, height, data, channels: 4, depth: 8 });
}

const write = (name, png) => {
  fs.mkdirSync(path.dirname(path.join(OUT, name)), { recursive: true });
  fs.writeFileSync(path.join(OUT, name), png);
  console.log(`${name}: ${png.length} bytes`);
};

write('icons/icon-192.png', render(192, 192, { scale: 3, rounded: true }));
write('icons/icon-512.png', render(512, 512, { scale: 8, rounded: true }));
// Maskable: full-bleed background, the mark inside the 80 % safe zone.
write('icons/maskable-512.png', render(512, 512, { scale: 6, rounded: false, fill: BG }));
write('icons/apple-touch-icon.png', render(180, 180, { scale: 180 / 64, rounded: false, fill: BG }));
// Social card 1200×630: the mark centred on the same dark background.
write('og-image.png', render(1200, 630, { scale: 6, rounded: true, fill: [0x09, 0x09, 0x0b] }));
