import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ElevationProfile, type ProfileRoute } from './elevation-profile';

afterEach(cleanup);

// 2 km east, climbing 1000 → 1100 m
const route: ProfileRoute = {
  coords: [0, 1, 2, 3, 4].map((i) => [1.5 + i * 0.006, 42.5, 1000 + i * 25] as [number, number, number]),
  cum: [0, 500, 1000, 1500, 2000],
  stats: { distanceM: 2000 },
};

describe('<ElevationProfile>', () => {
  it('names its range and length for screen readers, in metres or feet', () => {
    const { rerender } = render(<ElevationProfile route={route} units="km" hover={null} onHover={() => {}} />);
    expect(screen.getByTestId('elevation-profile').getAttribute('aria-label')).toMatch(/^Elevation profile: \d+ m to \d+ m over 2\.00 km$/);
    rerender(<ElevationProfile route={route} units="mi" hover={null} onHover={() => {}} />);
    expect(screen.getByTestId('elevation-profile').getAttribute('aria-label')).toMatch(
      /^Elevation profile: \d+ ft to \d+ ft over 1\.24 mi$/,
    );
  });

  it('reports the distance under the pointer (left to right, also in RTL) and shows the hovered point', () => {
    const seen: (number | null)[] = [];
    const { rerender } = render(<ElevationProfile route={route} units="km" hover={null} onHover={(d) => seen.push(d)} />);
    const svg = screen.getByTestId('elevation-profile');
    svg.getBoundingClientRect = () => ({ left: 100, width: 600, top: 0, height: 140, right: 700, bottom: 140, x: 100, y: 0, toJSON() {} });
    // the plot starts 40 viewBox units in and ends 8 before the right edge (600 wide)
    fireEvent.pointerMove(svg, { clientX: 100 + 40 + (600 - 48) / 2 });
    expect(seen.at(-1)).toBeCloseTo(1000, 6);
    fireEvent.pointerMove(svg, { clientX: 0 });
    expect(seen.at(-1)).toBe(0);
    fireEvent.pointerLeave(svg);
    expect(seen.at(-1)).toBeNull();
    rerender(<ElevationProfile route={route} units="km" hover={1000} onHover={() => {}} />);
    expect(screen.getByTestId('profile-hover')).toBeTruthy();
    // the chart's nearest sample to 1 km: 0.99 or 1.01 km, about 1050 m up
    const readout = screen.getByText(/km ·/).textContent!;
    expect(readout).toMatch(/^(0\.99|1\.01) km · 10(49|50|51) m$/);
  });

  it('draws nothing for a route without length', () => {
    const { container } = render(
      <ElevationProfile
        route={{ coords: [[1.5, 42.5, 1000]], cum: [0], stats: { distanceM: 0 } }}
        units="km"
        hover={null}
        onHover={() => {}}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});
