import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssembledRoute } from '../lib/types';
import { StatsPanel } from './stats-panel';

afterEach(cleanup);

const route: AssembledRoute = {
  coords: [],
  cum: [],
  legStarts: [0],
  stats: { distanceM: 5100, ascentM: 299, descentM: 23, timeS: 2280, greenM: 410 },
  wayTypes: {},
  surfaces: {},
};

describe('StatsPanel', () => {
  it('says the allowed pace range in the unit shown when a pace is refused', () => {
    for (const [units, range] of [
      ['km', '2:00–30:00 /km'],
      ['mi', '3:13–48:17 /mi'],
    ] as const) {
      render(<StatsPanel route={route} units={units} paceSecPerKm={360} onPace={() => {}} onUnits={() => {}} status="ready" />);
      const input = screen.getByLabelText(`Flat pace (min/${units})`);
      fireEvent.change(input, { target: { value: '0:30' } });
      fireEvent.blur(input);
      expect(screen.getByText(`Use m:ss, ${range}`)).toBeTruthy();
      cleanup();
    }
  });

  it('keeps the green-share label one left-to-right phrase in RTL (its colon stays at its end)', () => {
    render(<StatsPanel route={route} units="km" paceSecPerKm={360} onPace={() => {}} onUnits={() => {}} status="ready" />);
    const label = screen.getByText('Through parks, woods and along water:');
    expect(label.tagName).toBe('BDI');
    expect(screen.getByTestId('stat-green').textContent).toBe('Through parks, woods and along water: 8% (0.41 km)');
  });
});
