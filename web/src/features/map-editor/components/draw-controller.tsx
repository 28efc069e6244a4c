import { MapEditError } from '@waymark/collab';
import type { Geometry } from 'geojson';
import type { MapMouseEvent } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawFreehandMode,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawRenderMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
  type SnapToCustom,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { toast } from 'sonner';
import { useMap } from '@/components/map';
import type { Units } from '@/lib/units';
import type { EditorStore } from '../lib/editor-store';
import { measure, type Measurement } from '../lib/measure';
import { editModeFor, geometryBounds } from '../lib/render';
import { snapPosition } from '../lib/snap';
import type { ToolId } from '../lib/tools';
import { EDITOR_LAYERS } from './doc-layers';

const DRAW_COLOR = '#f59e0b';
const coordinate = { draggable: true, midpoints: true, deletable: true } as const;

export interface DrawApi {
  /** rotate (degrees) or scale the feature being edited, written to the document as one change */
  transform(t: { rotate: number } | { scale: number }): void;
  /** finish or cancel what is being drawn */
  cancel(): void;
}

/** The id of the feature terra-draw edits now (the selection, when it can be edited). */
export function editableSelection(store: EditorStore, tool: ToolId, readOnly: boolean): string | null {
  const s = store.getSnapshot();
  const f = s.selectedId ? s.byId.get(s.selectedId) : null;
  if (!f || tool !== 'select' || readOnly) return null;
  if (s.layers.find((l) => l.id === f.layerId)?.locked) return null;
  return editModeFor(f.geometry.type) ? f.id : null;
}

function errorText(e: unknown) {
  return e instanceof MapEditError ? e.message : 'The change could not be saved';
}

/**
 * The gesture layer: terra-draw on the map for drawing, measuring and editing the selected
 * feature. Finished gestures are written once to the document; terra-draw then forgets them (the
 * document's features are drawn by <DocLayers>). Clicks in the select tool pick features.
 */
