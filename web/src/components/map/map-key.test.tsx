// <MapKey> against a stand-in for MapLibre's control API (jsdom has no WebGL; the planner's browser
// test opens the key on the real map): the control joins the bottom start corner, its popover names
// every trail style in the current map flavour's colours, and it leaves the map when unmounted.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { IControl, Map as MlMap } from 'maplibre-gl';
import { afterEach, describe, expect, it } from 'vitest';
import { MapContext } from './context';
import { MapKey } from './map-key';
import { trailColours } from './trail-style';

function controlMap() {
  const controls = new Map<IControl, string>();
  const corner = document.createElement('div');
  document.body.append(corner);
  const map = {
    controls,
    corner,
    addControl(c: IControl, position: string) {
      controls.set(c, position);
      corner.append(c.onAdd(map as unknown as MlMap));
      return map;
    },
    hasControl: (c: IControl) => controls.has(c),
    removeControl(c: IControl) {
      controls.delete(c);
      c.onRemove(map as unknown as MlMap);
      return map;
    },
  };
  return map;
}

afterEach(() => {
  cleanup();
  document.documentElement.classList.remove('dark');
  document.body.innerHTML = '';
});

describe('<MapKey>', () => {
  it('adds one control at the bottom start corner and removes it on unmount', () => {
    const map = controlMap();
    const { unmount } = render(
      <MapContext.Provider value={map as unknown as MlMap}>
        <MapKey />
      </MapContext.Provider>,
    );
    expect([...map.controls.values()]).toEqual(['bottom-left']);
    expect(map.corner.querySelector('button[aria-label="Map key"]')).not.toBeNull();
    unmount();
    expect(map.controls.size).toBe(0);
    expect(map.corner.children).toHaveLength(0);
  });

  it.each([false, true])('opens the key with every trail style in the map colours (dark %s)', async (dark) => {
    document.documentElement.classList.toggle('dark', dark);
    const map = controlMap();
    render(
      <MapContext.Provider value={map as unknown as MlMap}>
        <MapKey />
      </MapContext.Provider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Map key' })));
    const key = await screen.findByTestId('map-key');
    const rows = [...key.querySelectorAll('[data-key-row]')].map((r) => r.getAttribute('data-key-row'));
    expect(rows).toEqual(['path', 'track', 'steps', 'mountain', 'alpine']);
    const c = trailColours(dark);
    const stroke = (row: string) => key.querySelector(`[data-key-row="${row}"] line:last-of-type`)!.getAttribute('stroke');
    expect(stroke('path')).toBe(c.path);
    expect(stroke('track')).toBe(c.track);
    expect(stroke('mountain')).toBe(c.mountain);
    expect(stroke('alpine')).toBe(c.alpine);
    expect(key.querySelector('[data-key-row="path"] line:last-of-type')!.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(key.querySelector('[data-key-row="track"] line:last-of-type')!.getAttribute('stroke-dasharray')).toBeNull();
  });
});
