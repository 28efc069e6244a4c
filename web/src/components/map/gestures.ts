// The pointer gestures of an editable line on a map — vertices that can be dragged or deleted, a
// line that can be dragged to insert a vertex, clicks that add one — as a pure state machine: no
// DOM, no MapLibre. The wiring (e.g. the route planner's map-controller.ts) feeds it what the
// pointer did and what lies under it, and carries out the effects it returns (callbacks, panning
// on/off, the cursor, timers).
//
//   press on a vertex ──move ≥ 4 px──▶ drag: preview ──release──▶ move the vertex
//        │  └─(touch) rest 550 ms──▶ delete it (the lift that ends the press adds nothing)
//   press on the line ──move ≥ 4 px──▶ drag: preview ──release──▶ insert a vertex into that line
//   click on the map (not on a vertex) ──▶ add a vertex     double-click / right-click a vertex ──▶ delete it
//   Enter ──▶ add a vertex at the map centre             Backspace / Delete ──▶ delete the last vertex

export type LonLat = [lon: number, lat: number];
export interface Px {
  x: number;
  y: number;
}

/** What lies under the pointer: a vertex (by id) or a line (by index, e.g. a route's leg). Vertices win over lines. */
export type GestureTarget = { kind: 'vertex'; id: string } | { kind: 'line'; index: number };

/** Looks up what is under the pointer; called at most once per input, and only when needed. */
export type Probe = () => GestureTarget | null;

export type GestureInput =
  /** a mouse button or a finger down; a touch with more than one finger (a pinch) is not a press; only the primary mouse button (0) drags */
  | { type: 'press'; point: Px; target: Probe; pointer: 'mouse'; button: number }
  | { type: 'press'; point: Px; target: Probe; pointer: 'touch'; touches: number }
  | { type: 'move'; point: Px; at: LonLat; target: Probe }
  | { type: 'release'; at: LonLat }
  | { type: 'click'; at: LonLat; target: Probe }
  /** double-click, right-click (context menu) */
  | { type: 'remove'; target: Probe }
  | { type: 'timer'; timer: GestureTimer }
  | { type: 'key'; key: string; modifiers: boolean; center: LonLat; lastVertex: string | null };

export type GestureTimer = 'long-press' | 'click-guard';

export type GestureEffect =
  | { type: 'add'; at: LonLat }
  | { type: 'move'; id: string; to: LonLat }
  | { type: 'insert'; index: number; at: LonLat }
  | { type: 'delete'; id: string }
  /** draw the vertex being dragged (or the one being inserted) at `at` */
  | { type: 'preview'; target: GestureTarget; at: LonLat }
  | { type: 'preview-end' }
  /** the press is ours: keep it from the map (no panning) and show a grabbing cursor */
  | { type: 'capture' }
  /** give the pointer back: panning on, cursor reset */
  | { type: 'release' }
  /** keep the browser's / map's default action of this input (e.g. zoom on double-click, the context menu) */
  | { type: 'prevent-default' }
  | { type: 'cursor'; cursor: '' | 'grab' }
  /** the pointer is over the line at `at` (e.g. to show that spot on an elevation profile) */
  | { type: 'hover-line'; at: LonLat }
  | { type: 'hover-end' }
  | { type: 'start-timer'; timer: GestureTimer; ms: number }
  | { type: 'cancel-timer'; timer: GestureTimer };

export interface GestureState {
  drag: { target: GestureTarget; start: Px; moved: boolean } | null;
  /** a long press just deleted a vertex: the lift that ends it must not add one */
  pressDeleted: boolean;
  /** swallow the next click (it ends a drag or a long press) */
  suppressClick: boolean;
  hoveringLine: boolean;
}

export interface GestureContext {
  /** false: a read-only map (nothing is added, moved or deleted; hovering the line still reports) */
  editable: boolean;
  /** there is a line to hover (no hit tests on plain moves without one) */
  hasLine: boolean;
}

/** How long a finger must rest on a vertex, without moving, to delete it (touch has no right-click). */
export const LONG_PRESS_MS = 550;
/** Movement (px) that turns a press into a drag. */
export const MOVE_TOLERANCE_PX = 4;
/** After a drag, the click that the release also fires is swallowed for this long (ms) … */
export const DRAG_CLICK_GUARD_MS = 50;
/** … and after a long-press deletion (touch browsers fire the click later). */
export const LONG_PRESS_CLICK_GUARD_MS = 400;

export const initialGestureState: GestureState = { drag: null, pressDeleted: false, suppressClick: false, hoveringLine: false };

export interface GestureStep {
  state: GestureState;
  effects: GestureEffect[];
}

