// <RegionMap>'s shell: once a map route's loader has loaded the MapLibre chunk, the map renders in
// the same commit (no Suspense fallback, so no React reveal throttle before the map is created).
// jsdom has no WebGL, so the implementation is a stand-in here; the browser tests run the real one.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./region-map-impl', () => ({
  default: ({ region }: { region: string }) => <div data-testid="impl">{region}</div>,
}));
vi.mock('./regions', () => ({ fetchRegions: () => Promise.resolve([]) }));

afterEach(cleanup);

describe('RegionMap', () => {
  beforeEach(() => vi.resetModules());

  it('renders the map in its first commit once the loader has loaded the chunk (no placeholder)', async () => {
    const { RegionMap, preloadRegionMap } = await import('./region-map');
    preloadRegionMap();
    await vi.dynamicImportSettled();
    render(<RegionMap region="monaco" />);
    expect(screen.queryByText('Loading map')).toBeNull();
    expect(screen.getByTestId('impl').textContent).toBe('monaco');
  });

  it('shows the loading placeholder while the chunk is not loaded, then the map', async () => {
    const { RegionMap } = await import('./region-map');
    render(<RegionMap region="andorra" />);
    expect(screen.getByText('Loading map')).toBeTruthy();
    expect((await screen.findByTestId('impl')).textContent).toBe('andorra');
  });

  it('shows the map as soon as its chunk has loaded: no timer in between (React holds a Suspense reveal back up to 300 ms)', async () => {
    // React's own scheduling outside act(), with its timeouts on fake timers (React takes setTimeout
    // when it loads: the modules are fresh here); its work loop runs on the real setImmediate
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasAct = g.IS_REACT_ACT_ENVIRONMENT;
    g.IS_REACT_ACT_ENVIRONMENT = false;
    const el = document.createElement('div');
    document.body.append(el);
    const [{ RegionMap }, { createRoot }] = await Promise.all([import('./region-map'), import('react-dom/client')]);
    const root = createRoot(el);
    try {
      root.render(<RegionMap region="andorra" />);
      await vi.dynamicImportSettled();
      for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r));
      expect(el.querySelector('[data-testid="impl"]')?.textContent).toBe('andorra');
    } finally {
      root.unmount();
      el.remove();
      vi.useRealTimers();
      g.IS_REACT_ACT_ENVIRONMENT = wasAct;
    }
  });
});
