import { describe, expect, it } from 'vitest';
import {
  DRAG_CLICK_GUARD_MS,
  Gestures,
  LONG_PRESS_CLICK_GUARD_MS,
  LONG_PRESS_MS,
  gestureStep,
  initialGestureState,
  type GestureEffect,
  type GestureTarget,
  type LonLat,
} from './gestures';

const V: GestureTarget = { kind: 'vertex', id: 'w2' };
const L: GestureTarget = { kind: 'line', index: 1 };
const at = (x: number): LonLat => [1.5 + x / 1000, 42.5];
const over = (t: GestureTarget | null) => () => t;
const types = (e: GestureEffect[]) => e.map((x) => x.type);

function machine(editable = true, hasLine = true) {
  const g = new Gestures();
  g.context = { editable, hasLine };
  return g;
}
const mouseDown = (g: Gestures, t: GestureTarget | null, x = 100, button = 0) =>
  g.send({ type: 'press', point: { x, y: 100 }, target: over(t), pointer: 'mouse', button });
const touchDown = (g: Gestures, t: GestureTarget | null, x = 100, touches = 1) =>
  g.send({ type: 'press', point: { x, y: 100 }, target: over(t), pointer: 'touch', touches });
const moveTo = (g: Gestures, x: number, t: GestureTarget | null = null) =>
  g.send({ type: 'move', point: { x, y: 100 }, at: at(x), target: over(t) });
const up = (g: Gestures, x: number) => g.send({ type: 'release', at: at(x) });
const click = (g: Gestures, x: number, t: GestureTarget | null = null) => g.send({ type: 'click', at: at(x), target: over(t) });

describe('pointer gestures: clicks', () => {
  it('a click on the map adds a vertex there; on a vertex it adds nothing; on the line it adds one', () => {
    const g = machine();
    expect(click(g, 10)).toEqual([{ type: 'add', at: at(10) }]);
    expect(click(g, 10, V)).toEqual([]);
    expect(click(g, 10, L)).toEqual([{ type: 'add', at: at(10) }]);
  });

  it('double-click or right-click on a vertex deletes it (and keeps the map from zooming); elsewhere nothing', () => {
    const g = machine();
    expect(g.send({ type: 'remove', target: over(V) })).toEqual([{ type: 'prevent-default' }, { type: 'delete', id: 'w2' }]);
    expect(g.send({ type: 'remove', target: over(L) })).toEqual([]);
    expect(g.send({ type: 'remove', target: over(null) })).toEqual([]);
  });

  it('a read-only map adds, moves and deletes nothing, and never asks what is under the pointer to do so', () => {
    const g = machine(false);
    const never = () => {
      throw new Error('probed');
    };
    expect(g.send({ type: 'click', at: at(1), target: never })).toEqual([]);
    expect(g.send({ type: 'remove', target: never })).toEqual([]);
    expect(g.send({ type: 'press', point: { x: 1, y: 1 }, target: never, pointer: 'mouse', button: 0 })).toEqual([]);
    expect(g.send({ type: 'key', key: 'Enter', modifiers: false, center: at(0), lastVertex: 'w1' })).toEqual([]);
    expect(g.state).toEqual(initialGestureState);
  });
});

describe('pointer gestures: dragging', () => {
  it('drags a vertex: capture on press, preview once past 4 px, move on release, and the release’s click is swallowed', () => {
    const g = machine();
    expect(mouseDown(g, V)).toEqual([{ type: 'capture' }]);
    expect(moveTo(g, 102)).toEqual([]); // within the tolerance: still a press
    expect(moveTo(g, 110)).toEqual([
      { type: 'cancel-timer', timer: 'long-press' },
      { type: 'preview', target: V, at: at(110) },
    ]);
    expect(moveTo(g, 120)).toEqual([{ type: 'preview', target: V, at: at(120) }]);
    expect(up(g, 125)).toEqual([
      { type: 'cancel-timer', timer: 'long-press' },
      { type: 'release' },
      { type: 'start-timer', timer: 'click-guard', ms: DRAG_CLICK_GUARD_MS },
      { type: 'preview-end' },
      { type: 'move', id: 'w2', to: at(125) },
    ]);
    expect(click(g, 125)).toEqual([]);
    expect(click(g, 130)).toEqual([{ type: 'add', at: at(130) }]);
  });

  it('drags the line to insert a vertex into that line', () => {
    const g = machine();
    mouseDown(g, L);
    expect(moveTo(g, 130)).toContainEqual({ type: 'preview', target: L, at: at(130) });
    expect(up(g, 140).at(-1)).toEqual({ type: 'insert', index: 1, at: at(140) });
  });

  it('a press without movement gives the pointer back and lets the click through (a click on a vertex adds nothing)', () => {
    const g = machine();
    mouseDown(g, V);
    expect(up(g, 100)).toEqual([{ type: 'cancel-timer', timer: 'long-press' }, { type: 'release' }]);
    expect(click(g, 100, V)).toEqual([]);
    mouseDown(g, L);
    up(g, 100);
    expect(click(g, 100, L)).toEqual([{ type: 'add', at: at(100) }]);
  });

  it('a press on empty map is the map’s (panning): nothing captured, nothing previewed', () => {
    const g = machine();
    expect(mouseDown(g, null)).toEqual([]);
    expect(types(moveTo(g, 150))).toEqual(['cursor']);
    expect(up(g, 150)).toEqual([]);
  });

  it('only the primary mouse button drags (a right press must reach the context menu that deletes)', () => {
    const g = machine();
    expect(mouseDown(g, V, 100, 2)).toEqual([]);
    expect(g.state.drag).toBeNull();
  });

  it('the guard after a drag ends when its timer fires, even without a click', () => {
    const g = machine();
    mouseDown(g, V);
    moveTo(g, 120);
    up(g, 120);
    expect(g.state.suppressClick).toBe(true);
    expect(g.send({ type: 'timer', timer: 'click-guard' })).toEqual([]);
    expect(click(g, 10)).toEqual([{ type: 'add', at: at(10) }]);
  });
});

