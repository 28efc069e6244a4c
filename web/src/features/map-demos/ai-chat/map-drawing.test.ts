import type { ResolvedPlace, ToolOutputs } from '@waymark/contracts/ai';
import { describe, expect, it } from 'vitest';
import { drawingFor, EMPTY_DRAWING } from './map-drawing';

const encamp: ResolvedPlace = { name: 'Encamp', kind: 'town', lon: 1.58, lat: 42.535, region: 'andorra', source: 'region' };
const canillo: ResolvedPlace = { name: 'Canillo', kind: 'town', lon: 1.6, lat: 42.567, region: 'andorra', source: 'region' };

const loop = (lon: number): ToolOutputs['generate_loop']['alternatives'][number] => ({
  coords: [
    [1.58, 42.535, 1250],
    [lon, 42.55, 1400],
    [1.58, 42.535, 1250],
  ],
  distanceM: 10_000,
  ascentM: 400,
  retrace: 0.1,
  greenM: 3000,
});

describe('what a tool result draws', () => {
  it('draws every loop alternative with the chosen one selected, the start as a point, and frames them all', () => {
    const out: ToolOutputs['generate_loop'] = {
      region: 'andorra',
      start: encamp,
      targetM: 10_000,
      unit: 'km',
      alternatives: [loop(1.6), loop(1.62), loop(1.64)],
    };
    const r = drawingFor(EMPTY_DRAWING, 'generate_loop', out, 1);
    expect(r.drawing.route.features.map((f) => f.properties.selected)).toEqual([false, true, false]);
    expect(r.drawing.route.features[1]!.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [1.58, 42.535],
        [1.62, 42.55],
        [1.58, 42.535],
      ],
    });
    expect(r.drawing.points.features).toHaveLength(1);
    expect(r.drawing.points.features[0]!.properties).toMatchObject({ name: 'Encamp', start: true });
    expect(r.line).toEqual([
      [1.58, 42.535],
      [1.62, 42.55],
      [1.58, 42.535],
    ]);
    expect(r.camera).toMatchObject({ kind: 'fit', maxZoom: 15 });
    expect(r.camera?.kind === 'fit' && r.camera.points.length).toBe(9);
    // an alternative past the end picks the last one
    expect(drawingFor(EMPTY_DRAWING, 'generate_loop', out, 7).drawing.route.features.map((f) => f.properties.selected)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('keeps the other overlays: flying somewhere after a measurement leaves the line, replaces the points', () => {
    const measured = drawingFor(EMPTY_DRAWING, 'measure_distance', {
      from: encamp,
      to: canillo,
      unit: 'km',
      straightM: 3700,
      routeM: 4800,
    } satisfies ToolOutputs['measure_distance']).drawing;
    expect(measured.measure.features).toHaveLength(1);
    expect(measured.points.features).toHaveLength(2);
    const flown = drawingFor(measured, 'fly_to', { place: { ...canillo, source: 'here' }, zoom: 14 } satisfies ToolOutputs['fly_to']);
    expect(flown.drawing.measure).toBe(measured.measure);
    expect(flown.drawing.route).toBe(measured.route);
    expect(flown.drawing.points.features.map((f) => f.properties.name)).toEqual(['Here']);
    expect(flown.camera).toEqual({ kind: 'fly', center: [1.6, 42.567], zoom: 14 });
    expect(flown.line).toBeUndefined();
  });

  it('changes nothing for a tool it does not draw', () => {
    const r = drawingFor(EMPTY_DRAWING, 'show_elevation', { source: 'map' });
    expect(r.drawing).toBe(EMPTY_DRAWING);
    expect(r.camera).toBeUndefined();
  });
});
