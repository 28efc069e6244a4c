import { describe, expect, it } from 'vitest';
import { matches } from './help-page';

describe('help search', () => {
  it('matches every word, ignoring case and accents', () => {
    expect(matches('export GPX', 'Save, share or export gpx')).toBe(true);
    expect(matches('gpx  loop', 'loop generator')).toBe(false);
    expect(matches('resume', 'Résumé of the route')).toBe(true);
    expect(matches('', 'anything')).toBe(true);
  });
});
