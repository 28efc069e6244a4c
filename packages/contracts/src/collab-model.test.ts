import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geometrySchema, propertiesSchema } from './collab-model.ts';

describe('map value schemas', () => {
  it('refuse malformed polygons without throwing (refinements run after non-fatal issues)', () => {
    for (const coordinates of [
      [[], '', []],
      [[9e-323, null], [1, 1], [[1, false]], []],
      [[]],
      [
        [
          [0, 0],
          [1, 1],
        ],
      ],
      [[null, [0, 0], [1, 1], [0, 0]]],
    ]) {
      expect(geometrySchema.safeParse({ type: 'Polygon', coordinates }).success).toBe(false);
      expect(geometrySchema.safeParse({ type: 'MultiPolygon', coordinates: [coordinates] }).success).toBe(false);
    }
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(geometrySchema.safeParse({ type: 'Polygon', coordinates: [ring] }).success).toBe(true);
    expect(geometrySchema.safeParse({ type: 'Polygon', coordinates: [[...ring.slice(0, 3), [0, 1]]] }).success).toBe(false);
  });

  it('never throw on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            type: fc.constantFrom('Point', 'LineString', 'Polygon', 'MultiPolygon', 'MultiLineString'),
            coordinates: fc.anything(),
          }),
        ),
        (v) => {
          geometrySchema.safeParse(v);
          propertiesSchema.safeParse(v);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
