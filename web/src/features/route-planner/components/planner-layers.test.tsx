// <PlannerLayers> on a stand-in for MapLibre's map (jsdom has no WebGL; the browser tests run the
// real one): when its sources and layers join the map, and how the route line is styled.
import { act, cleanup, render } from '@testing-library/react';
import type { Map as MlMap } from 'maplibre-gl';
import { afterEach, describe, expect, it } from 'vitest';
import { MapContext } from '@/components/map/context';
import { markFirstMapFrame } from '@/components/map/first-frame';
import { PlannerLayers } from './planner-layers';

type Layer = { id: string; type: string; source?: string; filter?: unknown; paint?: Record<string, unknown> };

/** The parts of MapLibre's map the planner's layers and gesture controller use, keeping sources and layers. */
function stubMap() {
  const sources = new Map<string, unknown>();
  const layers: Layer[] = [];
  const el = document.createElement('div');
  const canvas = document.createElement('canvas');
  return {
    style: {},
    layers,
    sources,
    addSource: (id: string, spec: unknown) => void sources.set(id, spec),
    getSource: (id: string) => (sources.has(id) ? { setData() {}, updateData() {} } : undefined),
    removeSource: (id: string) => void sources.delete(id),
    addLayer: (l: Layer) => void layers.push(l),
    getLayer: (id: string) => layers.find((l) => l.id === id),
    removeLayer: (id: string) =>
      void layers.splice(
        layers.findIndex((l) => l.id === id),
        1,
      ),
    getStyle: () => ({ layers }),
    on() {},
    off() {},
    getContainer: () => el,
    getCanvas: () => canvas,
    getCenter: () => ({ lng: 0, lat: 0 }),
  };
}

const noop = () => undefined;
const props = {
  waypoints: [],
  route: null,
  units: 'km' as const,
  hover: null,
  alternatives: [],
  selectedAlt: null,
  editable: true,
  fitKey: 0,
  flyTo: null,
  onAdd: noop,
  onMove: noop,
  onInsert: noop,
  onDelete: noop,
  onHover: noop,
};

afterEach(cleanup);

// (the first-frame signal is once per page: the first test sees the map before it, the second after)
describe('<PlannerLayers>', () => {
  async function drawn() {
    const map = stubMap();
    render(
      <MapContext value={map as unknown as MlMap}>
        <PlannerLayers {...props} />
      </MapContext>,
    );
    await act(async () => markFirstMapFrame());
    return map;
  }

  it('adds its sources and layers (and takes gestures) only once the map has drawn its first frame', async () => {
    const map = stubMap();
    render(
      <MapContext value={map as unknown as MlMap}>
        <PlannerLayers {...props} />
      </MapContext>,
    );
    await act(async () => undefined);
    expect(map.sources.size).toBe(0);
    expect(map.layers).toEqual([]);
    expect(map.getContainer().getAttribute('data-planner-ready')).toBeNull();
    await act(async () => markFirstMapFrame());
    expect([...map.sources.keys()]).toEqual(expect.arrayContaining(['wm-plan-route', 'wm-plan-waypoints', 'wm-plan-markers']));
    expect(map.getLayer('wm-plan-route-line')).toBeTruthy();
    expect(map.getContainer().getAttribute('data-planner-ready')).toBe('true');
  });

  it('draws every leg on wm-plan-route-line and dashes the freehand ones with one constant pattern (no per-feature dashes)', async () => {
    const map = await drawn();
    const lines = map.layers.filter((l) => l.type === 'line');
    expect(lines.length).toBeGreaterThan(0);
    // A data-driven line-dasharray makes MapLibre's worker ask the main thread for the dashes of
    // every tile it lays out: a route's tiles then wait for the frame being drawn.
    for (const l of lines) {
      const dash = l.paint?.['line-dasharray'];
      if (dash !== undefined) expect(dash, l.id).toEqual(expect.arrayContaining([expect.any(Number)]));
    }
    expect(map.getLayer('wm-plan-route-line')!.filter).toBeUndefined();
    const freehand = map.getLayer('wm-plan-route-freehand')!;
    expect(freehand.source).toBe('wm-plan-route');
    expect(freehand.paint!['line-dasharray']).toEqual([2, 1.5]);
    // the sources a click or a new route changes take their updates as diffs, by each feature's id
    expect(map.sources.get('wm-plan-route')).toMatchObject({ promoteId: 'leg' });
    expect(map.sources.get('wm-plan-waypoints')).toMatchObject({ promoteId: 'id' });
    expect(map.sources.get('wm-plan-markers')).toMatchObject({ promoteId: 'label' });
  });
});
