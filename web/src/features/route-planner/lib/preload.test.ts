// The /run loader: the planner's first render finds the region list in the query cache (so it
// mounts its map at once), and a list that cannot be loaded does not fail the route.
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const list = [{ name: 'andorra', center: [1.5, 42.5], defaultZoom: 12 }];
const fetchRegions = vi.fn();
const preloadRegionMap = vi.fn();
vi.mock('@/components/map/regions', () => ({ fetchRegions: () => fetchRegions() }));
vi.mock('@/components/map/region-map', () => ({ preloadRegionMap: () => preloadRegionMap() }));

const { REGIONS_QUERY_KEY, preloadPlanner } = await import('./preload');

describe('preloadPlanner', () => {
  beforeEach(() => {
    fetchRegions.mockReset();
    preloadRegionMap.mockReset();
  });

  it('starts the map chunk and resolves with the region list in the query cache', async () => {
    fetchRegions.mockResolvedValue(list);
    const qc = new QueryClient();
    await preloadPlanner(qc);
    expect(preloadRegionMap).toHaveBeenCalledOnce();
    expect(qc.getQueryData(REGIONS_QUERY_KEY)).toBe(list);
    expect(qc.getQueryState(REGIONS_QUERY_KEY)?.status).toBe('success');
  });

  it('resolves without a list when it cannot be loaded (the planner asks again and says so)', async () => {
    fetchRegions.mockRejectedValue(new Error('offline'));
    const qc = new QueryClient();
    await expect(preloadPlanner(qc)).resolves.toBeUndefined();
    expect(qc.getQueryData(REGIONS_QUERY_KEY)).toBeUndefined();
  });
});
