import type { Feature, FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { emptyDiff, featureDiff } from './geojson-diff';

const line = (leg: number, coords: number[][], mode = 'snap'): Feature => ({
  type: 'Feature',
  properties: { leg, mode },
  geometry: { type: 'LineString', coordinates: coords },
});
/** The first leg of a route, the same value each time in a new object. */
const leg0 = () =>
  line(0, [
    [0, 0],
    [1, 1],
  ]);
const fc = (...features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

describe('featureDiff', () => {
  it('is empty for the same features in new objects (compared by value)', () => {
    const d = featureDiff(fc(leg0()), fc(leg0()), 'leg');
    expect(d).toEqual({});
    expect(emptyDiff(d!)).toBe(true);
  });

  it('adds a new feature and leaves the unchanged ones alone (a leg appended to the route)', () => {
    const next = line(1, [
      [1, 1],
      [2, 2],
    ]);
    expect(featureDiff(fc(leg0()), fc(leg0(), next), 'leg')).toEqual({ add: [next] });
  });

  it('replaces a feature whose geometry or properties changed, and removes one that is gone', () => {
    const moved = line(0, [
      [0, 0],
      [1, 2],
    ]);
    const straight = line(
      1,
      [
        [1, 2],
        [2, 2],
      ],
      'freehand',
    );
    const d = featureDiff(
      fc(
        leg0(),
        line(1, [
          [1, 2],
          [2, 2],
        ]),
        line(2, [
          [2, 2],
          [3, 3],
        ]),
      ),
      fc(moved, straight),
      'leg',
    );
    expect(d).toEqual({ remove: [0, 1, 2], add: [moved, straight] });
    expect(emptyDiff(d!)).toBe(false);
  });

  it('gives no diff when a feature lacks the key or two share it, or the data is not a FeatureCollection', () => {
    const ok = fc(
      line(0, [
        [0, 0],
        [1, 1],
      ]),
    );
    expect(
      featureDiff(
        ok,
        fc({
          ...leg0(),
          properties: {},
        }),
        'leg',
      ),
    ).toBeNull();
    expect(
      featureDiff(
        ok,
        fc(
          leg0(),
          line(0, [
            [1, 1],
            [2, 2],
          ]),
        ),
        'leg',
      ),
    ).toBeNull();
    expect(featureDiff('/data.geojson', ok, 'leg')).toBeNull();
    expect(featureDiff(null, ok, 'leg')).toBeNull();
    expect(featureDiff(ok, { type: 'Point', coordinates: [0, 0] }, 'leg')).toBeNull();
  });
});
