// Region metadata from GET /api/regions (cached for the page's lifetime).
export interface RegionInfo {
  name: string;
  title: string;
  bbox: [number, number, number, number];
  center: [number, number];
  defaultZoom: number;
  attribution: string;
  /** pack build key: the `?v=` of the file URLs */
  version?: string;
  tiles?: { basemap: string; terrain: string; graph: string };
}

let pending: Promise<RegionInfo[]> | undefined;

export function fetchRegions(): Promise<RegionInfo[]> {
  pending ??= fetch('/api/regions', { headers: { accept: 'application/json' } })
    .then(async (r) => {
      if (!r.ok) throw new Error(`GET /api/regions failed: ${r.status}`);
      return ((await r.json()) as { regions: RegionInfo[] }).regions;
    })
    .catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
  return pending;
}