describe('pointer gestures: touch', () => {
  it('a finger resting on a vertex deletes it after LONG_PRESS_MS, and the lift adds nothing', () => {
    const g = machine();
    expect(touchDown(g, V)).toEqual([{ type: 'capture' }, { type: 'start-timer', timer: 'long-press', ms: LONG_PRESS_MS }]);
    expect(g.send({ type: 'timer', timer: 'long-press' })).toEqual([
      { type: 'release' },
      { type: 'preview-end' },
      { type: 'delete', id: 'w2' },
    ]);
    expect(up(g, 100)).toEqual([{ type: 'start-timer', timer: 'click-guard', ms: LONG_PRESS_CLICK_GUARD_MS }]);
    expect(click(g, 100)).toEqual([]);
    expect(click(g, 100)).toEqual([{ type: 'add', at: at(100) }]);
  });

  it('a finger that moves first drags instead; a late long-press timer then does nothing', () => {
    const g = machine();
    touchDown(g, V);
    expect(types(moveTo(g, 120))).toEqual(['cancel-timer', 'preview']);
    expect(g.send({ type: 'timer', timer: 'long-press' })).toEqual([]);
    expect(up(g, 120).at(-1)).toEqual({ type: 'move', id: 'w2', to: at(120) });
  });

  it('no long press on the line, and two fingers (a pinch) are never a press', () => {
    const g = machine();
    expect(touchDown(g, L)).toEqual([{ type: 'capture' }]);
    up(g, 100);
    expect(touchDown(g, V, 100, 2)).toEqual([]);
    expect(g.state.drag).toBeNull();
  });

  it('starts afresh when the lift after a long-press deletion never came (touchcancel)', () => {
    const g = machine();
    touchDown(g, V);
    g.send({ type: 'timer', timer: 'long-press' });
    expect(g.state.pressDeleted).toBe(true);
    touchDown(g, null);
    expect(g.state).toMatchObject({ pressDeleted: false, suppressClick: false });
    expect(click(g, 5)).toEqual([{ type: 'add', at: at(5) }]);
  });
});

describe('pointer gestures: hovering', () => {
  it('shows a grab cursor over a vertex or the line and reports the spot on the line once, then its end', () => {
    const g = machine();
    expect(moveTo(g, 10, L)).toEqual([
      { type: 'cursor', cursor: 'grab' },
      { type: 'hover-line', at: at(10) },
    ]);
    expect(moveTo(g, 11, L)).toEqual([
      { type: 'cursor', cursor: 'grab' },
      { type: 'hover-line', at: at(11) },
    ]);
    expect(moveTo(g, 12, V)).toEqual([{ type: 'cursor', cursor: 'grab' }, { type: 'hover-end' }]);
    expect(moveTo(g, 13, null)).toEqual([{ type: 'cursor', cursor: '' }]);
  });

  it('a read-only map still reports the hovered line (the shared route’s profile), without a grab cursor', () => {
    const g = machine(false);
    expect(moveTo(g, 10, L)).toEqual([{ type: 'hover-line', at: at(10) }]);
    expect(moveTo(g, 10, null)).toEqual([{ type: 'hover-end' }]);
  });

  it('without a line nothing is hit-tested on a plain move', () => {
    const g = machine(true, false);
    expect(
      g.send({
        type: 'move',
        point: { x: 1, y: 1 },
        at: at(1),
        target: () => {
          throw new Error('probed');
        },
      }),
    ).toEqual([]);
  });
});

describe('pointer gestures: keyboard', () => {
  const key = (g: Gestures, k: string, modifiers = false, lastVertex: string | null = 'w9') =>
    g.send({ type: 'key', key: k, modifiers, center: at(0), lastVertex });

  it('Enter adds at the centre; Backspace and Delete remove the last vertex; with a modifier nothing', () => {
    const g = machine();
    expect(key(g, 'Enter')).toEqual([{ type: 'prevent-default' }, { type: 'add', at: at(0) }]);
    expect(key(g, 'Backspace')).toEqual([{ type: 'prevent-default' }, { type: 'delete', id: 'w9' }]);
    expect(key(g, 'Delete')).toEqual([{ type: 'prevent-default' }, { type: 'delete', id: 'w9' }]);
    expect(key(g, 'Delete', false, null)).toEqual([]);
    expect(key(g, 'Enter', true)).toEqual([]);
    expect(key(g, 'a')).toEqual([]);
  });
});

describe('gestureStep', () => {
  it('is pure: the same state and input give the same answer, and the state passed in is not changed', () => {
    const s = { ...initialGestureState };
    const input = { type: 'press', point: { x: 0, y: 0 }, target: over(V), pointer: 'mouse', button: 0 } as const;
    const a = gestureStep(s, input, { editable: true, hasLine: true });
    const b = gestureStep(s, input, { editable: true, hasLine: true });
    expect(a).toEqual(b);
    expect(s).toEqual(initialGestureState);
  });
});
