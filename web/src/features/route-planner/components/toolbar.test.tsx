// The planner toolbar's "Route options": the snapped legs' preferences in a popover.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_ROUTE_PREFS, type RoutePrefs } from '../lib/storage';
import { Toolbar } from './toolbar';

afterEach(cleanup);

function setup(routePrefs: RoutePrefs) {
  const onRoutePrefs = vi.fn();
  const noop = () => {};
  render(
    <Toolbar
      mode="snap"
      onMode={noop}
      canUndo={false}
      canRedo={false}
      count={2}
      onUndo={noop}
      onRedo={noop}
      onReverse={noop}
      onOutAndBack={noop}
      onCloseLoop={noop}
      onClear={noop}
      routePrefs={routePrefs}
      onRoutePrefs={onRoutePrefs}
    />,
  );
  return onRoutePrefs;
}

describe('Toolbar route options', () => {
  it('opens the four preferences, all off by default, and reports a switch turned on', () => {
    const onRoutePrefs = setup(NO_ROUTE_PREFS);
    fireEvent.click(screen.getByRole('button', { name: 'Route options' }));
    for (const name of ['Prefer paths', 'Prefer green', /Prefer popular ways/, 'Avoid busy roads'])
      expect(screen.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: 'Avoid busy roads' }));
    expect(onRoutePrefs).toHaveBeenCalledWith({ ...NO_ROUTE_PREFS, avoidBusyRoads: true });
  });

  it('names the preferences that are on in the button', () => {
    setup({ ...NO_ROUTE_PREFS, avoidBusyRoads: true, preferGreen: true });
    expect(screen.getByRole('button', { name: 'Route options: green, no busy roads' })).toBeTruthy();
  });
});
