// The demo pages' profile chart: its axis labels are the profile's real lowest and highest points
// and its distance, and the chart keeps a left-to-right text direction inside an RTL page (the
// labels would otherwise anchor at their right end and spill out of the panel).
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileChart } from './profile-chart';

afterEach(cleanup);

describe('ProfileChart', () => {
  it('labels the lowest and highest points and the distance, left to right even in an RTL page', () => {
    document.documentElement.dir = 'rtl';
    const { container } = render(
      <div dir="rtl">
        <ProfileChart
          profile={[
            [0, 1040],
            [2500, 1620],
            [5000, 1200],
          ]}
        />
      </div>,
    );
    const svg = container.querySelector('svg[data-profile-chart]')!;
    expect(svg.getAttribute('direction')).toBe('ltr');
    const labels = [...svg.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toEqual(['1620 m', '1040 m', '5.0 km']);
    document.documentElement.dir = '';
  });

  it('draws nothing for fewer than two points', () => {
    const { container } = render(<ProfileChart profile={[[0, 1000]]} />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
