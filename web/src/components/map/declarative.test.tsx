// <GeoJsonSource> and <MapLayer> against a recording stand-in for the MapLibre map: jsdom has no
// WebGL, so MapLibre cannot run here (the planner's browser tests run them on the real map). The
// stand-in keeps sources and layers as MapLibre's style does and logs every call the components make.
import { act, cleanup, render } from '@testing-library/react';
import type { Map as MlMap } from 'maplibre-gl';
import { afterEach, describe, expect, it } from 'vitest';
import { MapContext } from './context';
import { GeoJsonSource } from './geojson-source';
import { MapLayer } from './map-layer';

type Layer = {
  id: string;
  type: string;
  source?: string;
  paint?: Record<string, unknown>;
  layout?: Record<string, unknown>;
  filter?: unknown;
};

/** A recording stand-in for the parts of MapLibre's Map the components use. */
function recordingMap() {
  const sources = new Map<
    string,
    { data: unknown; spec: Record<string, unknown>; setData(d: unknown): void; updateData(d: unknown): void }
  >();
  let layers: Layer[] = [];
  const calls: string[] = [];
  const listeners = new Map<string, Set<() => void>>();
  const map = {
    style: {},
    calls,
    get layerIds() {
      return layers.map((l) => l.id);
    },
    addSource(id: string, spec: { data: unknown }) {
      if (sources.has(id)) throw new Error(`source ${id} exists`);
      calls.push(`addSource ${id}`);
      const s = {
        data: spec.data,
        spec,
        setData(d: unknown) {
          calls.push(`setData ${id}`);
          s.data = d;
        },
        updateData(d: unknown) {
          calls.push(`updateData ${id} ${JSON.stringify(d)}`);
        },
      };
      sources.set(id, s);
    },
    getSource: (id: string) => sources.get(id),
    removeSource(id: string) {
      if (layers.some((l) => l.source === id)) throw new Error(`source ${id} is in use`);
      calls.push(`removeSource ${id}`);
      sources.delete(id);
    },
    addLayer(l: Layer, before?: string) {
      if (layers.some((x) => x.id === l.id)) throw new Error(`layer ${l.id} exists`);
      if (l.source && !sources.has(l.source)) throw new Error(`no source ${l.source}`);
      calls.push(`addLayer ${l.id}${before ? ` before ${before}` : ''}`);
      const at = before ? layers.findIndex((x) => x.id === before) : -1;
      layers = at < 0 ? [...layers, structuredClone(l)] : [...layers.slice(0, at), structuredClone(l), ...layers.slice(at)];
    },
    getLayer: (id: string) => layers.find((l) => l.id === id),
    removeLayer(id: string) {
      calls.push(`removeLayer ${id}`);
      layers = layers.filter((l) => l.id !== id);
    },
    getStyle: () => ({ layers }),
    setPaintProperty: (id: string, k: string, v: unknown) => calls.push(`paint ${id} ${k}=${JSON.stringify(v)}`),
    setLayoutProperty: (id: string, k: string, v: unknown) => calls.push(`layout ${id} ${k}=${JSON.stringify(v)}`),
    setFilter: (id: string, f: unknown) => calls.push(`filter ${id} ${JSON.stringify(f)}`),
    setLayerZoomRange: (id: string, a: number, b: number) => calls.push(`zoom ${id} ${a}-${b}`),
    moveLayer: (id: string, before?: string) => calls.push(`move ${id} before ${before}`),
    on(ev: string, fn: () => void) {
      if (!listeners.has(ev)) listeners.set(ev, new Set());
      listeners.get(ev)!.add(fn);
    },
    off: (ev: string, fn: () => void) => listeners.get(ev)?.delete(fn),
    /** what a style swap that does not keep overlays does: every source and layer gone, then `styledata` */
    dropStyle() {
      sources.clear();
      layers = [];
      for (const fn of [...(listeners.get('styledata') ?? [])]) fn();
    },
    listenerCount: (ev: string) => listeners.get(ev)?.size ?? 0,
  };
  return map;
}

