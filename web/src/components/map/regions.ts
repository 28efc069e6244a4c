// Region metadata from GET /api/regions (cached for the page's lifetime), parsed with the API contract.
import { regionList, type RegionInfo } from '@waymark/contracts/regions';
import { api } from '@/lib/api-client';

export type { RegionInfo };

let pending: Promise<RegionInfo[]> | undefined;

export function fetchRegions(): Promise<RegionInfo[]> {
  pending ??= api('/api/regions', { schema: regionList, toast: false, redirect: false, retry: false })
    .then((r) => r.regions)
    .catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
  return pending;
}
