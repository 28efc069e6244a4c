// The guard logic of createCameraSync on small in-memory cameras that fire `move` synchronously
// on jumpTo, as MapLibre does (the real maps are synchronised in e2e/maps-single-grid.e2e.test.ts).
import { describe, expect, it } from 'vitest';
import { createCameraSync, type Camera, type SyncableMap } from './camera-sync';

class MemoryCamera implements SyncableMap {
  cam: Camera = { center: [0, 0], zoom: 1, bearing: 0, pitch: 0 };
  moves = 0;
  jumps = 0;
  private fns = new Set<() => void>();
  constructor(init?: Partial<Camera>) {
    Object.assign(this.cam, init);
  }
  on(_t: 'move', fn: () => void) {
    this.fns.add(fn);
  }
  off(_t: 'move', fn: () => void) {
    this.fns.delete(fn);
  }
  getCenter = () => ({ lng: this.cam.center[0], lat: this.cam.center[1] });
  getZoom = () => this.cam.zoom;
  getBearing = () => this.cam.bearing;
  getPitch = () => this.cam.pitch;
  jumpTo(c: Partial<Camera>) {
    this.jumps++;
    this.cam = { ...this.cam, ...c };
    this.moves++;
    for (const fn of [...this.fns]) fn();
  }
}

describe('camera sync', () => {
  it('moves every other map to the moved one, once each, without echoes', () => {
    const sync = createCameraSync();
    const [a, b, c] = [new MemoryCamera({ center: [1.5, 42.5], zoom: 12 }), new MemoryCamera(), new MemoryCamera()];
    sync.add(a);
    sync.add(b);
    sync.add(c);
    // joining: b and c jumped to a's camera (the first map's)
    expect(b.cam).toEqual(a.cam);
    expect(c.cam).toEqual(a.cam);
    a.jumps = b.jumps = c.jumps = 0;
    b.jumpTo({ center: [7.42, 43.73], zoom: 15, bearing: 30, pitch: 40 });
    expect(a.cam).toEqual({ center: [7.42, 43.73], zoom: 15, bearing: 30, pitch: 40 });
    expect(c.cam).toEqual(a.cam);
    // b's own jump plus nothing echoed back; a and c jumped exactly once
    expect([a.jumps, b.jumps, c.jumps]).toEqual([1, 1, 1]);
    expect(sync.camera()).toEqual(a.cam);
  });

  it('stops following once removed, and a later map joins at the shared camera', () => {
    const sync = createCameraSync();
    const a = new MemoryCamera({ zoom: 10 });
    const b = new MemoryCamera();
    sync.add(a);
    const removeB = sync.add(b);
    removeB();
    a.jumpTo({ zoom: 13 });
    expect(b.cam.zoom).toBe(10);
    b.jumpTo({ zoom: 5 });
    expect(a.cam.zoom).toBe(13);
    const c = new MemoryCamera();
    sync.add(c);
    expect(c.cam.zoom).toBe(13);
  });
});
