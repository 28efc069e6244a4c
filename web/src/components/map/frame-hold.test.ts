// holdFramesWhileLoading against a stand-in for MapLibre's Map (jsdom has no WebGL): what it
// passes on to MapLibre's own triggerRepaint, and when. Timers are faked; a frame's cost (how long
// the main thread stays busy after its render event) is simulated by the time the timer queued
// from that event reads when it runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Map as MlMap } from 'maplibre-gl';
import { FRAME_HOLD_MAX_MS, SLOW_FRAME_MS, holdFramesWhileLoading, noFadesWhenFramesAreSlow, noRepeatPlacementFrames } from './frame-hold';

function standIn() {
  const listeners = new Set<() => void>();
  const state = { loading: new Set<string>(), moving: false, asked: 0 };
  class FakeMap {
    triggerRepaint() {
      state.asked++;
    }
    isMoving() {
      return state.moving;
    }
    getSource(id: string) {
      return id === 'gone' ? undefined : {};
    }
    isSourceLoaded(id: string) {
      return !state.loading.has(id);
    }
    on(_: string, fn: () => void) {
      listeners.add(fn);
    }
    off(_: string, fn: () => void) {
      listeners.delete(fn);
    }
  }
  const map = new FakeMap();
  /** a frame whose work keeps the main thread busy `ms` after its render event */
  const frame = (ms: number) => {
    for (const fn of listeners) fn(); // queues the measuring timer, which runs once the frame is over
    const after = performance.now() + ms;
    const clock = vi.spyOn(performance, 'now').mockReturnValue(after);
    vi.advanceTimersByTime(0);
    clock.mockRestore();
    vi.advanceTimersByTime(ms); // (the frame's time passes)
  };
  return { map: map as unknown as MlMap & FakeMap, state, frame, listeners };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('holdFramesWhileLoading', () => {
  it('passes every frame on at once while frames are cheap (a GPU), loading or not', () => {
    const { map, state, frame } = standIn();
    holdFramesWhileLoading(map, ['w']);
    frame(3);
    state.loading.add('w');
    map.triggerRepaint();
    expect(state.asked).toBe(1);
  });

  it('after an expensive frame, holds a frame asked for while a source loads until it has loaded', () => {
    const { map, state, frame } = standIn();
    holdFramesWhileLoading(map, ['w', 'r']);
    frame(300);
    map.triggerRepaint(); // MapLibre handles the source's new data: its tiles are not asked for yet
    state.loading.add('r'); // ...now they are
    vi.advanceTimersByTime(0);
    expect(state.asked).toBe(0);
    map.triggerRepaint(); // one tile came, another is still loading
    vi.advanceTimersByTime(10);
    expect(state.asked).toBe(0);
    // the other source's new data comes: asked again before its tiles are asked for
    state.loading.delete('r');
    map.triggerRepaint();
    state.loading.add('w');
    vi.advanceTimersByTime(0);
    expect(state.asked).toBe(0);
    state.loading.delete('w');
    map.triggerRepaint(); // the last tile came
    vi.advanceTimersByTime(0);
    expect(state.asked).toBe(1);
    vi.advanceTimersByTime(FRAME_HOLD_MAX_MS);
    expect(state.asked).toBe(1); // the hold's timer was cleared
  });

  it('holds at most a quarter of the last frame, and never more than the cap', () => {
    const { map, state, frame } = standIn();
    holdFramesWhileLoading(map, ['w']);
    state.loading.add('w');
    frame(100);
    map.triggerRepaint();
    vi.advanceTimersByTime(24);
    expect(state.asked).toBe(0);
    vi.advanceTimersByTime(1);
    expect(state.asked).toBe(1);
    frame(900);
    map.triggerRepaint();
    vi.advanceTimersByTime(FRAME_HOLD_MAX_MS - 1);
    expect(state.asked).toBe(1);
    vi.advanceTimersByTime(1);
    expect(state.asked).toBe(2);
  });

  it('holds while `awaiting` says data is on its way, before any source loads', () => {
    const { map, state, frame } = standIn();
    let awaiting = true;
    holdFramesWhileLoading(map, ['r'], { awaiting: () => awaiting });
    frame(300);
    map.triggerRepaint(); // the click: its route is still being planned
    vi.advanceTimersByTime(5);
    expect(state.asked).toBe(0);
    awaiting = false; // the route comes: its source loads
    state.loading.add('r');
    map.triggerRepaint();
    expect(state.asked).toBe(0);
    state.loading.delete('r');
    map.triggerRepaint(); // its tiles are in
    vi.advanceTimersByTime(0);
    expect(state.asked).toBe(1);
    // data that never comes is waited for no longer than the hold's time
    awaiting = true;
    map.triggerRepaint();
    vi.advanceTimersByTime(FRAME_HOLD_MAX_MS);
    expect(state.asked).toBe(2);
  });

  it('counts the hold from the end of a frame already on its way when it began', () => {
    const { map, state, frame } = standIn();
    holdFramesWhileLoading(map, ['w']);
    frame(200);
    state.loading.add('w');
    map.triggerRepaint(); // held (budget 50 ms)...
    vi.advanceTimersByTime(10);
    frame(200); // ...while a frame asked for before it takes the main thread
    expect(state.asked).toBe(0);
    vi.advanceTimersByTime(49);
    expect(state.asked).toBe(0);
    vi.advanceTimersByTime(1);
    expect(state.asked).toBe(1);
  });

  it('does not hold when nothing loads, when the camera moves, or for a source not on the map', () => {
    const { map, state, frame } = standIn();
    holdFramesWhileLoading(map, ['w', 'gone']);
    frame(300);
    map.triggerRepaint();
    vi.advanceTimersByTime(0);
    expect(state.asked).toBe(1);
    state.loading.add('w');
    state.moving = true;
    map.triggerRepaint();
    vi.advanceTimersByTime(0);
    expect(state.asked).toBe(2);
  });

  it('undoes itself: MapLibre asks directly again, and a held frame is passed on', () => {
    const { map, state, frame, listeners } = standIn();
    const undo = holdFramesWhileLoading(map, ['w']);
    frame(300);
    state.loading.add('w');
    map.triggerRepaint();
    vi.advanceTimersByTime(0);
    expect(state.asked).toBe(0);
    undo();
    expect(state.asked).toBe(1);
    expect(Object.prototype.hasOwnProperty.call(map, 'triggerRepaint')).toBe(false);
    expect(listeners.size).toBe(0);
    map.triggerRepaint();
    expect(state.asked).toBe(2);
  });
});

describe('noFadesWhenFramesAreSlow', () => {
  it('keeps the fade while frames are fast, and drops it after a slow frame', () => {
    const { map, frame, listeners } = standIn();
    const m = map as unknown as { _fadeDuration: number };
    m._fadeDuration = 300;
    noFadesWhenFramesAreSlow(map);
    frame(16);
    frame(SLOW_FRAME_MS - 1);
    expect(m._fadeDuration).toBe(300);
    frame(SLOW_FRAME_MS + 150);
    expect(m._fadeDuration).toBe(0);
    expect(listeners.size).toBe(0); // done: no more measuring
  });

  it('leaves a map without the field alone, and undoes itself', () => {
    const { map, frame, listeners } = standIn();
    const undo = noFadesWhenFramesAreSlow(map);
    frame(400);
    expect('_fadeDuration' in map).toBe(false);
    undo();
    expect(listeners.size).toBe(0);
  });
});

describe('noRepeatPlacementFrames', () => {
  /** a map after a frame whose placement asked for another frame (MapLibre's fields as in 5–6) */
  const afterPlacement = (idle: boolean, fade: number) => {
    const { map, frame, listeners } = standIn();
    const m = map as unknown as { _placementDirty: boolean; _idleTriggered: boolean; _fadeDuration: number };
    Object.assign(m, { _placementDirty: false, _idleTriggered: idle, _fadeDuration: fade });
    const undo = noRepeatPlacementFrames(map);
    const render = () => {
      m._placementDirty = true; // (set by MapLibre before its render event)
      frame(300);
      return m._placementDirty;
    };
    return { m, render, undo, listeners };
  };

  it('drops the repeat frame of a placement done without a fade: before the first idle, and with fades off', () => {
    expect(afterPlacement(false, 300).render()).toBe(false);
    expect(afterPlacement(true, 0).render()).toBe(false);
  });

  it('keeps it while labels fade (the placement is spread over frames), and after its undo', () => {
    expect(afterPlacement(true, 300).render()).toBe(true);
    const { render, undo, listeners } = afterPlacement(false, 0);
    undo();
    expect(listeners.size).toBe(0);
    expect(render()).toBe(true);
  });

  it('leaves a MapLibre without these fields alone', () => {
    const { map, frame } = standIn();
    const m = map as unknown as { _placementDirty: boolean };
    noRepeatPlacementFrames(map);
    m._placementDirty = true;
    frame(300);
    expect(m._placementDirty).toBe(true);
  });
});
