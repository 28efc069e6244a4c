import { describe, expect, it } from 'vitest';
import {
  addWaypoint,
  closeLoop,
  deleteWaypoint,
  insertWaypoint,
  isFixed,
  moveWaypoint,
  outAndBack,
  reverse,
  setLegMode,
  snapAll,
  wp,
} from './edit';
import { createHistory, push, redo, undo } from './history';

const pts = () => [wp(1, 42), wp(1.01, 42, 'freehand'), wp(1.02, 42.01)];

describe('route editing', () => {
  it('adds, inserts into a leg (keeping its mode) and deletes', () => {
    let l = pts();
    l = addWaypoint(l, [1.03, 42.02], 'snap');
    expect(l).toHaveLength(4);
    l = insertWaypoint(l, 0, [1.005, 42]);
    expect(l[1]!.lon).toBe(1.005);
    expect(l[1]!.mode).toBe('freehand');
    l = deleteWaypoint(l, l[1]!.id);
    expect(l.map((w) => w.lon)).toEqual([1, 1.01, 1.02, 1.03]);
  });
  it('reverses keeping each leg mode on the same leg', () => {
    const r = reverse(pts());
    expect(r.map((w) => w.lon)).toEqual([1.02, 1.01, 1]);
    // original legs: 0→1 freehand, 1→2 snap; reversed: 2→1 snap, 1→0 freehand
    expect(r.map((w) => w.mode)).toEqual(['snap', 'snap', 'freehand']);
  });
  it('builds out-and-back and closes loops', () => {
    const o = outAndBack(pts());
    expect(o.map((w) => w.lon)).toEqual([1, 1.01, 1.02, 1.01, 1]);
    expect(o.map((w) => w.mode)).toEqual(['snap', 'freehand', 'snap', 'snap', 'freehand']);
    const c = closeLoop(pts(), 'snap');
    expect(c).toHaveLength(4);
    expect([c[3]!.lon, c[3]!.lat]).toEqual([1, 42]);
    expect(closeLoop(c, 'snap')).toBe(c);
  });
  it('sets a leg mode', () => {
    expect(setLegMode(pts(), 2, 'freehand')[2]!.mode).toBe('freehand');
  });
});

describe('fixed (imported) legs', () => {
  // a → b fixed through 3 points, b → c fixed through 2, c → d snapped
  const track = () => [
    wp(0, 0, 'freehand'),
    wp(4, 0, 'freehand', [
      [1, 0.1],
      [2, 0.2],
      [3, 0.1],
    ]),
    wp(4, 3, 'freehand', [
      [4.1, 1],
      [4.1, 2],
    ]),
    wp(6, 3, 'snap'),
  ];
  it('a dragged handle re-routes only its two legs', () => {
    const l = track();
    const m = moveWaypoint(l, l[1]!.id, [4, 0.5]);
    expect(m.map((w) => [w.mode, isFixed(w)])).toEqual([
      ['freehand', false],
      ['snap', false],
      ['snap', false],
      ['snap', false],
    ]);
    const end = moveWaypoint(l, l[3]!.id, [6, 4]);
    expect(end.slice(0, 3)).toEqual(l.slice(0, 3));
  });
  it('inserting into a fixed leg splits its track where the point is nearest', () => {
    const l = track();
    const m = insertWaypoint(l, 0, [2, 0.25]);
    expect(m).toHaveLength(5);
    expect(m[1]!.via).toEqual([[1, 0.1]]);
    expect(m[2]!.via).toEqual([[3, 0.1]]);
    expect(m[2]!.id).toBe(l[1]!.id);
  });
  it('deleting a handle between fixed legs keeps the track through it', () => {
    const l = track();
    const m = deleteWaypoint(l, l[1]!.id);
    expect(m[1]!.via).toEqual([
      [1, 0.1],
      [2, 0.2],
      [3, 0.1],
      [4, 0],
      [4.1, 1],
      [4.1, 2],
    ]);
    expect(deleteWaypoint(l, l[0]!.id)[0]!.via).toBeUndefined();
  });
  it('reverse runs each track backwards on the same leg; out-and-back too; snap to paths drops them', () => {
    const r = reverse(track());
    expect(r.map((w) => w.via ?? null)).toEqual([
      null,
      null,
      [
        [4.1, 2],
        [4.1, 1],
      ],
      [
        [3, 0.1],
        [2, 0.2],
        [1, 0.1],
      ],
    ]);
    const o = outAndBack(track());
    expect(o.at(-1)!.via).toEqual([
      [3, 0.1],
      [2, 0.2],
      [1, 0.1],
    ]);
    const s = snapAll(track());
    expect(s.every((w) => w.mode === 'snap' && !w.via)).toBe(true);
    expect(setLegMode(track(), 1, 'snap')[1]!.via).toBeUndefined();
  });
});

describe('history', () => {
  it('undoes and redoes, and a new edit drops the redo stack', () => {
    let h = createHistory(1);
    h = push(h, 2);
    h = push(h, 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = redo(h);
    expect(h.present).toBe(3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    h = push(h, 9);
    expect(h.future).toEqual([]);
    expect(undo(h).present).toBe(1);
  });
});