export function DrawController({
  store,
  tool,
  snapping,
  readOnly,
  units,
  editing,
  onMeasure,
  apiRef,
  onCursor,
}: {
  store: EditorStore;
  tool: ToolId;
  snapping: boolean;
  readOnly: boolean;
  units: Units;
  editing: string | null;
  onMeasure: (m: Measurement | null) => void;
  apiRef: React.RefObject<DrawApi | null>;
  onCursor?: (at: [number, number] | null) => void;
}) {
  const map = useMap();
  const tdRef = useRef<TerraDraw | null>(null);
  const latest = useRef({ store, tool, snapping, readOnly, units, editing, onMeasure, onCursor });
  useLayoutEffect(() => {
    latest.current = { store, tool, snapping, readOnly, units, editing, onMeasure, onCursor };
  });

  useEffect(() => {
    if (!map) return;
    const snap: SnapToCustom = (event) => {
      const l = latest.current;
      if (!l.snapping) return undefined;
      const tol = 12;
      const a = map.unproject([event.containerX - tol, event.containerY + tol]);
      const b = map.unproject([event.containerX + tol, event.containerY - tol]);
      const snapshot = l.store.getSnapshot();
      const visible = new Set(snapshot.layers.filter((x) => x.visible).map((x) => x.id));
      const p = snapPosition(
        { x: event.containerX, y: event.containerY },
        snapshot.features.filter((f) => visible.has(f.layerId)),
        (lng, lat) => map.project([lng, lat]),
        { tolerance: tol, near: [a.lng, a.lat, b.lng, b.lat] },
      );
      return p;
    };
    const snappingOpt = { toCustom: snap, toCoordinate: true };
    const drawStyles = { fillColor: DRAW_COLOR, outlineColor: DRAW_COLOR, fillOpacity: 0.2, outlineWidth: 2 } as const;
    const td = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: 'editor-td' }),
      modes: [
        new TerraDrawPointMode({ styles: { pointColor: DRAW_COLOR, pointWidth: 6 } }),
        new TerraDrawLineStringMode({ snapping: snappingOpt, styles: { lineStringColor: DRAW_COLOR, lineStringWidth: 3 } }),
        new TerraDrawPolygonMode({ snapping: snappingOpt, styles: drawStyles }),
        new TerraDrawRectangleMode({ styles: drawStyles }),
        new TerraDrawCircleMode({ styles: drawStyles }),
        new TerraDrawFreehandMode({ styles: drawStyles }),
        new TerraDrawLineStringMode({
          modeName: 'measure',
          snapping: snappingOpt,
          styles: { lineStringColor: '#0ea5e9', lineStringWidth: 2, lineStringDash: [4, 3] } as never,
        }),
        new TerraDrawSelectMode({
          keyEvents: { deselect: null, delete: null, rotate: null, scale: null },
          flags: {
            point: { feature: { draggable: true } },
            linestring: {
              feature: {
                draggable: true,
                rotateable: true,
                scaleable: true,
                coordinates: { ...coordinate, snappable: { toCustom: snap } },
              },
            },
            polygon: {
              feature: {
                draggable: true,
                rotateable: true,
                scaleable: true,
                coordinates: { ...coordinate, snappable: { toCustom: snap } },
              },
            },
          },
          styles: {
            selectedPolygonColor: DRAW_COLOR,
            selectedPolygonOutlineColor: DRAW_COLOR,
            selectedLineStringColor: DRAW_COLOR,
            selectedPointColor: DRAW_COLOR,
            selectionPointColor: '#ffffff',
            selectionPointOutlineColor: DRAW_COLOR,
            selectionPointOutlineWidth: 2,
            midPointColor: DRAW_COLOR,
          },
        }),
        new TerraDrawRenderMode({ modeName: 'static', styles: {} }),
      ],
    });
    td.start();
    tdRef.current = td;
    let measured: string | null = null;

    const live = (f: GeoJSONStoreFeatures | undefined) => {
      if (!f) return null;
      const radiusKm = f.properties.radiusKilometers;
      return measure(f.geometry as Geometry, latest.current.units, typeof radiusKm === 'number' ? radiusKm * 1000 : undefined);
    };

    td.on('change', (ids, type) => {
      if (type === 'delete') return;
      const mode = td.getMode();
      if (mode === 'select' || mode === 'static') return;
      for (const id of ids) {
        const f = td.getSnapshotFeature(id);
        if (f && (f.properties.currentlyDrawing || mode === 'measure')) {
          if (mode === 'measure' && measured && measured !== id && td.hasFeature(measured)) {
            const old = measured;
            measured = null;
            td.removeFeatures([old]);
          }
          if (mode === 'measure') measured = String(id);
          latest.current.onMeasure(live(f));
          return;
        }
      }
    });

    td.on('finish', (id, ctx) => {
      const l = latest.current;
      const f = td.getSnapshotFeature(id);
      if (!f) return;
      if (ctx.mode === 'measure') {
        l.onMeasure(live(f));
        return;
      }
      if (ctx.mode === 'select') {
        // an edit of the selected feature: one new geometry revision
        try {
          l.store.map.setGeometry(String(id), f.geometry);
          l.store.stopCapturing();
        } catch (e) {
          toast.error(errorText(e));
        }
        return;
      }
      if (ctx.action !== 'draw') return;
      td.removeFeatures([id]);
      l.onMeasure(null);
      if (l.readOnly) return;
      try {
        const layerId = l.store.layerForDrawing();
        l.store.map.addFeature({ layerId, geometry: f.geometry });
        l.store.stopCapturing();
      } catch (e) {
        toast.error(errorText(e));
      }
    });

    const pick = (e: MapMouseEvent) => {
      const l = latest.current;
      if (l.tool !== 'select') return;
      // the feature terra-draw edits keeps the selection when clicked
      if (l.editing && td.getFeaturesAtLngLat(e.lngLat, { ignoreSelectFeatures: false }).some((f) => String(f.id) === l.editing)) return;
      const layers = EDITOR_LAYERS.filter((id) => map.getLayer(id));
      const hits = map.queryRenderedFeatures(
        [
          [e.point.x - 5, e.point.y - 5],
          [e.point.x + 5, e.point.y + 5],
        ],
        { layers: [...layers] },
      );
      const top = hits.sort((a, b) => Number(b.properties?.z ?? 0) - Number(a.properties?.z ?? 0))[0];
      l.store.select(top ? String(top.properties?.id) : null);
    };
    map.on('click', pick);
    const moved = (e: MapMouseEvent) => latest.current.onCursor?.([e.lngLat.lng, e.lngLat.lat]);
    const left = () => latest.current.onCursor?.(null);
    map.on('mousemove', moved);
    map.getCanvasContainer().addEventListener('mouseleave', left);

    apiRef.current = {
      transform(t) {
        const id = latest.current.editing;
        if (!id || !td.hasFeature(id)) return;
        const f = td.getSnapshotFeature(id)!;
        const [w, s, e2, n] = geometryBounds(f.geometry);
        const origin = [(w + e2) / 2, (s + n) / 2];
        td.transformFeatureGeometry(
          id,
          'rotate' in t
            ? { type: 'rotate', origin, options: { angle: t.rotate } }
            : { type: 'scale', origin, options: { xScale: t.scale, yScale: t.scale } },
        );
        try {
          latest.current.store.map.setGeometry(id, td.getSnapshotFeature(id)!.geometry);
          latest.current.store.stopCapturing();
        } catch (err) {
          toast.error(errorText(err));
        }
      },
      cancel() {
        const mode = td.getMode();
        if (mode !== 'select' && mode !== 'static') {
          td.setMode('static');
          td.setMode(mode);
          latest.current.onMeasure(null);
        }
      },
    };

    return () => {
      apiRef.current = null;
      map.off('click', pick);
      map.off('mousemove', moved);
      map.getCanvasContainer().removeEventListener('mouseleave', left);
      tdRef.current = null;
      try {
        td.stop();
      } catch {
        // the map may be gone already
      }
    };
  }, [map, apiRef]);

  // The tool decides terra-draw's mode.
  useEffect(() => {
    const td = tdRef.current;
    if (!td) return;
    const mode = readOnly && tool !== 'measure' ? (tool === 'select' ? 'select' : 'static') : tool;
    if (td.getMode() !== mode) {
      // leaving measure (or any drawing) forgets its shape
      for (const f of td.getSnapshot()) if (f.id !== undefined && String(f.id) !== editing) td.removeFeatures([f.id]);
      td.setMode(mode);
      onMeasure(null);
    }
  }, [tool, readOnly, map, editing, onMeasure]);

  // Hand the editable selection to terra-draw; take it back when the selection changes.
  const snapshot = store.getSnapshot();
  const current = editing ? snapshot.byId.get(editing) : null;
  useEffect(() => {
    const td = tdRef.current;
    if (!td) return;
    for (const f of td.getSnapshot()) {
      const id = String(f.id);
      if (f.id !== undefined && f.properties.mode !== 'measure' && id !== editing) td.removeFeatures([f.id]);
    }
    if (!editing || !current) return;
    const mode = editModeFor(current.geometry.type);
    if (!mode) return;
    if (td.getMode() !== 'select') td.setMode('select');
    if (!td.hasFeature(editing)) {
      const res = td.addFeatures([{ id: editing, type: 'Feature', geometry: current.geometry as never, properties: { mode } }]);
      if (!res[0]?.valid) return;
      td.selectFeature(editing);
    } else {
      // a remote edit (or undo) changed the geometry under the selection
      const mine = td.getSnapshotFeature(editing);
      if (mine && JSON.stringify(mine.geometry) !== JSON.stringify(current.geometry)) {
        td.updateFeatureGeometry(editing, current.geometry as never);
      }
    }
  }, [editing, current, map]);

  return null;
}
