import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoopAlternative } from '../lib/types';
import type { LoopRequest } from '../worker/protocol';
import { LoopDialog } from './loop-dialog';

afterEach(cleanup);

// jsdom has no ResizeObserver (radix's Switch measures its thumb with one)
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom has no matchMedia; `phone` decides whether the viewport is phone-sized
let phone = false;
window.matchMedia = ((query: string) => ({
  matches: phone && query.includes('max-width'),
  media: query,
  addEventListener() {},
  removeEventListener() {},
})) as unknown as typeof window.matchMedia;
afterEach(() => {
  phone = false;
});

function setup(alternatives: LoopAlternative[] = []) {
  const requests: LoopRequest[] = [];
  render(
    <LoopDialog
      open
      onOpenChange={() => {}}
      start={[1.533, 42.556]}
      units="km"
      generate={async (req) => {
        requests.push(req);
        return [];
      }}
      alternatives={alternatives}
      onAlternatives={() => {}}
      selected={null}
      onSelect={() => {}}
      onUse={() => {}}
    />,
  );
  return requests;
}

describe('LoopDialog preferences', () => {
  it('has a "Prefer green" switch, off by default, next to "Prefer paths"', () => {
    setup();
    const green = screen.getByRole('switch', { name: 'Prefer green' });
    expect(green.id).toBe('loop-preferGreen');
    expect(green.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Prefer paths' }).getAttribute('aria-checked')).toBe('true');
  });

  it('sends preferGreen and preferPopular with the loop request', async () => {
    const requests = setup();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    expect(requests.at(-1)?.preferences).toEqual({ preferPaths: true, avoidBusyRoads: true, preferGreen: false, preferPopular: false });
    fireEvent.click(screen.getByRole('switch', { name: 'Prefer green' }));
    expect(screen.getByRole('switch', { name: 'Prefer green' }).getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    expect(requests.at(-1)?.preferences).toEqual({ preferPaths: true, avoidBusyRoads: true, preferGreen: true, preferPopular: false });
    const popular = screen.getByRole('switch', { name: /Prefer popular ways/ });
    expect(popular.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(popular);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    expect(requests.at(-1)?.preferences).toEqual({ preferPaths: true, avoidBusyRoads: true, preferGreen: true, preferPopular: true });
  });
});

describe('LoopDialog alternatives', () => {
  it('lists each alternative with distance and climb kept left-to-right (numbers and units do not reorder in RTL)', () => {
    setup([
      { coords: [], distanceM: 10_200, ascentM: 409, retrace: 0.004, waypoints: [] },
      { coords: [], distanceM: 9_960, ascentM: 266, retrace: 0.126, waypoints: [] },
    ]);
    const figures = screen.getByText('10.2 km · ↑ 409 m');
    expect(figures.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('9.96 km · ↑ 266 m').getAttribute('dir')).toBe('ltr');
  });

  it('says how much of each alternative is run twice', () => {
    setup([
      { coords: [], distanceM: 10_200, ascentM: 409, retrace: 0.004, waypoints: [] },
      { coords: [], distanceM: 9_960, ascentM: 266, retrace: 0.126, waypoints: [] },
    ]);
    expect(screen.getByTestId('loop-alt-0-retrace').textContent).toBe('No stretch run twice');
    expect(screen.getByTestId('loop-alt-1-retrace').textContent).toBe('13 % run twice (out and back)');
  });
});

describe('LoopDialog on a phone', () => {
  const alts: LoopAlternative[] = [{ coords: [], distanceM: 10_200, ascentM: 409, retrace: 0, waypoints: [] }];

  it('folds the settings into one line once there are alternatives, and unfolds them on request', () => {
    phone = true;
    setup(alts);
    expect(screen.queryByLabelText('Distance (km)')).toBeNull();
    expect(screen.getByTestId('loop-settings-summary').textContent).toBe('10 km · Any direction · paths · no busy roads');
    expect(screen.getByTestId('loop-alt-0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change settings' }));
    expect(screen.getByLabelText('Distance (km)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeTruthy();
  });

  it('keeps the settings open before anything is generated, and on wider screens', () => {
    phone = true;
    setup();
    expect(screen.getByLabelText('Distance (km)')).toBeTruthy();
    cleanup();
    phone = false;
    setup(alts);
    expect(screen.getByLabelText('Distance (km)')).toBeTruthy();
  });
});