const fc = (n: number) => ({
  type: 'FeatureCollection' as const,
  features: Array.from({ length: n }, () => ({
    type: 'Feature' as const,
    properties: {},
    geometry: { type: 'Point' as const, coordinates: [1, 2] },
  })),
});

const B_DATA = fc(1);

function Overlay({
  data,
  width = 3,
  color = '#f00',
  filter,
}: {
  data: ReturnType<typeof fc>;
  width?: number;
  color?: string;
  filter?: boolean;
}) {
  return (
    <>
      <GeoJsonSource id="a" data={data}>
        <MapLayer
          id="a-line"
          type="line"
          paint={{ 'line-width': width, 'line-color': color }}
          filter={filter ? ['==', ['get', 'x'], 1] : undefined}
        />
        <MapLayer id="a-dot" type="circle" paint={{ 'circle-radius': 4 }} />
      </GeoJsonSource>
      <GeoJsonSource id="b" data={B_DATA}>
        <MapLayer id="b-dot" type="circle" paint={{ 'circle-radius': 2 }} />
      </GeoJsonSource>
    </>
  );
}

afterEach(cleanup);

describe('<GeoJsonSource> and <MapLayer>', () => {
  it('adds each source once and its layers in JSX order', () => {
    const map = recordingMap();
    render(
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={fc(2)} />
      </MapContext>,
    );
    expect(map.calls).toEqual(['addSource a', 'addSource b', 'addLayer a-line', 'addLayer a-dot', 'addLayer b-dot']);
    expect(map.layerIds).toEqual(['a-line', 'a-dot', 'b-dot']);
  });

  it('renders nothing until the map is there', () => {
    const map = recordingMap();
    const { rerender } = render(
      <MapContext value={null}>
        <Overlay data={fc(2)} />
      </MapContext>,
    );
    expect(map.calls).toEqual([]);
    rerender(
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={fc(2)} />
      </MapContext>,
    );
    expect(map.layerIds).toEqual(['a-line', 'a-dot', 'b-dot']);
  });

  it('hands new data to the existing source with setData — never re-adds it — and the same data changes nothing', () => {
    const map = recordingMap();
    const first = fc(1);
    const { rerender } = render(
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={first} />
      </MapContext>,
    );
    map.calls.length = 0;
    rerender(
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={first} />
      </MapContext>,
    );
    expect(map.calls).toEqual([]);
    const next = fc(3);
    rerender(
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={next} />
      </MapContext>,
    );
    expect(map.calls).toEqual(['setData a']);
    expect(map.getSource('a')!.data).toBe(next);
  });

  it('with diffBy, hands over only the features that changed (updateData), by that property', () => {
    const map = recordingMap();
    const pt = (id: string, x: number, extra: Record<string, unknown> = {}) => ({
      type: 'Feature' as const,
      properties: { id, ...extra },
      geometry: { type: 'Point' as const, coordinates: [x, 0] },
    });
    const ui = (features: ReturnType<typeof pt>[]) => (
      <MapContext value={map as unknown as MlMap}>
        <GeoJsonSource id="w" data={{ type: 'FeatureCollection', features }} diffBy="id">
          <MapLayer id="w-dot" type="circle" />
        </GeoJsonSource>
      </MapContext>
    );
    const { rerender } = render(ui([pt('a', 1), pt('b', 2)]));
    expect(map.getSource('w')!.spec.promoteId).toBe('id');
    map.calls.length = 0;
    // equal features in new objects: nothing to hand over
    rerender(ui([pt('a', 1), pt('b', 2)]));
    expect(map.calls).toEqual([]);
    // one added, one moved, one with a changed property, one gone
    rerender(ui([pt('a', 1, { last: true }), pt('b', 3), pt('c', 4)]));
    rerender(ui([pt('a', 1, { last: true }), pt('c', 4)]));
    expect(map.calls).toEqual([
      `updateData w ${JSON.stringify({ remove: ['a', 'b'], add: [pt('a', 1, { last: true }), pt('b', 3), pt('c', 4)] })}`,
      `updateData w ${JSON.stringify({ remove: ['b'] })}`,
    ]);
    // a feature without the property: the whole collection again
    map.calls.length = 0;
    rerender(ui([pt('a', 1), { ...pt('x', 5), properties: {} } as unknown as ReturnType<typeof pt>]));
    expect(map.calls).toEqual(['setData w']);
  });

  it('with apply, takes new data at once outside a render; a render with equal data then changes nothing', () => {
    const map = recordingMap();
    const line = (leg: number, x: number) => ({
      type: 'Feature' as const,
      properties: { leg },
      geometry: {
        type: 'LineString' as const,
        coordinates: [
          [0, 0],
          [x, 1],
        ],
      },
    });
    const fc = (...features: ReturnType<typeof line>[]) => ({ type: 'FeatureCollection' as const, features });
    const apply: { current: ((d: ReturnType<typeof fc>) => void) | null } = { current: null };
    const ui = (data: ReturnType<typeof fc>) => (
      <MapContext value={map as unknown as MlMap}>
        <GeoJsonSource id="r" data={data} diffBy="leg" applyRef={apply as never}>
          <MapLayer id="r-line" type="line" />
        </GeoJsonSource>
      </MapContext>
    );
    const { rerender, unmount } = render(ui(fc(line(0, 1))));
    map.calls.length = 0;
    apply.current!(fc(line(0, 1), line(1, 2))); // a new leg, before any render
    expect(map.calls).toEqual([`updateData r ${JSON.stringify({ add: [line(1, 2)] })}`]);
    rerender(ui(fc(line(0, 1), line(1, 2)))); // the render that follows, with the same legs
    expect(map.calls).toHaveLength(1);
    rerender(ui(fc(line(0, 1)))); // a different one still replaces it
    expect(map.calls.at(-1)).toBe(`updateData r ${JSON.stringify({ remove: [1] })}`);
    unmount();
    expect(apply.current).toBeNull();
  });

  it('sets only the paint, layout and filter values that changed (compared by value, inline objects are fine)', () => {
    const map = recordingMap();
    const ui = (width: number, color: string, filter?: boolean) => (
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={fc(1)} width={width} color={color} filter={filter} />
      </MapContext>
    );
    const { rerender } = render(ui(3, '#f00'));
    map.calls.length = 0;
    rerender(ui(3, '#f00'));
    expect(map.calls.filter((c) => !c.startsWith('setData'))).toEqual([]);
    rerender(ui(5, '#f00', true));
    expect(map.calls.filter((c) => !c.startsWith('setData'))).toEqual(['paint a-line line-width=5', 'filter a-line ["==",["get","x"],1]']);
  });

  it('removes its layers and then the source on unmount', () => {
    const map = recordingMap();
    const { unmount } = render(
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={fc(1)} />
      </MapContext>,
    );
    unmount();
    expect(map.layerIds).toEqual([]);
    expect(map.getSource('a')).toBeUndefined();
    expect(map.getSource('b')).toBeUndefined();
    expect(map.listenerCount('styledata')).toBe(0);
  });

  it('adds source and layers again, in order and with the latest data, when a style swap drops them', () => {
    const map = recordingMap();
    const latest = fc(4);
    const { rerender } = render(
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={fc(1)} />
      </MapContext>,
    );
    rerender(
      <MapContext value={map as unknown as MlMap}>
        <Overlay data={latest} />
      </MapContext>,
    );
    act(() => map.dropStyle());
    expect(map.layerIds).toEqual(['a-line', 'a-dot', 'b-dot']);
    expect(map.getSource('a')!.data).toBe(latest);
  });

  it('puts a layer that mounts later under its beforeId', () => {
    const map = recordingMap();
    const ui = (extra: boolean) => (
      <MapContext value={map as unknown as MlMap}>
        <GeoJsonSource id="s" data={fc(1)}>
          <MapLayer id="s-top" type="circle" paint={{}} />
          {extra ? <MapLayer id="s-under" type="circle" beforeId="s-top" paint={{}} /> : null}
        </GeoJsonSource>
      </MapContext>
    );
    const { rerender } = render(ui(false));
    rerender(ui(true));
    expect(map.layerIds).toEqual(['s-under', 's-top']);
  });
});