/** One input → the next state and the effects to carry out, in order. */
export function gestureStep(s: GestureState, input: GestureInput, ctx: GestureContext): GestureStep {
  switch (input.type) {
    case 'press':
      return press(s, input, ctx);
    case 'move':
      return move(s, input, ctx);
    case 'release':
      return release(s, input);
    case 'click': {
      if (!ctx.editable) return { state: s, effects: [] };
      if (s.suppressClick) return { state: { ...s, suppressClick: false }, effects: [] };
      if (input.target()?.kind === 'vertex') return { state: s, effects: [] };
      return { state: s, effects: [{ type: 'add', at: input.at }] };
    }
    case 'remove': {
      if (!ctx.editable) return { state: s, effects: [] };
      const t = input.target();
      return t?.kind === 'vertex'
        ? { state: s, effects: [{ type: 'prevent-default' }, { type: 'delete', id: t.id }] }
        : { state: s, effects: [] };
    }
    case 'timer':
      return input.timer === 'long-press' ? longPress(s) : { state: { ...s, suppressClick: false }, effects: [] };
    case 'key': {
      if (!ctx.editable || input.modifiers) return { state: s, effects: [] };
      if (input.key === 'Enter') return { state: s, effects: [{ type: 'prevent-default' }, { type: 'add', at: input.center }] };
      if ((input.key === 'Backspace' || input.key === 'Delete') && input.lastVertex !== null)
        return { state: s, effects: [{ type: 'prevent-default' }, { type: 'delete', id: input.lastVertex }] };
      return { state: s, effects: [] };
    }
  }
}

function press(s: GestureState, input: Extract<GestureInput, { type: 'press' }>, ctx: GestureContext): GestureStep {
  if (!ctx.editable || (input.pointer === 'touch' && input.touches !== 1)) return { state: s, effects: [] };
  // the lift after a long-press deletion never came (e.g. touchcancel): start afresh
  const next = s.pressDeleted ? { ...s, pressDeleted: false, suppressClick: false } : s;
  // Only the primary button drags: taking a right-button press would also swallow the context
  // menu that deletes a vertex.
  if (input.pointer === 'mouse' && input.button !== 0) return { state: next, effects: [] };
  const target = input.target();
  if (!target) return { state: next, effects: [] };
  const effects: GestureEffect[] = [{ type: 'capture' }];
  // touch: the map's own long-press context menu is blocked once the press is ours, so time it here
  if (target.kind === 'vertex' && input.pointer === 'touch') effects.push({ type: 'start-timer', timer: 'long-press', ms: LONG_PRESS_MS });
  return { state: { ...next, drag: { target, start: input.point, moved: false } }, effects };
}

function move(s: GestureState, input: Extract<GestureInput, { type: 'move' }>, ctx: GestureContext): GestureStep {
  const d = s.drag;
  if (!d) {
    if (!ctx.hasLine) return { state: s, effects: [] };
    const over = input.target();
    const effects: GestureEffect[] = ctx.editable ? [{ type: 'cursor', cursor: over ? 'grab' : '' }] : [];
    if (over?.kind === 'line')
      return { state: s.hoveringLine ? s : { ...s, hoveringLine: true }, effects: [...effects, { type: 'hover-line', at: input.at }] };
    if (s.hoveringLine) return { state: { ...s, hoveringLine: false }, effects: [...effects, { type: 'hover-end' }] };
    return { state: s, effects };
  }
  if (!d.moved && Math.hypot(input.point.x - d.start.x, input.point.y - d.start.y) < MOVE_TOLERANCE_PX) return { state: s, effects: [] };
  return {
    state: d.moved ? s : { ...s, drag: { ...d, moved: true } },
    effects: [
      ...(d.moved ? [] : [{ type: 'cancel-timer', timer: 'long-press' } as const]),
      { type: 'preview', target: d.target, at: input.at },
    ],
  };
}

function release(s: GestureState, input: Extract<GestureInput, { type: 'release' }>): GestureStep {
  if (s.pressDeleted) {
    return {
      state: { ...s, pressDeleted: false },
      effects: [{ type: 'start-timer', timer: 'click-guard', ms: LONG_PRESS_CLICK_GUARD_MS }],
    };
  }
  const d = s.drag;
  if (!d) return { state: s, effects: [] };
  const effects: GestureEffect[] = [{ type: 'cancel-timer', timer: 'long-press' }, { type: 'release' }];
  if (!d.moved) return { state: { ...s, drag: null }, effects };
  effects.push({ type: 'start-timer', timer: 'click-guard', ms: DRAG_CLICK_GUARD_MS }, { type: 'preview-end' });
  effects.push(
    d.target.kind === 'vertex' ? { type: 'move', id: d.target.id, to: input.at } : { type: 'insert', index: d.target.index, at: input.at },
  );
  return { state: { ...s, drag: null, suppressClick: true }, effects };
}

function longPress(s: GestureState): GestureStep {
  const d = s.drag;
  if (d?.target.kind !== 'vertex' || d.moved) return { state: s, effects: [] };
  return {
    state: { ...s, drag: null, pressDeleted: true, suppressClick: true },
    effects: [{ type: 'release' }, { type: 'preview-end' }, { type: 'delete', id: d.target.id }],
  };
}

/** A stateful wrapper for the wiring: `send` an input, get the effects. */
export class Gestures {
  state: GestureState = initialGestureState;
  context: GestureContext = { editable: true, hasLine: false };

  send(input: GestureInput): GestureEffect[] {
    const r = gestureStep(this.state, input, this.context);
    this.state = r.state;
    return r.effects;
  }

  /** Forget a drag in progress (e.g. the map went away). */
  reset(): void {
    this.state = initialGestureState;
  }
}
