import { describe, expect, it } from 'vitest';
import { addWaypoint, closeLoop, deleteWaypoint, insertWaypoint, outAndBack, reverse, setLegMode, wp } from './edit';
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
