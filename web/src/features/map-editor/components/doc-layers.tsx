import { useMemo } from 'react';
import { GeoJsonSource, MapLayer } from '@/components/map';
import type { EditorSnapshot } from '../lib/editor-store';
import { renderCollection } from '../lib/render';

export const EDITOR_SOURCE = 'editor-features';
export const EDITOR_LAYERS = ['editor-fill', 'editor-outline', 'editor-line', 'editor-point'] as const;
const SELECTED_COLOR = '#f59e0b';

const isPolygon = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false];
const isLine = ['match', ['geometry-type'], ['LineString', 'MultiLineString'], true, false];
const isPoint = ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false];

/**
 * The document's features drawn through the map kit, styled per feature (layer style + override),
 * upper layers on top. `editing` is the feature terra-draw shows for editing (left out here). The
 * selected feature gets an outline; other people's selections are outlined in their colours.
 */
export function DocLayers({
  snapshot,
  editing,
  remoteSelections,
}: {
  snapshot: EditorSnapshot;
  editing: string | null;
  remoteSelections: { featureId: string; color: string }[];
}) {
  const data = useMemo(
    () => renderCollection(snapshot.layers, snapshot.features, editing ? new Set([editing]) : undefined),
    [snapshot.layers, snapshot.features, editing],
  );
  const sel = snapshot.selectedId ?? '';
  const remote = useMemo(() => {
    const byId = snapshot.byId;
    return {
      type: 'FeatureCollection' as const,
      features: remoteSelections
        .filter((r) => byId.has(r.featureId))
        .map((r) => ({ type: 'Feature' as const, geometry: byId.get(r.featureId)!.geometry, properties: { color: r.color } })),
    };
  }, [remoteSelections, snapshot.byId]);
  return (
    <>
      <GeoJsonSource id={EDITOR_SOURCE} data={data}>
        <MapLayer
          id="editor-fill"
          type="fill"
          filter={isPolygon as never}
          layout={{ 'fill-sort-key': ['get', 'z'] }}
          paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': ['*', ['get', 'fillOpacity'], ['get', 'opacity']] }}
        />
        <MapLayer
          id="editor-outline"
          type="line"
          filter={isPolygon as never}
          layout={{ 'line-sort-key': ['get', 'z'], 'line-join': 'round' }}
          paint={{ 'line-color': ['get', 'color'], 'line-width': ['get', 'width'], 'line-opacity': ['get', 'opacity'] }}
        />
        <MapLayer
          id="editor-line"
          type="line"
          filter={isLine as never}
          layout={{ 'line-sort-key': ['get', 'z'], 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': ['get', 'color'], 'line-width': ['get', 'width'], 'line-opacity': ['get', 'opacity'] }}
        />
        <MapLayer
          id="editor-point"
          type="circle"
          filter={isPoint as never}
          layout={{ 'circle-sort-key': ['get', 'z'] }}
          paint={{
            'circle-color': ['get', 'color'],
            'circle-radius': ['+', 4, ['get', 'width']],
            'circle-opacity': ['get', 'opacity'],
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1.5,
            'circle-stroke-opacity': ['get', 'opacity'],
          }}
        />
        <MapLayer
          id="editor-selected-line"
          type="line"
          filter={['all', ['==', ['get', 'id'], sel], ['!', isPoint]] as never}
          paint={{ 'line-color': SELECTED_COLOR, 'line-width': ['+', 2, ['get', 'width']], 'line-dasharray': [2, 1] }}
        />
        <MapLayer
          id="editor-selected-point"
          type="circle"
          filter={['all', ['==', ['get', 'id'], sel], isPoint] as never}
          paint={{
            'circle-color': 'rgba(0,0,0,0)',
            'circle-radius': ['+', 8, ['get', 'width']],
            'circle-stroke-color': SELECTED_COLOR,
            'circle-stroke-width': 3,
          }}
        />
      </GeoJsonSource>
      <GeoJsonSource id="editor-remote-selections" data={remote}>
        <MapLayer
          id="editor-remote-line"
          type="line"
          filter={['!', isPoint] as never}
          paint={{ 'line-color': ['get', 'color'], 'line-width': 4, 'line-opacity': 0.9, 'line-dasharray': [1, 1] }}
        />
        <MapLayer
          id="editor-remote-point"
          type="circle"
          filter={isPoint as never}
          paint={{
            'circle-color': 'rgba(0,0,0,0)',
            'circle-radius': 12,
            'circle-stroke-color': ['get', 'color'],
            'circle-stroke-width': 3,
          }}
        />
      </GeoJsonSource>
    </>
  );
}
