import { describe, expect, it } from 'vitest';
import { framePadding } from './frame';

const map = { left: 0, top: 0, right: 1280, bottom: 800 };

describe('framePadding', () => {
  it('frames the whole map with a margin when nothing covers it', () => {
    expect(framePadding(map, [], 40)).toEqual({ top: 40, right: 40, bottom: 40, left: 40 });
  });

  it('keeps the route clear of the desktop header (top-left) and stats panel (right)', () => {
    const header = { left: 12, top: 12, right: 452, bottom: 170 };
    const aside = { left: 840, top: 12, right: 1224, bottom: 540 };
    const p = framePadding(map, [header, aside], 20);
    // the header is pushed from the top (a short, wide panel), the stats panel from the right
    expect(p).toEqual({ top: 190, right: 460, bottom: 20, left: 20 });
  });

  it('uses the area between a phone header and bottom sheet', () => {
    const phone = { left: 0, top: 0, right: 390, bottom: 844 };
    const header = { left: 8, top: 8, right: 382, bottom: 165 };
    const sheet = { left: 0, top: 800, right: 390, bottom: 844 };
    expect(framePadding(phone, [header, sheet], 30)).toEqual({ top: 195, right: 30, bottom: 74, left: 30 });
  });

  it('mirrors in right-to-left layouts and ignores panels off the map', () => {
    const header = { left: 828, top: 12, right: 1268, bottom: 170 };
    const aside = { left: 56, top: 12, right: 440, bottom: 540 };
    const offscreen = { left: 2000, top: 0, right: 2100, bottom: 100 };
    expect(framePadding(map, [header, aside, offscreen], 20)).toEqual({ top: 190, right: 20, bottom: 20, left: 460 });
  });

  it('leaves some room even when panels cover nearly everything', () => {
    const small = { left: 0, top: 0, right: 320, bottom: 400 };
    const p = framePadding(small, [{ left: 0, top: 0, right: 320, bottom: 380 }], 20);
    expect(400 - p.top - p.bottom).toBeGreaterThanOrEqual(80);
    expect(320 - p.left - p.right).toBeGreaterThanOrEqual(80);
  });
});
